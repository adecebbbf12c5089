/**
 * GST rate rules on tables in paise (issue 29 item 1 "Done when"): the band at ₹2,500 a piece
 * with exclusive and inclusive prices, with and without a discount, both sides of each edge;
 * the inclusive prices between ₹2,625 and ₹2,950 that fit neither rate (decision "GST price
 * bands": the higher rate); the most specific code and the latest effective date on or before
 * the invoice's date, so an invoice dated before 22-09-2025 keeps the pre-reform rates.
 */
import { describe, expect, it } from 'vitest';
import {
  chooseBandRule,
  describeGeneration,
  rateRuleFor,
  rulesInForce,
  type RateRule,
} from './rate-rules';

let nextId = 1;
const rule = (
  code: string,
  ratePercent: number,
  effectiveFrom: string,
  band: { abovePaise?: number; upToPaise?: number } = {},
): RateRule => ({
  id: nextId++,
  code,
  ratePercent,
  effectiveFrom,
  abovePaise: band.abovePaise ?? null,
  upToPaise: band.upToPaise ?? null,
  label: 'test',
});

const RULES: RateRule[] = [
  rule('62', 5, '2017-07-01', { upToPaise: 100_000 }),
  rule('62', 12, '2017-07-01', { abovePaise: 100_000 }),
  rule('62', 5, '2025-09-22', { upToPaise: 250_000 }),
  rule('62', 18, '2025-09-22', { abovePaise: 250_000 }),
  rule('5208', 5, '2017-07-01'),
  rule('998821', 5, '2017-07-01'),
  // A heading with its own rule only from 2030: before that, chapter 62's rules apply.
  rule('6211', 12, '2030-01-01'),
];

const rateOf = (
  code: string,
  date: string,
  piecePaise: number,
  inclusive = true,
  discountPaise = 0,
) =>
  rateRuleFor(RULES, code, date, { piecePaise, inclusive, discountPaise })?.rule.ratePercent ??
  null;

describe('the band at ₹2,500 a piece (from 22-09-2025)', () => {
  it.each([
    // piece price, inclusive, discount, rate, taxable value of the piece the band was decided on
    // Exclusive (the price is the taxable value): ₹2,500.00 is "up to", ₹2,500.01 is above.
    [250_000, false, 0, 5, 250_000],
    [250_001, false, 0, 18, 250_001],
    [249_999, false, 0, 5, 249_999],
    // Exclusive with a discount: the band is decided after it.
    [260_000, false, 10_000, 5, 250_000],
    [260_000, false, 9_999, 18, 250_001],
    // Inclusive: ₹2,625 at 5% is exactly ₹2,500 taxable; a paisa more fits 5% no longer.
    [262_500, true, 0, 5, 250_000],
    [262_499, true, 0, 5, 249_999],
    [200_000, true, 0, 5, 190_476],
    // ₹2,950 at 18% is exactly ₹2,500 (not above): ambiguous, the higher rate; a paisa more fits 18%.
    [295_000, true, 0, 18, 250_000],
    [295_001, true, 0, 18, 250_001],
    [304_800, true, 0, 18, 258_305],
    // Inclusive with a discount: ₹3,048 less ₹423 is ₹2,625, so the shirt moves to 5%.
    [304_800, true, 42_300, 5, 250_000],
    [304_800, true, 42_299, 18, 222_458],
    [420_000, true, 0, 18, 355_932],
  ])(
    'price %i paise (inclusive %s, discount %i) → %i%%, taxable piece %i',
    (piecePaise, inclusive, discountPaise, rate, taxable) => {
      const chosen = rateRuleFor(RULES, '62059090', '2026-11-26', {
        piecePaise,
        inclusive,
        discountPaise,
      });
      expect(chosen?.rule.ratePercent).toBe(rate);
      expect(chosen?.taxablePiecePaise).toBe(taxable);
    },
  );
});

describe('the ambiguous inclusive range: above ₹2,625 and up to ₹2,950 fits neither rate', () => {
  it.each([
    // price: taxable at 5% (above ₹2,500, so not 5%), taxable at 18% (not above ₹2,500, so not 18%)
    [262_501, 222_458],
    [275_000, 233_051],
    [280_000, 237_288],
    [294_999, 249_999],
    [295_000, 250_000],
  ])('%i paise → 18%% (the higher rate), taxable %i', (piecePaise, taxable) => {
    const chosen = rateRuleFor(RULES, '62', '2026-11-26', { piecePaise, inclusive: true });
    expect(chosen).toMatchObject({ rule: { ratePercent: 18 }, taxablePiecePaise: taxable });
  });

  it('takes the higher rate whatever order the bands are stored in', () => {
    const generation = rulesInForce([...RULES].reverse(), '62', '2026-11-26');
    expect(generation.map((r) => r.ratePercent)).toEqual([5, 18]);
    expect(
      chooseBandRule(generation, { piecePaise: 280_000, inclusive: true })?.rule.ratePercent,
    ).toBe(18);
  });
});

describe('which rules are in force: date, code prefix', () => {
  it.each([
    // code, date, inclusive piece price, rate
    ['6205', '2025-09-21', 304_800, 12], // the day before GST 2.0: pre-reform, as invoiced then
    ['6205', '2025-09-22', 304_800, 18], // GST 2.0 from 22-09-2025
    ['6205', '2025-09-21', 105_000, 5], // ₹1,050 at 5% is ₹1,000: the old band's top
    ['6205', '2025-09-21', 105_001, 12],
    ['6205', '2025-09-22', 105_001, 5],
    ['5208', '2026-11-26', 1_000_000, 5], // woven fabric: no band
    ['998821', '2026-11-26', 4_200_000, 5], // tailoring service
    ['6211', '2029-12-31', 304_800, 18], // heading 6211's own rule is not in force yet
    ['6211', '2030-01-01', 304_800, 12], // then the more specific code wins
  ])('%s on %s at %i paise → %i%%', (code, date, piecePaise, rate) => {
    expect(rateOf(code, date, piecePaise)).toBe(rate);
  });

  it('answers null for a code no rule covers, or a date before every rule', () => {
    expect(rateOf('6101', '2026-11-26', 100_000)).toBeNull();
    expect(rateOf('62', '2017-06-30', 100_000)).toBeNull();
  });

  it('refuses a discount larger than the price', () => {
    expect(() =>
      chooseBandRule(RULES.slice(2, 4), { piecePaise: 100, inclusive: true, discountPaise: 101 }),
    ).toThrow(RangeError);
  });

  it('describes a generation for the settings page', () => {
    expect(describeGeneration(rulesInForce(RULES, '6205', '2026-11-26'))).toBe(
      '5% up to ₹2,500 a piece; 18% above ₹2,500 a piece (HSN/SAC 62, from Monday, 22 September 2025)',
    );
    expect(describeGeneration([])).toBe('No rule: add one below.');
  });
});
