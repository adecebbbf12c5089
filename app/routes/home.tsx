import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { getCatalogueTree } from '~/features/catalog/catalog.server';
import { SearchForm } from '~/features/catalog/search-form';
import { SubcategoryCard } from '~/features/catalog/subcategory-card';
import { rootMetaData } from '~/features/site/root-data';
import { formatAddress } from '~/features/site/settings';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/home';

/** The categories, each shown by its first collection. */
export async function loader({ context }: Route.LoaderArgs) {
  const tree = await getCatalogueTree(context.db);
  return {
    categories: tree
      .map((category) => ({ ...category, cover: category.subcategories[0] }))
      .filter((category) => category.cover),
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
      {
        '@context': 'https://schema.org',
        '@type': 'ClothingStore',
        name: settings.shopName,
        url: origin,
        telephone: settings.phone,
        email: settings.email,
        foundingDate: '1987',
        priceRange: '₹₹',
        address: {
          '@type': 'PostalAddress',
          streetAddress: settings.address.street,
          addressLocality: settings.address.city,
          addressRegion: settings.address.region,
          postalCode: settings.address.postalCode,
          addressCountry: settings.address.country,
        },
        geo: {
          '@type': 'GeoCoordinates',
          latitude: settings.geo.latitude,
          longitude: settings.geo.longitude,
        },
        description: formatAddress(settings.address),
      },
    ],
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-muted via-background to-[#f3e3cf]">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 md:py-24">
          <div className="max-w-3xl">
            <p className="inline-block rounded-full border border-accent/50 bg-white/60 px-3 py-1 text-xs font-semibold uppercase tracking-widest text-accent">
              Bespoke tailoring · Rajkot · Since 1987
            </p>
            <h1 className="mt-5 text-4xl font-semibold leading-tight sm:text-6xl">
              Cloth chosen with care, cut to fit you alone.
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-muted-foreground">
              4000+ fabrics, 300+ linings and master tailors under one roof: wedding sherwanis,
              jodhpuris, business suits and everyday shirts, made to your measure.
            </p>
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
      {loaderData.categories.length > 0 && (
        <section aria-labelledby="home-categories" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
          <h2 id="home-categories" className="text-3xl font-semibold">
            Shop by category
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {loaderData.categories.map((category) => (
              <li key={category.id}>
                <SubcategoryCard
                  subcategory={{ ...category.cover!, name: category.name }}
                  to={`/wardrobe?category=${encodeURIComponent(category.slug)}`}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
