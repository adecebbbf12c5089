/**
 * GSTR-1 tables 11A and 11B (sheets at and atadj, JSON `at` and `txpd`) for advances taxed on
 * receipt (tailoring on the customer's cloth, a service; issue 29 items 1 and 4), and the HSN
 * summary of a services line (UQC 'NA', no quantity). Amounts in paise.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentLine, InvoiceDocument } from './document';
import { buildGstr1, GSTR1_HEADERS, gstr1Json, gstr1SheetRows } from './gstr1';
import { advanceLines, advanceRefundLines, type AdvanceSupply } from './receipt-voucher';
import { splitInclusive, sumSplits } from './tax';

const tailoring: AdvanceSupply = {
  description: 'Tailoring service: bespoke shirt',
  code: '998821',
  ratePercent: 5,
  grossPaise: 180_000,
};
const kurta: AdvanceSupply = {
  description: 'Bespoke kurta',
  code: '6211',
  ratePercent: 18,
  grossPaise: 445_000,
};

const GUJARAT = { state: 'Gujarat', code: '24' };
const MAHARASHTRA = { state: 'Maharashtra', code: '27' };

/** A document of `kind` numbered `number` on `issueDate`, to `place`, with `lines`. */
function documentOf(
  kind: InvoiceDocument['kind'],
  number: string,
  issueDate: string,
  place: { state: string; code: string },
  lines: DocumentLine[],
  extra: Partial<InvoiceDocument> = {},
): InvoiceDocument {
  const sum = sumSplits(lines);
  return {
    kind,
    title: kind,
    number,
    issueDate,
    financialYear: '2026-27',
    supplier: {
      legalName: 'Rajkot Tailoring House',
      tradeName: 'Rajkot Tailoring House',
      address: 'Rajkot',
      gstin: '24ABCDE1234F1Z6',
      state: 'Gujarat',
      stateCode: '24',
    },
    recipient: {
      name: 'Nilesh Dave',
      address: '8 Yagnik Road',
      city: 'Rajkot',
      state: place.state,
      pincode: '360001',
      email: '',
      phone: '',
    },
    placeOfSupply: place,
    intraState: place.code === '24',
    order: { number: 'RT-1', kind: 'bespoke' },
    lines,
    totals: {
      taxablePaise: sum.taxablePaise,
      cgstPaise: sum.cgstPaise,
      sgstPaise: sum.sgstPaise,
      igstPaise: sum.igstPaise,
      totalPaise: sum.grossPaise,
    },
    amountInWords: '',
    notes: [],
    reverseCharge: 'No',
    signatory: { name: 'Proprietor', for: 'Rajkot Tailoring House' },
    ...extra,
  };
}

/** An invoice line of `supply`, one piece, inside Gujarat. */
const invoiceLine = (supply: AdvanceSupply, unit: string): DocumentLine => ({
  description: supply.description,
  code: supply.code,
  quantity: 1,
  unit,
  unitPricePaise: supply.grossPaise,
  ratePercent: supply.ratePercent,
  ...splitInclusive(supply.grossPaise, supply.ratePercent, true),
});

// November: ₹3,000 advance on a Gujarat order (shirt on own cloth + kurta): the shirt's share
// ₹864 is taxed (₹822.86 + ₹20.57 + ₹20.57), the kurta's is goods. ₹1,050 of tailoring from
// Maharashtra (₹1,000 + IGST ₹50), of which ₹333.33 is refunded before any invoice
// (₹317.46 + IGST ₹15.87).
const gujaratAdvance = documentOf(
  'receipt_voucher',
  'RCV/26-27/000001',
  '2026-11-05',
  GUJARAT,
  advanceLines(300_000, [tailoring, kurta], true),
);
const maharashtraAdvance = documentOf(
  'receipt_voucher',
  'RCV/26-27/000002',
  '2026-11-09',
  MAHARASHTRA,
  advanceLines(105_000, [{ ...tailoring, grossPaise: 105_000 }], false),
);
const maharashtraRefund = documentOf(
  'refund_voucher',
  'RV/26-27/000001',
  '2026-11-20',
  MAHARASHTRA,
  advanceRefundLines(33_333, maharashtraAdvance.lines, false),
);
// December: the Gujarat order is invoiced (shirt as a service, kurta as goods).
const gujaratInvoice = documentOf('invoice', 'RT/26-27/000001', '2026-12-02', GUJARAT, [
  invoiceLine(tailoring, 'NOS'),
  invoiceLine(kurta, 'PCS'),
]);

describe('advances taxed on receipt in GSTR-1', () => {
  it('reports the month’s service advances net of refunds, by place of supply and rate (at)', () => {
    const data = buildGstr1([
      { document: gujaratAdvance },
      { document: maharashtraAdvance },
      { document: maharashtraRefund },
    ]);
    expect(
      data.at.map((row) => [
        row.pos,
        row.ratePercent,
        row.intraState,
        row.taxablePaise,
        row.cgstPaise,
        row.sgstPaise,
        row.igstPaise,
      ]),
    ).toEqual([
      ['24-Gujarat', 5, true, 82_286, 2_057, 2_057, 0],
      ['27-Maharashtra', 5, false, 100_000 - 31_746, 0, 0, 5_000 - 1_587],
    ]);
    expect(data.atadj).toEqual([]);
    expect(GSTR1_HEADERS.at).toEqual([
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Gross Advance Received',
      'Cess Amount',
    ]);
    expect(gstr1SheetRows(data, 'at')).toEqual([
      ['24-Gujarat', '', 5, 822.86, 0],
      ['27-Maharashtra', '', 5, 682.54, 0],
    ]);
    const json = gstr1Json(data, '24ABCDE1234F1Z6', '112026');
    expect(json.at).toEqual([
      {
        pos: '24',
        sply_ty: 'INTRA',
        itms: [{ rt: 5, ad_amt: 822.86, iamt: 0, camt: 20.57, samt: 20.57, csamt: 0 }],
      },
      {
        pos: '27',
        sply_ty: 'INTER',
        itms: [{ rt: 5, ad_amt: 682.54, iamt: 34.13, camt: 0, samt: 0, csamt: 0 }],
      },
    ]);
    expect(json.txpd).toEqual([]);
    // Receipt and refund vouchers stay out of the invoice tables.
    expect(data.b2cs).toEqual([]);
    expect(data.hsnB2c).toEqual([]);
  });

  it('adjusts an invoice’s taxed advances issued in an earlier month (atadj), and sums a service as NA in hsn', () => {
    const data = buildGstr1([{ document: gujaratInvoice, advances: [gujaratAdvance] }]);
    expect(data.at).toEqual([]);
    expect(gstr1SheetRows(data, 'atadj')).toEqual([['24-Gujarat', '', 5, 822.86, 0]]);
    expect(GSTR1_HEADERS.atadj[3]).toBe('Gross Advance Adjusted');
    expect(gstr1Json(data, '24ABCDE1234F1Z6', '122026').txpd).toEqual([
      {
        pos: '24',
        sply_ty: 'INTRA',
        itms: [{ rt: 5, ad_amt: 822.86, iamt: 0, camt: 20.57, samt: 20.57, csamt: 0 }],
      },
    ]);
    // The invoice itself is reported in full as before (b2cs), the shirt's service under
    // SAC 998821 with UQC 'NA' and no quantity, the kurta as 1 PCS.
    expect(gstr1SheetRows(data, 'hsn-b2c')).toEqual([
      ['6211', '', 'PCS', 1, 4450, 18, 3771.19, 0, 339.4, 339.41, 0],
      ['998821', '', 'NA', 0, 1800, 5, 1714.29, 0, 42.85, 42.86, 0],
    ]);
  });

  it('nets an advance and its invoice in the same month to nothing on both sheets’ sum', () => {
    const data = buildGstr1([
      { document: gujaratAdvance },
      { document: gujaratInvoice, advances: [gujaratAdvance] },
    ]);
    expect(data.at.map((row) => row.taxablePaise)).toEqual([82_286]);
    expect(data.atadj.map((row) => row.taxablePaise)).toEqual([82_286]);
  });

  it('adjusts only what was not refunded, and leaves out a place whose advances were all refunded', () => {
    const fullRefund = documentOf(
      'refund_voucher',
      'RV/26-27/000002',
      '2026-11-21',
      MAHARASHTRA,
      advanceRefundLines(105_000, maharashtraAdvance.lines, false),
    );
    const november = buildGstr1([{ document: maharashtraAdvance }, { document: fullRefund }]);
    expect(november.at).toEqual([]);
    const invoice = documentOf('invoice', 'RT/26-27/000002', '2026-12-03', MAHARASHTRA, [
      { ...invoiceLine(tailoring, 'NOS'), ...splitInclusive(180_000, 5, false) },
    ]);
    const december = buildGstr1([
      { document: invoice, advances: [maharashtraAdvance, maharashtraRefund] },
    ]);
    expect(gstr1SheetRows(december, 'atadj')).toEqual([['27-Maharashtra', '', 5, 682.54, 0]]);
  });
});
