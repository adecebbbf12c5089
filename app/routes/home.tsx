import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { HydrateLater } from '~/components/ui/hydrate-later';
import {
  closingCta,
  commitment,
  hero,
  marketingFigures,
  ourStory,
  styleFiguresNote,
  whyChooseUs,
} from '~/content/home';
import { testimonials } from '~/content/testimonials';
import { SearchForm } from '~/features/catalog/search-form';
import { CategoriesCarousel, CAROUSEL_ENTRIES } from '~/features/home/categories-carousel';
import { GalleryPreview, PREVIEW_COUNT } from '~/features/home/gallery-preview';
import { Testimonials } from '~/features/home/testimonials';
import { ContentIcon } from '~/features/site/content-icon';
import { IconCardList, PageSection } from '~/features/site/page-section';
import { rootMetaData } from '~/features/site/root-data';
import { storeJsonLd } from '~/features/site/store-json-ld';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/home';
import { BOOK_CONSULTATION_PATH } from '~/features/catalog/booking-links';

/**
 * The carousel's categories (critical), the style figures counted from what the configurator
 * offers (issue 36 item 3) and the gallery preview (streamed after the first paint, SPEC.md
 * section 2 "Home").
 */
export async function loader({ context }: Route.LoaderArgs) {
  const gallery = context.catalogue.galleryImages(PREVIEW_COUNT);
  // Handled by <Await errorElement>; this keeps an early rejection from going unhandled.
  gallery.catch(() => {});
  const [tree, styleFigures] = await Promise.all([
    context.catalogue.tree(),
    context.catalogue.styleFigures(),
  ]);
  return {
    styleFigures,
    categories: tree.slice(0, CAROUSEL_ENTRIES).map((category) => ({
      id: category.id,
      name: category.name,
      slug: category.slug,
      imageKey: category.subcategories[0]?.imageKey ?? null,
      imagePlaceholder: category.subcategories[0]?.imagePlaceholder ?? null,
    })),
    gallery,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { settings, origin } = rootMetaData(matches);
  return pageMeta({
    title: 'Fabrics & Bespoke Tailoring in Rajkot since 1987',
    description: `${settings.shopName}: 4000+ suiting and shirting fabrics, wedding sherwanis, jodhpuris and made-to-measure suits in Rajkot, Gujarat. 35+ years of excellence.`,
    origin,
    path: '/',
    shopName: settings.shopName,
    jsonLd: [
      storeJsonLd(settings, origin),
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: settings.shopName,
        url: `${origin}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: `${origin}/wardrobe?search={search_term_string}`,
          },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  });
};

/** / (SPEC.md section 2 "Home"), sections in the spec's order. */
export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-muted via-background to-[#f3e3cf]">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-14 sm:px-6 md:py-20">
          <div className="max-w-3xl">
            <p className="inline-block rounded-full border border-accent/50 bg-white/60 px-3 py-1 text-xs font-semibold uppercase tracking-widest text-accent-strong">
              {hero.badge}
            </p>
            <h1 className="mt-5 text-4xl font-semibold leading-tight sm:text-6xl">
              {hero.headline}
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-muted-foreground">{hero.text}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/wardrobe">
                  Explore the Wardrobe <ArrowRightIcon aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/about">Our Story</Link>
              </Button>
            </div>
            <SearchForm className="mt-8 flex max-w-xl" />
          </div>
          <p className="w-fit rounded-lg bg-primary px-5 py-3 font-serif text-lg font-semibold text-primary-foreground shadow-lg">
            35+ Years of Excellence
          </p>
        </div>
      </section>

      <section aria-label="The house in figures" className="bg-ink text-stone-100">
        <ul className="mx-auto grid max-w-7xl grid-cols-3 gap-x-4 gap-y-6 px-4 py-8 sm:px-6 md:grid-cols-9">
          {marketingFigures(loaderData.styleFigures).map((figure) => (
            <li key={figure.label} className="text-center">
              <p className="font-serif text-2xl font-semibold text-[#e3c27a]">{figure.value}</p>
              <p className="text-xs text-stone-300">{figure.label}</p>
            </li>
          ))}
        </ul>
        <p className="mx-auto max-w-7xl px-4 pb-6 text-center text-xs text-stone-300 sm:px-6">
          {styleFiguresNote(loaderData.styleFigures)}
        </p>
      </section>

      {loaderData.categories.length > 0 && (
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
          <CategoriesCarousel categories={loaderData.categories} />
        </div>
      )}

      <HydrateLater>
        <section aria-labelledby="story-heading" className="bg-muted/60 py-16">
          <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
            <h2 id="story-heading" className="text-3xl font-semibold">
              {ourStory.heading}
            </h2>
            {ourStory.paragraphs.map((paragraph) => (
              <p
                key={paragraph.slice(0, 24)}
                className="mt-4 text-lg leading-relaxed text-muted-foreground"
              >
                {paragraph}
              </p>
            ))}
            <Button asChild variant="outline" size="lg" className="mt-7">
              <Link to="/about">Read Our Story</Link>
            </Button>
          </div>
        </section>

        <PageSection heading="Why Choose Us" centered>
          <IconCardList cards={iconCards(whyChooseUs)} />
        </PageSection>
        <PageSection heading={commitment.heading} intro={commitment.intro} centered muted>
          <IconCardList cards={iconCards(commitment.cards)} />
        </PageSection>

        <Testimonials testimonials={testimonials} />
        <GalleryPreview images={loaderData.gallery} />

        <section
          aria-labelledby="closing-heading"
          className="bg-primary py-16 text-center text-primary-foreground"
        >
          <h2 id="closing-heading" className="px-4 text-3xl font-semibold">
            {closingCta.heading}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl px-4 text-lg opacity-90">{closingCta.text}</p>
          <div className="mt-7 flex flex-wrap justify-center gap-3 px-4">
            <Button asChild size="lg" variant="accent">
              <Link to={BOOK_CONSULTATION_PATH}>Book a Consultation</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/60 bg-transparent text-white hover:bg-white/10"
            >
              <Link to="/wardrobe">Browse the Wardrobe</Link>
            </Button>
          </div>
        </section>
      </HydrateLater>
    </>
  );
}

/** Content cards with their named icons. */
function iconCards(cards: readonly { title: string; text: string; icon: string }[]) {
  return cards.map((card) => ({
    ...card,
    icon: <ContentIcon name={card.icon} className="size-8 text-accent" />,
  }));
}
