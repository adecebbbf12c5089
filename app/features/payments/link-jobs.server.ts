/**
 * The `payment-link.cancel` job (issue 28 item 2): asks the payment provider to cancel a link
 * the ledger has withdrawn (`cancelPendingLinks`), so the customer can no longer pay it.
 * Razorpay: `POST /v1/payment_links/:id/cancel`
 * (https://razorpay.com/docs/api/payments/payment-links/cancel-standard/), which cancels a
 * link in the `created` state; the sandbox answers through the same provider call.
 *
 * No answer from the provider is retried (the worker's backoff). A refusal can never heal (the
 * link is paid, expired or cancelled already, or another provider made it): the job fails at
 * once with the reason (`PermanentJobError`), shown in the back office. A link paid meanwhile
 * is recorded by its webhook: the money is on the order, never dropped.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { PermanentJobError, type JobHandlers } from '~/lib/jobs/worker.server';
import { PaymentProviderError, type PaymentProvider } from '~/lib/payments/payments.server';
import { payments } from '~/lib/schema.server';
import { CANCEL_LINK_JOB } from './payments-commands.server';

const cancelPayload = z.object({ paymentId: z.number().int().positive() });

/**
 * The handlers { 'payment-link.cancel' } over the shop's payment provider; register them with
 * the worker in the composition root.
 */
export function paymentLinkJobHandlers(deps: { payments: PaymentProvider }): JobHandlers {
  return {
    [CANCEL_LINK_JOB]: async (raw, { db, log }) => {
      const parsed = cancelPayload.safeParse(raw);
      if (!parsed.success) {
        throw new PermanentJobError('This job does not name a payment link row.');
      }
      const { paymentId } = parsed.data;
      const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
      if (!row || row.method !== 'payment_link' || !row.providerLinkId) {
        throw new PermanentJobError(
          `Payment ${paymentId} is not a payment link the provider made: there is nothing to cancel.`,
        );
      }
      if (row.status === 'succeeded') {
        log.warn({ paymentId }, 'payment link paid before it could be cancelled');
        return;
      }
      if (row.provider !== deps.payments.name) {
        throw new PermanentJobError(
          `Payment link ${row.providerLinkId} was made with ${row.provider ?? 'another provider'}: cancel it in that provider's dashboard.`,
        );
      }
      try {
        await deps.payments.cancelPaymentLink(row.providerLinkId);
      } catch (error) {
        const refused =
          error instanceof RangeError ||
          (error instanceof PaymentProviderError &&
            error.statusCode !== undefined &&
            error.statusCode < 500);
        if (refused) {
          throw new PermanentJobError(
            `The payment provider would not cancel link ${row.providerLinkId}: ${error.message}. If the customer paid it, the payment is on the order; otherwise cancel it in the provider's dashboard.`,
          );
        }
        throw error;
      }
    },
  };
}
