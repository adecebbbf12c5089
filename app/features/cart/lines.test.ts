import { describe, expect, it } from 'vitest';
import { cartLineSchema, cartLinesSchema, keepValidLines } from './line-schema';
import {
  addLine,
  itemCount,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  mergeLines,
  removeLine,
  setLineQuantity,
  type CartLine,
} from './lines';

const shirt = (quantity = 1, size = 'M', color = 'White'): CartLine => ({
  productId: 7,
  size,
  color,
  quantity,
});

describe('cart lines (SPEC.md section 4 "Cart")', () => {
  it('keeps cuts of different lengths of one cloth apart and adds up equal ones', () => {
    const cut = (lengthCm: number, quantity = 1): CartLine => ({
      productId: 9,
      size: '',
      color: '',
      lengthCm,
      quantity,
    });
    const lines = addLine(addLine(addLine([], cut(350)), cut(125)), cut(350));
    expect(lines).toEqual([cut(350, 2), cut(125)]);
    expect(removeLine(lines, cut(350))).toEqual([cut(125)]);
  });
  it('raises the quantity of an equal line and appends a different one', () => {
    const once = addLine([], shirt());
    const twice = addLine(once, shirt(2));
    expect(twice).toEqual([shirt(3)]);
    const otherSize = addLine(twice, shirt(1, 'L'));
    expect(otherSize).toEqual([shirt(3), shirt(1, 'L')]);
    const otherColour = addLine(otherSize, shirt(1, 'L', 'Blue'));
    expect(otherColour).toHaveLength(3);
    expect(once).toEqual([shirt()]);
  });
  it('caps a line at the maximum and stops decreasing at 1', () => {
    expect(addLine([shirt(19)], shirt(5))).toEqual([shirt(MAX_LINE_QUANTITY)]);
    expect(setLineQuantity([shirt(2)], shirt(), 0)).toEqual([shirt(1)]);
    expect(setLineQuantity([shirt(2)], shirt(), -4)).toEqual([shirt(1)]);
    expect(setLineQuantity([shirt(2)], shirt(), 99)).toEqual([shirt(MAX_LINE_QUANTITY)]);
    expect(setLineQuantity([shirt(2), shirt(1, 'L')], shirt(1, 'L'), 4)).toEqual([
      shirt(2),
      shirt(4, 'L'),
    ]);
  });
  it('removes only the line with the same product, size and colour', () => {
    expect(removeLine([shirt(2), shirt(1, 'L')], shirt(1, 'M'))).toEqual([shirt(1, 'L')]);
  });
  it('merges a guest cart into the shopper cart by the same rule', () => {
    const own = [shirt(2), { productId: 9, size: '', color: '', quantity: 1 }];
    const guest = [shirt(3), shirt(1, 'S'), { productId: 9, size: '', color: '', quantity: 20 }];
    expect(mergeLines(own, guest)).toEqual([
      shirt(5),
      { productId: 9, size: '', color: '', quantity: MAX_LINE_QUANTITY },
      shirt(1, 'S'),
    ]);
    expect(itemCount(mergeLines(own, guest))).toBe(26);
  });
  it.each([0, -1, 1.5, 10_000, Number.NaN])('refuses the quantity %s', (quantity) => {
    expect(cartLineSchema.safeParse({ productId: 7, quantity }).success).toBe(false);
  });
  it('refuses a product id that is not a positive whole number, and too many lines', () => {
    for (const productId of [0, -3, 2.5, '7']) {
      expect(cartLineSchema.safeParse({ productId, quantity: 1 }).success).toBe(false);
    }
    // A line without a length is a piece (issue 29 item 2: 0 cm).
    expect(cartLineSchema.parse({ productId: 7, quantity: 2 })).toEqual({
      productId: 7,
      size: '',
      color: '',
      lengthCm: 0,
      quantity: 2,
    });
    expect(cartLineSchema.safeParse({ productId: 7, lengthCm: 12.5, quantity: 1 }).success).toBe(
      false,
    );
    expect(cartLineSchema.safeParse({ productId: 7, lengthCm: -25, quantity: 1 }).success).toBe(
      false,
    );
    const many = Array.from({ length: 51 }, (_, index) => ({ productId: index + 1, quantity: 1 }));
    expect(cartLinesSchema.safeParse(many).success).toBe(false);
  });
});

describe('a kept cart with bad lines (issue 17 item 10)', () => {
  it('keeps the valid lines, in order, and counts the rest', () => {
    const good = { productId: 3, size: 'M', color: 'White', quantity: 2 };
    const kept = keepValidLines([
      { productId: 1, size: '', color: '', quantity: 99 },
      good,
      { productId: 'x', quantity: 1 },
      null,
      { productId: 4, size: '', color: '', quantity: 0 },
      { productId: 3_000_000_000, size: '', color: '', quantity: 1 },
      { productId: 5, quantity: 1 },
    ]);
    expect(kept.lines).toEqual([
      { ...good, lengthCm: 0 },
      { productId: 5, size: '', color: '', lengthCm: 0, quantity: 1 },
    ]);
    expect(kept.dropped).toBe(5);
  });
  it('drops lines past the most a cart holds', () => {
    const many = Array.from({ length: MAX_CART_LINES + 3 }, (_, index) => ({
      productId: index + 1,
      quantity: 1,
    }));
    const kept = keepValidLines(many);
    expect(kept.lines).toHaveLength(MAX_CART_LINES);
    expect(kept.dropped).toBe(3);
  });
});
