/**
 * The payments' commands (issue 30 item 4: "each domain owns its tables and every write to
 * them"): the writes to `payments` and `payment_events` that other paths share, each in the
 * caller's transaction.
 *
 * Withdrawing payment links (issue 28 item 2: "when an order is paid in full or cancelled, its
 * pending links are cancelled"; and the counter's 'Withdraw link' of one link, its follow-up).
 * In the transaction that pays the order in full or cancels it (or withdraws the link), its
 * links not yet paid become 'cancelled' (the sandbox's `/pay/:linkId` then answers 409),
 * and each link the provider made gets a `payment-link.cancel` job, run after the commit by
 * `paymentLinkJobHandlers`, which asks the provider to cancel it (Razorpay's Payment Links
 * cancel API; the sandbox through the same call). Cancelling or expiring a shop order
 * (shop-payments.server.ts) withdraws its links here too, which is why those live with the
 * payments: features/orders sits below features/payments and does not import it.
 *
 * Provider events are recorded once each (`recordEvent`), and the checkout's online payment
 * joins the ledger (`recordOnlinePayment`).
 */
import { and, eq } from 'drizzle-orm';
import type { PaymentProviderName } from '~/lib/payments/payments.server';
import { enqueueJob, type DbOrTx } from '~/lib/jobs/enqueue.server';
import { paymentEvents, payments } from '~/lib/schema.server';

/** The job kind that cancels one link at the provider; its payload is `{ paymentId }`. */
export const CANCEL_LINK_JOB = 'payment-link.cancel';

/** Queues the provider's cancellation of link row `paymentRowId`, once per row. */
export function enqueueLinkCancel(tx: DbOrTx, paymentRowId: number) {
  return enqueueJob(tx, {
    kind: CANCEL_LINK_JOB,
    payload: { paymentId: paymentRowId },
    dedupeKey: `payment-link:cancel:${paymentRowId}`,
  });
}

/**
 * Cancels order `orderId`'s payment links not yet paid, in `tx` (the one that makes the order
 * paid in full or cancelled, or the counter's withdrawal of one link, under the order's lock):
 * each pending link row becomes 'cancelled', and each one the provider already made (it has a
 * link id) gets its `payment-link.cancel` job. With `only`, just that link row (if it is the
 * order's and still pending). A link row whose link is still being made (no id yet) is left to
 * `sendPaymentLink`, which finds it cancelled. Resolves to the ids of the rows cancelled.
 */
export async function cancelPendingLinks(
  tx: DbOrTx,
  orderId: number,
  only?: { paymentId: number },
): Promise<number[]> {
  const cancelled = await tx
    .update(payments)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.method, 'payment_link'),
        eq(payments.status, 'pending'),
        only ? eq(payments.id, only.paymentId) : undefined,
      ),
    )
    .returning({ id: payments.id, providerLinkId: payments.providerLinkId });
  for (const row of cancelled) {
    if (row.providerLinkId) await enqueueLinkCancel(tx, row.id);
  }
  return cancelled.map((row) => row.id);
}

/**
 * Records that a provider event id was handled (in the transaction making its change); false
 * when it already was (`payment_events` holds each event id once: a repeated webhook, or a
 * confirmation racing its webhook, changes nothing twice).
 */
export async function recordEvent(
  tx: DbOrTx,
  event: { eventId: string; provider: PaymentProviderName; type: string; orderId: number | null },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({
      eventId: event.eventId,
      provider: event.provider,
      type: event.type,
      orderId: event.orderId,
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length === 1;
}

/**
 * A shop order's online payment joins its ledger (issue 21 item 4): a succeeded 'online'
 * payments row of `amountPaise` (integer paise), settled now, once per provider payment id
 * (the unique `provider_payment_id`: a second call for the same payment adds nothing).
 * @returns whether this call added the row.
 */
export async function recordOnlinePayment(
  tx: DbOrTx,
  payment: {
    orderId: number;
    amountPaise: number;
    provider: PaymentProviderName;
    providerOrderId: string | null;
    providerPaymentId: string;
    settledAt: Date;
  },
): Promise<boolean> {
  const recorded = await tx
    .insert(payments)
    .values({ ...payment, kind: 'payment', method: 'online', status: 'succeeded' })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  return recorded.length > 0;
}
