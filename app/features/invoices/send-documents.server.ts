/**
 * Staff send an order's tax invoice or voucher to its customer from the admin order page
 * (issue 30 item 2: "Staff can send an invoice or voucher as a WhatsApp document message, or by
 * e-mail, from the order page"): on WhatsApp as a document message whose link is the PDF under
 * the order's signed link (`/o/<token>/invoice.pdf` or `/o/<token>/credit-notes/<id>`,
 * decision 027; WhatsApp fetches it without a sign-in), or by e-mail with the PDF attached.
 * Either is queued through the notification queue in the transaction of its audit entry
 * ('order.document.send'), so it is sent once and retried on failure.
 *
 * The recipient is the customer record's (its E.164 mobile, its e-mail), else the order's own
 * contact (a shop order's e-mail, its phone when it reads as an Indian mobile). No phone or no
 * e-mail is a refusal with its reason, which the page shows beside a disabled button.
 */
import escapeHtml from 'escape-html';
import { and, eq } from 'drizzle-orm';
import * as z from 'zod';
import type { Actor } from '~/lib/audit.server';
import { Refusal } from '~/lib/refusal';
import { auditedWrite } from '~/lib/audited-write.server';
import { parseIndianMobile } from '~/features/customers/phone';
import { orderLinkUrl, type OrderLinkSite } from '~/features/orders/order-link.server';
import { getSiteSettings } from '~/features/site/settings.server';
import type { Db } from '~/lib/db.server';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import { formatRupeesExact } from '~/lib/money';
import { queueNotification } from '~/lib/notifications/queue.server';
import { customers, invoices, orders } from '~/lib/schema.server';
import type { InvoiceDocument } from './document';
import { documentFileName } from './invoice-jobs.server';
import { invoicePdf } from './pdf.server';

/** The channels a document is sent on. */
const DOCUMENT_CHANNELS = ['whatsapp', 'email'] as const;

/** What each kind of document is called in a message. */
const DOCUMENT_NAMES = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
  refund_voucher: 'Refund voucher',
  receipt_voucher: 'Receipt voucher',
} as const;

const NO_PHONE = 'The customer has no mobile number on record.';
const NO_EMAIL = 'The customer has no e-mail address on record.';

/** The form of 'send-document': the order, the document's id, the channel. */
export const sendDocumentSchema = z.object({
  number: z
    .string({ error: 'This order could not be found.' })
    .trim()
    .min(1, 'This order could not be found.')
    .max(40, 'This order could not be found.'),
  documentId: z.coerce
    .number<string>({ error: 'This document could not be found.' })
    .int('This document could not be found.')
    .positive('This document could not be found.')
    .max(2_147_483_647, 'This document could not be found.'),
  channel: z.enum(DOCUMENT_CHANNELS, { error: 'Please choose WhatsApp or e-mail.' }),
});

/** Where an order's documents can go: each channel's recipient, or why there is none. */
export interface DocumentRecipients {
  whatsapp: { ok: true; to: string } | { ok: false; reason: string };
  email: { ok: true; to: string } | { ok: false; reason: string };
}

/** The recipients of order `orderId`'s documents (see the module's comment); null for no order. */
export async function documentRecipients(
  db: DbOrTx,
  orderId: number,
): Promise<(DocumentRecipients & { customerId: number | null }) | null> {
  const [row] = await db
    .select({
      phone: orders.phone,
      email: orders.email,
      recordId: customers.id,
      recordPhone: customers.phone,
      recordEmail: customers.email,
    })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const phone = row.recordPhone ?? (row.phone ? parseIndianMobile(row.phone) : null);
  const email = row.recordEmail || row.email || null;
  return {
    customerId: row.recordId,
    whatsapp: phone ? { ok: true, to: phone } : { ok: false, reason: NO_PHONE },
    email: email ? { ok: true, to: email } : { ok: false, reason: NO_EMAIL },
  };
}

/**
 * Queues document `documentId` of order `number` to its customer on `channel`, audited
 * 'order.document.send' (the document, channel and recipient). Resolves to the toast's message.
 * @throws Refusal 404 for an unknown order or a document not of this order; 422 for a
 *   customer with no mobile (WhatsApp) or no e-mail (e-mail), beside the channel.
 */
export async function sendOrderDocument(
  db: Db,
  actor: Actor,
  input: z.output<typeof sendDocumentSchema>,
  site: OrderLinkSite,
  now = new Date(),
): Promise<string> {
  return auditedWrite(db, actor, {
    read: async (tx) => {
      const [row] = await tx
        .select({
          orderId: orders.id,
          number: orders.number,
          customerName: orders.customerName,
          document: invoices,
        })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .where(and(eq(orders.number, input.number), eq(invoices.id, input.documentId)));
      return row;
    },
    missing: () => new Refusal('not-found', 'This document is not one of this order’s.'),
    write: async (tx, found) => {
      const recipients = await documentRecipients(tx, found.orderId);
      const recipient = recipients?.[input.channel];
      if (!recipients || !recipient)
        throw new Refusal('not-found', 'This order could not be found.');
      if (!recipient.ok) throw new Refusal('invalid', recipient.reason, 'channel');
      const doc = found.document.document as unknown as InvoiceDocument;
      const name = DOCUMENT_NAMES[found.document.kind];
      const filename = documentFileName(found.document);
      const orderUrl = await orderLinkUrl(tx, site, found.orderId, now);
      const { shopName } = await getSiteSettings(tx as unknown as Db);
      const title = `${name} ${found.document.number} for order ${found.number}`;
      const caption = `${title} (${formatRupeesExact(found.document.totalPaise)}), from ${shopName}.`;
      if (input.channel === 'whatsapp') {
        const link =
          found.document.kind === 'invoice'
            ? `${orderUrl}/invoice.pdf`
            : `${orderUrl}/credit-notes/${found.document.id}`;
        await queueNotification(tx, {
          customerId: recipients.customerId,
          orderId: found.orderId,
          channel: 'whatsapp',
          kind: 'document.sent',
          recipient: recipient.to,
          subject: title,
          body: caption,
          whatsappDocument: { link, filename, caption },
          runAt: now,
        });
      } else {
        const lines = [
          `Dear ${found.customerName},`,
          '',
          `${caption} It is attached, and on your order page: ${orderUrl}`,
          '',
          'With warm regards,',
          `${shopName}, Rajkot`,
        ];
        const pdf = await invoicePdf(doc);
        await queueNotification(tx, {
          customerId: recipients.customerId,
          orderId: found.orderId,
          channel: 'email',
          kind: 'document.sent',
          recipient: recipient.to,
          subject: title,
          body: lines.join('\n'),
          html: `<!doctype html><html lang="en"><body>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</body></html>`,
          attachments: [
            {
              filename,
              content: pdf.toString('base64'),
              contentType: 'application/pdf',
              encoding: 'base64',
            },
          ],
          runAt: now,
        });
      }
      return { to: recipient.to, name, documentNumber: found.document.number };
    },
    audit: (found, sent) => ({
      action: 'order.document.send',
      entity: 'order',
      entityId: found.number,
      summary: `Sent ${sent.name.toLowerCase()} ${sent.documentNumber} of order ${found.number} by ${input.channel === 'whatsapp' ? 'WhatsApp' : 'e-mail'} to ${sent.to}`,
      after: {
        documentId: found.document.id,
        kind: found.document.kind,
        channel: input.channel,
        recipient: sent.to,
      },
    }),
    answer: (found, sent) =>
      `${sent.name} ${sent.documentNumber} is being sent to ${found.customerName} by ${input.channel === 'whatsapp' ? 'WhatsApp' : 'e-mail'}.`,
  });
}
