/**
 * The invoice jobs through the server's worker (issue 21 item 5: the invoice is e-mailed with
 * the payment confirmation; item 6: the credit note is e-mailed): a queued 'invoice.issue'
 * issues the invoice and e-mails it with the PDF attached, once, however often it is queued;
 * 'credit-note.issue' does the same for a settled refund. The attachment survives the mailer:
 * the .eml it writes carries the PDF's bytes.
 */
import { eq } from 'drizzle-orm';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '~/lib/jobs/enqueue.server';
import { createMailer } from '~/lib/mail.server';
import { createEmailChannel } from '~/lib/notifications/email.server';
import { invoices, orderLines, orders, payments } from '~/lib/schema.server';
import { createTestJobs } from '../../../tests/support/test-jobs';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.dispose());

async function paidOrder(number: string) {
  const [order] = await database.db
    .insert(orders)
    .values({
      number,
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
  return order!;
}

describe(`the invoice jobs on ${testDatabaseKind}`, () => {
  it('issues and e-mails the invoice once, then the credit note of a refund', async () => {
    const jobs = createTestJobs(database.db);
    const order = await paidOrder('RT-JOB-1');
    await enqueueJob(database.db, {
      kind: 'invoice.issue',
      payload: { orderId: order.id },
      dedupeKey: `invoice:order:${order.id}`,
    });
    // A replay under another key (a second path to "paid") issues and sends nothing more.
    await enqueueJob(database.db, { kind: 'invoice.issue', payload: { orderId: order.id } });
    await jobs.runDue();
    await jobs.runDue();
    const [invoice] = await database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order.id));
    expect(invoice!.number).toMatch(/^RT\/\d\d-\d\d\/000001$/);
    expect(jobs.sent).toHaveLength(1);
    const mail = jobs.sent[0]!;
    expect(mail.channel).toBe('email');
    expect(mail.message.to).toBe('meera@example.com');
    expect(mail.message.subject).toBe(`Tax invoice ${invoice!.number} for order RT-JOB-1`);
    // Every message about an order carries its signed link, account or not (decision 027).
    expect(mail.message.text).toMatch(/http:\/\/shop\.test\/o\/[\w.-]+/);
    const [attachment] = mail.message.attachments!;
    expect(attachment).toMatchObject({
      filename: `tax-invoice-${invoice!.number.replaceAll('/', '-')}.pdf`,
      contentType: 'application/pdf',
      encoding: 'base64',
    });
    expect(Buffer.from(attachment!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    // Through the real mailer, the PDF arrives intact.
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoice-mail-'));
    const mailer = createMailer({
      from: 'shop@example.com',
      outboxDir,
      log: { info() {}, warn() {}, error() {} },
    });
    const { providerMessageId } = await createEmailChannel(mailer, false).send(mail.message);
    const parsed = await simpleParser(await fs.readFile(path.join(outboxDir, providerMessageId)));
    expect(parsed.attachments[0]!.contentType).toBe('application/pdf');
    expect(parsed.attachments[0]!.content.equals(Buffer.from(attachment!.content, 'base64'))).toBe(
      true,
    );
    await fs.rm(outboxDir, { recursive: true });

    jobs.sent.length = 0;
    const [refund] = await database.db
      .insert(payments)
      .values({
        orderId: order.id,
        kind: 'refund',
        method: 'online',
        status: 'succeeded',
        amountPaise: -112_000,
        reason: 'One shirt returned',
      })
      .returning();
    for (let i = 0; i < 2; i += 1) {
      await enqueueJob(database.db, {
        kind: 'credit-note.issue',
        payload: { paymentId: refund!.id },
        dedupeKey: i === 0 ? `credit-note:payment:${refund!.id}` : undefined,
      });
    }
    await jobs.runDue();
    await jobs.runDue();
    const notes = await database.db
      .select()
      .from(invoices)
      .where(eq(invoices.paymentId, refund!.id));
    expect(notes).toHaveLength(1);
    expect(jobs.sent.map((sent) => sent.message.subject)).toEqual([
      `Credit note ${notes[0]!.number} for order RT-JOB-1`,
    ]);
    expect(jobs.sent[0]!.message.text).toContain(`against invoice ${invoice!.number}`);
    expect(jobs.sent[0]!.message.text).toContain('₹1,120');
  });

  it('leaves an unpaid order without an invoice or e-mail', async () => {
    const jobs = createTestJobs(database.db);
    const order = await paidOrder('RT-JOB-2');
    await database.db.update(orders).set({ status: 'created' }).where(eq(orders.id, order.id));
    await enqueueJob(database.db, { kind: 'invoice.issue', payload: { orderId: order.id } });
    await jobs.runDue();
    expect(await database.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toEqual(
      [],
    );
    expect(jobs.sent).toEqual([]);
  });
});
