/**
 * The receipt voucher's lines (issue 29 item 3, Rule 50; "Done when: unit tables in paise
 * cover … each voucher"): how an advance is spread over the order's supplies and what tax it
 * carries (nil for goods, Notification 66/2017-CT; the service's rate for a SAC line).
 */
import { describe, expect, it } from 'vitest';
import {
  advanceLines,
  advanceRefundLines,
  isServiceCode,
  type AdvanceSupply,
} from './receipt-voucher';

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

describe('a refund voucher’s lines for an advance refunded before any invoice', () => {
  // The receipt voucher of ₹1,500 towards a ₹2,000 shirt (goods) and ₹1,000 of tailoring.
  const advance = advanceLines(150_000, [cheapShirt, tailoring], true);

  it.each([
    {
      what: 'the whole advance: the tax reversed is the tax charged',
      refund: 150_000,
      lines: advance,
      intra: true,
      expected: [
        [100_000, 100_000, 0, 0, 0, 0],
        [50_000, 47_619, 5, 1_190, 1_191, 0],
      ],
    },
    {
      what: '₹600 of it: spread by value (₹400 goods, ₹200 service), the service part’s tax reversed',
      refund: 60_000,
      lines: advance,
      intra: true,
      // 20,000 × 100 / 105 = 19,047.6 → 19,048; tax 952 = 476 + 476.
      expected: [
        [40_000, 40_000, 0, 0, 0, 0],
        [20_000, 19_048, 5, 476, 476, 0],
      ],
    },
    {
      what: '₹333.33 of ₹1,050 of tailoring from Maharashtra: IGST reversed',
      refund: 33_333,
      lines: advanceLines(105_000, [tailoring], false),
      intra: false,
      // 33,333 × 100 / 105 = 31,745.7 → 31,746; IGST 1,587.
      expected: [[33_333, 31_746, 5, 0, 0, 1_587]],
    },
  ])('$what', ({ refund, lines, intra, expected }) => {
    const refunded = advanceRefundLines(refund, lines, intra);
    expect(figures(refunded)).toEqual(expected);
    expect(refunded.reduce((sum, line) => sum + line.grossPaise, 0)).toBe(refund);
  });

  it('names what is refunded, without the goods line’s note on its later tax', () => {
    expect(advanceRefundLines(150_000, advance, true).map((line) => line.description)).toEqual([
      'Refund of the advance towards Bespoke shirt',
      'Refund of the advance towards Tailoring of the customer’s cloth',
    ]);
  });

  it('refuses a refund above the advance, or of no paise', () => {
    expect(() => advanceRefundLines(150_001, advance, true)).toThrow(RangeError);
    expect(() => advanceRefundLines(0, advance, true)).toThrow(RangeError);
    expect(() => advanceRefundLines(100, [], true)).toThrow(RangeError);
  });
});
