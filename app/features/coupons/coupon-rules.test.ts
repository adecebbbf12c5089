/**
 * The coupon's rules (issue 32 item 4), pure: when a code applies and the shopper's reason
 * when it does not, the discount (a percent rounded down, a flat amount capped), and its split
 * over the lines in whole paise.
 */
import { describe, expect, it } from 'vitest';
import {
  allocateDiscount,
  COUPON_MESSAGES,
  MIN_PAYABLE_PAISE,
  normalizeCode,
  quoteCoupon,
  type CouponTerms,
} from './coupon-rules';

const SHIRTS = 1;
const FABRIC = 2;

const TEN_PERCENT: CouponTerms = {
  code: 'SAVE10',
  kind: 'percent',
  value: 10,
  minOrderPaise: 0,
  categoryIds: [],
  validFrom: null,
  validUntil: null,
  totalLimit: null,
  perCustomerLimit: null,
  isActive: true,
};

const NO_USES = { total: 0, byCustomer: 0 };
const TODAY = '2026-11-28';
const shirt = (linePaise: number) => ({ linePaise, categoryId: SHIRTS });
const fabric = (linePaise: number) => ({ linePaise, categoryId: FABRIC });

describe('whether a code applies', () => {
  it('gives 10% of a ₹2,700 shirt: ₹270 off', () => {
    expect(quoteCoupon(TEN_PERCENT, [shirt(270_000)], TODAY, NO_USES)).toEqual({
      ok: true,
      quote: { code: 'SAVE10', discountPaise: 27_000, lineDiscounts: [27_000] },
    });
  });

  it.each([
    ['inactive', { isActive: false }, NO_USES, COUPON_MESSAGES.inactive],
    ['past its last day', { validUntil: '2026-11-27' }, NO_USES, 'This code has expired'],
    ['before its first day', { validFrom: '2026-11-29' }, NO_USES, COUPON_MESSAGES.notYet],
    [
      'used by this customer',
      { perCustomerLimit: 1 },
      { total: 1, byCustomer: 1 },
      'You have already used this code',
    ],
    ['used up', { totalLimit: 3 }, { total: 3, byCustomer: 0 }, 'This code has been fully used'],
    [
      'for fabric only',
      { categoryIds: [FABRIC] },
      NO_USES,
      'This code does not apply to the items in your cart',
    ],
    ['below its minimum', { minOrderPaise: 300_000 }, NO_USES, 'Add ₹300 more to use this code'],
  ] as const)('is refused when %s', (_case, terms, uses, message) => {
    expect(quoteCoupon({ ...TEN_PERCENT, ...terms }, [shirt(270_000)], TODAY, uses)).toEqual({
      ok: false,
      message,
    });
  });

  it('applies on its first and last days, and below its limits', () => {
    const terms = {
      ...TEN_PERCENT,
      validFrom: TODAY,
      validUntil: TODAY,
      totalLimit: 2,
      perCustomerLimit: 2,
    };
    expect(quoteCoupon(terms, [shirt(270_000)], TODAY, { total: 1, byCustomer: 1 }).ok).toBe(true);
  });

  it('rounds the shortfall up to the rupee', () => {
    const answer = quoteCoupon(
      { ...TEN_PERCENT, minOrderPaise: 100_050 },
      [shirt(100_000)],
      TODAY,
      NO_USES,
    );
    expect(answer).toEqual({ ok: false, message: 'Add ₹1 more to use this code' });
  });

  it('takes the minimum on the whole cart, the discount on the eligible lines only', () => {
    const answer = quoteCoupon(
      { ...TEN_PERCENT, categoryIds: [SHIRTS], minOrderPaise: 300_000 },
      [shirt(200_000), fabric(150_000)],
      TODAY,
      NO_USES,
    );
    expect(answer).toEqual({
      ok: true,
      quote: { code: 'SAVE10', discountPaise: 20_000, lineDiscounts: [20_000, 0] },
    });
  });

  it('caps a flat amount at the eligible goods, and never makes an order free', () => {
    const flat = { ...TEN_PERCENT, kind: 'flat' as const, value: 500_000 };
    const mixed = quoteCoupon(
      { ...flat, categoryIds: [FABRIC] },
      [shirt(200_000), fabric(150_000)],
      TODAY,
      NO_USES,
    );
    expect(mixed).toMatchObject({ ok: true, quote: { discountPaise: 150_000 } });
    const all = quoteCoupon(flat, [shirt(200_000)], TODAY, NO_USES);
    expect(all).toMatchObject({ ok: true, quote: { discountPaise: 200_000 - MIN_PAYABLE_PAISE } });
    const hundred = quoteCoupon({ ...TEN_PERCENT, value: 100 }, [shirt(50_000)], TODAY, NO_USES);
    expect(hundred).toMatchObject({
      ok: true,
      quote: { discountPaise: 50_000 - MIN_PAYABLE_PAISE },
    });
  });

  it('rounds a percentage down to the paisa', () => {
    const answer = quoteCoupon({ ...TEN_PERCENT, value: 15 }, [shirt(99_999)], TODAY, NO_USES);
    expect(answer).toMatchObject({ ok: true, quote: { discountPaise: 14_999 } });
  });

  it('reads a typed code in any case and spacing', () => {
    expect(normalizeCode('  save10 ')).toBe('SAVE10');
  });
});

describe('splitting a discount over the lines', () => {
  it('splits by value, each share rounded down, the paise left to the largest remainders', () => {
    // 100 over 1:1:1 → 33.33 each: the one paisa left goes to the first line.
    expect(allocateDiscount(100, [1000, 1000, 1000])).toEqual([34, 33, 33]);
    // 10 over 3:3:4 → 3, 3, 4 exactly.
    expect(allocateDiscount(10, [300, 300, 400])).toEqual([3, 3, 4]);
    // 7 over 1:2:4 → 1, 2, 4.
    expect(allocateDiscount(7, [100, 200, 400])).toEqual([1, 2, 4]);
    // 5 over 1:1 → 2.5 each: the earlier line gets the odd paisa.
    expect(allocateDiscount(5, [50, 50])).toEqual([3, 2]);
  });

  it('gives nothing to a line of no value, adds up exactly, and never exceeds a line', () => {
    for (const [discount, values] of [
      [999, [123, 0, 4567, 89]],
      [4779, [123, 0, 4567, 89]],
      [1, [1, 1, 1]],
      [27_000, [270_000]],
    ] as const) {
      const shares = allocateDiscount(discount, values);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(discount);
      shares.forEach((share, index) => {
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(values[index]!);
      });
      expect(shares[values.indexOf(0 as never)] ?? 0).toBe(0);
    }
  });

  it('refuses a discount larger than the lines', () => {
    expect(() => allocateDiscount(301, [100, 200])).toThrow(RangeError);
    expect(() => allocateDiscount(-1, [100])).toThrow(RangeError);
  });
});
