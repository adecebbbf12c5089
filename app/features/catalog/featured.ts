/**
 * The featured-products rule of a category (SPEC.md section 9 "Catalogue rules").
 */

/** The fields the rule reads. */
export interface FeaturedCandidate {
  name: string;
  rating: number;
  featured: boolean;
}

/** Most featured products shown for one category. */
const FEATURED_LIMIT = 8;
/** How many top-rated products stand in when none qualifies. */
const FEATURED_FALLBACK_COUNT = 6;
/** Rating from which a product counts as featured without the explicit flag. */
const FEATURED_MIN_RATING = 4.5;

const featuredWords = /premium|luxury|exclusive/i;

/**
 * Whether one product qualifies: the explicit flag, else a rating of 4.5 or more, else a name
 * containing premium, luxury or exclusive (any case).
 */
export function isFeatured(product: FeaturedCandidate): boolean {
  if (product.featured) return true;
  return product.rating >= FEATURED_MIN_RATING || featuredWords.test(product.name);
}

/**
 * The products shown in a category's Featured grid: up to 8 that qualify, flagged ones first,
 * then by rating; if none qualifies, the 6 highest rated. The input order breaks ties.
 */
export function selectFeatured<P extends FeaturedCandidate>(products: readonly P[]): P[] {
  const byRating = (a: P, b: P) => b.rating - a.rating;
  const qualifying = products.filter(isFeatured);
  if (qualifying.length > 0) {
    return [...qualifying]
      .sort((a, b) => Number(b.featured) - Number(a.featured) || byRating(a, b))
      .slice(0, FEATURED_LIMIT);
  }
  return [...products].sort(byRating).slice(0, FEATURED_FALLBACK_COUNT);
}
