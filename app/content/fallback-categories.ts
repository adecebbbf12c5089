/**
 * The built-in fallback categories (SPEC.md section 3), used by the navigation bar and the
 * wardrobe when the database returns none. Ids are negative so they never meet a real row.
 */
import { subcategoryLinkSlug, slugify } from '~/features/catalog/slug';
import type { CategorySummary } from '~/features/catalog/types';

const fallback: readonly (readonly [string, readonly string[]])[] = [
  ['Fabrics', ['Cotton', 'Linen', 'Iron Free', 'Khadi', 'Raw Silk']],
  ['Wedding Suites', ['Jodhpuri', 'Sherwani', 'Indowestern', 'Tuxedo', 'Kurta', 'Waist Coat']],
  ['Formal Attires', ['Business', 'Corporate', 'Tycoons']],
  ['Theme Attires', ['Father & Son', 'Family', 'PreWedding', 'Couple']],
  ['Uniforms', ['Customized Uniforms for Various Professions']],
  ['Ready to Wear', ['Jeans', 'Shirts', 'T-Shirts', 'Nightwears', 'Shorts']],
  ['Patterns', ['Trouser Patterns', 'Shirt Patterns']],
];

export const fallbackCategories: readonly CategorySummary[] = fallback.map(
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
