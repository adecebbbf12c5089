/**
 * Issuing invoices and credit notes on a real database (issue 21 item 5 and "Done when"):
 * numbers stay consecutive with 20 concurrent issues and restart at 1 in a new financial year;
 * one invoice per order and one credit note per refund, whatever is replayed; codes come from
 * the settings and rates from the GST rate rules in force on the invoice's date (issue 29
 * item 1: an invoice dated before GST 2.0 recomputes as it did); the PDF's extracted text
 * carries every Rule 46 field.
 */
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentJobError } from '~/lib/jobs/worker.server';
import {
  bespokeGarments,
  categories,
  invoices,
  orderLines,
  orders,
  payments,
  products,
  siteSettings,
  taxRateRules,
} from '~/lib/schema.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { defaultInvoicingSettings } from './invoicing-settings';
import { issueCreditNote, issueInvoice, type IssuedDocument } from './invoices.server';
import { invoicePdf } from './pdf.server';

let database: TestDatabase;
let fabricsId: number;
let suitsId: number;
let unlistedId: number;
let orderCount = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const made = await db
    .insert(categories)
    .values([
      { name: 'Fabrics', slug: 'fabrics' },
      { name: 'Wedding Suites', slug: 'wedding-suites' },
      { name: 'Unlisted', slug: 'unlisted' },
    ])
    .returning();
  const [fabrics, suits, unlisted] = made;
  const productRows = await db
    .insert(products)
    .values([
      { slug: 'linen', name: 'Irish linen', categoryId: fabrics!.id, pricePaise: 99_999 },
      { slug: 'sherwani', name: 'Ivory sherwani', categoryId: suits!.id, pricePaise: 4_500_000 },
      { slug: 'odd', name: 'Pocket square', categoryId: unlisted!.id, pricePaise: 1 },
    ])
    .returning();
  [fabricsId, suitsId, unlistedId] = productRows.map((row) => row.id) as [number, number, number];
});
afterAll(() => database?.dispose());

/** A paid shop order of the given lines, to `state`. */
async function paidShopOrder(
  state: string,
  lines: { productId: number; unitPricePaise: number; quantity: number }[],
  status: 'paid' | 'created' = 'paid',
) {
  const n = ++orderCount;
  const amount = lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
  const [order] = await database.db
    .insert(orders)
    .values({
      number: `RT-TEST-${n}`,
      status,
      amountPaise: amount,
      customerName: `Asha Patel ${n}`,
      email: `asha${n}@example.com`,
      phone: '+919876543210',
      address: '4 Kalawad Road',
      city: state === 'Gujarat' ? 'Rajkot' : 'Mumbai',
      state,
      pincode: '360005',
      provider: 'sandbox',
      paidAt: status === 'paid' ? new Date() : null,
    })
    .returning();
  await database.db
    .insert(orderLines)
    .values(lines.map((line) => ({ ...line, orderId: order!.id, name: `Line ${line.productId}` })));
  return order!;
}

async function pdfText(issued: IssuedDocument): Promise<string> {
  const pdf = await invoicePdf(issued.document);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
}

describe(`tax invoices on ${testDatabaseKind}`, () => {
  it('numbers 20 concurrent issues consecutively, then restarts at 1 in a new financial year', async () => {
    const at = new Date('2027-03-31T18:00:00Z'); // 23:30 IST on 31 March 2027
    const made = await Promise.all(
      Array.from({ length: 20 }, () =>
        paidShopOrder('Gujarat', [{ productId: fabricsId, unitPricePaise: 10_500, quantity: 1 }]),
      ),
    );
    const outcomes = await Promise.all(
      made.map((order) => issueInvoice(database.db, order.id, at)),
    );
    const numbers = outcomes.map((outcome) => (outcome.ok ? outcome.issued.number : 'refused'));
    expect([...numbers].sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `RT/26-27/${String(i + 1).padStart(6, '0')}`),
    );
    const rows = await database.db
      .select()
      .from(invoices)
      .where(eq(invoices.financialYear, '2026-27'));
    expect(rows.map((row) => row.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );

    const april = await paidShopOrder('Gujarat', [
      { productId: fabricsId, unitPricePaise: 10_500, quantity: 1 },
    ]);
    const next = await issueInvoice(database.db, april.id, new Date('2027-03-31T18:30:00Z'));
    expect(next).toMatchObject({ ok: true, issued: { number: 'RT/27-28/000001' } });
  });

  it('issues one invoice per order however often it is asked, and none for an unpaid order', async () => {
    const order = await paidShopOrder('Gujarat', [
      { productId: fabricsId, unitPricePaise: 10_500, quantity: 2 },
    ]);
    const [first, second] = await Promise.all([
      issueInvoice(database.db, order.id),
      issueInvoice(database.db, order.id),
    ]);
    expect(first!.ok && second!.ok).toBe(true);
    if (!first!.ok || !second!.ok) return;
    expect(first!.issued.id).toBe(second!.issued.id);
    expect([first!.created, second!.created].sort()).toEqual([false, true]);
    const unpaid = await paidShopOrder(
      'Gujarat',
      [{ productId: fabricsId, unitPricePaise: 10_500, quantity: 1 }],
      'created',
    );
    expect(await issueInvoice(database.db, unpaid.id)).toEqual({ ok: false, reason: 'not-paid' });
    expect(await issueInvoice(database.db, 999_999)).toEqual({ ok: false, reason: 'not-found' });
  });

  it('takes codes from the settings and rates from the rules on its date: CGST+SGST in Gujarat, IGST to Maharashtra', async () => {
    const lines = [
      { productId: fabricsId, unitPricePaise: 99_999, quantity: 3 },
      { productId: suitsId, unitPricePaise: 4_500_000, quantity: 1 },
      { productId: unlistedId, unitPricePaise: 1, quantity: 1 },
    ];
    // Dated 10 September 2025, before GST 2.0: the same figures as the invoices of then.
    const beforeReform = new Date('2025-09-10T06:00:00Z');
    const home = await issueInvoice(
      database.db,
      (await paidShopOrder('Gujarat', lines)).id,
      beforeReform,
    );
    expect(home.ok).toBe(true);
    if (!home.ok) return;
    const doc = home.issued.document;
    expect(doc.intraState).toBe(true);
    expect(doc.placeOfSupply).toEqual({ state: 'Gujarat', code: '24' });
    expect(
      doc.lines.map((l) => [
        l.code,
        l.ratePercent,
        l.grossPaise,
        l.taxablePaise,
        l.cgstPaise,
        l.sgstPaise,
        l.igstPaise,
      ]),
    ).toEqual([
      ['5208', 5, 299_997, 285_711, 7_143, 7_143, 0],
      ['6203', 12, 4_500_000, 4_017_857, 241_071, 241_072, 0],
      ['998821', 5, 1, 1, 0, 0, 0],
    ]);
    expect(doc.totals).toEqual({
      taxablePaise: 4_303_569,
      cgstPaise: 248_214,
      sgstPaise: 248_215,
      igstPaise: 0,
      totalPaise: 4_799_998,
    });
    expect(doc.amountInWords).toBe(
      'Forty Seven Thousand Nine Hundred Ninety Nine Rupees And Ninety Eight Paise Only',
    );

    // The same lines on 26 November 2026: the ₹45,000 sherwani pays 18% (above ₹2,500 a piece).
    const since = await issueInvoice(
      database.db,
      (await paidShopOrder('Gujarat', lines)).id,
      new Date('2026-11-26T06:00:00Z'),
    );
    expect(since.ok && since.issued.document.lines.map((l) => [l.code, l.ratePercent])).toEqual([
      ['5208', 5],
      ['6203', 18],
      ['998821', 5],
    ]);

    // A new code in the settings and a new rule for it from 1 January 2026 apply to the next
    // invoice; the issued one keeps its own, and one dated before the rule does not take it.
    await database.db
      .insert(taxRateRules)
      .values({ code: '5407', ratePercent: 18, effectiveFrom: '2026-01-01', label: 'test' });
    await database.db.insert(siteSettings).values({
      key: 'invoicing',
      value: {
        ...defaultInvoicingSettings,
        categories: {
          ...defaultInvoicingSettings.categories,
          fabrics: { code: '5407' },
        },
      },
    });
    const away = await issueInvoice(
      database.db,
      (await paidShopOrder('Maharashtra', lines.slice(0, 1))).id,
    );
    expect(away.ok && away.issued.document.lines[0]).toMatchObject({
      code: '5407',
      ratePercent: 18,
      grossPaise: 299_997,
      taxablePaise: 254_235,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 45_762,
    });
    const december = await issueInvoice(
      database.db,
      (await paidShopOrder('Maharashtra', lines.slice(0, 1))).id,
      new Date('2025-12-31T06:00:00Z'),
    );
    expect(december.ok && december.issued.document.lines[0]).toMatchObject({
      code: '5407',
      ratePercent: 5,
    });
    const [kept] = await database.db.select().from(invoices).where(eq(invoices.id, home.issued.id));
    expect((kept!.document as { lines: { code: string }[] }).lines[0]!.code).toBe('5208');
    await database.db.delete(siteSettings).where(eq(siteSettings.key, 'invoicing'));
    await database.db.delete(taxRateRules).where(eq(taxRateRules.label, 'test'));
  });

  it('invoices a bespoke order once its payments cover it, with its garments', async () => {
    const [order] = await database.db
      .insert(orders)
      .values({
        number: 'RT-BESPOKE-1',
        kind: 'bespoke',
        status: 'created',
        amountPaise: 6_000_000,
        customerName: 'Ravi Shah',
        email: 'ravi@example.com',
        phone: '+919825012345',
        address: '9 Yagnik Road',
        city: 'Rajkot',
        state: 'Gujarat',
        pincode: '360001',
        provider: 'sandbox',
      })
      .returning();
    await database.db.insert(bespokeGarments).values({
      orderId: order!.id,
      garmentType: 'sherwani',
      fabricCode: 'IN-204',
      fabricName: 'Ivory raw silk',
      fabricPricePerMetrePaise: 250_000,
      consumptionCm: 350,
      options: [{ group: 'collar', code: 'band', name: 'Band collar', pricePaise: 0 }],
      quotePaise: 6_000_000,
      pricePaise: 6_000_000,
    });
    await database.db.insert(payments).values({
      orderId: order!.id,
      kind: 'payment',
      method: 'online',
      status: 'succeeded',
      amountPaise: 3_000_000,
    });
    expect(await issueInvoice(database.db, order!.id)).toEqual({ ok: false, reason: 'not-paid' });
    await database.db.insert(payments).values({
      orderId: order!.id,
      kind: 'payment',
      method: 'upi',
      status: 'succeeded',
      amountPaise: 3_000_000,
      reference: 'UPI-1',
    });
    const issued = await issueInvoice(database.db, order!.id);
    expect(issued.ok && issued.issued.document.lines).toEqual([
      expect.objectContaining({
        description: 'Bespoke sherwani in Ivory raw silk (IN-204): Band collar',
        code: '6203',
        quantity: 1,
        unit: 'PCS',
        ratePercent: 18,
        grossPaise: 6_000_000,
        taxablePaise: 5_084_746,
      }),
    ]);
  });

  it('issues one credit note per refund, referring to the invoice, split pro rata', async () => {
    const order = await paidShopOrder('Maharashtra', [
      { productId: fabricsId, unitPricePaise: 105_000, quantity: 1 },
      { productId: suitsId, unitPricePaise: 112_000, quantity: 1 },
    ]);
    const [refund] = await database.db
      .insert(payments)
      .values({
        orderId: order.id,
        kind: 'refund',
        method: 'online',
        status: 'pending',
        amountPaise: -108_500,
        reason: 'Shade did not match',
      })
      .returning();
    expect(await issueCreditNote(database.db, refund!.id)).toEqual({
      ok: false,
      reason: 'refund-not-settled',
    });
    await database.db
      .update(payments)
      .set({ status: 'succeeded' })
      .where(eq(payments.id, refund!.id));
    // No invoice yet: the credit note issues it first. A replay answers the same note.
    const [note, replay] = await Promise.all([
      issueCreditNote(database.db, refund!.id),
      issueCreditNote(database.db, refund!.id),
    ]);
    expect(note!.ok && replay!.ok).toBe(true);
    if (!note!.ok || !replay!.ok) return;
    expect(note!.issued.id).toBe(replay!.issued.id);
    const doc = note!.issued.document;
    expect(doc.number).toMatch(/^CN\/\d\d-\d\d\/000001$/);
    const [invoice] = await database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order.id))
      .orderBy(invoices.id);
    expect(invoice!.kind).toBe('invoice');
    expect(doc.refersTo).toEqual({
      number: invoice!.number,
      issueDate: (invoice!.document as { issueDate: string }).issueDate,
    });
    // Half of ₹2,170: ₹525 of the ₹1,050 line and ₹560 of the ₹1,120 one, both 5% (up to
    // ₹2,500 a piece since GST 2.0), IGST.
    expect(doc.lines.map((l) => [l.grossPaise, l.taxablePaise, l.igstPaise])).toEqual([
      [52_500, 50_000, 2_500],
      [56_000, 53_333, 2_667],
    ]);
    expect(doc.totals.totalPaise).toBe(108_500);
    expect(note!.issued.totalPaise).toBe(108_500);
    // The PDF prints the rupee sign (issue 29 item 5), not 'Rs.'.
    const noteText = await pdfText(note!.issued);
    expect(noteText).toContain('Credit note total (GST included)');
    expect(noteText).toContain('₹1,085.00');
    expect(noteText).not.toContain('Rs.');

    // The rest refunded: spread over what is left of each line, so the notes add up to the invoice.
    const [rest] = await database.db
      .insert(payments)
      .values({
        orderId: order.id,
        kind: 'refund',
        method: 'online',
        status: 'succeeded',
        amountPaise: -108_500,
      })
      .returning();
    const second = await issueCreditNote(database.db, rest!.id);
    expect(second.ok && second.issued.document.lines.map((l) => l.grossPaise)).toEqual([
      52_500, 56_000,
    ]);
    expect(second.ok && second.issued.number).toMatch(/\/000002$/);
    const [tooMuch] = await database.db
      .insert(payments)
      .values({
        orderId: order.id,
        kind: 'refund',
        method: 'cash',
        status: 'succeeded',
        amountPaise: -1,
      })
      .returning();
    // More than the customer paid less what was refunded: no document can take it, ever.
    await expect(issueCreditNote(database.db, tooMuch!.id)).rejects.toThrow(PermanentJobError);
  });

  it('prints every Rule 46 field in the PDF', async () => {
    const order = await paidShopOrder('Gujarat', [
      { productId: fabricsId, unitPricePaise: 99_999, quantity: 2 },
      { productId: suitsId, unitPricePaise: 4_500_000, quantity: 1 },
    ]);
    const issued = await issueInvoice(database.db, order.id, new Date('2026-11-26T06:00:00Z'));
    if (!issued.ok) throw new Error('not issued');
    const text = await pdfText(issued.issued);
    const doc = issued.issued.document;
    for (const expected of [
      'TAX INVOICE',
      'Rajkot Tailoring House Private Limited (demo)', // supplier's legal name
      '12 Example Market Road', // supplier's address
      'GSTIN: 24ABCDE1234F1Z6',
      `Invoice No.: ${doc.number}`, // consecutive serial number
      'Date: 26 November 2026',
      `Order: ${order.number}`,
      order.customerName, // recipient's name and address
      '4 Kalawad Road',
      'Rajkot, Gujarat 360005',
      'Place of supply',
      'Gujarat (code 24)',
      'HSN/SAC',
      '5208',
      '6203',
      'Line ', // description
      '2 NOS', // quantity and unit
      '1,999.98', // total value of the line
      '1,904.74', // taxable value
      '5%',
      '18%', // the ₹45,000 sherwani, above ₹2,500 a piece (issue 29 item 1)
      'CGST',
      'SGST',
      '47.62 @2.5%', // CGST of line 1 (199,998 paise × 5/105 = 9,523.7 → 9,524 split 4,762 + 4,762)
      '3,432.20 @9%',
      'tax = price - taxable value',
      'Total taxable value',
      'Invoice total (GST included)',
      '₹46,999.98',
      '(₹999.99 each, GST included)',
      'Forty Six Thousand Nine Hundred Ninety Nine Rupees And Ninety Eight Paise Only',
      'Whether tax is payable on reverse charge: No',
      'rounded half up to the paisa',
      'For Rajkot Tailoring House Private Limited (demo)',
      'Authorised Signatory',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(doc.number.length).toBeLessThanOrEqual(16);

    const away = await issueInvoice(
      database.db,
      (
        await paidShopOrder('Maharashtra', [
          { productId: fabricsId, unitPricePaise: 10_500, quantity: 1 },
        ])
      ).id,
    );
    if (!away.ok) throw new Error('not issued');
    const awayText = await pdfText(away.issued);
    expect(awayText).toContain('Maharashtra (code 27)');
    expect(awayText).toContain('IGST');
    expect(awayText).toContain('Integrated tax (IGST)');
    expect(awayText).not.toContain('SGST');
  });
});
