import { describe, expect, it } from 'vitest';
import { findSubcategory, lookupKey, slugify, slugToTitle, subcategoryLinkSlug } from './slug';

describe('slugify (SPEC.md section 3)', () => {
  it('lower-cases and turns each run of non-alphanumerics into one hyphen', () => {
    expect(slugify('Wedding Suites')).toBe('wedding-suites');
    expect(slugify('Father & Son')).toBe('father-son');
    expect(slugify('  Ready -- to   Wear!! ')).toBe('ready-to-wear');
    expect(slugify('T-Shirts')).toBe('t-shirts');
    expect(slugify('Café Crème')).toBe('cafe-creme');
  });
  it('gives an empty slug for a name without letters or digits', () => {
    expect(slugify('&&&')).toBe('');
  });
});

describe('subcategoryLinkSlug (SPEC.md section 2)', () => {
  it('lower-cases and replaces spaces with hyphens only', () => {
    expect(subcategoryLinkSlug('Iron Free')).toBe('iron-free');
    expect(subcategoryLinkSlug('Father & Son')).toBe('father-&-son');
    expect(subcategoryLinkSlug('T-Shirts')).toBe('t-shirts');
  });
});

describe('slugToTitle (SPEC.md section 7 row 8)', () => {
  it('turns a slug into title-cased words', () => {
    expect(slugToTitle('raw-silk')).toBe('Raw Silk');
    expect(slugToTitle('iron-free')).toBe('Iron Free');
    expect(slugToTitle('JEANS')).toBe('Jeans');
  });
});

describe('the subcategory lookup helper (SPEC.md section 3)', () => {
  const categories = [
    {
      id: 1,
      name: 'Fabrics',
      subcategories: [
        { id: 11, name: 'Raw Silk', slug: 'raw-silk' },
        { id: 12, name: 'Iron Free', slug: 'iron-free' },
      ],
    },
    {
      id: 4,
      name: 'Theme Attires',
      subcategories: [{ id: 41, name: 'Father & Son', slug: 'father-son' }],
    },
  ];
  it('ignores case, ampersands, spaces and hyphens', () => {
    expect(lookupKey('FATHER-&-SON')).toBe('fatherson');
    expect(findSubcategory(categories, 'father-&-son')?.subcategory.id).toBe(41);
    expect(findSubcategory(categories, 'Father and')).toBeUndefined();
    expect(findSubcategory(categories, 'RAW silk')?.subcategory.id).toBe(11);
    expect(findSubcategory(categories, 'ironfree')?.category.name).toBe('Fabrics');
  });
  it('finds by id and returns the category too', () => {
    const match = findSubcategory(categories, '41');
    expect(match?.category.id).toBe(4);
    expect(match?.subcategory.name).toBe('Father & Son');
  });
  it('finds nothing for unknown or blank names', () => {
    expect(findSubcategory(categories, 'velvet')).toBeUndefined();
    expect(findSubcategory(categories, ' - & ')).toBeUndefined();
  });
});
