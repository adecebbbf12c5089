import { Link, data } from 'react-router';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { HydrateLater } from '~/components/ui/hydrate-later';
import { toProductPage, toProductTile } from '~/features/catalog/client-shapes.server';
import { Breadcrumbs } from '~/features/catalog/breadcrumbs';
import { ProductGrid } from '~/features/storefront/product-card';
import { ProductDetails } from '~/features/storefront/product-details';
import { productJsonLd } from '~/features/catalog/product-json-ld';
import { imageUrl } from '~/features/media/image-url';
import { rootMetaData } from '~/features/site/root-data';
import { useSiteSettings } from '~/features/site/use-site-settings';
import { breadcrumbJsonLd, cutDescription, pageMeta, PRODUCT_DESCRIPTION_MAX } from '~/lib/seo';
import type { Route } from './+types/product';
import { PincodeCheck } from '~/features/shipping/pincode-check';
import { getShippingSettings } from '~/features/shipping/shipping.server';
import { measurementBookingPath } from '~/features/catalog/booking-links';
import { productReturnPolicy } from '~/features/returns/eligibility';

const productIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = productIdSchema.safeParse(params.productId);
  const product = id.success ? await context.catalogue.product(id.data) : undefined;
  if (!product) return data({ product: null, related: [] }, { status: 404 });
  const related = await context.catalogue.related(product);
  // Issue 32 item 2: whether the product page offers "Collect from the shop".
  const { pickupEnabled, returnWindowDays } = await getShippingSettings(context.db);
  const page = toProductPage(product);
  // Issue 32 item 7: whether it may be returned, and within how many days of delivery.
  const returnPolicy = productReturnPolicy(
    {
      saleUnit: page.saleUnit,
      madeToMeasure: measurementBookingPath(page) !== null && page.variants.length === 0,
    },
    returnWindowDays,
  );
  return { product: page, related: related.map(toProductTile), pickupEnabled, returnPolicy };
}

function listingPath(product: NonNullable<Route.ComponentProps['loaderData']['product']>) {
  return product.subcategoryLinkSlug
    ? `/category?subcategory=${encodeURIComponent(product.subcategoryLinkSlug)}`
    : `/category?category=${encodeURIComponent(product.categorySlug)}`;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const { settings, origin } = rootMetaData(matches);
  const product = loaderData?.product;
  if (!product) {
    return [
      { title: `Product Not Found | ${settings.shopName}` },
      {
        name: 'description',
        content: "The product you're looking for doesn't exist or has been removed.",
      },
      { name: 'robots', content: 'noindex' },
    ];
  }
  const path = `/product/${product.id}`;
  const image = product.imageKeys[0] ? imageUrl(product.imageKeys[0], 960) : undefined;
  return pageMeta({
    title: product.name,
    description: cutDescription(product.description || product.name, PRODUCT_DESCRIPTION_MAX),
    origin,
    path,
    shopName: settings.shopName,
    type: 'product',
    image,
    imageAlt: product.name,
    jsonLd: [
      productJsonLd(product, { origin, shopName: settings.shopName, now: new Date() }),
      breadcrumbJsonLd(origin, [
        { name: 'Home', path: '/' },
        { name: 'Wardrobe', path: '/wardrobe' },
        {
          name: product.categoryName,
          path: `/wardrobe?category=${encodeURIComponent(product.categorySlug)}`,
        },
        ...(product.subcategoryName
          ? [{ name: product.subcategoryName, path: listingPath(product) }]
          : []),
        { name: product.name, path },
      ]),
    ],
  });
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const { product, related } = loaderData;
  if (!product) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-3xl font-semibold">Product Not Found</h1>
        <p className="mt-3 text-muted-foreground">
          The product you&apos;re looking for doesn&apos;t exist or has been removed.
        </p>
        <Button asChild className="mt-8">
          <Link to="/wardrobe">Return to Wardrobe</Link>
        </Button>
      </section>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <Breadcrumbs
        items={[
          { name: 'Home', to: '/' },
          { name: 'Wardrobe', to: '/wardrobe' },
          {
            name: product.categoryName,
            to: `/wardrobe?category=${encodeURIComponent(product.categorySlug)}`,
          },
          ...(product.subcategoryName
            ? [{ name: product.subcategoryName, to: listingPath(product) }]
            : []),
          { name: product.name },
        ]}
      />
      <div className="mt-6">
        <ProductDetails
          key={product.id}
          product={product}
          whatsappNumber={settings.enquiryWhatsappNumber}
          backTo={listingPath(product)}
        />
        <PincodeCheck
          productId={product.id}
          pickupCity={loaderData.pickupEnabled ? settings.address.city : null}
        />
        <p className="mt-4 text-sm text-muted-foreground">{loaderData.returnPolicy}</p>
      </div>
      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-16">
          <h2 id="related-heading" className="text-2xl font-semibold">
            More from {product.subcategoryName ?? product.categoryName}
          </h2>
          <div className="mt-6">
            <HydrateLater>
              <ProductGrid products={related} label="Related products" />
            </HydrateLater>
          </div>
        </section>
      )}
    </div>
  );
}
