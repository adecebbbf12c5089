/**
 * Withdrawing payment links (issue 28 item 2: "when an order is paid in full or cancelled, its
 * pending links are cancelled"; and the counter's 'Withdraw link' of one link, its follow-up).
 * In the transaction that pays the order in full or cancels it (or withdraws the link), its
 * links not yet paid become 'cancelled' (the sandbox's `/pay/:linkId` then answers 409),
 * and each link the provider made gets a `payment-link.cancel` job, run after the commit by
 * `paymentLinkJobHandlers`, which asks the provider to cancel it (Razorpay's Payment Links
 * cancel API; the sandbox through the same call). It lives with the orders (not the ledger) so
 * that cancelling or expiring an order can withdraw its links without features/orders importing
 * features/payments (no import loop between feature folders, issue 30 item 4); the payments
 * table it writes is the ledger's: its owner's commands are to take this write over.
 */
import { and, eq } from 'drizzle-orm';
import { enqueueJob, type DbOrTx } from '~/lib/jobs/enqueue.server';
import { payments } from '~/lib/schema.server';

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
