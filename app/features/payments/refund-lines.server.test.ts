/**
 * Refunds that name lines (issue 29 item 3) on a real database (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): the amount is computed from the lines chosen, stored per line, and the
 * credit note carries exactly those lines with the invoice line's taxable value and tax for
 * the part returned; a shirt refunded twice is refused the second time, also when both refunds
 * run at once (the order's lock); a refund naming no line is refused unless staff choose a
 * goodwill amount, which is spread over all the lines.
 */
import { eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentProvider } from '~/lib/payments/payments.server';
import {
  categories,
  orderLines,
  orders,
  payments,
  products,
  refundLines,
  user,
} from '~/lib/schema.server';
import type { InvoiceDocument } from '~/features/invoices/document';
import { buildGstr1 } from '~/features/invoices/gstr1';
import { issueCreditNote, issueInvoice, linesToReturn } from '~/features/invoices/invoices.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import {
  refundSchema,
  recordCounterPayment,
  REFUND_BASIS_MESSAGE,
  refundPayment,
} from './admin-payments.server';

let database: TestDatabase;
let productId: number;
let context: AppLoadContext;
let admin: { id: string; email: string };
let count = 0;

/** The five lines of the test order, GST included (the demo settings' rates apply). */
const FIVE = [
  { name: 'Oxford shirt', unitPricePaise: 1_500_00, quantity: 1 },
  { name: 'Linen shirt', unitPricePaise: 1_999_00, quantity: 3 },
  { name: 'Silk kurta', unitPricePaise: 3_048_00, quantity: 1 },
  { name: 'Cotton trousers', unitPricePaise: 2_200_00, quantity: 2 },
  { name: 'Pocket square', unitPricePaise: 500_00, quantity: 1 },
];
const TOTAL = FIVE.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);

/** A shop order of the five lines, paid in full in cash at the counter (so it is 'paid'). */
async function paidOrder() {
  count += 1;
  const [order] = await database.db
    .insert(orders)
    .values({
      number: `RT-RL-${count}`,
      status: 'created',
      amountPaise: TOTAL,
      customerName: 'Meera Joshi',
      email: 'meera@example.com',
      phone: '+919876543210',
      address: '7 Race Course Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360001',
      provider: 'sandbox',
    })
    .returning();
  await database.db
    .insert(orderLines)
    .values(FIVE.map((line) => ({ ...line, orderId: order!.id, productId })));
  await recordCounterPayment(context, admin, {
    number: order!.number,
    method: 'cash',
    amount: TOTAL,
    reference: '',
  });
  const [paid] = await database.db.select().from(payments).where(eq(payments.orderId, order!.id));
  return { order: order!, paymentId: paid!.id };
}

/** The credit note (or refund voucher) documents of refund row `refundId`. */
async function documentsOfRefund(refundId: number) {
  const outcome = await issueCreditNote(database.db, refundId);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.documents.map((doc) => doc.document as InvoiceDocument);
}

/** The pieces GSTR-1's hsn(b2c) counts for the order's invoice, alone and with `note`. */
async function hsnPieces(orderId: number, note: InvoiceDocument) {
  const invoice = await issueInvoice(database.db, orderId);
  if (!invoice.ok) throw new Error(invoice.reason);
  const document = invoice.issued.document;
  const refersTo = { totalPaise: document.totals.totalPaise, issueDate: document.issueDate };
  const pieces = (sources: Parameters<typeof buildGstr1>[0]) =>
    buildGstr1(sources).hsnB2c.reduce((sum, row) => sum + row.quantity, 0);
  return {
    before: pieces([{ document }]),
    after: pieces([{ document }, { document: note, refersTo }]),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  context = {
    db: database.db,
    payments: createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 'refund-lines-secret' }),
    env: { PUBLIC_URL: 'http://shop.test' },
    catalogue: { settings: async () => ({ shopName: 'Test Tailors' }) },
    linkSecret: 'integration-test-link-secret',
  } as unknown as AppLoadContext;
  admin = { id: 'refund-lines-admin', email: 'owner@example.com' };
  await database.db
    .insert(user)
    .values({ ...admin, name: 'Owner', emailVerified: true, role: 'admin' });
  // The lines are ready-to-wear goods (HSN 6205 in the default settings), so GSTR-1 counts
  // their pieces; a line of no product would fall to the fallback, a service code counted
  // without a quantity.
  const [category] = await database.db
    .insert(categories)
    .values({ name: 'Ready to wear', slug: 'ready-to-wear' })
    .returning({ id: categories.id });
  const [product] = await database.db
    .insert(products)
    .values({
      slug: 'refund-lines-goods',
      name: 'Goods',
      categoryId: category!.id,
      pricePaise: 1_500_00,
    })
    .returning({ id: products.id });
  productId = product!.id;
});

afterAll(async () => {
  await database?.dispose();
});

describe(`refunds naming lines on ${testDatabaseKind}`, () => {
  it('refunds one line of five: the amount from the line, a credit note of that line alone', async () => {
    const { order, paymentId } = await paidOrder();
    const answer = await refundPayment(context, admin, {
      number: order.number,
      paymentId,
      reason: 'Kurta returned unworn',
      basis: 'lines',
      returns: [{ index: 2, typed: '1' }],
    });
    expect(answer.message).toBe(
      `Refund of ₹3,048 recorded on order ${order.number}: hand it back in cash. The credit note follows.`,
    );
    const [refund] = await database.db.select().from(payments).where(eq(payments.id, answer.id));
    expect(refund).toMatchObject({ kind: 'refund', status: 'succeeded', amountPaise: -3_048_00 });
    expect(
      await database.db.select().from(refundLines).where(eq(refundLines.refundId, answer.id)),
    ).toEqual([
      expect.objectContaining({
        lineIndex: 2,
        description: 'Silk kurta',
        quantityCenti: 100,
        grossPaise: 3_048_00,
      }),
    ]);

    const [note] = await documentsOfRefund(answer.id);
    const invoiceLines = (await linesToReturn(database.db, order.id)).map(
      (line) => line.description,
    );
    expect(invoiceLines).toEqual(FIVE.map((line) => line.name));
    expect(note!.kind).toBe('credit_note');
    expect(note!.lines).toHaveLength(1);
    const [credited] = note!.lines;
    expect(credited).toMatchObject({
      description: 'Silk kurta',
      quantity: 1,
      grossPaise: 3_048_00,
    });
    expect(note!.totals.totalPaise).toBe(3_048_00);
    // GSTR-1 table 12 counts the kurta given back: 8 pieces sold, 7 net (issue 29 item 4).
    expect(await hsnPieces(order.id, note!)).toEqual({ before: 8, after: 7 });
    // The invoice line's own split, as the invoice carries it.
    const invoice = await issueInvoice(database.db, order.id);
    if (!invoice.ok) throw new Error(invoice.reason);
    const sold = invoice.issued.document.lines[2]!;
    expect(credited).toMatchObject({
      taxablePaise: sold.taxablePaise,
      cgstPaise: sold.cgstPaise,
      sgstPaise: sold.sgstPaise,
      ratePercent: sold.ratePercent,
      code: sold.code,
      invoiceLine: 2,
    });
  });

  it('refunds part of a line: one linen shirt of three, at a third of the line', async () => {
    const { order, paymentId } = await paidOrder();
    const answer = await refundPayment(context, admin, {
      number: order.number,
      paymentId,
      reason: 'Wrong size',
      basis: 'lines',
      returns: [{ index: 1, typed: '1' }],
    });
    const [note] = await documentsOfRefund(answer.id);
    expect(note!.lines).toEqual([
      expect.objectContaining({ description: 'Linen shirt', quantity: 1, grossPaise: 1_999_00 }),
    ]);
    const lines = await linesToReturn(database.db, order.id);
    expect(lines[1]).toMatchObject({ soldCenti: 300, returnedCenti: 100 });
    // Two more are fine; a fourth is not.
    await expect(
      refundPayment(context, admin, {
        number: order.number,
        paymentId,
        reason: 'Wrong size',
        basis: 'lines',
        returns: [{ index: 1, typed: '3' }],
      }),
    ).rejects.toMatchObject({
      code: 'conflict',
      field: 'return-1',
      message: 'Only 2 of Linen shirt can still be returned.',
    });
  });

  it('refuses to refund the same shirt a second time', async () => {
    const { order, paymentId } = await paidOrder();
    const shirt = {
      number: order.number,
      paymentId,
      reason: 'Returned',
      basis: 'lines' as const,
      returns: [{ index: 0, typed: '1' }],
    };
    await refundPayment(context, admin, shirt);
    const again = refundPayment(context, admin, shirt);
    await expect(again).rejects.toThrow('Oxford shirt is returned in full already.');
    await expect(again).rejects.toMatchObject({ code: 'conflict', field: 'return-0' });
    const refunds = await database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(refunds.filter((row) => row.kind === 'refund')).toHaveLength(1);
  });

  it('lets one of two refunds of the same shirt at once win (the order lock)', async () => {
    const { order, paymentId } = await paidOrder();
    const shirt = {
      number: order.number,
      paymentId,
      reason: 'Returned',
      basis: 'lines' as const,
      returns: [{ index: 0, typed: '1' }],
    };
    const outcomes = await Promise.allSettled([
      refundPayment(context, admin, shirt),
      refundPayment(context, admin, shirt),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const stored = await database.db
      .select()
      .from(refundLines)
      .where(eq(refundLines.orderId, order.id));
    expect(stored).toHaveLength(1);
  });

  it('refuses a refund that names no line unless staff choose goodwill, which is spread pro rata', async () => {
    const { order, paymentId } = await paidOrder();
    const schema = refundSchema;
    const form = { number: order.number, paymentId: String(paymentId), reason: 'Late delivery' };
    const neither = schema.safeParse({ ...form, amount: '500' });
    expect(neither.success).toBe(false);
    expect(neither.error?.issues.map((issue) => issue.message)).toEqual([REFUND_BASIS_MESSAGE]);
    const noLine = schema.safeParse({ ...form, basis: 'lines', 'return-0': '0', 'return-1': '' });
    expect(noLine.error?.issues.map((issue) => issue.message)).toEqual([
      'Please enter the quantity returned of at least one line.',
    ]);
    const noAmount = schema.safeParse({ ...form, basis: 'goodwill' });
    expect(noAmount.error?.issues.map((issue) => issue.message)).toEqual([
      'Please enter the amount in rupees.',
    ]);

    const goodwill = schema.safeParse({ ...form, basis: 'goodwill', amount: '1,500' });
    expect(goodwill.success).toBe(true);
    const answer = await refundPayment(context, admin, goodwill.data as never);
    const [note] = await documentsOfRefund(answer.id);
    expect(note!.lines.map((line) => line.grossPaise)).toHaveLength(5);
    expect(note!.lines.every((line) => line.grossPaise > 0)).toBe(true);
    expect(note!.totals.totalPaise).toBe(1_500_00);
    // A goodwill note lowers the value in GSTR-1 table 12, not the pieces.
    expect(await hsnPieces(order.id, note!)).toEqual({ before: 8, after: 8 });
    expect(
      await database.db.select().from(refundLines).where(eq(refundLines.refundId, answer.id)),
    ).toEqual([]);
  });

  it('credits a line returned after goodwill only what the goodwill left of it, the credit notes adding up to the line', async () => {
    for (const goodwillNoteFirst of [true, false]) {
      const { order, paymentId } = await paidOrder();
      const goodwill = await refundPayment(context, admin, {
        number: order.number,
        paymentId,
        reason: 'Late delivery',
        basis: 'goodwill',
        amount: 1_000_00,
      });
      // The goodwill's credit note is issued by its job, which may not have run yet when the
      // shirt comes back: the return then issues it first.
      if (goodwillNoteFirst) await documentsOfRefund(goodwill.id);
      const [oxford] = await linesToReturn(database.db, order.id);
      const returned = await refundPayment(context, admin, {
        number: order.number,
        paymentId,
        reason: 'Oxford shirt returned',
        basis: 'lines',
        returns: [{ index: 0, typed: '1' }],
      });
      const [goodwillNote] = await documentsOfRefund(goodwill.id);
      const share = goodwillNote!.lines[0]!;
      expect(share.grossPaise).toBeGreaterThan(0);
      // ₹1,500 less the shirt's share of the goodwill, not ₹1,500 again.
      const [refund] = await database.db
        .select()
        .from(payments)
        .where(eq(payments.id, returned.id));
      expect(refund!.amountPaise).toBe(-(1_500_00 - share.grossPaise));
      if (goodwillNoteFirst) {
        expect(oxford).toMatchObject({ grossPaise: 1_500_00, creditedPaise: share.grossPaise });
      }
      const documents = await documentsOfRefund(returned.id);
      expect(documents.map((doc) => doc.kind)).toEqual(['credit_note']);
      const [line] = documents[0]!.lines;
      expect(line).toMatchObject({ invoiceLine: 0, quantity: 1 });
      const invoice = await issueInvoice(database.db, order.id);
      if (!invoice.ok) throw new Error(invoice.reason);
      const sold = invoice.issued.document.lines[0]!;
      for (const amount of ['grossPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise'] as const) {
        expect(share[amount] + line![amount]).toBe(sold[amount]);
      }
      // Nothing of the shirt is left to return or to credit.
      const [after] = await linesToReturn(database.db, order.id);
      expect(after).toMatchObject({ returnedCenti: 100, creditedPaise: 1_500_00 });
    }
  });

  it('refuses lines on an order that is not paid in full (no invoice)', async () => {
    count += 1;
    const [order] = await database.db
      .insert(orders)
      .values({
        number: `RT-RL-ADV-${count}`,
        kind: 'bespoke',
        status: 'created',
        amountPaise: 10_000_00,
        customerName: 'Kiran Patel',
        email: 'kiran@example.com',
        phone: '+919876543210',
        address: '12 Yagnik Road',
        city: 'Rajkot',
        state: 'Gujarat',
        pincode: '360001',
        provider: 'sandbox',
      })
      .returning();
    await recordCounterPayment(context, admin, {
      number: order!.number,
      method: 'cash',
      amount: 5_000_00,
      reference: '',
    });
    const [advance] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order!.id));
    await expect(
      refundPayment(context, admin, {
        number: order!.number,
        paymentId: advance!.id,
        reason: 'Cancelled',
        basis: 'lines',
        returns: [{ index: 0, typed: '1' }],
      }),
    ).rejects.toMatchObject({ code: 'conflict', field: 'basis' });
  });
});
