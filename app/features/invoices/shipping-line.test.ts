import { describe, expect, it } from 'vitest';
import type { DocumentLine } from './document';
import { codFeeInvoiceLine, shippingInvoiceLine } from './shipping-line';
import { splitInclusive } from './tax';

const goods = (code: string, ratePercent: number, grossPaise: number): DocumentLine => ({
  description: code,
  code,
  quantity: 1,
  unit: 'PCS',
  unitPricePaise: grossPaise,
  ratePercent,
  ...splitInclusive(grossPaise, ratePercent, true),
});

const lines = [goods('5208', 5, 150_000), goods('6205', 18, 300_000), goods('6211', 18, 280_000)];

describe('the invoice’s shipping line (issue 32 item 2)', () => {
  it('takes the principal supply’s code and rate by default (CGST Act s. 8(a))', () => {
    const line = shippingInvoiceLine(
      13_000,
      lines,
      { taxRule: 'principal', separateRatePercent: 18 },
      true,
    )!;
    expect(line).toMatchObject({
      code: '6205',
      ratePercent: 18,
      quantity: 1,
      unit: 'NOS',
      grossPaise: 13_000,
    });
    // ₹130 inclusive of 18%: taxable 110.17, CGST and SGST 9.91 and 9.92 between them.
    expect(line.taxablePaise).toBe(11_017);
    expect(line.taxablePaise + line.cgstPaise + line.sgstPaise).toBe(13_000);
    expect(line.igstPaise).toBe(0);
  });

  it('is courier services, SAC 996812, at the set rate when taxed on its own', () => {
    const line = shippingInvoiceLine(
      9_000,
      [lines[0]!],
      { taxRule: 'separate', separateRatePercent: 18 },
      false,
    )!;
    expect(line).toMatchObject({ code: '996812', ratePercent: 18, cgstPaise: 0, sgstPaise: 0 });
    expect(line.taxablePaise + line.igstPaise).toBe(9_000);
  });

  it('is no line for free shipping or a pickup', () => {
    expect(
      shippingInvoiceLine(0, lines, { taxRule: 'principal', separateRatePercent: 18 }, true),
    ).toBeNull();
  });
});

describe('the invoice’s cash-on-delivery fee line (issue 32 item 3)', () => {
  it('is taxed as shipping is: the principal supply’s rate, or SAC 996812 on its own', () => {
    const principal = codFeeInvoiceLine(
      5_000,
      lines,
      { taxRule: 'principal', separateRatePercent: 18 },
      false,
    )!;
    expect(principal).toMatchObject({
      description:
        'Cash on delivery fee, part of the supply of the goods (composite supply, CGST Act s. 8(a))',
      code: '6205',
      ratePercent: 18,
      grossPaise: 5_000,
    });
    expect(principal.taxablePaise + principal.igstPaise).toBe(5_000);
    const separate = codFeeInvoiceLine(
      5_000,
      [goods('5208', 5, 150_000)],
      { taxRule: 'separate', separateRatePercent: 18 },
      true,
    )!;
    expect(separate).toMatchObject({
      description: 'Cash on delivery fee (courier services)',
      code: '996812',
      ratePercent: 18,
    });
    expect(
      codFeeInvoiceLine(0, lines, { taxRule: 'principal', separateRatePercent: 18 }, true),
    ).toBe(null);
  });
});
