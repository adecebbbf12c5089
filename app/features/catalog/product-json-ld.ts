/**
 * Product structured data (SPEC.md section 1: offers valid for 365 days).
 */
import { imageUrl } from '~/features/media/image-url';
import { paiseToDecimal } from '~/lib/money';
import { absoluteUrl } from '~/lib/seo';
import type { ProductPage } from './types';

/** Days an offer's price stays valid in structured data (SPEC.md section 1). */
const PRICE_VALID_DAYS = 365;

/** The SKU shown to search engines: 'RTH-' and the zero-padded product id. */
function productSku(id: number): string {
  return `RTH-${String(id).padStart(5, '0')}`;
}

/**
 * A schema.org Product with one Offer in INR (price as a decimal string of rupees),
 * priceValidUntil `now` + 365 days (YYYY-MM-DD), and an AggregateRating when reviewed. A
 * product with size variants (issue 29 item 2) has one Offer per size instead, each with its
 * SKU, price, `size` and availability (OutOfStock when none is left).
 */
export function productJsonLd(
  product: ProductPage,
  { origin, shopName, now }: { origin: string; shopName: string; now: Date },
): object {
  const validUntil = new Date(now.getTime() + PRICE_VALID_DAYS * 86_400_000);
  const url = absoluteUrl(origin, `/product/${product.id}`);
  const offer = {
    '@type': 'Offer',
    url,
    priceCurrency: 'INR',
    priceValidUntil: validUntil.toISOString().slice(0, 10),
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: shopName },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: productSku(product.id),
    url,
    image: product.imageKeys.map((key) => absoluteUrl(origin, imageUrl(key, 960))),
    category: [product.categoryName, product.subcategoryName].filter(Boolean).join(' > '),
    brand: { '@type': 'Brand', name: shopName },
    ...(product.fabricType ? { material: product.fabricType } : {}),
    ...(product.colors.length > 0 ? { color: product.colors.join(', ') } : {}),
    ...(product.reviewsCount > 0 && product.rating > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating.toFixed(1),
            reviewCount: product.reviewsCount,
            bestRating: '5',
          },
        }
      : {}),
    offers:
      product.variants.length > 0
        ? product.variants.map((variant) => ({
            ...offer,
            sku: variant.sku,
            size: variant.size,
            price: paiseToDecimal(variant.pricePaise),
            availability: variant.soldOut
              ? 'https://schema.org/OutOfStock'
              : 'https://schema.org/InStock',
          }))
        : {
            ...offer,
            price: paiseToDecimal(product.pricePaise),
            availability: 'https://schema.org/InStock',
          },
  };
}
