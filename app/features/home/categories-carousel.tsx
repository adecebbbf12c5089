/**
 * The featured-categories carousel of the home page (SPEC.md section 2 "Home", section 9):
 * 6 entries, 4 visible at a time. It is a native CSS scroll-snap strip, so swiping works from
 * the first paint with no carousel library (issue 19: nothing loads for the first screen that
 * CSS can do); the Previous/Next buttons move it one slide at a time, smoothly unless the
 * visitor prefers reduced motion, and a slide that receives keyboard focus scrolls into view
 * (the APG carousel pattern). Slides keep a fixed aspect ratio, so nothing shifts while
 * images load.
 */
import { CardImage } from '~/features/media/card-image';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';

/** Entries in the carousel (SPEC.md section 9); 4 show at once (`basis-1/4`). */
export const CAROUSEL_ENTRIES = 6;

export interface CarouselCategory {
  id: number;
  name: string;
  slug: string;
  imageKey: string | null;
  imagePlaceholder: string | null;
}

/** Scroll offsets (px) of the strip's snap positions, the last one being its end. */
function snapOffsets(strip: HTMLElement): number[] {
  const slides = Array.from(strip.children) as HTMLElement[];
  const first = slides[0]?.offsetLeft ?? 0;
  const end = strip.scrollWidth - strip.clientWidth;
  const offsets = slides.map((slide) => slide.offsetLeft - first).filter((left) => left < end);
  return [...offsets, end];
}

export function CategoriesCarousel({ categories }: { categories: CarouselCategory[] }) {
  const strip = useRef<HTMLUListElement>(null);
  // The snap position a button press is moving to, so that a second press during the smooth
  // scroll goes one further instead of counting from where the animation is.
  const target = useRef<number | null>(null);
  // Both stay disabled until the page has hydrated: before that a click would do nothing.
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const update = useCallback(() => {
    const element = strip.current;
    if (!element) return;
    const end = element.scrollWidth - element.clientWidth;
    setCanPrev(element.scrollLeft > 1);
    setCanNext(element.scrollLeft < end - 1);
  }, []);

  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    update();
    const forget = () => {
      target.current = null;
    };
    const onScrollEnd = () => {
      forget();
      update();
    };
    element.addEventListener('scroll', update, { passive: true });
    element.addEventListener('scrollend', onScrollEnd);
    element.addEventListener('pointerdown', forget, { passive: true });
    element.addEventListener('wheel', forget, { passive: true });
    element.addEventListener('focusin', forget);
    window.addEventListener('resize', update);
    return () => {
      element.removeEventListener('scroll', update);
      element.removeEventListener('scrollend', onScrollEnd);
      element.removeEventListener('pointerdown', forget);
      element.removeEventListener('wheel', forget);
      element.removeEventListener('focusin', forget);
      window.removeEventListener('resize', update);
    };
  }, [update]);

  const move = (step: -1 | 1) => {
    const element = strip.current;
    if (!element) return;
    const offsets = snapOffsets(element);
    const current =
      target.current ??
      offsets.reduce(
        (nearest, left, index) =>
          Math.abs(left - element.scrollLeft) < Math.abs(offsets[nearest]! - element.scrollLeft)
            ? index
            : nearest,
        0,
      );
    const next = Math.max(0, Math.min(offsets.length - 1, current + step));
    target.current = next;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollTo({ left: offsets[next], behavior: still ? 'instant' : 'smooth' });
  };

  const entries = categories.slice(0, CAROUSEL_ENTRIES);
  return (
    <section aria-roledescription="carousel" aria-label="Featured categories">
      <div className="flex items-end justify-between gap-4">
        <h2 className="text-3xl font-semibold">Featured categories</h2>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="icon"
            onClick={() => move(-1)}
            disabled={!canPrev}
            aria-label="Previous categories"
          >
            <ChevronLeftIcon aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon"
            onClick={() => move(1)}
            disabled={!canNext}
            aria-label="Next categories"
          >
            <ChevronRightIcon aria-hidden />
          </Button>
        </div>
      </div>
      <div className="mt-6 overflow-hidden">
        <ul
          ref={strip}
          className="relative -ml-3 flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] sm:-ml-5 [&::-webkit-scrollbar]:hidden"
        >
          {entries.map((category, index) => (
            <li
              key={category.id}
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${entries.length}: ${category.name}`}
              className="min-w-0 shrink-0 grow-0 basis-1/4 snap-start pl-3 sm:pl-5"
            >
              <Link
                to={`/wardrobe?category=${encodeURIComponent(category.slug)}`}
                className="group block rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
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
