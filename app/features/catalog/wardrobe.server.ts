/**
 * The wardrobe page's data (SPEC.md section 2 "Wardrobe", section 4 "Wardrobe page").
 */
import { z } from 'zod';
import { fallbackCategories } from '~/features/catalog/fallback-categories';
import type { CatalogueReader } from '~/features/storefront/catalogue-reader.server';
import { toCategoryTab, toProductTile } from './client-shapes.server';
import type { CategoryTab, ProductTile } from './types';

/** The wardrobe's query string; anything malformed counts as absent. */
const wardrobeQuerySchema = z.object({
  category: z.string().trim().max(100).optional().catch(undefined),
  /** Cut to 100 characters; blank counts as absent. */
  search: z
    .string()
    .transform((value) => value.trim().slice(0, 100))
    .pipe(z.string().min(1))
    .optional()
    .catch(undefined),
});

export type WardrobeData =
  | { status: 'unavailable' }
  | {
      status: 'ok';
      categories: CategoryTab[];
      /** True when the database had no category and the built-in list is shown. */
      fallback: boolean;
      activeSlug: string;
      featured: ProductTile[];
      /** Active products in the active category. */
      categoryTotal: number;
      search?: { text: string; total: number; products: ProductTile[] };
    };

/**
 * Loads the categories, the active tab (`?category=` by slug or id, else the first) and its
 * featured products, and the search results when `?search=` holds text.
 * Never throws: a database failure gives `{ status: 'unavailable' }`.
 */
export async function loadWardrobe(catalogue: CatalogueReader, url: URL): Promise<WardrobeData> {
  const query = wardrobeQuerySchema.parse(Object.fromEntries(url.searchParams));
  try {
    const tree = await catalogue.tree();
    const fallback = tree.length === 0;
    const categories = fallback ? [...fallbackCategories] : tree;
    const active =
      categories.find((c) => c.slug === query.category || String(c.id) === query.category) ??
      categories[0];
    if (!active) return { status: 'unavailable' };
    const { featured, total } =
      active.id > 0 ? await catalogue.featured(active.id) : { featured: [], total: 0 };
    const found = query.search ? await catalogue.search(query.search) : undefined;
    const search =
      query.search && found
        ? { text: query.search, total: found.total, products: found.products.map(toProductTile) }
        : undefined;
    return {
      status: 'ok',
      categories: categories.map(toCategoryTab),
      fallback,
      activeSlug: active.slug,
      featured: featured.map(toProductTile),
      categoryTotal: total,
      search,
    };
  } catch (error) {
    console.error('wardrobe: catalogue query failed', error);
    return { status: 'unavailable' };
  }
}
