import { describe, expect, it } from 'vitest';
import { isFeatured, selectFeatured } from './featured';

const product = (name: string, rating: number, featured = false) => ({ name, rating, featured });

describe('the featured rule (SPEC.md section 9)', () => {
  it('counts the flag, a rating of 4.5 or more, or a premium word in the name', () => {
    expect(isFeatured(product('Plain cotton', 3, true))).toBe(true);
    expect(isFeatured(product('Plain cotton', 4.5))).toBe(true);
    expect(isFeatured(product('Plain cotton', 4.49))).toBe(false);
    expect(isFeatured(product('LUXURY linen', 1))).toBe(true);
    expect(isFeatured(product('Exclusive sherwani', 1))).toBe(true);
    expect(isFeatured(product('premium shirt', 1))).toBe(true);
  });

  it('shows up to 8 qualifying products, flagged first, then by rating', () => {
    const products = [
      ...Array.from({ length: 10 }, (_, i) => product(`High ${i}`, 4.5 + i / 100)),
      product('Flagged', 2, true),
      product('Plain', 3),
    ];
    const featured = selectFeatured(products);
    expect(featured).toHaveLength(8);
    expect(featured[0]?.name).toBe('Flagged');
    expect(featured[1]?.name).toBe('High 9');
    expect(featured.map((p) => p.name)).not.toContain('Plain');
  });

  it('falls back to the 6 highest rated when none qualifies', () => {
    const products = Array.from({ length: 9 }, (_, i) => product(`Plain ${i}`, 3 + i / 10));
    const featured = selectFeatured(products);
    expect(featured.map((p) => p.name)).toEqual([
      'Plain 8',
      'Plain 7',
      'Plain 6',
      'Plain 5',
      'Plain 4',
      'Plain 3',
    ]);
  });

  it('gives nothing for no products', () => {
    expect(selectFeatured([])).toEqual([]);
  });
});
