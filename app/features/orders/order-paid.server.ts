/**
 * What follows the payment of a shop order, whichever path recorded it (the widget's
 * confirmation, the provider's webhook, the redirect callback, the sandbox).
 */
import type { AppLoadContext } from 'react-router';
import { orderConfirmationEmail } from './order-email';
import { queueOrderMessage } from './order-messages.server';
import { orderLinkUrl } from './order-link.server';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { orders } from '~/lib/schema.server';
import { findOrderDetail, getOrder, orderNumberOf, type PaymentOutcome } from './orders.server';

/**
 * Queues the confirmation of an order that just became paid (e-mail, and WhatsApp when the
 * shopper chose it), once per order whichever path (the widget, the webhook) got there first.
 * Issue 32 item 5: a guest's order (`userId` null) is confirmed to its customer record.
 */
export async function afterShopOrderPaid(
  context: AppLoadContext,
  outcome: PaymentOutcome,
  userId: string | null,
) {
  if (outcome.kind !== 'paid') return;
  const [settings, order] = await Promise.all([
    context.catalogue.settings(),
    userId
      ? getOrderById(context, userId, outcome.orderId)
      : guestOrderById(context, outcome.orderId),
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
    {
      ...order,
      id: outcome.orderId,
      userId,
      customerId: order.customerId,
    },
    {
      kind: 'order.paid',
      mail: orderConfirmationEmail(order, settings.shopName, orderUrl),
      statusLabel: 'Paid',
      orderUrl,
      dedupeKey: `order:${outcome.orderId}:paid`,
    },
  ).catch((error: unknown) => console.warn('order confirmation could not be queued', error));
}

/**
 * Issue 32 item 5: a guest's shop order (no account, its customer record set) by id, with the
 * record its messages go to; null for any other order (an anonymised one has no record to
 * write to beyond its blanked e-mail).
 */
async function guestOrderById(context: AppLoadContext, orderId: number) {
  const found = await findOrderDetail(
    context.db,
    and(
      eq(orders.id, orderId),
      isNull(orders.userId),
      isNotNull(orders.customerId),
      eq(orders.kind, 'shop'),
    ),
  );
  return found ? { ...found.detail, customerId: found.row.customerId } : null;
}

async function getOrderById(context: AppLoadContext, userId: string, orderId: number) {
  const number = await orderNumberOf(context.db, orderId);
  const order = number ? await getOrder(context.db, userId, number) : null;
  // The account's record receives its messages (queueOrderMessage reads it by the account).
  return order ? { ...order, customerId: undefined } : null;
}
