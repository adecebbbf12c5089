/**
 * The built-in fallback categories (SPEC.md section 3), used by the navigation bar and the
 * wardrobe when the database returns none. Ids are negative so they never meet a real row.
 */
import { subcategoryLinkSlug, slugify } from './slug';
import { DEFAULT_CATEGORIES } from '~/content/default-categories';
import type { CategorySummary } from './types';

export const fallbackCategories: readonly CategorySummary[] = DEFAULT_CATEGORIES.map(
  ([name, subs], index) => {
    const id = -(index + 1);
    return {
      id,
      name,
      slug: slugify(name),
      description: '',
      subcategories: subs.map((subName, subIndex) => ({
        id: id * 100 - subIndex,
        categoryId: id,
        name: subName,
        slug: slugify(subName),
        linkSlug: subcategoryLinkSlug(subName),
        description: '',
        imageKey: null,
        imagePlaceholder: null,
      })),
    };
  },
);
