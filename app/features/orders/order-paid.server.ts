/**
 * What follows the payment of a shop order, whichever path recorded it (the widget's
 * confirmation, the provider's webhook, the redirect callback, the sandbox).
 */
import type { AppLoadContext } from 'react-router';
import { orderConfirmationEmail } from './order-email';
import { queueOrderMessage } from './order-messages.server';
import { orderLinkUrl } from './order-link.server';
import { getOrder, orderNumberOf, type PaymentOutcome } from './orders.server';

/**
 * Queues the confirmation of an order that just became paid (e-mail, and WhatsApp when the
 * shopper chose it), once per order whichever path (the widget, the webhook) got there first.
 */
export async function afterShopOrderPaid(
  context: AppLoadContext,
  outcome: PaymentOutcome,
  userId: string | null,
) {
  if (outcome.kind !== 'paid' || !userId) return;
  const [settings, order] = await Promise.all([
    context.catalogue.settings(),
    getOrderById(context, userId, outcome.orderId),
  ]);
  if (!order) return;
  const orderUrl = await orderLinkUrl(
    context.db,
    { publicUrl: context.env.PUBLIC_URL, linkSecret: context.linkSecret },
    outcome.orderId,
  );
  // The payment is recorded already: a message that cannot be queued never turns it into an error.
  await queueOrderMessage(
    context.db,
    { ...order, id: outcome.orderId, userId },
    {
      kind: 'order.paid',
      mail: orderConfirmationEmail(order, settings.shopName, orderUrl),
      statusLabel: 'Paid',
      orderUrl,
      dedupeKey: `order:${outcome.orderId}:paid`,
    },
  ).catch((error: unknown) => console.warn('order confirmation could not be queued', error));
}

async function getOrderById(context: AppLoadContext, userId: string, orderId: number) {
  const number = await orderNumberOf(context.db, orderId);
  return number ? getOrder(context.db, userId, number) : null;
}
