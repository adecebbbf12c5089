/**
 * Issue 28 item 3: refunds on an order paid beyond its invoice. The money held beyond what the
 * invoice still carries goes back on a refund voucher (Rule 51 of the CGST Rules, its own
 * series on the counter table, 'RV' by default), the rest on a credit note; the credit-note
 * job never fails for ever. A refund no document can take (more than the customer paid less
 * what was refunded) fails its job at once with the reason, which the back office lists.
 */
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '~/lib/jobs/enqueue.server';
import { invoices, jobs, orderLines, orders, payments } from '~/lib/schema.server';
import { failedJobsOfOrder, recentFailedJobs } from '~/features/admin/shared/failed-jobs.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { createTestJobs } from '../../../tests/support/test-jobs';
import { invoicePdf } from './pdf.server';
import type { InvoiceDocument } from './document';

let database: TestDatabase;
let count = 0;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.dispose());

/** A paid shop order of ₹2,240 (two shirts), with `payments` succeeded payments on it. */
async function overpaidOrder(paymentsPaise: number[]) {
  count += 1;
  const [order] = await database.db
    .insert(orders)
    .values({
      number: `RT-RV-${count}`,
      status: 'paid',
      amountPaise: 224_000,
      customerName: 'Meera Joshi',
      email: 'meera@example.com',
      phone: '+919876543210',
      address: '7 Race Course Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360001',
      provider: 'sandbox',
      paidAt: new Date(),
    })
    .returning();
  await database.db
    .insert(orderLines)
    .values({ orderId: order!.id, name: 'Linen shirt', unitPricePaise: 112_000, quantity: 2 });
  const rows = [];
  for (const [index, amountPaise] of paymentsPaise.entries()) {
    const [row] = await database.db
      .insert(payments)
      .values({
        orderId: order!.id,
        kind: 'payment',
        method: 'online',
        status: 'succeeded',
        amountPaise,
        provider: 'sandbox',
        providerPaymentId: `pay_SBXrv${count}x${index}`,
        settledAt: new Date('2026-11-20T06:00:00Z'),
      })
      .returning();
    rows.push(row!);
  }
  await enqueueJob(database.db, {
    kind: 'invoice.issue',
    payload: { orderId: order!.id },
    dedupeKey: `invoice:order:${order!.id}`,
  });
  return { order: order!, paid: rows };
}

/** A settled refund of `amountPaise` from payment `of`, with its credit-note job queued. */
async function refund(orderId: number, of: number, amountPaise: number) {
  const [row] = await database.db
    .insert(payments)
    .values({
      orderId,
      kind: 'refund',
      method: 'online',
      status: 'succeeded',
      amountPaise: -amountPaise,
      refundOfId: of,
      reason: 'Paid twice',
      settledAt: new Date(),
    })
    .returning();
  const jobId = await enqueueJob(database.db, {
    kind: 'credit-note.issue',
    payload: { paymentId: row!.id },
    dedupeKey: `credit-note:payment:${row!.id}`,
  });
  return { row: row!, jobId: jobId! };
}

const documentsOf = (orderId: number) =>
  database.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.id);

const jobOf = async (id: number) =>
  (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

async function pdfText(document: InvoiceDocument) {
  const pdf = await invoicePdf(document);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
}

describe(`refund vouchers on ${testDatabaseKind}`, () => {
  it('returns the money paid beyond the invoice on a refund voucher, the rest on a credit note, and no job fails', async () => {
    const queue = createTestJobs(database.db);
    // The order was paid twice (two online payments captured at once).
    const { order, paid } = await overpaidOrder([224_000, 224_000]);
    await queue.runDue();
    const twice = await refund(order.id, paid[1]!.id, 224_000);
    const more = await refund(order.id, paid[0]!.id, 60_000);
    queue.sent.length = 0;
    await queue.runDue();
    expect(await jobOf(twice.jobId)).toMatchObject({ status: 'done', lastError: null });
    expect(await jobOf(more.jobId)).toMatchObject({ status: 'done', lastError: null });

    const [invoice, voucher, note] = await documentsOf(order.id);
    expect(invoice).toMatchObject({ kind: 'invoice', totalPaise: 224_000 });
    // The overpayment was no supply: its refund is a voucher, and the invoice keeps its value.
    expect(voucher).toMatchObject({
      kind: 'refund_voucher',
      paymentId: twice.row.id,
      totalPaise: 224_000,
      series: 'refund_voucher',
    });
    expect(voucher!.number).toMatch(/^RV\/\d\d-\d\d\/000001$/);
    // What is returned beyond that lowers the value of the supply: a credit note.
    expect(note).toMatchObject({
      kind: 'credit_note',
      paymentId: more.row.id,
      refersToId: invoice!.id,
      totalPaise: 60_000,
    });
    expect(queue.sent.map((sent) => sent.message.subject)).toEqual([
      `Refund voucher ${voucher!.number} for order ${order.number}`,
      `Credit note ${note!.number} for order ${order.number}`,
    ]);
    const [attachment] = queue.sent[0]!.message.attachments!;
    expect(attachment!.filename).toBe(`refund-voucher-${voucher!.number.replaceAll('/', '-')}.pdf`);

    // Rule 51's fields, on the voucher's PDF.
    const text = await pdfText(voucher!.document as unknown as InvoiceDocument);
    for (const expected of [
      'REFUND VOUCHER',
      'Rajkot Tailoring House Private Limited (demo)',
      '12 Example Market Road',
      'GSTIN: 24ABCDE1234F1Z6',
      `Refund Voucher No.: ${voucher!.number}`,
      'Date: ',
      `Against invoice: ${(invoice!.document as { number: string }).number}`,
      `Receipt: payment pay_SBXrv${count}x1 of 20 November 2026`,
      'Meera Joshi',
      '7 Race Course Road',
      'GSTIN/UIN of the recipient: unregistered',
      'Linen shirt',
      'Refund total',
      '₹2,240.00',
      'Whether tax is payable on reverse charge: No',
      'Authorised Signatory',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('puts only the part beyond what the invoice still carries on the voucher, after earlier credit notes', async () => {
    const queue = createTestJobs(database.db);
    const { order, paid } = await overpaidOrder([224_000, 100_000]);
    await queue.runDue();
    // ₹1,000 held beyond the invoice: a refund of ₹1,500 is ₹1,000 voucher and ₹500 credit.
    const first = await refund(order.id, paid[0]!.id, 150_000);
    await queue.runDue();
    expect(await jobOf(first.jobId)).toMatchObject({ status: 'done' });
    const documents = await documentsOf(order.id);
    expect(documents.map((doc) => [doc.kind, doc.totalPaise])).toEqual([
      ['invoice', 224_000],
      ['refund_voucher', 100_000],
      ['credit_note', 50_000],
    ]);
    // The rest of what was paid comes back on credit notes only.
    const rest = await refund(order.id, paid[0]!.id, 74_000);
    await queue.runDue();
    expect(await jobOf(rest.jobId)).toMatchObject({ status: 'done' });
    const after = await documentsOf(order.id);
    expect(after.slice(3).map((doc) => [doc.kind, doc.totalPaise])).toEqual([
      ['credit_note', 74_000],
    ]);
  });

  it('fails the job of a refund beyond what the customer paid at once, with the reason the back office lists', async () => {
    const queue = createTestJobs(database.db);
    const { order, paid } = await overpaidOrder([224_000]);
    await queue.runDue();
    await refund(order.id, paid[0]!.id, 224_000);
    // A refund no payment covers (written by hand, or by an old bug).
    const beyond = await refund(order.id, paid[0]!.id, 60_000);
    await queue.runDue();
    const job = await jobOf(beyond.jobId);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job.lastError).toBe(
      `Refund ${beyond.row.id} of ₹600 is more than the ₹0 the customer paid less what was refunded: no credit note or refund voucher can take it. Check the order's payments.`,
    );
    expect(
      await database.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, order.id), eq(invoices.paymentId, beyond.row.id))),
    ).toEqual([]);
    const listed = await failedJobsOfOrder(database.db, order.id);
    expect(listed).toEqual([
      expect.objectContaining({
        id: beyond.jobId,
        what: 'Credit note of a refund',
        reason: job.lastError,
      }),
    ]);
    const recent = await recentFailedJobs(database.db);
    expect(recent).toContainEqual(
      expect.objectContaining({ id: beyond.jobId, orderNumber: order.number }),
    );
  });
});
