/**
 * The receipt voucher's lines (issue 29 item 3, Rule 50; "Done when: unit tables in paise
 * cover … each voucher"): how an advance is spread over the order's supplies and what tax it
 * carries (nil for goods, Notification 66/2017-CT; the service's rate for a SAC line).
 */
import { describe, expect, it } from 'vitest';
import { advanceLines, isServiceCode, type AdvanceSupply } from './receipt-voucher';

const sherwani: AdvanceSupply = {
  description: 'Bespoke sherwani',
  code: '6203',
  ratePercent: 18,
  grossPaise: 4_200_000,
};
const shirt: AdvanceSupply = {
  description: 'Bespoke shirt',
  code: '6205',
  ratePercent: 18,
  grossPaise: 304_800,
};
const cheapShirt: AdvanceSupply = { ...shirt, ratePercent: 5, grossPaise: 200_000 };
const tailoring: AdvanceSupply = {
  description: 'Tailoring of the customer’s cloth',
  code: '998821',
  ratePercent: 5,
  grossPaise: 100_000,
};

/** [gross, taxable, rate, cgst, sgst, igst] of each line. */
const figures = (lines: ReturnType<typeof advanceLines>) =>
  lines.map((line) => [
    line.grossPaise,
    line.taxablePaise,
    line.ratePercent,
    line.cgstPaise,
    line.sgstPaise,
    line.igstPaise,
  ]);

describe('a receipt voucher’s lines', () => {
  it.each([
    {
      what: '₹10,000 towards a ₹42,000 sherwani (goods): no tax on the advance',
      advance: 1_000_000,
      supplies: [sherwani],
      intra: true,
      expected: [[1_000_000, 1_000_000, 0, 0, 0, 0]],
    },
    {
      what: '₹5,000.01 towards two garments: spread by value, the odd paisa to the larger remainder',
      advance: 500_001,
      supplies: [sherwani, shirt],
      intra: true,
      expected: [
        [466_170, 466_170, 0, 0, 0, 0],
        [33_831, 33_831, 0, 0, 0, 0],
      ],
    },
    {
      what: '₹1,050 towards tailoring (SAC 998821 at 5%) in Gujarat: CGST + SGST on the advance',
      advance: 105_000,
      supplies: [tailoring],
      intra: true,
      expected: [[105_000, 100_000, 5, 2_500, 2_500, 0]],
    },
    {
      what: 'the same from Maharashtra: IGST',
      advance: 105_000,
      supplies: [tailoring],
      intra: false,
      expected: [[105_000, 100_000, 5, 0, 0, 5_000]],
    },
    {
      what: '₹1,500 towards a ₹2,000 shirt and ₹1,000 of tailoring: only the service part is taxed',
      advance: 150_000,
      supplies: [cheapShirt, tailoring],
      intra: true,
      // 50,000 × 100 / 105 = 47,619.05 → 47,619; tax 2,381 = 1,190 + 1,191.
      expected: [
        [100_000, 100_000, 0, 0, 0, 0],
        [50_000, 47_619, 5, 1_190, 1_191, 0],
      ],
    },
    {
      what: 'an advance above the supplies’ value: the excess on the last supply',
      advance: 110_000,
      supplies: [tailoring],
      intra: true,
      // 110,000 × 100 / 105 = 104,761.9 → 104,762; tax 5,238 = 2,619 + 2,619.
      expected: [[110_000, 104_762, 5, 2_619, 2_619, 0]],
    },
  ])('$what', ({ advance, supplies, intra, expected }) => {
    const lines = advanceLines(advance, supplies, intra);
    expect(figures(lines)).toEqual(expected);
    expect(lines.reduce((sum, line) => sum + line.grossPaise, 0)).toBe(advance);
  });

  it('names each supply, and says when a goods line is taxed', () => {
    const [goods, service] = advanceLines(150_000, [cheapShirt, tailoring], true);
    expect(goods!.description).toBe(
      'Advance towards Bespoke shirt (goods: GST at 5% on the tax invoice)',
    );
    expect(goods!.code).toBe('6205');
    expect(service!.description).toBe('Advance towards Tailoring of the customer’s cloth');
    expect(service!.code).toBe('998821');
  });

  it.each([
    [0, [tailoring], 'whole positive paise'],
    [-100, [tailoring], 'whole positive paise'],
    [10.5, [tailoring], 'whole positive paise'],
    [100, [], 'paid towards something'],
  ])('refuses an advance of %s paise towards %j', (advance, supplies, message) => {
    expect(() => advanceLines(advance, supplies, true)).toThrow(message);
  });

  it.each([
    ['998821', true],
    ['9988', true],
    ['6203', false],
    ['5208', false],
  ])('reads %s as a services code: %s', (code, service) => {
    expect(isServiceCode(code)).toBe(service);
  });
});
