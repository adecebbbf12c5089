/**
 * The product editor's pure rules: prices typed in rupees read exactly as paise (and refused
 * when zero, negative, absurd or finer than a paisa), size and colour lists, list filters.
 */
import { describe, expect, it } from 'vitest';
import {
  listProblem,
  parseRupees,
  PRICE_MESSAGES,
  productFiltersFromSearch,
  splitList,
} from './product-rules';

describe('prices typed in rupees (read by lib/money, every way of typing tested there)', () => {
  it.each([
    ['1,250.50', 125_050],
    ['Rs. 799', 79_900],
    ['10,00,000', 100_000_000],
  ])('reads %j as %i paise', (typed, paise) => {
    expect(parseRupees(typed)).toEqual({ ok: true, paise });
  });

  it.each([
    ['   ', PRICE_MESSAGES.missing],
    ['-1,250.50', PRICE_MESSAGES.notPositive],
    ['10,00,000.01', PRICE_MESSAGES.tooHigh],
    ['99999999999999999999', PRICE_MESSAGES.tooHigh],
    ['1.234', PRICE_MESSAGES.decimals],
    ['<b>5</b>', PRICE_MESSAGES.unreadable],
  ])("refuses %j with the editor's message", (typed, message) => {
    expect(parseRupees(typed)).toEqual({ ok: false, message });
  });
});

describe('size and colour lists', () => {
  it('trims, drops empty entries and keeps the first of entries differing in case', () => {
    expect(splitList(' S, M ,L,,m, XL  ')).toEqual(['S', 'M', 'L', 'XL']);
    expect(splitList('Navy   blue, navy blue, Ivory')).toEqual(['Navy blue', 'Ivory']);
    expect(splitList('')).toEqual([]);
  });

  it('refuses overlong entries and more than 20 of them', () => {
    expect(listProblem(['x'.repeat(40)], 'size')).toBeNull();
    expect(listProblem(['x'.repeat(41)], 'colour')).toMatch(/^Please keep each colour to 40/);
    const many = Array.from({ length: 21 }, (_, i) => `C${i}`);
    expect(listProblem(many, 'colour')).toBe('Please list at most 20 colours.');
    expect(listProblem(many.slice(1), 'size')).toBeNull();
  });
});

describe('the list filters in the address', () => {
  it('reads known values and drops the rest', () => {
    expect(
      productFiltersFromSearch(
        new URLSearchParams(
          'q=%20silk%20&category=3&subcategory=x&active=yes&featured=maybe&sort=price-desc',
        ),
      ),
    ).toEqual({
      q: 'silk',
      categoryId: 3,
      subcategoryId: null,
      active: 'yes',
      featured: null,
      sort: 'price-desc',
    });
    expect(productFiltersFromSearch(new URLSearchParams('sort=drop table&category=-1'))).toEqual({
      q: '',
      categoryId: null,
      subcategoryId: null,
      active: null,
      featured: null,
      sort: 'updated-desc',
    });
  });
});
