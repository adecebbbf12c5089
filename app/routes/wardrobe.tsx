import { ArrowRightIcon, SearchXIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { data, Link, useNavigate, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { ProductGrid } from '~/features/storefront/product-card';
import { SearchForm } from '~/features/catalog/search-form';
import { QualityAssurance } from '~/features/catalog/quality-assurance';
import { SubcategoryCard } from '~/features/catalog/subcategory-card';
import { loadWardrobe } from '~/features/catalog/wardrobe.server';
import { rootMetaData } from '~/features/site/root-data';
import { breadcrumbJsonLd, CATEGORY_DESCRIPTION_MAX, cutDescription, pageMeta } from '~/lib/seo';
import type { Route } from './+types/wardrobe';

export async function loader({ request, context }: Route.LoaderArgs) {
  const wardrobe = await loadWardrobe(context.catalogue, new URL(request.url));
  return data(wardrobe, { status: wardrobe.status === 'unavailable' ? 503 : 200 });
}

export const meta: Route.MetaFunction = ({ data: wardrobe, matches }) => {
  const { settings, origin } = rootMetaData(matches);
  const active =
    wardrobe?.status === 'ok'
      ? wardrobe.categories.find((c) => c.slug === wardrobe.activeSlug)
      : undefined;
  const isFirst = wardrobe?.status === 'ok' && wardrobe.categories[0]?.slug === active?.slug;
  const title =
    active && !isFirst
      ? `${active.name} – Wardrobe`
      : 'Wardrobe – Fabrics, Wedding Suits & Tailored Wear';
  const description = cutDescription(
    active?.description ||
      'Browse suiting and shirting fabrics, sherwanis, jodhpuris, formal and theme attires, uniforms, ready-to-wear and patterns from our Rajkot tailoring house.',
    CATEGORY_DESCRIPTION_MAX,
  );
  const path =
    active && !isFirst ? `/wardrobe?category=${encodeURIComponent(active.slug)}` : '/wardrobe';
  const searching = wardrobe?.status === 'ok' && wardrobe.search;
  return pageMeta({
    title: searching ? `Search: ${wardrobe.search!.text}` : title,
    description,
    origin,
    path,
    shopName: settings.shopName,
    jsonLd: [
      breadcrumbJsonLd(origin, [
        { name: 'Home', path: '/' },
        { name: 'Wardrobe', path: '/wardrobe' },
        ...(active && !isFirst ? [{ name: active.name, path }] : []),
      ]),
    ],
    extra: [
      {
        name: 'keywords',
        content:
          'bespoke tailoring Rajkot, suiting fabrics, sherwani, jodhpuri, wedding suits, uniforms, shirting, Gujarat',
      },
      { name: 'geo.region', content: 'IN-GJ' },
      { name: 'geo.placename', content: settings.address.city },
      { name: 'geo.position', content: `${settings.geo.latitude};${settings.geo.longitude}` },
      { name: 'ICBM', content: `${settings.geo.latitude}, ${settings.geo.longitude}` },
      ...(searching ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    ],
  });
};

export default function Wardrobe({ loaderData: wardrobe }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const activeSlug = wardrobe.status === 'ok' ? wardrobe.activeSlug : '';
  const [selected, setSelected] = useState(activeSlug);
  useEffect(() => setSelected(activeSlug), [activeSlug]);

  if (wardrobe.status === 'unavailable') {
    return (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-3xl font-semibold">Categories Unavailable</h1>
        <p className="mt-3 text-muted-foreground">
          We&apos;re having trouble loading our categories. Please try again later.
        </p>
      </section>
    );
  }

  const loadingTab =
    selected !== wardrobe.activeSlug || navigation.location?.pathname === '/wardrobe';
  return (
    <>
      {wardrobe.search ? (
        <SearchResults search={wardrobe.search} />
      ) : (
        <section className="bg-gradient-to-b from-muted to-background">
          <div className="mx-auto max-w-7xl px-4 pb-12 pt-14 sm:px-6 md:pt-20">
            <p className="text-sm font-semibold uppercase tracking-widest text-accent-strong">
              Since 1987
            </p>
            <h1 className="mt-2 max-w-3xl text-4xl font-semibold leading-tight sm:text-5xl">
              Our Wardrobe
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-muted-foreground">
              Over 4000 fabrics and a cutting table that has dressed three generations of Rajkot
              grooms. Choose a category to explore.
            </p>
            <Button asChild size="lg" className="mt-6">
              <a href="#categories">
                Explore Categories <ArrowRightIcon aria-hidden />
              </a>
            </Button>
            <SearchForm id="wardrobe-search" className="mt-8 flex max-w-xl" />
          </div>
        </section>
      )}

      <section
        id="categories"
        aria-labelledby="categories-heading"
        className="mx-auto max-w-7xl px-4 py-10 sm:px-6"
      >
        <h2 id="categories-heading" className="sr-only">
          Categories
        </h2>
        <Tabs
          value={selected}
          onValueChange={(slug) => {
            setSelected(slug);
            void navigate(`/wardrobe?category=${encodeURIComponent(slug)}`, {
              replace: true,
              preventScrollReset: true,
            });
          }}
        >
          <TabsList aria-label="Wardrobe categories">
            {wardrobe.categories.map((category) => (
              <TabsTrigger key={category.slug} value={category.slug}>
                {category.name}
              </TabsTrigger>
            ))}
          </TabsList>
          {wardrobe.categories.map((category) => (
            <TabsContent key={category.slug} value={category.slug}>
              {category.description && (
                <p className="max-w-3xl text-muted-foreground">{category.description}</p>
              )}
              <ul
                aria-label={`${category.name} collections`}
                className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-5"
              >
                {category.subcategories.map((subcategory) => (
                  <li key={subcategory.id}>
                    <SubcategoryCard subcategory={subcategory} />
                  </li>
                ))}
              </ul>
              <section aria-labelledby={`featured-${category.slug}`} className="mt-12">
                <div className="flex flex-wrap items-end justify-between gap-3">
                  <h3 id={`featured-${category.slug}`} className="text-2xl font-semibold">
                    Featured {category.name}
                  </h3>
                  {!loadingTab && wardrobe.categoryTotal > wardrobe.featured.length && (
                    <Link
                      to={`/category?category=${encodeURIComponent(category.slug)}`}
                      className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                    >
                      View All {category.name}
                    </Link>
                  )}
                </div>
                <div className="mt-5">
                  {loadingTab ? (
                    <Spinner label={`Loading ${category.name}…`} />
                  ) : wardrobe.featured.length > 0 ? (
                    <ProductGrid products={wardrobe.featured} label={`Featured ${category.name}`} />
                  ) : (
                    <div className="rounded-lg border border-dashed border-border p-10 text-center">
                      <p className="font-serif text-xl font-semibold">No Featured Products Yet</p>
                      {wardrobe.categoryTotal > 0 && (
                        <Link
                          to={`/category?category=${encodeURIComponent(category.slug)}`}
                          className="mt-3 inline-block text-primary underline"
                        >
                          View All
                        </Link>
                      )}
                    </div>
                  )}
                </div>
              </section>
            </TabsContent>
          ))}
        </Tabs>
      </section>
      <QualityAssurance />
    </>
  );
}

function SearchResults({
  search,
}: {
  search: NonNullable<Extract<Route.ComponentProps['loaderData'], { status: 'ok' }>['search']>;
}) {
  return (
    <section aria-labelledby="search-heading" className="mx-auto max-w-7xl px-4 pb-4 pt-10 sm:px-6">
      <h1 id="search-heading" className="text-3xl font-semibold">
        Search results for “{search.text}”
      </h1>
      <SearchForm id="wardrobe-search" className="mt-4 flex max-w-xl" />
      <p className="mt-4 text-muted-foreground" role="status">
        {search.total === 1 ? '1 product found' : `${search.total} products found`}
      </p>
      <div className="mt-6">
        {search.products.length > 0 ? (
          <ProductGrid products={search.products} priorityCount={2} label="Search results" />
        ) : (
          <div className="flex flex-col items-center rounded-lg border border-dashed border-border p-10 text-center">
            <SearchXIcon aria-hidden className="size-10 text-muted-foreground" />
            <p className="mt-3 font-serif text-xl font-semibold">No products match your search</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Try a fabric (linen, khadi, silk), a garment (sherwani, shirt) or browse the
              categories below.
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
