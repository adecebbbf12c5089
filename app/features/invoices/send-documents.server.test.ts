/**
 * Staff send an order's tax invoice to its customer (issue 30 item 2): on WhatsApp it is a
 * document message whose link is the PDF under the order's signed link (decision 027), which
 * opens without a sign-in; what the outbox receives is checked, then the link is opened. A
 * customer with no e-mail is refused the e-mail with its reason; every send is audited.
 */
import { and, eq } from 'drizzle-orm';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker, type JobLog } from '~/lib/jobs/worker.server';
import { createEmailChannel } from '~/lib/notifications/email.server';
import { createMailer } from '~/lib/mail.server';
import { notificationHandlers } from '~/lib/notifications/queue.server';
import { createWhatsAppOutbox } from '~/lib/notifications/whatsapp-outbox.server';
import type { WhatsAppOutboxEntry } from '~/lib/notifications/whatsapp-outbox.server';
import {
  auditLog,
  customers,
  notifications,
  orderLines,
  orders,
  payments,
} from '~/lib/schema.server';
import * as orderLinkDocumentRoute from '~/routes/order-link.document';
import { Refusal } from '~/lib/refusal';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import { issueInvoice } from './invoices.server';
import { documentRecipients, sendDocumentSchema, sendOrderDocument } from './send-documents.server';

let app: TestApp;
let outbox: string;
let orderId: number;
let invoiceId: number;
let invoiceNumber: string;
const quiet: JobLog = { info() {}, warn() {}, error() {} };
let actor: { id: string; email: string };
const site = () => ({ publicUrl: 'https://shop.example', linkSecret: app.context.linkSecret });

beforeAll(async () => {
  app = await createTestApp();
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'send-documents-'));
  actor = { id: (await app.signedIn('admin')).userId, email: 'admin@example.com' };
  const db = app.database.db;
  const [walkIn] = await db
    .insert(customers)
    .values({ name: 'Ramesh Vora', phone: '+919825012345' })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      number: 'RT-SEND-1',
      status: 'paid',
      amountPaise: 125_000,
      customerId: walkIn!.id,
      customerName: 'Ramesh Vora',
      email: '',
      phone: '+919825012345',
      address: '1 Counter Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360001',
      provider: 'sandbox',
      paidAt: new Date(),
    })
    .returning();
  orderId = order!.id;
  await db
    .insert(orderLines)
    .values({ orderId, name: 'Linen shirt', unitPricePaise: 125_000, quantity: 1 });
  await db.insert(payments).values({
    orderId,
    kind: 'payment',
    method: 'cash',
    status: 'succeeded',
    amountPaise: 125_000,
    settledAt: new Date(),
  });
  const issued = await issueInvoice(db, orderId);
  if (!issued.ok) throw new Error(`invoice: ${issued.reason}`);
  invoiceId = issued.issued.id;
  invoiceNumber = issued.issued.number;
});
afterAll(async () => {
  await app?.dispose();
  await fs.rm(outbox, { recursive: true, force: true });
});

describe(`sending a document to the customer on ${testDatabaseKind}`, () => {
  it('puts a WhatsApp document message with the signed link’s PDF in the outbox, once, audited', async () => {
    const db = app.database.db;
    expect(await documentRecipients(db, orderId)).toMatchObject({
      whatsapp: { ok: true, to: '+919825012345' },
      email: { ok: false, reason: 'The customer has no e-mail address on record.' },
    });
    const message = await sendOrderDocument(
      db,
      actor,
      sendDocumentSchema.parse({
        number: 'RT-SEND-1',
        documentId: String(invoiceId),
        channel: 'whatsapp',
      }),
      site(),
    );
    expect(message).toBe(`Tax invoice ${invoiceNumber} is being sent to Ramesh Vora by WhatsApp.`);

    const worker = createWorker({
      db,
      handlers: notificationHandlers({
        email: createEmailChannel(
          createMailer({ outboxDir: outbox, from: 'shop@example.com', log: quiet as never }),
          false,
        ),
        whatsapp: createWhatsAppOutbox({ dir: outbox, log: quiet }),
      }),
      log: quiet,
    });
    expect(await worker.runDue()).toBe(1);
    expect(await worker.runDue()).toBe(0);
    const files = (await fs.readdir(outbox)).filter((file) => file.endsWith('.json'));
    expect(files).toHaveLength(1);
    const entry = JSON.parse(
      await fs.readFile(path.join(outbox, files[0]!), 'utf8'),
    ) as WhatsAppOutboxEntry;
    const fileName = `tax-invoice-${invoiceNumber.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
    expect(entry).toMatchObject({
      to: '+919825012345',
      template: null,
      document: {
        filename: fileName,
        caption: `Tax invoice ${invoiceNumber} for order RT-SEND-1 (₹1,250), from ${entry.document!.caption!.split(', from ')[1]}`,
      },
    });
    const link = new URL(entry.document!.link);
    expect(link.origin).toBe('https://shop.example');
    const [, token] = /^\/o\/([^/]+)\/invoice\.pdf$/.exec(link.pathname) ?? [];
    expect(token).toBeTruthy();

    // The link opens the PDF without an account.
    const response = (await orderLinkDocumentRoute.loader({
      request: new Request(link),
      context: app.context,
      params: { token: token! },
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');

    const [row] = await db.select().from(notifications).where(eq(notifications.orderId, orderId));
    expect(row).toMatchObject({ channel: 'whatsapp', kind: 'document.sent', status: 'sent' });
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.document.send'), eq(auditLog.entityId, 'RT-SEND-1')));
    expect(audits).toHaveLength(1);
  });

  it('refuses the e-mail of a customer with no address, and a document of another order', async () => {
    const db = app.database.db;
    await expect(
      sendOrderDocument(
        db,
        actor,
        sendDocumentSchema.parse({
          number: 'RT-SEND-1',
          documentId: String(invoiceId),
          channel: 'email',
        }),
        site(),
      ),
    ).rejects.toEqual(
      new Refusal('invalid', 'The customer has no e-mail address on record.', 'channel'),
    );
    await expect(
      sendOrderDocument(
        db,
        actor,
        sendDocumentSchema.parse({
          number: 'RT-OTHER',
          documentId: String(invoiceId),
          channel: 'whatsapp',
        }),
        site(),
      ),
    ).rejects.toMatchObject({ code: 'not-found' });
    expect(
      sendDocumentSchema.safeParse({ number: 'RT-SEND-1', documentId: '1', channel: 'sms' })
        .success,
    ).toBe(false);
  });
});
