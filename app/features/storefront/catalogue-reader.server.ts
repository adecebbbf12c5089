/**
 * The storefront's read access to the catalogue, gallery and settings, through the
 * instance's query cache (`~/lib/cache.server`). Loaders use this, never the raw queries, so
 * the navigation, trees and product pages cost no query on most requests. Search is not
 * cached (its keys are unbounded).
 */
import type { StyleFigures } from '~/content/home';
import { styleFigures } from '~/features/bespoke/style-catalogue.server';
import { loadDesignView, type DesignView } from '~/features/bespoke/design-page.server';
import type { QueryCache } from '~/lib/cache.server';
import type { Db } from '~/lib/db.server';
import type { GalleryItem } from '~/features/gallery/filter';
import {
  listGalleryImages,
  listGalleryItems,
  type GalleryImage,
} from '~/features/gallery/gallery.server';
import type { SiteSettings } from '~/features/site/settings';
import { getSiteSettings } from '~/features/site/settings.server';
import {
  getCatalogueTree,
  getFeaturedProducts,
  getProduct,
  listNavCategories,
  listProducts,
  listRelatedProducts,
} from '~/features/catalog/catalog.server';
import { searchProducts } from '~/features/catalog/search.server';
import type {
  CategorySummary,
  NavCategory,
  ProductCard,
  ProductDetail,
  ProductSort,
} from '~/features/catalog/types';

export interface CatalogueReader {
  settings(): Promise<SiteSettings>;
  navCategories(): Promise<NavCategory[]>;
  tree(): Promise<CategorySummary[]>;
  featured(categoryId: number): Promise<{ featured: ProductCard[]; total: number }>;
  products(
    filter: { subcategoryId: number } | { categoryId: number },
    sort: ProductSort,
  ): Promise<ProductCard[]>;
  product(id: number): Promise<ProductDetail | undefined>;
  related(
    product: Pick<ProductDetail, 'id' | 'categoryId' | 'subcategoryId'>,
  ): Promise<ProductCard[]>;
  galleryImages(limit: number): Promise<GalleryImage[]>;
  galleryItems(): Promise<GalleryItem[]>;
  search(text: string): Promise<{ total: number; products: ProductCard[] }>;
  /** What the configurator offers on the garment the site's style figures are stated for. */
  styleFigures(): Promise<StyleFigures>;
  /**
   * A saved design as `/d/<id>` shows it, or null (not cached: for the booking page that is
   * about one, so features/booking reads it without importing features/bespoke).
   */
  design(id: string): Promise<DesignView | null>;
}

/** A reader over `db` that caches in `cache`. */
export function catalogueReader(db: Db, cache: QueryCache): CatalogueReader {
  return {
    settings: () => cache.get('settings', () => getSiteSettings(db)),
    navCategories: () => cache.get('nav', () => listNavCategories(db)),
    tree: () => cache.get('tree', () => getCatalogueTree(db)),
    featured: (categoryId) =>
      cache.get(`featured:${categoryId}`, () => getFeaturedProducts(db, categoryId)),
    products: (filter, sort) =>
      cache.get(`products:${JSON.stringify(filter)}:${sort}`, () => listProducts(db, filter, sort)),
    product: (id) => cache.get(`product:${id}`, () => getProduct(db, id)),
    related: (product) =>
      cache.get(`related:${product.id}`, () => listRelatedProducts(db, product)),
    galleryImages: (limit) => cache.get(`gallery:${limit}`, () => listGalleryImages(db, limit)),
    galleryItems: () => cache.get('gallery-items', () => listGalleryItems(db)),
    search: (text) => searchProducts(db, text),
    styleFigures: () => cache.get('style-figures', () => styleFigures(db)),
    design: (id) => loadDesignView(db, id),
  };
}
