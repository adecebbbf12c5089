/**
 * The catalogue's own shapes, as pages and components see them (never raw rows).
 * Money is integer paise.
 */
import type { VariantOffer } from './variants';

interface SubcategorySummary {
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

/**
 * A subcategory as its tile (SubcategoryCard) shows it: the slice of `SubcategorySummary` a
 * page sends to the browser.
 */
export type SubcategoryTile = Pick<
  SubcategorySummary,
  'id' | 'name' | 'linkSlug' | 'imageKey' | 'imagePlaceholder'
>;

/** A category as the wardrobe's tabs show it: name, description and its subcategory tiles. */
export interface CategoryTab {
  id: number;
  name: string;
  slug: string;
  description: string;
  subcategories: SubcategoryTile[];
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
  /**
   * Issue 29 item 2: true when the product's size variants differ in price; `pricePaise` is
   * then the lowest of them (the card says "From ₹X").
   */
  priceVaries: boolean;
  /** The first size and colour, which a card's Add to Cart chooses ('' when none). */
  defaultSize: string;
  defaultColor: string;
  /**
   * Issue 29 item 2: for a product sold by the metre, its shortest cut in centimetres (what a
   * card's Add to Cart chooses, and the sign that `pricePaise` is a metre's); 0 for a piece.
   */
  defaultLengthCm: number;
}

/**
 * What a product card shows and its Add to Cart sends: the slice of `ProductCard` a grid ships
 * to the browser (no review count or featured flag).
 */
export type ProductTile = Omit<ProductCard, 'reviewsCount' | 'featured'>;

export interface ProductDetail extends ProductCard {
  slug: string;
  description: string;
  /** Issue 29 item 2: the sizes offered, each a variant with its SKU, price and stock state. */
  variants: VariantOffer[];
  colors: string[];
  imageKeys: string[];
  categoryId: number;
  categorySlug: string;
  subcategoryId: number | null;
  subcategoryLinkSlug: string | null;
  updatedAt: string;
  /** Issue 29 item 2: how it is sold and, for the metre, the lengths to choose from (cm). */
  saleUnit: 'piece' | 'metre';
  lengthStepCm: number | null;
  lengthMinCm: number | null;
  lengthMaxCm: number | null;
}

/**
 * A product as its page shows it (ProductDetails, its meta tags and JSON-LD): `ProductDetail`
 * without the keys, flags and timestamps only the server uses.
 */
export type ProductPage = Omit<
  ProductDetail,
  | 'slug'
  | 'featured'
  | 'imageKey'
  | 'defaultSize'
  | 'defaultColor'
  | 'defaultLengthCm'
  | 'categoryId'
  | 'subcategoryId'
  | 'updatedAt'
>;

/** Orders of the category listing (issue: featured, price low/high, newest). */
export const productSorts = ['featured', 'price-asc', 'price-desc', 'newest'] as const;
export type ProductSort = (typeof productSorts)[number];

export const productSortLabels: Record<ProductSort, string> = {
  featured: 'Featured',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
};
