/**
 * Issue 29 item 3: an advance gets a receipt voucher (Rule 50 of the CGST Rules), through the
 * same paths the back office uses (a counter payment, a payment link paid in the sandbox): its
 * own series ('RCV' by default) numbered per financial year without gaps, one per payment row
 * whatever is replayed, none for the payment that completes the order (that one gets the tax
 * invoice), a PDF with Rule 50's fields and the rupee sign, sent on the customer's channels;
 * a refund voucher of the advance names the receipt voucher (Rule 51).
 */
import { and, eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '~/lib/jobs/enqueue.server';
import { createPaymentProvider } from '~/lib/payments/payments.server';
import {
  bespokeGarments,
  customers,
  invoices,
  jobs,
  notifications,
  orders,
  payments,
  user,
} from '~/lib/schema.server';
import {
  recordCounterPayment,
  refundPayment,
  sendPaymentLink,
} from '~/features/payments/admin-payments.server';
import { paySandboxLink } from '~/features/payments/payment-links.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { createTestJobs } from '../../../tests/support/test-jobs';
import type { InvoiceDocument } from './document';
import { invoicePdf } from './pdf.server';
import { issueReceiptVoucher } from './receipt-vouchers.server';

let database: TestDatabase;
let context: AppLoadContext;
const admin = { id: 'rcv-admin', email: 'rcv-admin@example.com' };
let count = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  context = {
    db: database.db,
    payments: createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 'rcv-test-secret' }),
    env: { PUBLIC_URL: 'http://shop.test' },
    catalogue: { settings: async () => ({ shopName: 'Test Tailors' }) },
    linkSecret: 'integration-test-link-secret',
  } as unknown as AppLoadContext;
  await database.db.insert(user).values({
    id: admin.id,
    name: 'Counter Admin',
    email: admin.email,
    emailVerified: true,
    role: 'admin',
  });
});
afterAll(() => database?.dispose());

/** A bespoke order of one ₹42,000 sherwani and one ₹3,048 shirt (₹45,048), to `state`. */
async function bespokeOrder(extra: Partial<typeof orders.$inferInsert> = {}) {
  count += 1;
  const [order] = await database.db
    .insert(orders)
    .values({
      number: `RT-RCV-${count}`,
      kind: 'bespoke',
      status: 'created',
      amountPaise: 4_504_800,
      customerName: 'Hetal Mehta',
      email: 'hetal@example.com',
      phone: '+919812345678',
      address: '3 Kalawad Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360005',
      provider: 'sandbox',
      ...extra,
    })
    .returning();
  const garment = {
    orderId: order!.id,
    fabricCode: 'IN-204',
    fabricName: 'Ivory raw silk',
    fabricPricePerMetrePaise: 250_000,
    consumptionCm: 350,
    options: [],
  };
  await database.db.insert(bespokeGarments).values([
    {
      ...garment,
      garmentType: 'sherwani',
      position: 0,
      quotePaise: 4_200_000,
      pricePaise: 4_200_000,
    },
    { ...garment, garmentType: 'shirt', position: 1, quotePaise: 304_800, pricePaise: 304_800 },
  ]);
  return order!;
}

const documentsOf = (orderId: number) =>
  database.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.id);

async function pdfText(document: InvoiceDocument) {
  const pdf = await invoicePdf(document);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
}

describe(`receipt vouchers on ${testDatabaseKind}`, () => {
  it('gives a counter advance a receipt voucher with Rule 50’s fields, and the balance the tax invoice', async () => {
    const queue = createTestJobs(database.db);
    const order = await bespokeOrder();
    await recordCounterPayment(context, admin, {
      number: order.number,
      method: 'cash',
      amount: 1_500_000,
      reference: 'Counter slip 41',
    });
    await queue.runDue();
    const [voucher] = await documentsOf(order.id);
    const [advance] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id));
    expect(voucher).toMatchObject({
      kind: 'receipt_voucher',
      series: 'receipt_voucher',
      paymentId: advance!.id,
      totalPaise: 1_500_000,
      sequence: 1,
    });
    expect(voucher!.number).toMatch(/^RCV\/\d\d-\d\d\/000001$/);
    expect(voucher!.number.length).toBeLessThanOrEqual(16);
    const doc = voucher!.document as unknown as InvoiceDocument;
    // Goods: no tax on the advance (Notification 66/2017-CT), spread over the two garments.
    // 1,500,000 × 4,200,000 / 4,504,800 = 1,398,508.26 and × 304,800 / 4,504,800 = 101,491.74:
    // the odd paisa goes to the larger remainder, the shirt.
    expect(doc.lines.map((line) => [line.code, line.grossPaise, line.ratePercent])).toEqual([
      ['6203', 1_398_508, 0],
      ['6205', 101_492, 0],
    ]);
    expect(doc.totals).toEqual({
      taxablePaise: 1_500_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      totalPaise: 1_500_000,
    });

    const text = await pdfText(doc);
    for (const expected of [
      'RECEIPT VOUCHER',
      'Rajkot Tailoring House Private Limited (demo)', // (a) supplier
      '12 Example Market Road',
      'GSTIN: 24ABCDE1234F1Z6',
      `Receipt Voucher No.: ${voucher!.number}`, // (b) serial number
      'Date: ', // (c)
      `Order: ${order.number}`,
      'Received from', // (d) recipient
      'Hetal Mehta',
      '3 Kalawad Road',
      'GSTIN/UIN of the recipient: unregistered',
      'Received: cash Counter slip 41 on',
      'Advance towards Bespoke sherwani in Ivory raw silk (IN-204) (goods: GST at 18% on the tax invoice)', // (e)
      '6203',
      'Advance received', // (f)
      '₹15,000.00',
      'Fifteen Thousand Rupees Only',
      'Notification No. 66/2017-Central Tax', // (g), (h): the tax and why
      '6203 1 OTH 13,985.08 13,985.08 0% 0.00 @0% 0.00 @0%', // (g), (h) per line
      'Total taxable value ₹15,000.00 Central tax (CGST) ₹0.00 State tax (SGST) ₹0.00',
      'Gujarat (code 24)', // (i)
      'Whether tax is payable on reverse charge: No', // (j)
      'Authorised Signatory', // (k)
    ]) {
      expect(text, expected).toContain(expected);
    }
    // An advance is no priced piece: its lines print no unit price.
    expect(text).not.toContain('each, GST included');

    // A replay of the job (or a second one) changes nothing.
    await enqueueJob(database.db, {
      kind: 'receipt-voucher.issue',
      payload: { paymentId: advance!.id },
    });
    await queue.runDue();
    expect(await issueReceiptVoucher(database.db, advance!.id)).toMatchObject({
      ok: true,
      created: false,
      issued: { id: voucher!.id },
    });
    expect((await documentsOf(order.id)).map((row) => row.kind)).toEqual(['receipt_voucher']);

    // The balance completes the order: the tax invoice, and no second receipt voucher.
    await recordCounterPayment(context, admin, {
      number: order.number,
      method: 'upi',
      amount: 3_004_800,
      reference: 'UPI 77',
    });
    await queue.runDue();
    expect((await documentsOf(order.id)).map((row) => row.kind)).toEqual([
      'receipt_voucher',
      'invoice',
    ]);
    expect(
      await database.db.select().from(jobs).where(eq(jobs.kind, 'receipt-voucher.issue')),
    ).toHaveLength(2);
  });

  it('numbers the series per financial year without gaps, apart from the invoices', async () => {
    const [first, second] = [await bespokeOrder(), await bespokeOrder()];
    const rows = [];
    for (const order of [first!, second!, first!]) {
      const [row] = await database.db
        .insert(payments)
        .values({
          orderId: order.id,
          kind: 'payment',
          method: 'upi',
          status: 'succeeded',
          amountPaise: 100_000,
          settledAt: new Date(),
        })
        .returning();
      rows.push(row!);
    }
    // A year no other test issues in.
    const march = new Date('2031-03-31T18:00:00Z'); // 23:30 IST, 31 March 2031
    const april = new Date('2031-03-31T18:30:00Z'); // 00:00 IST, 1 April 2031
    const numbers = await Promise.all(
      rows.slice(0, 2).map(async (row) => {
        const outcome = await issueReceiptVoucher(database.db, row.id, march);
        return outcome.ok ? outcome.issued.number : outcome.reason;
      }),
    );
    expect(numbers.sort()).toEqual(['RCV/30-31/000001', 'RCV/30-31/000002']);
    expect(await issueReceiptVoucher(database.db, rows[2]!.id, april)).toMatchObject({
      ok: true,
      issued: { number: 'RCV/31-32/000001' },
    });
    const [refund] = await database.db
      .insert(payments)
      .values({
        orderId: first!.id,
        kind: 'refund',
        method: 'upi',
        status: 'succeeded',
        amountPaise: -100,
      })
      .returning();
    expect(await issueReceiptVoucher(database.db, refund!.id)).toEqual({
      ok: false,
      reason: 'not-a-payment',
    });
    const [pending] = await database.db
      .insert(payments)
      .values({ orderId: first!.id, kind: 'payment', method: 'online', amountPaise: 100 })
      .returning();
    expect(await issueReceiptVoucher(database.db, pending!.id)).toEqual({
      ok: false,
      reason: 'not-settled',
    });
  });

  it('sends the voucher of an advance paid by link on the channels the customer chose', async () => {
    const queue = createTestJobs(database.db);
    const [record] = await database.db
      .insert(customers)
      .values({ name: 'Hetal Mehta', phone: '+919800000029', notify: 'whatsapp' })
      .returning();
    const order = await bespokeOrder({ customerId: record!.id });
    await sendPaymentLink(context, admin, { number: order.number, amount: 500_000 });
    const [link] = await database.db.select().from(payments).where(eq(payments.orderId, order.id));
    await paySandboxLink(context, link!.providerLinkId!);
    await queue.runDue();
    const [voucher] = await documentsOf(order.id);
    expect(voucher).toMatchObject({ kind: 'receipt_voucher', totalPaise: 500_000 });
    const sent = await database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.orderId, order.id), eq(notifications.kind, 'receipt-voucher.issued')),
      );
    expect(sent.map((row) => [row.channel, row.recipient])).toEqual([
      ['whatsapp', '+919800000029'],
    ]);
    expect(sent[0]!.body).toContain(
      `Advance of ₹5,000 received: receipt voucher ${voucher!.number}`,
    );
    expect(sent[0]!.body).toMatch(/http:\/\/shop\.test\/o\/\d+\.[0-9a-z]+\.[0-9a-f]{32}/);
  });

  it('e-mails the PDF to the order’s address when there is no customer record, and a refund voucher of the advance names it', async () => {
    const queue = createTestJobs(database.db);
    const order = await bespokeOrder({ state: 'Maharashtra', city: 'Mumbai' });
    await recordCounterPayment(context, admin, {
      number: order.number,
      method: 'cash',
      amount: 200_000,
      reference: '',
    });
    await queue.runDue();
    const [voucher] = await documentsOf(order.id);
    const mail = queue.sent.find((sent) =>
      sent.message.subject.startsWith(`Receipt voucher ${voucher!.number}`),
    );
    expect(mail).toMatchObject({ channel: 'email', message: { to: 'hetal@example.com' } });
    expect(mail!.message.attachments![0]!.filename).toBe(
      `receipt-voucher-${voucher!.number.replaceAll('/', '-')}.pdf`,
    );
    const doc = voucher!.document as unknown as InvoiceDocument;
    expect(doc.intraState).toBe(false);
    expect(await pdfText(doc)).toContain('Maharashtra (code 27)');

    // The advance is refunded before any invoice: the refund voucher names the receipt voucher.
    const [advance] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id));
    const [refund] = await database.db
      .insert(payments)
      .values({
        orderId: order.id,
        kind: 'refund',
        method: 'cash',
        status: 'succeeded',
        amountPaise: -200_000,
        refundOfId: advance!.id,
        reason: 'Order called off',
        settledAt: new Date(),
      })
      .returning();
    await enqueueJob(database.db, {
      kind: 'credit-note.issue',
      payload: { paymentId: refund!.id },
    });
    await queue.runDue();
    const refundVoucher = (await documentsOf(order.id)).find(
      (row) => row.kind === 'refund_voucher',
    );
    const refundDoc = refundVoucher!.document as unknown as InvoiceDocument;
    expect(refundDoc.receiptVoucher).toEqual({ number: voucher!.number, issueDate: doc.issueDate });
    expect(await pdfText(refundDoc)).toContain(`Receipt voucher: ${voucher!.number} dated `);
  });
  it('issues the receipt voucher first when an advance is refunded before its job ran, so the refund voucher names it', async () => {
    const queue = createTestJobs(database.db);
    const order = await bespokeOrder();
    await recordCounterPayment(context, admin, {
      number: order.number,
      method: 'upi',
      amount: 300_000,
      reference: 'UPI-ADV-9',
    });
    const [advance] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id));
    // The receipt-voucher job has not run (it is waiting for a retry, say) when the counter
    // refunds the advance and the refund's job runs.
    const receiptKey = `receipt-voucher:payment:${advance!.id}`;
    await database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() + 3_600_000) })
      .where(eq(jobs.dedupeKey, receiptKey));
    await refundPayment(context, admin, {
      number: order.number,
      paymentId: advance!.id,
      reason: 'Order called off',
      basis: 'goodwill',
      amount: 300_000,
    });
    await queue.runDue();

    const issued = await documentsOf(order.id);
    expect(issued.map((row) => row.kind)).toEqual(['receipt_voucher', 'refund_voucher']);
    const [receipt, refundVoucher] = issued;
    expect(receipt!.paymentId).toBe(advance!.id);
    const receiptDoc = receipt!.document as unknown as InvoiceDocument;
    const refundDoc = refundVoucher!.document as unknown as InvoiceDocument;
    expect(refundDoc.receiptVoucher).toEqual({
      number: receipt!.number,
      issueDate: receiptDoc.issueDate,
    });
    expect(refundDoc.receipt).toBeUndefined();
    expect(await pdfText(refundDoc)).toContain(`Receipt voucher: ${receipt!.number} dated `);
    expect(await pdfText(refundDoc)).not.toContain('UPI-ADV-9');

    // The customer gets the receipt voucher before the refund voucher.
    const subjects = queue.sent.map((sent) => sent.message.subject ?? '');
    const receiptMail = subjects.findIndex((subject) =>
      subject.startsWith(`Receipt voucher ${receipt!.number}`),
    );
    const refundMail = subjects.findIndex((subject) =>
      subject.startsWith(`Refund voucher ${refundVoucher!.number}`),
    );
    expect(receiptMail).toBeGreaterThanOrEqual(0);
    expect(refundMail).toBeGreaterThan(receiptMail);

    // The receipt-voucher job, when it runs, finds that voucher: still one, not sent twice.
    const later = createTestJobs(database.db, { now: () => new Date(Date.now() + 7_200_000) });
    await later.runDue();
    const vouchers = (await documentsOf(order.id)).filter((row) => row.kind === 'receipt_voucher');
    expect(vouchers.map((row) => row.number)).toEqual([receipt!.number]);
    const [job] = await database.db.select().from(jobs).where(eq(jobs.dedupeKey, receiptKey));
    expect(job!.status).toBe('done');
    expect(
      later.sent.filter((sent) =>
        sent.message.subject?.startsWith(`Receipt voucher ${receipt!.number}`),
      ),
    ).toEqual([]);
  });
});
