/**
 * The GST arithmetic on tables of cases in paise (issue 21 "Done when": the tax split, the
 * back-calculation and its rounding), the refund's spread over lines, the GSTIN check, and the
 * financial year of dates around 31 March / 1 April in Kolkata, whatever the process's zone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { shopDateOf } from '~/lib/shop-time';
import { gstinProblem } from './gstin';
import { apportionRefund, financialYearOf, placeOfSupply, splitInclusive } from './tax';

describe('splitInclusive: tax-inclusive price → taxable value and tax', () => {
  it.each([
    // gross, rate, place, taxable, cgst, sgst, igst
    [105_000, 5, 'Gujarat', 100_000, 2_500, 2_500, 0],
    [105_000, 5, 'Maharashtra', 100_000, 0, 0, 5_000],
    [112_000, 12, 'Gujarat', 100_000, 6_000, 6_000, 0],
    [112_000, 12, 'Maharashtra', 100_000, 0, 0, 12_000],
    [118_000, 18, 'Gujarat', 100_000, 9_000, 9_000, 0],
    [118_000, 18, 'Maharashtra', 100_000, 0, 0, 18_000],
    // ₹999.99 at 5%: 95,237.14 → 95,237; tax 4,762 split evenly.
    [99_999, 5, 'Gujarat', 95_237, 2_381, 2_381, 0],
    // 1,00,001 at 12%: 89,286.6 → 89,287; tax 10,714 → 5,357 + 5,357.
    [100_001, 12, 'Gujarat', 89_287, 5_357, 5_357, 0],
    // Exactly half a paisa: 14 × 100 / 112 = 12.5 → 13 (half up); tax 1 → CGST 0, SGST 1.
    [14, 12, 'Gujarat', 13, 0, 1, 0],
    // A 1-paisa line keeps its paisa as taxable value (100 / 118 = 0.85 → 1): no tax.
    [1, 18, 'Gujarat', 1, 0, 0, 0],
    [1, 5, 'Maharashtra', 1, 0, 0, 0],
    [0, 12, 'Gujarat', 0, 0, 0, 0],
    [50_000, 0, 'Gujarat', 50_000, 0, 0, 0],
    // ₹60,000 sherwani at 12% out of state.
    [6_000_000, 12, 'Delhi', 5_357_143, 0, 0, 642_857],
  ])('%i paise at %i%% supplied to %s', (gross, rate, place, taxable, cgst, sgst, igst) => {
    const split = splitInclusive(gross, rate, place === 'Gujarat');
    expect(split).toEqual({
      grossPaise: gross,
      taxablePaise: taxable,
      cgstPaise: cgst,
      sgstPaise: sgst,
      igstPaise: igst,
    });
  });

  it('rounds per line: three 1-paisa lines differ from one 3-paisa line', () => {
    const three = [1, 1, 1].map((gross) => splitInclusive(gross, 18, true));
    expect(three.reduce((sum, line) => sum + line.taxablePaise, 0)).toBe(3);
    expect(splitInclusive(3, 18, true).taxablePaise).toBe(3); // 2.54 → 3
    expect(splitInclusive(6, 18, true)).toMatchObject({
      taxablePaise: 5,
      cgstPaise: 0,
      sgstPaise: 1,
    });
  });

  it('keeps every line whole: taxable + taxes = gross over many lines and rates', () => {
    let checked = 0;
    for (let gross = 0; gross <= 5_000; gross += 7) {
      for (const rate of [0, 5, 12, 18, 28]) {
        for (const intra of [true, false]) {
          const s = splitInclusive(gross, rate, intra);
          expect(s.taxablePaise + s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(gross);
          expect(Math.abs(s.taxablePaise - (gross * 100) / (100 + rate))).toBeLessThanOrEqual(0.5);
          expect(s.sgstPaise - s.cgstPaise).toBeGreaterThanOrEqual(0);
          expect(s.sgstPaise - s.cgstPaise).toBeLessThanOrEqual(1);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(7_000);
  });

  it.each([
    [-1, 5],
    [1.5, 5],
    [100, 7.25],
    [100, 29],
    [100, Number.NaN],
  ])('refuses %s paise at %s%%', (gross, rate) => {
    expect(() => splitInclusive(gross, rate, true)).toThrow(RangeError);
  });
});

describe('placeOfSupply', () => {
  it.each([
    ['Gujarat', 'Gujarat', '24'],
    ['  maharashtra ', 'Maharashtra', '27'],
    ['Dadra and Nagar Haveli and Daman and Diu', 'Dadra and Nagar Haveli and Daman and Diu', '26'],
    ['Atlantis', 'Atlantis', ''],
  ])('%j → %s (%s)', (typed, state, code) => {
    expect(placeOfSupply(typed)).toEqual({ state, code });
  });
});

describe('apportionRefund: a refund spread over the invoice lines pro rata', () => {
  it.each([
    [50_000, [100_000], [50_000]],
    [50_000, [60_000, 40_000], [30_000, 20_000]],
    [4, [1, 1, 1], [Number.NaN]],
  ])('%i over %j', (refund, lines, expected) => {
    if (expected.some(Number.isNaN)) {
      expect(() => apportionRefund(refund, lines)).toThrow(RangeError);
    } else {
      expect(apportionRefund(refund, lines)).toEqual(expected);
    }
  });

  it('gives leftover paise to the largest remainders and always sums to the refund', () => {
    expect(apportionRefund(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(apportionRefund(100, [333, 333, 334])).toEqual([33, 33, 34]);
    for (const refund of [0, 1, 7, 999, 12_333]) {
      const lines = [4_999, 1, 7_000, 333];
      const parts = apportionRefund(refund, lines);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(refund);
      parts.forEach((part, i) => expect(part).toBeLessThanOrEqual(lines[i]!));
    }
  });
});

describe('gstinProblem', () => {
  it.each([
    ['27AAPFU0939F1ZV', null],
    ['24abcde1234f1z6', null],
    ['24ABCDE1234F1Z7', 'check character'],
    ['24ABCDE1234F1Z', '15 characters'],
    ['24ABCDE12345FZ6', 'state code'],
  ])('%s', (gstin, problem) => {
    const answer = gstinProblem(gstin);
    if (problem === null) expect(answer).toBeNull();
    else expect(answer).toContain(problem);
  });
});

const originalZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalZone;
});

describe.each(['America/Los_Angeles', 'UTC', 'Pacific/Kiritimati'])(
  'the financial year of an instant, with TZ=%s',
  (zone) => {
    it.each([
      ['2027-03-31T18:29:59Z', '2026-27', '26-27'], // 23:59:59 IST, 31 March
      ['2027-03-31T18:30:00Z', '2027-28', '27-28'], // 00:00 IST, 1 April
      ['2026-04-01T00:00:00Z', '2026-27', '26-27'],
      ['2026-03-31T20:00:00Z', '2026-27', '26-27'], // 01:30 IST, 1 April
      ['2099-12-31T12:00:00Z', '2099-00', '99-00'],
      ['2000-01-15T12:00:00Z', '1999-00', '99-00'],
    ])('%s → %s', (instant, label, short) => {
      process.env.TZ = zone;
      expect(financialYearOf(shopDateOf(new Date(instant)))).toEqual({ label, short });
    });
  },
);
