/**
 * The catalogue's own shapes, as pages and components see them (never raw rows).
 * Money is integer paise.
 */

export interface SubcategorySummary {
  id: number;
  categoryId: number;
  name: string;
  slug: string;
  /** The slug used in /category?subcategory=… links (SPEC.md section 2 "Wardrobe"). */
  linkSlug: string;
  description: string;
  imageKey: string | null;
  /** The image's blurred placeholder (a data: URL), when it has one. */
  imagePlaceholder: string | null;
}

export interface CategorySummary {
  id: number;
  name: string;
  slug: string;
  description: string;
  subcategories: SubcategorySummary[];
}

/** A category as the navigation bar lists it. */
export interface NavCategory {
  id: number;
  name: string;
  slug: string;
}

export interface ProductCard {
  id: number;
  name: string;
  pricePaise: number;
  rating: number;
  reviewsCount: number;
  fabricType: string;
  featured: boolean;
  imageKey: string | null;
  /** The first image's blurred placeholder (a data: URL), when it has one. */
  imagePlaceholder: string | null;
  categoryName: string;
  subcategoryName: string | null;
  /** The first size and colour, which a card's Add to Cart chooses ('' when none). */
  defaultSize: string;
  defaultColor: string;
}

export interface ProductDetail extends ProductCard {
  slug: string;
  description: string;
  sizes: string[];
  colors: string[];
  imageKeys: string[];
  categoryId: number;
  categorySlug: string;
  subcategoryId: number | null;
  subcategoryLinkSlug: string | null;
  updatedAt: string;
}

/** Orders of the category listing (issue: featured, price low/high, newest). */
export const productSorts = ['featured', 'price-asc', 'price-desc', 'newest'] as const;
export type ProductSort = (typeof productSorts)[number];

export const productSortLabels: Record<ProductSort, string> = {
  featured: 'Featured',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
};
