/**
 * The featured-categories carousel of the home page (SPEC.md section 2 "Home", section 9):
 * 6 entries, 4 visible at a time; swipe and the Previous/Next buttons move it, and a slide
 * that receives keyboard focus scrolls into view (the APG carousel pattern);
 * slides keep a fixed aspect ratio, so nothing shifts while images load.
 */
import { CardImage } from '~/features/media/card-image';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';

/** Entries in the carousel and how many show at once (SPEC.md section 9). */
export const CAROUSEL_ENTRIES = 6;
const CAROUSEL_VISIBLE = 4;

export interface CarouselCategory {
  id: number;
  name: string;
  slug: string;
  imageKey: string | null;
  imagePlaceholder: string | null;
}

export function CategoriesCarousel({ categories }: { categories: CarouselCategory[] }) {
  const [viewport, api] = useEmblaCarousel({
    align: 'start',
    slidesToScroll: 1,
    containScroll: 'trimSnaps',
  });
  const [canPrev, setCanPrev] = useState(false);
  // Both stay disabled until the carousel has started in the browser: before that a click
  // would do nothing.
  const [canNext, setCanNext] = useState(false);
  const update = useCallback(() => {
    if (!api) return;
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
  }, [api]);
  useEffect(() => {
    if (!api) return;
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api, update]);

  const entries = categories.slice(0, CAROUSEL_ENTRIES);
  return (
    <section aria-roledescription="carousel" aria-label="Featured categories">
      <div className="flex items-end justify-between gap-4">
        <h2 className="text-3xl font-semibold">Featured categories</h2>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="icon"
            onClick={() => api?.scrollPrev()}
            disabled={!canPrev}
            aria-label="Previous categories"
          >
            <ChevronLeftIcon aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon"
            onClick={() => api?.scrollNext()}
            disabled={!canNext}
            aria-label="Next categories"
          >
            <ChevronRightIcon aria-hidden />
          </Button>
        </div>
      </div>
      <div ref={viewport} className="mt-6 overflow-hidden">
        <ul className="-ml-3 flex touch-pan-y sm:-ml-5">
          {entries.map((category, index) => (
            <li
              key={category.id}
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${entries.length}: ${category.name}`}
              className="min-w-0 shrink-0 grow-0 basis-1/4 pl-3 sm:pl-5"
            >
              <Link
                to={`/wardrobe?category=${encodeURIComponent(category.slug)}`}
                className="group block rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                onFocus={() =>
                  api?.scrollTo(Math.max(0, Math.min(index, entries.length - CAROUSEL_VISIBLE)))
                }
              >
                <CardImage
                  ratio="portrait"
                  frameClassName="rounded-lg border border-border bg-muted"
                  imageKey={category.imageKey}
                  placeholder={category.imagePlaceholder}
                  width={320}
                  height={400}
                  sizes="(min-width: 1280px) 300px, 25vw"
                  fallbackWidth={320}
                />
                <p className="mt-2 text-center text-xs font-semibold sm:text-base">
                  {category.name}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
