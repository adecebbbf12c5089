/**
 * The wardrobe page's data (SPEC.md section 2 "Wardrobe", section 4 "Wardrobe page").
 */
import { z } from 'zod';
import { fallbackCategories } from '~/features/catalog/fallback-categories';
import type { CatalogueReader } from './catalogue-reader.server';
import type { CategorySummary, ProductCard } from './types';

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
      categories: CategorySummary[];
      /** True when the database had no category and the built-in list is shown. */
      fallback: boolean;
      activeSlug: string;
      featured: ProductCard[];
      /** Active products in the active category. */
      categoryTotal: number;
      search?: { text: string; total: number; products: ProductCard[] };
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
    const search = query.search
      ? { text: query.search, ...(await catalogue.search(query.search)) }
      : undefined;
    return {
      status: 'ok',
      categories,
      fallback,
      activeSlug: active.slug,
      featured,
      categoryTotal: total,
      search,
    };
  } catch (error) {
    console.error('wardrobe: catalogue query failed', error);
    return { status: 'unavailable' };
  }
}
