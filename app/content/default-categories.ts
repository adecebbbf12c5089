/**
 * The house's seven categories and their subcategories, as SPEC.md section 3 names them
 * (spellings kept, "Wedding Suites" included). The catalogue falls back to them when the
 * database has none (features/catalog/fallback-categories.ts).
 */
export const DEFAULT_CATEGORIES: readonly (readonly [string, readonly string[]])[] = [
  ['Fabrics', ['Cotton', 'Linen', 'Iron Free', 'Khadi', 'Raw Silk']],
  ['Wedding Suites', ['Jodhpuri', 'Sherwani', 'Indowestern', 'Tuxedo', 'Kurta', 'Waist Coat']],
  ['Formal Attires', ['Business', 'Corporate', 'Tycoons']],
  ['Theme Attires', ['Father & Son', 'Family', 'PreWedding', 'Couple']],
  ['Uniforms', ['Customized Uniforms for Various Professions']],
  ['Ready to Wear', ['Jeans', 'Shirts', 'T-Shirts', 'Nightwears', 'Shorts']],
  ['Patterns', ['Trouser Patterns', 'Shirt Patterns']],
];
