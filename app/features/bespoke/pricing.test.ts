/** The garment price and the advance, on a table of cases in paise (issue 21 items 2 and 4). */
import { describe, expect, it } from 'vitest';
import { advanceDuePaise, isGarmentType, quoteGarment } from './pricing';

describe('quoteGarment', () => {
  it.each([
    // base, per metre, cm, options, expected fabric, expected total
    [1_400_000, 245_000, 300, [0, 45_000], 735_000, 2_180_000],
    [180_000, 65_000, 160, [], 104_000, 284_000],
    // 333 paise a metre × 1.5 m = 499.5 → 500 (half up)
    [0, 333, 150, [1], 500, 501],
    [900_000, 0, 180, [25_000, 10_000], 0, 935_000],
  ])(
    'base %i + %i/m × %i cm + %j → fabric %i, total %i',
    (base, perMetre, cm, options, fabric, total) => {
      const quote = quoteGarment({
        basePricePaise: base,
        fabricPricePerMetrePaise: perMetre,
        consumptionCm: cm,
        optionPricesPaise: options,
      });
      expect(quote.fabricPaise).toBe(fabric);
      expect(quote.totalPaise).toBe(total);
      expect(quote.basePaise + quote.fabricPaise + quote.optionsPaise).toBe(total);
    },
  );

  it.each([-1, 1.5, Number.NaN, 2 ** 60])('refuses the amount %s', (bad) => {
    expect(() =>
      quoteGarment({
        basePricePaise: 100,
        fabricPricePerMetrePaise: 100,
        consumptionCm: 100,
        optionPricesPaise: [bad],
      }),
    ).toThrow(RangeError);
  });
});

describe('advanceDuePaise', () => {
  it.each([
    [2_180_000, 50, 1_090_000],
    // half of ₹10,000.01 is ₹5,000.005: rounded up to ₹5,001
    [1_000_001, 50, 500_100],
    [10_050, 50, 5_100],
    [99, 50, 99],
    [1_500_000, 100, 1_500_000],
    [1_500_000, 1, 15_000],
  ])('%i paise at %i%% → %i', (total, percent, expected) => {
    expect(advanceDuePaise(total, percent)).toBe(expected);
  });

  it.each([
    [0, 50],
    [1000, 0],
    [1000, 101],
    [1000, 12.5],
  ])('refuses total %i at %i%%', (total, percent) => {
    expect(() => advanceDuePaise(total, percent)).toThrow(RangeError);
  });
});

it('knows the garment types', () => {
  expect(isGarmentType('sherwani')).toBe(true);
  expect(isGarmentType('bandhgala')).toBe(false);
});
