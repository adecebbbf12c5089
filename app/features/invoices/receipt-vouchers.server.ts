/**
 * Issuing receipt vouchers (issue 29 item 3: "An advance, received at the counter, by link or
 * online, gets a receipt voucher (Rule 50). It has its own series, a PDF, and the e-mail or
 * WhatsApp the customer chose").
 *
 * The payments module queues `{ kind: 'receipt-voucher.issue', payload: { paymentId },
 * dedupeKey: 'receipt-voucher:payment:<id>' }` in the transaction that settles a payment which
 * leaves the order with a balance (an advance: money received before the tax invoice, which
 * is issued when the order is paid in full). `issueReceiptVoucher` locks the order, takes the
 * next number of the 'receipt_voucher' series (settings' `receiptVoucherPrefix`, 'RCV') and
 * inserts the voucher in one transaction; the partial unique index on `invoices.payment_id`
 * (kind 'receipt_voucher') and the lookup before it make it one voucher per payment row,
 * however often the job runs. The figures are `advanceLines` (receipt-voucher.ts, where Rule 50
 * and the tax on an advance are cited).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { invoices, jobs, payments } from '~/lib/schema.server';
import { shopDateOf } from '~/lib/shop-time';
import { PermanentJobError } from '~/lib/jobs/worker.server';
import { amountInWords } from './amount-in-words';
import type { InvoiceDocument } from './document';
import { getInvoicingSettings } from './invoicing-settings.server';
import {
  header,
  insertDocument,
  lockOrder,
  sourceLines,
  totalsOf,
  type IssuedDocument,
} from './invoices.server';
import { allocateNumber } from './numbering.server';
import { rateRuleFor } from './rate-rules';
import { listRateRules } from './rate-rules.server';
import { ADVANCE_TAX_NOTE, advanceLines, isServiceCode } from './receipt-voucher';
import { roundingRule } from './tax';

/** How each payment method reads on the voucher. */
const METHOD_WORDS: Record<(typeof payments.$inferSelect)['method'], string> = {
  cash: 'cash',
  upi: 'UPI',
  cod: 'cash on delivery',
  online: 'online payment',
  payment_link: 'payment link',
};

/** What issuing a receipt voucher answers. */
export type ReceiptOutcome =
  | { ok: true; created: boolean; issued: IssuedDocument }
  | { ok: false; reason: 'not-found' | 'not-a-payment' | 'not-settled' | 'nothing-to-invoice' };

/**
 * Issues the receipt voucher of payment row `paymentId` at `now`, or answers the one it has.
 * Refuses an unknown row or order ('not-found'), a refund ('not-a-payment'), a payment not
 * succeeded ('not-settled') and an order with no lines or garments ('nothing-to-invoice').
 * @throws whatever the database throws (the transaction rolls back, the number is not used).
 */
export async function issueReceiptVoucher(
  db: Db,
  paymentId: number,
  now = new Date(),
): Promise<ReceiptOutcome> {
  return db.transaction(async (tx): Promise<ReceiptOutcome> => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment) return { ok: false, reason: 'not-found' };
    if (payment.kind !== 'payment') return { ok: false, reason: 'not-a-payment' };
    if (payment.status !== 'succeeded') return { ok: false, reason: 'not-settled' };
    const order = await lockOrder(tx, payment.orderId);
    if (!order) return { ok: false, reason: 'not-found' };
    const [existing] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.paymentId, payment.id), eq(invoices.kind, 'receipt_voucher')));
    if (existing) {
      const { id, kind, number, orderId, issuedAt, totalPaise } = existing;
      const document = existing.document as unknown as InvoiceDocument;
      return {
        ok: true,
        created: false,
        issued: { id, kind, number, orderId, issuedAt, totalPaise, document },
      };
    }
    const settings = await getInvoicingSettings(tx);
    const head = header(settings, order);
    const source = await sourceLines(tx, order, settings);
    if (source.length === 0) return { ok: false, reason: 'nothing-to-invoice' };
    // Each line's rate is the GST rate rule in force on the voucher's date (issue 29 item 1),
    // chosen as the invoice chooses it.
    const rules = await listRateRules(tx);
    const issueDate = shopDateOf(now);
    const lines = advanceLines(
      payment.amountPaise,
      source.map((line) => {
        const chosen = rateRuleFor(rules, line.tax.code, issueDate, {
          piecePaise: line.unitPricePaise,
          inclusive: true,
        });
        if (!chosen) {
          throw new PermanentJobError(
            `No GST rate rule covers HSN/SAC ${line.tax.code} on ${issueDate}: add one in the invoicing settings.`,
          );
        }
        return {
          description: line.description,
          code: line.tax.code,
          ratePercent: chosen.rule.ratePercent,
          grossPaise: line.grossPaise ?? line.unitPricePaise * line.quantity,
        };
      }),
      head.intraState,
    );
    const allocated = await allocateNumber(
      tx,
      'receipt_voucher',
      settings.receiptVoucherPrefix,
      now,
    );
    const totals = totalsOf(lines);
    const reference = payment.providerPaymentId || payment.reference;
    const issued = await insertDocument(tx, {
      kind: 'receipt_voucher',
      allocated,
      orderId: order.id,
      refersToId: null,
      paymentId: payment.id,
      now,
      document: {
        kind: 'receipt_voucher',
        title: 'Receipt Voucher',
        number: allocated.number,
        issueDate: shopDateOf(now),
        financialYear: allocated.financialYear,
        ...head,
        receipt: {
          reference: `${METHOD_WORDS[payment.method]}${reference ? ` ${reference}` : ''}`,
          date: shopDateOf(payment.settledAt ?? payment.createdAt),
        },
        recipientGstin: head.recipient.gstin ?? 'unregistered',
        lines,
        totals,
        amountInWords: amountInWords(totals.totalPaise),
        notes: [
          ADVANCE_TAX_NOTE,
          ...(lines.some((line) => isServiceCode(line.code))
            ? [roundingRule(head.intraState)]
            : []),
        ],
      },
    });
    return { ok: true, created: true, issued };
  });
}

/**
 * Before the documents of refund row `refundRowId` are issued (issue 29 item 3; decision 022):
 * when the payment it refunds is an advance whose receipt voucher is still owed (its
 * `receipt-voucher.issue` job, dedupe key 'receipt-voucher:payment:<id>' as the payments module
 * queues it, is pending or running), issues that voucher now, with {@link issueReceiptVoucher}
 * (its own transaction, the same series and numbering), so the refund voucher made next names
 * it as Rule 51 asks instead of the payment's reference. The job, when it runs, finds it.
 * @returns the voucher issued now, or null (not a refund, no advance, owed no voucher, or one
 *   issued already, or the voucher refused: the refund voucher then prints the reference).
 * @throws whatever {@link issueReceiptVoucher} throws (e.g. `PermanentJobError` when no rate
 *   rule covers a line).
 */
export async function issueOwedReceiptVoucher(
  db: Db,
  refundRowId: number,
  now = new Date(),
): Promise<IssuedDocument | null> {
  const [refund] = await db
    .select({ kind: payments.kind, refundOfId: payments.refundOfId })
    .from(payments)
    .where(eq(payments.id, refundRowId));
  if (refund?.kind !== 'refund' || refund.refundOfId === null) return null;
  const [owed] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.dedupeKey, `receipt-voucher:payment:${refund.refundOfId}`),
        inArray(jobs.status, ['pending', 'running']),
      ),
    );
  if (!owed) return null;
  const outcome = await issueReceiptVoucher(db, refund.refundOfId, now);
  return outcome.ok && outcome.created ? outcome.issued : null;
}
