import { ArrowLeftIcon } from 'lucide-react';
import { data, Form, Link, redirect, useNavigation, useSubmit } from 'react-router';
import { Spinner } from '~/components/ui/spinner';
import { Breadcrumbs } from '~/features/catalog/breadcrumbs';
import { loadListing } from '~/features/catalog/listing.server';
import { ProductGrid } from '~/features/storefront/product-card';
import { productSortLabels, productSorts } from '~/features/catalog/types';
import { rootMetaData } from '~/features/site/root-data';
import { breadcrumbJsonLd, CATEGORY_DESCRIPTION_MAX, cutDescription, pageMeta } from '~/lib/seo';
import { absoluteUrl } from '~/lib/seo';
import type { Route } from './+types/category';

export async function loader({ request, context }: Route.LoaderArgs) {
  const listing = await loadListing(context.catalogue, new URL(request.url));
  if (!listing) throw redirect('/wardrobe');
  return data(listing, { status: listing.found ? 200 : 404 });
}

function listingPath(listing: Route.ComponentProps['loaderData']): string {
  if (listing.subcategory)
    return `/category?subcategory=${encodeURIComponent(listing.subcategory.linkSlug)}`;
  if (listing.category) return `/category?category=${encodeURIComponent(listing.category.slug)}`;
  return '/category';
}

export const meta: Route.MetaFunction = ({ data: listing, matches }) => {
  const { settings, origin } = rootMetaData(matches);
  if (!listing) return [{ title: settings.shopName }];
  const path = listingPath(listing);
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: 'Wardrobe', path: '/wardrobe' },
    ...(listing.category
      ? [
          {
            name: listing.category.name,
            path: `/wardrobe?category=${encodeURIComponent(listing.category.slug)}`,
          },
        ]
      : []),
    ...(listing.subcategory ? [{ name: listing.subcategory.name, path }] : []),
  ];
  return pageMeta({
    title: listing.found
      ? `${listing.title}${listing.category && listing.subcategory ? ` – ${listing.category.name}` : ''}`
      : 'No products found',
    description: cutDescription(listing.description, CATEGORY_DESCRIPTION_MAX),
    origin,
    path,
    shopName: settings.shopName,
    jsonLd: listing.found
      ? [
          breadcrumbJsonLd(origin, crumbs),
          {
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            name: listing.title,
            numberOfItems: listing.products.length,
            itemListElement: listing.products.slice(0, 30).map((product, index) => ({
              '@type': 'ListItem',
              position: index + 1,
              url: absoluteUrl(origin, `/product/${product.id}`),
              name: product.name,
            })),
          },
        ]
      : [],
    extra: listing.found ? [] : [{ name: 'robots', content: 'noindex' }],
  });
};

export default function CategoryListing({ loaderData: listing }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/category';
  const backTo = listing.category
    ? `/wardrobe?category=${encodeURIComponent(listing.category.slug)}`
    : '/wardrobe';
  return (
    <>
      <section className="bg-gradient-to-b from-muted to-background">
        <div className="mx-auto max-w-7xl px-4 pb-10 pt-8 sm:px-6">
          <Breadcrumbs
            items={[
              { name: 'Home', to: '/' },
              { name: 'Wardrobe', to: '/wardrobe' },
              ...(listing.category
                ? [
                    {
                      name: listing.category.name,
                      to: `/wardrobe?category=${encodeURIComponent(listing.category.slug)}`,
                    },
                  ]
                : []),
              ...(listing.subcategory ? [{ name: listing.subcategory.name }] : []),
            ]}
          />
          <Link
            to={backTo}
            className="mt-6 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
          >
            <ArrowLeftIcon aria-hidden className="size-4" />
            Back to {listing.category?.name ?? 'Wardrobe'}
          </Link>
          <h1 className="mt-3 text-4xl font-semibold">{listing.title}</h1>
          <p className="mt-3 max-w-3xl text-lg text-muted-foreground">{listing.description}</p>
        </div>
      </section>
      <section aria-labelledby="products-heading" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="products-heading" className="text-xl font-semibold">
            <span role="status">
              {listing.products.length === 1 ? '1 product' : `${listing.products.length} products`}
            </span>
          </h2>
          {listing.products.length > 1 && (
            <Form
              method="get"
              className="flex items-center gap-2"
              onChange={(event) =>
                void submit(event.currentTarget, { preventScrollReset: true, replace: true })
              }
            >
              {listing.subcategory && (
                <input type="hidden" name="subcategory" value={listing.subcategory.linkSlug} />
              )}
              {!listing.subcategory && listing.category && (
                <input type="hidden" name="category" value={listing.category.slug} />
              )}
              <label htmlFor="sort" className="text-sm text-muted-foreground">
                Sort by
              </label>
              <select
                id="sort"
                name="sort"
                defaultValue={listing.sort}
                key={listing.sort}
                className="h-9 rounded-md border border-border bg-white px-2 text-sm"
              >
                {productSorts.map((sort) => (
                  <option key={sort} value={sort}>
                    {productSortLabels[sort]}
                  </option>
                ))}
              </select>
              <noscript>
                <button type="submit" className="rounded-md border border-border px-3 py-1 text-sm">
                  Apply
                </button>
              </noscript>
            </Form>
          )}
        </div>
        <div className="mt-6">
          {loading ? (
            <Spinner label="Loading products…" />
          ) : listing.products.length > 0 ? (
            <ProductGrid products={listing.products} priorityCount={2} label={listing.title} />
          ) : (
            <div className="rounded-lg border border-dashed border-border p-12 text-center">
              <p className="font-serif text-2xl font-semibold">No products found</p>
              <p className="mt-2 text-muted-foreground">
                We could not find products here. Our full collection is a click away.
              </p>
              <Link to="/wardrobe" className="mt-4 inline-block font-medium text-primary underline">
                Browse All Categories
              </Link>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
