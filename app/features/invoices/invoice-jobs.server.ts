/**
 * The invoice jobs (issue 21 item 5: "it is e-mailed with the payment confirmation"; item 6:
 * "the shopper gets an e-mail with the credit note"). The payments module queues, in the
 * transaction that makes an order fully paid, `{ kind: 'invoice.issue', payload: { orderId },
 * dedupeKey: 'invoice:order:<orderId>' }`, and in the one that marks a refund row succeeded,
 * `{ kind: 'credit-note.issue', payload: { paymentId }, dedupeKey: 'credit-note:payment:<id>' }`.
 *
 * Each handler issues the document (idempotent: a retry finds the one issued) and queues an
 * e-mail to the order's address with the PDF attached, once per document (the notification's
 * dedupe key); a refund may get a refund voucher and a credit note (issue 28 item 3), each
 * mailed. An order that is not paid, or a refund not settled, is logged and left: the job
 * that makes it so queues another. A job that can never succeed (a payload that does not
 * parse, an unknown order or row, an order with nothing to invoice, a refund beyond what was
 * paid) fails at once with its reason (`PermanentJobError`), which the back office lists.
 *
 * The receipt-voucher job (issue 29 item 3), `{ kind: 'receipt-voucher.issue', payload:
 * { paymentId }, dedupeKey: 'receipt-voucher:payment:<id>' }`, queued by the payments module
 * when a payment leaves a balance (an advance), issues the voucher and sends it on the channels
 * the customer record chose (e-mail with the PDF, WhatsApp with the order's link), or to the
 * order's e-mail when the order has no record. A refund of an advance whose voucher job has not
 * run yet issues (and sends) that voucher first, so its refund voucher names it (Rule 51).
 */
import escapeHtml from 'escape-html';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '~/lib/db.server';
import { PermanentJobError, type JobHandlers, type JobLog } from '~/lib/jobs/worker.server';
import { formatRupeesExact } from '~/lib/money';
import { queueNotification } from '~/lib/notifications/queue.server';
import { customers, orders } from '~/lib/schema.server';
import { queueCustomerMessage } from '~/features/customers/customer-messages.server';
import { getMessageSettings } from '~/features/customers/message-settings.server';
import { orderLinkUrl, type OrderLinkSite } from '~/features/orders/order-link.server';
import { getSiteSettings } from '~/features/site/settings.server';
import { formatDocumentDate } from './document';
import {
  issueCreditNote,
  issueInvoice,
  type IssuedDocument,
  type IssueOutcome,
  type RefundOutcome,
} from './invoices.server';
import { invoicePdf } from './pdf.server';
import { issueOwedReceiptVoucher, issueReceiptVoucher } from './receipt-vouchers.server';

/** The job kinds this module handles (the payments module queues them by these names). */
const INVOICE_JOB = 'invoice.issue';
const CREDIT_NOTE_JOB = 'credit-note.issue';
const RECEIPT_VOUCHER_JOB = 'receipt-voucher.issue';

const invoicePayload = z.object({ orderId: z.number().int().positive() });
const creditNotePayload = z.object({ paymentId: z.number().int().positive() });
const receiptVoucherPayload = creditNotePayload;

/** The file name stem of each kind of document. */
const FILE_STEMS: Record<IssuedDocument['kind'], string> = {
  invoice: 'tax-invoice',
  credit_note: 'credit-note',
  refund_voucher: 'refund-voucher',
  receipt_voucher: 'receipt-voucher',
};

/** The file name of a document's PDF: 'RT/26-27/000123' → 'tax-invoice-RT-26-27-000123.pdf'. */
export function documentFileName(issued: Pick<IssuedDocument, 'kind' | 'number'>): string {
  const stem = FILE_STEMS[issued.kind];
  return `${stem}-${issued.number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
}

/**
 * Queues the document's e-mail with its PDF to the order's address, once per document; a
 * receipt voucher goes to the customer record's chosen channels when the order has a record.
 */
async function mailDocument(db: Db, issued: IssuedDocument, site: OrderLinkSite, now: Date) {
  const [order] = await db.select().from(orders).where(eq(orders.id, issued.orderId));
  if (!order) return;
  const [record] = order.customerId
    ? await db.select().from(customers).where(eq(customers.id, order.customerId))
    : order.userId
      ? await db.select().from(customers).where(eq(customers.userId, order.userId)).limit(1)
      : [];
  // Anonymised, or no address and no customer record: nobody to write to.
  if (order.email === '' && !record) return;
  const { shopName } = await getSiteSettings(db);
  const doc = issued.document;
  const invoice = issued.kind === 'invoice';
  const orderUrl = await orderLinkUrl(db, site, order.id, now);
  const voucher = issued.kind === 'refund_voucher';
  const receipt = issued.kind === 'receipt_voucher';
  const subject = invoice
    ? `Tax invoice ${doc.number} for order ${order.number}`
    : receipt
      ? `Receipt voucher ${doc.number} for your advance on order ${order.number}`
      : voucher
        ? `Refund voucher ${doc.number} for order ${order.number}`
        : `Credit note ${doc.number} for order ${order.number}`;
  const lines = invoice
    ? [
        `Thank you for your payment. Your tax invoice ${doc.number} dated ${formatDocumentDate(doc.issueDate)} for order ${order.number} (${formatRupeesExact(doc.totals.totalPaise)}, GST included) is attached.`,
      ]
    : receipt
      ? [
          `Thank you for your advance of ${formatRupeesExact(doc.totals.totalPaise)} on order ${order.number}. Receipt voucher ${doc.number} dated ${formatDocumentDate(doc.issueDate)} is attached; your tax invoice follows when the order is paid in full.`,
        ]
      : voucher
        ? [
            `We have refunded ${formatRupeesExact(doc.totals.totalPaise)} on order ${order.number}. Refund voucher ${doc.number} dated ${formatDocumentDate(doc.issueDate)} is attached.`,
          ]
        : [
            `We have refunded ${formatRupeesExact(doc.totals.totalPaise)} on order ${order.number}. Credit note ${doc.number} dated ${formatDocumentDate(doc.issueDate)}, against invoice ${doc.refersTo?.number ?? ''}, is attached.`,
          ];
  lines.push(`You can also download it from your order page: ${orderUrl}`);
  const text = [
    `Dear ${order.customerName},`,
    '',
    ...lines,
    '',
    'With warm regards,',
    `${shopName}, Rajkot`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f6f1ea;font-family:Georgia,serif;color:#2b2118"><div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#7a1f2b">${escapeHtml(shopName)}</p>
<h1 style="margin:0 0 16px;font-size:22px">Dear ${escapeHtml(order.customerName)},</h1>
${lines.map((line) => `<p style="margin:0 0 12px;font-size:16px;line-height:1.5">${escapeHtml(line)}</p>`).join('\n')}
<p style="margin:32px 0 0;font-size:13px;color:#6b5d50">With warm regards,<br>${escapeHtml(shopName)}, Rajkot</p>
</div></body></html>`;
  const pdf = await invoicePdf(doc);
  const attachments = [
    {
      filename: documentFileName(issued),
      content: pdf.toString('base64'),
      contentType: 'application/pdf',
      encoding: 'base64' as const,
    },
  ];
  // A receipt voucher, and any document of an order with no e-mail (a walk-in, issue 30 item
  // 2: "His invoice reaches him by no channel"), go on the record's channels with the link.
  if (record && (receipt || order.email === '')) {
    const settings = await getMessageSettings(db);
    const status = receipt
      ? `Advance of ${formatRupeesExact(doc.totals.totalPaise)} received: receipt voucher ${doc.number}`
      : `${subject.replace(/ for order .*$/, '')} issued (${formatRupeesExact(doc.totals.totalPaise)}), to download from your order page`;
    await queueCustomerMessage(db, record, {
      kind: invoice
        ? 'invoice.issued'
        : receipt
          ? 'receipt-voucher.issued'
          : voucher
            ? 'refund-voucher.issued'
            : 'credit-note.issued',
      subject,
      text,
      html,
      attachments,
      whatsapp: {
        name: settings.templates.orderStatus,
        language: settings.language,
        params: [order.customerName, order.number, status, orderUrl],
        text: `Dear ${order.customerName}, your order ${order.number} is now: ${status}. ${orderUrl}`,
      },
      orderId: order.id,
      runAt: now,
      dedupeKey: `invoice-document:${issued.id}`,
    });
    return;
  }
  await queueNotification(db, {
    customerId: record?.id ?? null,
    orderId: order.id,
    channel: 'email',
    kind: invoice
      ? 'invoice.issued'
      : receipt
        ? 'receipt-voucher.issued'
        : voucher
          ? 'refund-voucher.issued'
          : 'credit-note.issued',
    recipient: order.email,
    subject,
    body: text,
    html,
    attachments,
    runAt: now,
    dedupeKey: `invoice-document:${issued.id}:email`,
  });
}

/** Why a refusal can never heal, by reason; the others are left for a later job. */
const PERMANENT_REFUSALS: Partial<Record<Extract<IssueOutcome, { ok: false }>['reason'], string>> =
  {
    'not-found': 'The order or payment row no longer exists.',
    'not-a-refund': 'This payment row is not a refund: it takes no credit note.',
    'nothing-to-invoice': 'The order has no lines or garments to invoice.',
  };

/** Why a receipt voucher can never be issued, by reason (a payment not settled may be later). */
const RECEIPT_REFUSALS: Record<'not-found' | 'not-a-payment' | 'nothing-to-invoice', string> = {
  'not-found': 'The order or payment row no longer exists.',
  'not-a-payment': 'This payment row is a refund: it takes no receipt voucher.',
  'nothing-to-invoice': 'The order has no lines or garments to receive an advance for.',
};

/**
 * The documents an outcome issued; a refusal that can heal later (not paid, not settled) is
 * logged and answers none.
 * @throws PermanentJobError for a refusal that can never heal.
 */
function settle(
  outcome: IssueOutcome | RefundOutcome,
  log: JobLog,
  what: object,
): IssuedDocument[] {
  if (outcome.ok) return 'documents' in outcome ? outcome.documents : [outcome.issued];
  const permanent = PERMANENT_REFUSALS[outcome.reason];
  if (permanent) throw new PermanentJobError(permanent);
  log.warn({ ...what, reason: outcome.reason }, 'no document issued');
  return [];
}

/** A payload that does not parse can never be run. */
function parsePayload<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new PermanentJobError('This job’s payload is not readable.');
  return parsed.data;
}

/**
 * The handlers { 'invoice.issue', 'credit-note.issue', 'receipt-voucher.issue' }; register them with the worker in the
 * composition root. `publicUrl` and `linkSecret` make the order's signed link in the message
 * (issue 30 item 2).
 */
export function invoiceJobHandlers(deps: OrderLinkSite): JobHandlers {
  return {
    [INVOICE_JOB]: async (raw, { db, now, log }) => {
      const { orderId } = parsePayload(invoicePayload, raw);
      for (const issued of settle(await issueInvoice(db, orderId, now), log, { orderId })) {
        await mailDocument(db, issued, deps, now);
      }
    },
    [CREDIT_NOTE_JOB]: async (raw, { db, now, log }) => {
      const { paymentId } = parsePayload(creditNotePayload, raw);
      // An advance refunded before its receipt voucher was issued gets it first (Rule 51).
      const owed = await issueOwedReceiptVoucher(db, paymentId, now);
      if (owed) await mailDocument(db, owed, deps, now);
      const outcome = await issueCreditNote(db, paymentId, now);
      for (const issued of settle(outcome, log, { paymentId })) {
        await mailDocument(db, issued, deps, now);
      }
    },
    [RECEIPT_VOUCHER_JOB]: async (raw, { db, now, log }) => {
      const { paymentId } = parsePayload(receiptVoucherPayload, raw);
      const outcome = await issueReceiptVoucher(db, paymentId, now);
      if (!outcome.ok) {
        if (outcome.reason === 'not-settled') {
          log.warn({ paymentId, reason: outcome.reason }, 'no receipt voucher issued');
          return;
        }
        throw new PermanentJobError(RECEIPT_REFUSALS[outcome.reason]);
      }
      await mailDocument(db, outcome.issued, deps, now);
    },
  };
}
