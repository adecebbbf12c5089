/**
 * GSTR-1 table 12 (hsn) quantities net of returned goods (issue 29 items 3 and 4), pure: a
 * credit note that names the invoice lines it returns (`invoiceLine`, decision 018) lowers the
 * quantity of its code, UQC and rate as well as the value; a goodwill note (spread over the
 * lines, no line returned) lowers the value only.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentLine, InvoiceDocument } from './document';
import { buildGstr1, gstr1Json, gstr1SheetRows } from './gstr1';

/** A line of `grossPaise` at 5% inside Gujarat (taxable and tax split as the invoice does). */
function line(
  description: string,
  code: string,
  quantity: number,
  unit: string,
  grossPaise: number,
  extra: Partial<DocumentLine> = {},
): DocumentLine {
  const taxablePaise = Math.round(grossPaise / 1.05);
  const cgstPaise = Math.round((grossPaise - taxablePaise) / 2);
  return {
    description,
    code,
    quantity,
    unit,
    unitPricePaise: Math.round(grossPaise / quantity),
    grossPaise,
    taxablePaise,
    ratePercent: 5,
    cgstPaise,
    sgstPaise: grossPaise - taxablePaise - cgstPaise,
    igstPaise: 0,
    ...extra,
  };
}

/** A document to an unregistered buyer in Gujarat, dated in November 2026. */
function doc(kind: 'invoice' | 'credit_note', number: string, lines: DocumentLine[]) {
  const sum = (key: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'grossPaise') =>
    lines.reduce((total, each) => total + each[key], 0);
  return {
    kind,
    title: kind === 'invoice' ? 'Tax Invoice' : 'Credit Note',
    number,
    issueDate: '2026-11-10',
    financialYear: '2026-27',
    supplier: {
      legalName: 'Test Tailors',
      tradeName: 'Test Tailors',
      address: 'Rajkot',
      gstin: '24AAAAA0000A1Z5',
      state: 'Gujarat',
      stateCode: '24',
    },
    recipient: {
      name: 'Meera Joshi',
      address: '7 Race Course Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360001',
      email: 'meera@example.com',
      phone: '+919876543210',
    },
    placeOfSupply: { state: 'Gujarat', code: '24' },
    intraState: true,
    order: { number: 'RT-1', kind: 'shop' },
    lines,
    totals: {
      taxablePaise: sum('taxablePaise'),
      cgstPaise: sum('cgstPaise'),
      sgstPaise: sum('sgstPaise'),
      igstPaise: sum('igstPaise'),
      totalPaise: sum('grossPaise'),
    },
    amountInWords: '',
    notes: [],
    reverseCharge: 'No',
    signatory: { name: 'Owner', for: 'Test Tailors' },
  } satisfies InvoiceDocument;
}

const INVOICE = doc('invoice', 'INV/2026-27/1', [
  line('Oxford shirt', '6205', 2, 'PCS', 4_000_00),
  line('Irish linen, 3.50 m', '5309', 3.5, 'MTR', 11_200_00),
]);
const refersTo = { totalPaise: INVOICE.totals.totalPaise, issueDate: INVOICE.issueDate };

/** The hsn(b2c) rows as code → [UQC, quantity, value in rupees]. */
function hsnOf(notes: InvoiceDocument[]) {
  const data = buildGstr1([
    { document: INVOICE },
    ...notes.map((note) => ({ document: note, refersTo })),
  ]);
  return {
    rows: gstr1SheetRows(data, 'hsn-b2c').map((row) => [row[0], row[2], row[3], row[4]]),
    json: gstr1Json(data, '24AAAAA0000A1Z5', '112026').hsn.hsn_b2c.map((row) => row.qty),
  };
}

describe('GSTR-1 hsn quantities and credit notes', () => {
  it('counts the pieces and metres sold when nothing was returned', () => {
    expect(hsnOf([]).rows).toEqual([
      ['5309', 'MTR', 3.5, 11_200],
      ['6205', 'PCS', 2, 4_000],
    ]);
  });

  it('lowers the quantity by 1 PCS and 1.50 MTR when a credit note returns them', () => {
    const returned = doc('credit_note', 'CN/2026-27/1', [
      line('Oxford shirt', '6205', 1, 'PCS', 2_000_00, { invoiceLine: 0 }),
      line('Irish linen, 3.50 m', '5309', 1.5, 'MTR', 4_800_00, { invoiceLine: 1 }),
    ]);
    const hsn = hsnOf([returned]);
    expect(hsn.rows).toEqual([
      ['5309', 'MTR', 2, 6_400],
      ['6205', 'PCS', 1, 2_000],
    ]);
    expect(hsn.json).toEqual([2, 1]);
  });

  it('keeps metres exact to the centimetre over several returns', () => {
    const cuts = [0.1, 0.2, 0.7, 1.1].map((metres, index) =>
      doc('credit_note', `CN/2026-27/${index + 2}`, [
        line('Irish linen, 3.50 m', '5309', metres, 'MTR', Math.round(metres * 3_200_00), {
          invoiceLine: 1,
        }),
      ]),
    );
    expect(hsnOf(cuts).rows[0]).toEqual(['5309', 'MTR', 1.4, 4_480]);
  });

  it('lowers the value only for a goodwill note, whose lines return nothing', () => {
    const goodwill = doc('credit_note', 'CN/2026-27/9', [
      line('Oxford shirt', '6205', 2, 'PCS', 300_00),
      line('Irish linen, 3.50 m', '5309', 3.5, 'MTR', 840_00),
    ]);
    expect(hsnOf([goodwill]).rows).toEqual([
      ['5309', 'MTR', 3.5, 10_360],
      ['6205', 'PCS', 2, 3_700],
    ]);
  });
});
