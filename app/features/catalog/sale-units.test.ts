import { describe, expect, it } from 'vitest';
import {
  formatLength,
  lengthChoices,
  lengthProblem,
  metreLinePaise,
  stockTaken,
  unitPriceOf,
  type SaleTerms,
} from './sale-units';

const cloth: SaleTerms = {
  saleUnit: 'metre',
  lengthStepCm: 25,
  lengthMinCm: 100,
  lengthMaxCm: 1000,
};
const shirt: SaleTerms = {
  saleUnit: 'piece',
  lengthStepCm: null,
  lengthMinCm: null,
  lengthMaxCm: null,
};

describe('metreLinePaise: price a metre × cm ÷ 100, half up to the paisa (issue 29 item 2)', () => {
  // [price a metre (paise), length (cm), cut (paise)]
  const table: [number, number, number][] = [
    [320_000, 350, 1_120_000], // ₹3,200 a metre × 3.50 m = ₹11,200
    [320_000, 160, 512_000],
    [99_999, 25, 25_000], // 24,999.75 → 25,000 (.75 up)
    [99_999, 50, 50_000], // 49,999.5 → 50,000 (half up)
    [99_999, 75, 74_999], // 74,999.25 → 74,999 (.25 down)
    [99_999, 100, 99_999],
    [12_345, 125, 15_431], // 15,431.25 → 15,431
    [12_345, 150, 18_518], // 18,517.5 → 18,518 (half up)
    [12_345, 175, 21_604], // 21,603.75 → 21,604
    [1, 25, 0], // 0.25 → 0
    [2, 25, 1], // 0.5 → 1 (half up)
    [3, 75, 2], // 2.25 → 2
    [0, 350, 0],
    [320_000, 0, 0],
  ];
  it.each(table)('%i paise a metre × %i cm = %i paise', (price, cm, expected) => {
    expect(metreLinePaise(price, cm)).toBe(expected);
  });
  it('sums 0.25 m steps of an odd price a metre within a paisa of the exact value', () => {
    for (const price of [12_345, 99_999, 33_333, 1_07_777]) {
      for (let cm = 100; cm <= 1000; cm += 25) {
        const cut = metreLinePaise(price, cm);
        expect(Math.abs(cut - (price * cm) / 100)).toBeLessThanOrEqual(0.5);
        expect(Number.isInteger(cut)).toBe(true);
      }
    }
  });
  it('refuses fractions, negatives and amounts past safe integers', () => {
    expect(() => metreLinePaise(100.5, 100)).toThrow(RangeError);
    expect(() => metreLinePaise(100, -25)).toThrow(RangeError);
    expect(() => metreLinePaise(Number.MAX_SAFE_INTEGER, 1000)).toThrow(RangeError);
  });
  it('prices a piece at its price and a cut by its length', () => {
    expect(unitPriceOf(304_800, 0)).toBe(304_800);
    expect(unitPriceOf(320_000, 350)).toBe(1_120_000);
  });
});

describe('lengths a shopper may pick', () => {
  it('lists the steps from the minimum to the maximum', () => {
    const choices = lengthChoices(cloth);
    expect(choices[0]).toBe(100);
    expect(choices.at(-1)).toBe(1000);
    expect(choices).toHaveLength(37);
    expect(choices).toContain(350);
    expect(lengthChoices(shirt)).toEqual([]);
  });
  it('refuses lengths off the steps, outside the range, or on a piece', () => {
    expect(lengthProblem(cloth, 350)).toBeNull();
    expect(lengthProblem(cloth, 0)).toBe('Please choose a length');
    expect(lengthProblem(cloth, 75)).toBe('Please choose a length from 1.00 m to 10.00 m');
    expect(lengthProblem(cloth, 1025)).toBe('Please choose a length from 1.00 m to 10.00 m');
    expect(lengthProblem(cloth, 340)).toBe('Please choose a length in steps of 0.25 m from 1.00 m');
    expect(lengthProblem(shirt, 0)).toBeNull();
    expect(lengthProblem(shirt, 100)).toBe('This product is sold by the piece, not by length');
  });
  it('counts stock in centimetres for cuts and pieces otherwise', () => {
    expect(stockTaken({ lengthCm: 350, quantity: 2 })).toBe(700);
    expect(stockTaken({ lengthCm: 0, quantity: 3 })).toBe(3);
    expect(formatLength(350)).toBe('3.50 m');
  });
});
