/**
 * The product editor's pure rules: prices typed in rupees read exactly as paise (and refused
 * when zero, negative, absurd or finer than a paisa), size and colour lists, list filters.
 */
import { describe, expect, it } from 'vitest';
import {
  formatPriceExact,
  listProblem,
  paiseToTyped,
  parseRupees,
  PRICE_MESSAGES,
  productFiltersFromSearch,
  splitList,
} from './product-rules';

describe('prices typed in rupees', () => {
  it.each([
    ['1250', 125_000],
    ['1,250.50', 125_050],
    [' ₹ 1,250.5 ', 125_050],
    ['Rs. 799', 79_900],
    ['INR 12,000', 1_200_000],
    ['0.01', 1],
    ['.75', 75],
    ['99.', 9_900],
    ['10,00,000', 100_000_000],
    ['0001250', 125_000],
  ])('reads %j as %i paise', (typed, paise) => {
    expect(parseRupees(typed)).toEqual({ ok: true, paise });
  });

  it.each([
    ['', PRICE_MESSAGES.missing],
    ['   ', PRICE_MESSAGES.missing],
    ['0', PRICE_MESSAGES.notPositive],
    ['0.00', PRICE_MESSAGES.notPositive],
    ['-5', PRICE_MESSAGES.notPositive],
    ['-1,250.50', PRICE_MESSAGES.notPositive],
    ['10,00,000.01', PRICE_MESSAGES.tooHigh],
    ['12,50,000', PRICE_MESSAGES.tooHigh],
    ['99999999999999999999', PRICE_MESSAGES.tooHigh],
    ['1.234', PRICE_MESSAGES.decimals],
    ['abc', PRICE_MESSAGES.unreadable],
    ['1e5', PRICE_MESSAGES.unreadable],
    ['12,', PRICE_MESSAGES.unreadable],
    ['1,,250', PRICE_MESSAGES.unreadable],
    ['<b>5</b>', PRICE_MESSAGES.unreadable],
    ['.', PRICE_MESSAGES.unreadable],
  ])('refuses %j', (typed, message) => {
    expect(parseRupees(typed)).toEqual({ ok: false, message });
  });

  it('writes paise back for typing and shows paise only when there are some', () => {
    expect(paiseToTyped(125_050)).toBe('1250.50');
    expect(paiseToTyped(125_005)).toBe('1250.05');
    expect(paiseToTyped(125_000)).toBe('1250');
    expect(formatPriceExact(125_050)).toBe('₹1,250.50');
    expect(formatPriceExact(100_000_000)).toBe('₹10,00,000');
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
