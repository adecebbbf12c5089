/**
 * The sandbox's payment-link page, `/pay/:linkId` (issue 21 item 4: "a sandbox equivalent" of
 * Razorpay Payment Links): reached by the link's unguessable id alone, so a customer without
 * an account can pay; its 'Pay' produces exactly what Razorpay would, a signed
 * `payment_link.paid` webhook, through the same webhook path. With Razorpay keys the page
 * does not exist (404): Razorpay's own short URL is sent instead.
 */
import { eq } from 'drizzle-orm';
import { data, type AppLoadContext } from 'react-router';
import { orders, payments } from '~/lib/schema.server';
import { processWebhook } from './webhook.server';

/** What the link's page shows: no personal data beyond the order number and amount. */
export interface LinkPage {
  linkId: string;
  orderNumber: string;
  amountPaise: number;
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  /** Whether 'Pay' may take it now. */
  payable: boolean;
  /** Why it cannot be paid (or that it is paid); null when payable. */
  message: string | null;
}

/**
 * Why a link cannot be paid, or null (issue 28 item 2: "a paid-in-full order's link answers
 * 409 with a message"): paid already; the order paid in full or cancelled; the link withdrawn
 * by the counter ('Withdraw link'); the link not made.
 */
function refusalOf(
  status: LinkPage['status'],
  orderStatus: 'created' | 'paid' | 'failed' | 'cancelled',
): string | null {
  if (status === 'succeeded') return 'This link is paid already. Thank you!';
  if (orderStatus === 'paid') return 'This order is paid in full: this link can no longer be paid.';
  if (orderStatus === 'cancelled') {
    return 'This order was cancelled: this link can no longer be paid.';
  }
  if (status === 'cancelled') {
    return 'This link was withdrawn by the shop: it can no longer be paid.';
  }
  if (status !== 'pending') {
    return 'This link can no longer be paid. Please ask the shop for a new one.';
  }
  return null;
}

/** The sandbox link `linkId`, or null (not the sandbox, not a link id, unknown). */
export async function findSandboxLink(
  context: Pick<AppLoadContext, 'db' | 'payments'>,
  linkId: string,
): Promise<LinkPage | null> {
  if (!context.payments.sandbox?.isLinkId(linkId)) return null;
  const [row] = await context.db
    .select({
      linkId: payments.providerLinkId,
      orderNumber: orders.number,
      amountPaise: payments.amountPaise,
      status: payments.status,
      provider: payments.provider,
      orderStatus: orders.status,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.providerLinkId, linkId));
  if (!row?.linkId || row.provider !== 'sandbox') return null;
  const message = refusalOf(row.status, row.orderStatus);
  return {
    linkId: row.linkId,
    orderNumber: row.orderNumber,
    amountPaise: row.amountPaise,
    status: row.status,
    payable: message === null,
    message,
  };
}

/**
 * The page's 'Pay': a signed `payment_link.paid` webhook for the link, applied through the
 * webhook path (so a second press changes nothing). Answers `{ ok, message }`, a 404 for an
 * unknown link, or a 409 with the reason for a link paid already, withdrawn, or of an order
 * paid in full or cancelled (issue 28 item 2).
 */
export async function paySandboxLink(context: AppLoadContext, linkId: string) {
  const link = await findSandboxLink(context, linkId);
  const sandbox = context.payments.sandbox;
  if (!link || !sandbox) throw data('Payment link not found', { status: 404 });
  if (!link.payable) {
    return data({ ok: false, message: link.message ?? '' }, { status: 409 });
  }
  const event = sandbox.payLink({
    linkId: link.linkId,
    amountPaise: link.amountPaise,
    referenceId: link.orderNumber,
  });
  await processWebhook(context, event.rawBody, event.signature, event.eventId);
  return data({ ok: true, message: 'Payment received. Thank you!' });
}
