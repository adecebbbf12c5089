/**
 * The category listing's data (SPEC.md section 2 "Category listing", section 7 row 8):
 * `?subcategory={slug}` found by the lookup helper, or `?category={slug or id}`; sorted.
 */
import { z } from 'zod';
import {
  fallbackSubcategoryDescription,
  subcategoryDescriptions,
} from '~/content/subcategory-descriptions';
import type { CatalogueReader } from '~/features/storefront/catalogue-reader.server';
import { findSubcategory, slugToTitle } from './slug';
import { toProductTile } from './client-shapes.server';
import { productSorts, type ProductSort, type ProductTile } from './types';

/** Query text cut to 100 characters; blank counts as absent. */
const boundedText = z
  .string()
  .transform((value) => value.trim().slice(0, 100))
  .pipe(z.string().min(1));

const listingQuerySchema = z.object({
  subcategory: boundedText.optional().catch(undefined),
  category: boundedText.optional().catch(undefined),
  sort: z.enum(productSorts).catch('featured').default('featured'),
});

export interface ListingData {
  /** False when the slug or id matched nothing (the page answers 404). */
  found: boolean;
  title: string;
  description: string;
  category: { id: number; name: string; slug: string } | null;
  subcategory: { id: number; name: string; linkSlug: string } | null;
  sort: ProductSort;
  products: ProductTile[];
}

/** The hero copy key of a subcategory name: lower case, a-z and 0-9 only. */
function descriptionKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&|\band\b/g, '')
    .replace(/[^a-z0-9]/g, '');
}

/** The fixed hero text of a known subcategory, else the generic one (SPEC.md section 2). */
function listingDescription(name: string): string {
  return subcategoryDescriptions[descriptionKey(name)] ?? fallbackSubcategoryDescription;
}

/**
 * Loads a listing; returns null when neither parameter is given (the page redirects to the
 * wardrobe).
 */
export async function loadListing(
  catalogue: CatalogueReader,
  url: URL,
): Promise<ListingData | null> {
  const query = listingQuerySchema.parse(Object.fromEntries(url.searchParams));
  if (!query.subcategory && !query.category) return null;
  const tree = await catalogue.tree();

  if (query.subcategory) {
    const match = findSubcategory(tree, query.subcategory);
    if (!match) {
      const title = slugToTitle(query.subcategory).slice(0, 60);
      return {
        found: false,
        title,
        description: listingDescription(title),
        category: null,
        subcategory: null,
        sort: query.sort,
        products: [],
      };
    }
    const { category, subcategory } = match;
    return {
      found: true,
      title: subcategory.name,
      description: listingDescription(subcategory.name),
      category: { id: category.id, name: category.name, slug: category.slug },
      subcategory: { id: subcategory.id, name: subcategory.name, linkSlug: subcategory.linkSlug },
      sort: query.sort,
      products: (await catalogue.products({ subcategoryId: subcategory.id }, query.sort)).map(
        toProductTile,
      ),
    };
  }

  const category = tree.find((c) => c.slug === query.category || String(c.id) === query.category);
  if (!category) {
    return {
      found: false,
      title: slugToTitle(query.category ?? '').slice(0, 60),
      description: fallbackSubcategoryDescription,
      category: null,
      subcategory: null,
      sort: query.sort,
      products: [],
    };
  }
  return {
    found: true,
    title: category.name,
    description: category.description || fallbackSubcategoryDescription,
    category: { id: category.id, name: category.name, slug: category.slug },
    subcategory: null,
    sort: query.sort,
    products: (await catalogue.products({ categoryId: category.id }, query.sort)).map(
      toProductTile,
    ),
  };
}
