/**
 * Making a payment link at the provider for a link row already stored as pending (issue 21
 * item 4, decision 015): the counter's "Send a payment link" and the "Pay" of an order's
 * signed link (issue 30 item 2) both call it after committing the row, so the provider is
 * never asked inside a transaction. Razorpay answers with its short URL; the sandbox with a
 * link id served at `/pay/:linkId`.
 */
import { and, eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { PaymentProviderError } from '~/lib/payments/payments.server';
import { payments } from '~/lib/schema.server';
import { enqueueLinkCancel } from './payments-commands.server';

/**
 * What became of the link: `made` with the URL to send; `refused` when the provider refused
 * or did not answer (the row is then 'failed'; `reason` is the provider's words, for staff);
 * `withdrawn` when the order was paid in full or cancelled while the provider made it (the
 * row is 'cancelled' and the provider's cancellation is queued).
 */
export type ProviderLinkOutcome =
  { kind: 'made'; url: string } | { kind: 'refused'; reason: string } | { kind: 'withdrawn' };

/**
 * Asks the provider for a link of `amountPaise` (paise) on pending row `rowId` of `order`,
 * returning the customer to `returnUrl` once paid, and stores the link on the row.
 * @throws what the provider throws other than a PaymentProviderError or a RangeError.
 */
export async function makeProviderLink(
  context: Pick<AppLoadContext, 'db' | 'payments' | 'env'>,
  input: {
    order: { number: string; customerName: string; email: string; phone: string };
    rowId: number;
    amountPaise: number;
    returnUrl: string;
  },
): Promise<ProviderLinkOutcome> {
  const { order, rowId } = input;
  let link;
  try {
    link = await context.payments.createPaymentLink({
      amountPaise: input.amountPaise,
      referenceId: `${order.number}-${rowId}`.slice(0, 40),
      description: `Order ${order.number}`,
      customer: { name: order.customerName, email: order.email, contact: order.phone },
      callbackUrl: input.returnUrl,
    });
  } catch (error) {
    await context.db
      .update(payments)
      .set({ status: 'failed' })
      .where(and(eq(payments.id, rowId), eq(payments.status, 'pending')));
    if (error instanceof PaymentProviderError || error instanceof RangeError) {
      return { kind: 'refused', reason: error.message };
    }
    throw error;
  }
  const url = link.shortUrl ?? `${context.env.PUBLIC_URL}/pay/${link.linkId}`;
  const withdrawn = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ providerLinkId: link.linkId, linkUrl: url })
      .where(eq(payments.id, rowId))
      .returning({ status: payments.status });
    // Paid in full or cancelled while the provider made the link: it is withdrawn at once.
    if (row?.status === 'cancelled') await enqueueLinkCancel(tx, rowId);
    return row?.status === 'cancelled';
  });
  return withdrawn ? { kind: 'withdrawn' } : { kind: 'made', url };
}
