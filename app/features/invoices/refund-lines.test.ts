/**
 * Refunds naming lines (issue 29 item 3), a table in paise: a refund of one line of five, of
 * part of a line (pieces, and metres in 0.25 m steps at an odd price a metre), the returns of a
 * line adding up to the invoice line, IGST outside the state, and the goodwill case spread pro
 * rata over all five lines. Hand-worked figures: share(A, q) = A × q ÷ sold, rounded half up.
 */
import { describe, expect, it } from 'vitest';
import {
  cappedReturnSplit,
  formatReturnQuantity,
  readReturnQuantity,
  returnCredit,
  returnedSplit,
  returnedValue,
  toCenti,
} from './refund-lines';
import { apportionRefund, splitInclusive, type TaxSplit } from './tax';

/** An order of five lines inside Gujarat, as its invoice splits them (5% and 18%). */
const FIVE_LINES = {
  // ₹1,500 shirt × 1 at 5%: taxable 1,42,857 paise (150000 × 100 ÷ 105 = 142857.14).
  shirt: splitInclusive(1_500_00, 5, true),
  // ₹1,999 shirts × 3 at 5%: 5,99,700 paise, taxable 5,71,143 (571142.86).
  shirts: splitInclusive(5_997_00, 5, true),
  // 3.5 m at ₹3,200 a metre at 5%: 11,20,000 paise, taxable 10,66,667 (1066666.67).
  linen: splitInclusive(11_200_00, 5, true),
  // ₹3,048 kurta at 18%.
  kurta: splitInclusive(3_048_00, 18, true),
  // ₹500 pocket square at 5%.
  square: splitInclusive(500_00, 5, true),
};

describe('the invoice lines of the table', () => {
  it('are split as the invoice splits them', () => {
    expect(FIVE_LINES.shirt).toEqual({
      grossPaise: 150000,
      taxablePaise: 142857,
      cgstPaise: 3571,
      sgstPaise: 3572,
      igstPaise: 0,
    });
    expect(FIVE_LINES.shirts).toEqual({
      grossPaise: 599700,
      taxablePaise: 571143,
      cgstPaise: 14278,
      sgstPaise: 14279,
      igstPaise: 0,
    });
    expect(FIVE_LINES.linen).toEqual({
      grossPaise: 1120000,
      taxablePaise: 1066667,
      cgstPaise: 26666,
      sgstPaise: 26667,
      igstPaise: 0,
    });
  });
});

describe('returnedSplit: what a credit note carries for a returned part of a line', () => {
  const cases: {
    name: string;
    line: TaxSplit;
    sold: number;
    before: number;
    returned: number;
    intraState: boolean;
    expected: TaxSplit;
  }[] = [
    {
      name: 'one line of five returned whole: exactly the invoice line',
      line: FIVE_LINES.shirt,
      sold: 100,
      before: 0,
      returned: 100,
      intraState: true,
      expected: FIVE_LINES.shirt,
    },
    {
      name: 'one shirt of three: a third of each amount, rounded half up; SGST the rest',
      line: FIVE_LINES.shirts,
      sold: 300,
      before: 0,
      returned: 100,
      intraState: true,
      // 599700 ÷ 3 = 199900; 571143 ÷ 3 = 190381; 14278 ÷ 3 = 4759.33 → 4759; 199900 − 190381 − 4759.
      expected: {
        grossPaise: 199900,
        taxablePaise: 190381,
        cgstPaise: 4759,
        sgstPaise: 4760,
        igstPaise: 0,
      },
    },
    {
      name: 'the two shirts left, later: the rest of the line, to the paisa',
      line: FIVE_LINES.shirts,
      sold: 300,
      before: 100,
      returned: 200,
      intraState: true,
      // 599700 − 199900; 571143 − 190381; 14278 − 4759; 399800 − 380762 − 9519.
      expected: {
        grossPaise: 399800,
        taxablePaise: 380762,
        cgstPaise: 9519,
        sgstPaise: 9519,
        igstPaise: 0,
      },
    },
    {
      name: '1.25 m of a 3.5 m cut at ₹3,200 a metre',
      line: FIVE_LINES.linen,
      sold: 350,
      before: 0,
      returned: 125,
      intraState: true,
      // 1120000 × 125 ÷ 350 = 400000; 1066667 × 125 ÷ 350 = 380952.5 → 380953;
      // 26666 × 125 ÷ 350 = 9523.57 → 9524; 400000 − 380953 − 9524 = 9523.
      expected: {
        grossPaise: 400000,
        taxablePaise: 380953,
        cgstPaise: 9524,
        sgstPaise: 9523,
        igstPaise: 0,
      },
    },
    {
      name: 'outside Gujarat: one of two pieces at 18%, all the tax IGST',
      line: splitInclusive(3_000_00, 18, false),
      sold: 200,
      before: 0,
      returned: 100,
      intraState: false,
      // taxable 254237 (300000 × 100 ÷ 118 = 254237.29); 254237 ÷ 2 = 127118.5 → 127119.
      expected: {
        grossPaise: 150000,
        taxablePaise: 127119,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 22881,
      },
    },
  ];
  it.each(cases)('$name', ({ line, sold, before, returned, intraState, expected }) => {
    expect(returnedSplit(line, sold, before, returned, intraState)).toEqual(expected);
  });

  it('returns of a line in 0.25 m steps add up to the invoice line, never a paisa more', () => {
    const line = FIVE_LINES.linen;
    const total = { grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
    for (let before = 0; before < 350; before += 25) {
      const part = returnedSplit(line, 350, before, 25, true);
      total.grossPaise += part.grossPaise;
      total.taxablePaise += part.taxablePaise;
      total.cgstPaise += part.cgstPaise;
      total.sgstPaise += part.sgstPaise;
    }
    expect(total).toEqual(line);
  });
});

describe('returnedValue: 0.25 m steps at an odd price a metre', () => {
  // 1.75 m at ₹1,234.57 a metre: 216049.75 → a line of 2,16,050 paise.
  const cases = [
    { before: 0, returned: 25, value: 30864 }, // 216050 × 25 ÷ 175 = 30864.29
    { before: 25, returned: 50, value: 61729 }, // share(75) = 92592.86 → 92593; − 30864
    { before: 75, returned: 100, value: 123457 }, // 216050 − 92593: the rest of the line
    { before: 0, returned: 175, value: 216050 },
  ];
  it.each(cases)('$returned after $before of 175 cm is $value paise', (row) => {
    expect(returnedValue(216050, 175, row.before, row.returned)).toBe(row.value);
  });

  it('refuses a return beyond what is left, or of nothing', () => {
    expect(() => returnedValue(216050, 175, 100, 100)).toThrow(RangeError);
    expect(() => returnedValue(216050, 175, 0, 0)).toThrow(RangeError);
    expect(() => returnedValue(216050, 175, 0, 12.5)).toThrow(RangeError);
  });
});

describe('the goodwill case: an amount spread pro rata over all five lines', () => {
  it('gives each line its share (largest remainder), summing to the amount', () => {
    const lines = [1_000_00, 2_000_00, 3_000_00, 2_500_00, 1_500_00];
    expect(apportionRefund(1_500_00, lines)).toEqual([150_00, 300_00, 450_00, 375_00, 225_00]);
  });
});

describe('returnCredit: a return after goodwill credits at most what is left of the line', () => {
  // creditedPaise: what earlier credit notes took from the line, goodwill shares included.
  const cases = [
    {
      name: 'the ₹1,500 shirt returned after ₹100 of goodwill on it: ₹1,400, not ₹1,500 again',
      line: { grossPaise: 1_500_00, soldCenti: 100, returnedCenti: 0, creditedPaise: 100_00 },
      returned: 100,
      credit: 1_400_00,
    },
    {
      name: 'one of three ₹1,999 shirts after ₹400 of goodwill: its full share, the line has it',
      line: { grossPaise: 5_997_00, soldCenti: 300, returnedCenti: 0, creditedPaise: 400_00 },
      returned: 100,
      credit: 1_999_00,
    },
    {
      name: 'the second of three: its full share again',
      line: { grossPaise: 5_997_00, soldCenti: 300, returnedCenti: 100, creditedPaise: 2_399_00 },
      returned: 100,
      credit: 1_999_00,
    },
    {
      name: 'the last of three: what is left, ₹1,599 (₹400 + 3 returns = the line, ₹5,997)',
      line: { grossPaise: 5_997_00, soldCenti: 300, returnedCenti: 200, creditedPaise: 4_398_00 },
      returned: 100,
      credit: 1_599_00,
    },
    {
      name: '3.50 m of linen after ₹560 of goodwill, all returned: ₹10,640',
      line: { grossPaise: 11_200_00, soldCenti: 350, returnedCenti: 0, creditedPaise: 560_00 },
      returned: 350,
      credit: 10_640_00,
    },
    {
      name: 'no goodwill: the share, as returnedValue (1.00 m after 0.75 m of 1.75 m)',
      line: { grossPaise: 216050, soldCenti: 175, returnedCenti: 75, creditedPaise: 92593 },
      returned: 100,
      credit: 123457,
    },
    {
      name: 'a line credited in full by goodwill: nothing',
      line: { grossPaise: 500_00, soldCenti: 100, returnedCenti: 0, creditedPaise: 500_00 },
      returned: 100,
      credit: 0,
    },
  ];
  it.each(cases)('$name', ({ line, returned, credit }) => {
    expect(returnCredit(line, returned)).toBe(credit);
  });
});

describe('cappedReturnSplit: the credit note line of a return within what is left', () => {
  const left = {
    grossPaise: 1_400_00,
    taxablePaise: 133_333,
    cgstPaise: 3_333,
    sgstPaise: 3_334,
    igstPaise: 0,
  };
  it('takes what is left of each amount when the share reaches it', () => {
    expect(cappedReturnSplit(FIVE_LINES.shirt, left, true)).toEqual(left);
  });
  it('keeps the share when the line has more left', () => {
    const share = returnedSplit(FIVE_LINES.shirts, 300, 0, 100, true);
    const shirtsLeft = {
      grossPaise: 5_597_00,
      taxablePaise: 533_048,
      cgstPaise: 13_326,
      sgstPaise: 13_326,
      igstPaise: 0,
    };
    expect(cappedReturnSplit(share, shirtsLeft, true)).toEqual(share);
  });
  it('never takes more of an amount than is left of it, the last tax taking the difference', () => {
    const share = {
      grossPaise: 1_000_00,
      taxablePaise: 95_238,
      cgstPaise: 2_381,
      sgstPaise: 2_381,
      igstPaise: 0,
    };
    const thin = {
      grossPaise: 1_000_01,
      taxablePaise: 95_237,
      cgstPaise: 2_382,
      sgstPaise: 2_382,
      igstPaise: 0,
    };
    expect(cappedReturnSplit(share, thin, true)).toEqual({
      grossPaise: 1_000_00,
      taxablePaise: 95_237,
      cgstPaise: 2_381,
      sgstPaise: 2_382,
      igstPaise: 0,
    });
  });
});

describe('quantities typed in the refund form', () => {
  it.each([
    ['1', 'PCS', { ok: true, centi: 100 }],
    ['', 'NOS', { ok: true, centi: 0 }],
    [' 2 ', 'NOS', { ok: true, centi: 200 }],
    ['1.25', 'MTR', { ok: true, centi: 125 }],
    ['0.5', 'MTR', { ok: true, centi: 50 }],
  ])('%j of a %s line reads as %j', (typed, unit, expected) => {
    expect(readReturnQuantity(typed, unit)).toEqual(expected);
  });

  it.each([
    ['1.5', 'PCS', 'Please enter the number of pieces returned, for example 1.'],
    ['-1', 'NOS', 'Please enter the number of pieces returned, for example 1.'],
    ['1.255', 'MTR', 'Please enter the length returned in metres, for example 1.25.'],
    ['one', 'MTR', 'Please enter the length returned in metres, for example 1.25.'],
  ])('%j of a %s line is refused: %s', (typed, unit, message) => {
    expect(readReturnQuantity(typed, unit)).toEqual({ ok: false, message });
  });

  it('shows hundredths as pieces or metres', () => {
    expect(formatReturnQuantity(toCenti(3.5), 'MTR')).toBe('3.50');
    expect(formatReturnQuantity(toCenti(2), 'NOS')).toBe('2');
  });
});
