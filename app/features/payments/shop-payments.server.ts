/**
 * A shop order's online payment and its cancellation (issue "Cart, wishlist, checkout" 4, 7,
 * 8; issue 29 items 2 and 6), moved up from features/orders because each writes the ledger
 * (issue 30 item 4: `payments` and `payment_events` are the payments' tables, and
 * features/orders sits below features/payments). The order's own changes are the orders'
 * commands (features/orders/orders-commands.server.ts), made in the same transaction.
 *
 * Money received always makes the order paid, exactly once: the order row is locked
 * (`for update`) first, and every provider event is recorded in `payment_events` in the
 * transaction of the change it makes, so a repeated webhook or a confirmation racing its webhook
 * changes nothing twice. Cancelling an order awaiting payment (its owner, or the `order.expire`
 * job) withdraws its payment links not yet paid in the same transaction (issue 28 item 2).
 */
import { clearBoughtFromCart } from '~/features/cart/cart.server';
import { clearUsedCartCoupon } from '~/features/coupons/coupons-commands.server';
import { eq } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { enqueueJob } from '~/lib/jobs/enqueue.server';
import { orders } from '~/lib/schema.server';
import type { OrderPaymentEvent, PaymentProviderName } from '~/lib/payments/payments.server';
import { formatRupees } from '~/lib/money';
import { Refusal } from '~/lib/refusal';
import {
  AWAITING_PAYMENT,
  CANCELLED_ORDER_MESSAGE,
  type PaymentOutcome,
} from '~/features/orders/orders.server';
import {
  cancelShortOrder,
  cancelUnpaidShopOrder,
  markOrderPaid,
  recordFailedPayment,
} from '~/features/orders/orders-commands.server';
import { takeOrderStock, type StockShortage } from '~/features/orders/stock.server';
import type { Tx } from './ledger.server';
import { cancelPendingLinks, recordEvent, recordOnlinePayment } from './payments-commands.server';

/**
 * Makes a shop order paid with the provider's payment id, once. In the same transaction its
 * payment joins the ledger (issue 21 item 4: a succeeded 'online' payments row, idempotent on
 * the unique provider payment id) and the invoice job is queued (`invoice.issue`, once per
 * order: the contract with features/invoices).
 */
async function markPaid(tx: Tx, orderId: number, paymentId: string): Promise<PaymentOutcome> {
  const shortage = await shortageBeforePaid(tx, orderId);
  if (shortage) return cancelForShortage(tx, orderId, paymentId, shortage);
  const paidAt = new Date();
  const updated = await markOrderPaid(tx, { orderId, at: paidAt, providerPaymentId: paymentId });
  if (updated) {
    await recordOnlinePayment(tx, {
      orderId,
      amountPaise: updated.amountPaise,
      provider: updated.provider,
      providerOrderId: updated.providerOrderId,
      providerPaymentId: paymentId,
      settledAt: paidAt,
    });
    await enqueueJob(tx, {
      kind: 'invoice.issue',
      payload: { orderId },
      dedupeKey: `invoice:order:${orderId}`,
    });
    // Only what this order bought leaves the cart: paying an older order must not empty a
    // cart the shopper has filled since (issue 17 item 9).
    if (updated.userId) await clearBoughtFromCart(tx, orderId, updated.userId);
    // Issue 32 item 4: the code this order used leaves the cart with what it bought.
    if (updated.userId) await clearUsedCartCoupon(tx, orderId, updated.userId);
    return { kind: 'paid', orderId, userId: updated.userId };
  }
  return { kind: 'already-paid', orderId };
}

/**
 * Takes the order's stock unless it is paid already (issue 29 item 2); the order row is locked
 * by the caller. @returns the shortage when a line cannot be served, else null.
 */
async function shortageBeforePaid(tx: Tx, orderId: number): Promise<StockShortage | null> {
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.status === 'paid') return null;
  return takeOrderStock(tx, orderId);
}

/**
 * A payment that lost the race for the last stock (decision "stock and lengths"): the money is
 * recorded as received in the order's ledger (so staff can refund it from the order's page), the
 * order is cancelled rather than paid, and its timeline says why and that a refund is due. Once
 * per payment: a second event for the same payment changes nothing.
 */
async function cancelForShortage(
  tx: Tx,
  orderId: number,
  paymentId: string,
  shortage: StockShortage,
): Promise<PaymentOutcome> {
  const [order] = await tx
    .select({
      amountPaise: orders.amountPaise,
      provider: orders.provider,
      providerOrderId: orders.providerOrderId,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  const message = `${shortage.message}. The order is cancelled and the payment of ${formatRupees(order!.amountPaise)} will be refunded in full.`;
  const recorded = await recordOnlinePayment(tx, {
    orderId,
    amountPaise: order!.amountPaise,
    provider: order!.provider,
    providerOrderId: order!.providerOrderId,
    providerPaymentId: paymentId,
    settledAt: new Date(),
  });
  if (recorded) {
    await cancelShortOrder(tx, { orderId, note: message, providerPaymentId: paymentId });
  }
  return { kind: 'sold-out', orderId, message };
}

/**
 * Applies a verified provider event (webhook): captured or paid makes the order paid; failed
 * adds 'Payment failed' to the timeline of an order awaiting payment, which stays so.
 * Repeated event ids change nothing.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: PaymentProviderName,
  event: OrderPaymentEvent,
): Promise<PaymentOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, amountPaise: orders.amountPaise })
      .from(orders)
      .where(eq(orders.providerOrderId, event.providerOrderId))
      .for('update');
    if (
      !(await recordEvent(tx, {
        eventId: event.eventId,
        provider,
        type: event.type,
        orderId: order?.id ?? null,
      }))
    ) {
      return { kind: 'duplicate' };
    }
    if (!order) return { kind: 'ignored', reason: 'unknown provider order' };
    if (event.type === 'payment.failed') {
      // Issue 29 item 6: a failed attempt is an entry on the timeline; the order stays
      // awaiting payment, for the shopper to pay again or cancel.
      if (!AWAITING_PAYMENT.includes(order.status)) {
        return { kind: 'ignored', reason: `order is ${order.status}` };
      }
      await recordFailedPayment(tx, order.id);
      return { kind: 'failed', orderId: order.id };
    }
    if (!event.paymentId) return { kind: 'ignored', reason: 'no payment id' };
    if (event.amountPaise !== null && event.amountPaise !== order.amountPaise) {
      return {
        kind: 'ignored',
        reason: `amount ${event.amountPaise} differs from ${order.amountPaise}`,
      };
    }
    return markPaid(tx, order.id, event.paymentId);
  });
}

/**
 * Records the payment the checkout widget reported, once its signature was verified against
 * the provider order id we stored. Only the order's owner may confirm it.
 * @throws Refusal 'not-found' for an order that is not theirs.
 */
export async function confirmPayment(
  db: Db,
  input: {
    /** The signed-in owner; null only for Razorpay's callback, trusted by its signature. */
    userId: string | null;
    orderNumber: string;
    paymentId: string;
    provider: PaymentProviderName;
  },
): Promise<PaymentOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, userId: orders.userId, status: orders.status })
      .from(orders)
      .where(eq(orders.number, input.orderNumber))
      .for('update');
    if (!order || (input.userId !== null && order.userId !== input.userId)) {
      throw new Refusal('not-found', 'Order not found');
    }
    if (order.status === 'cancelled') throw new Refusal('conflict', CANCELLED_ORDER_MESSAGE);
    const fresh = await recordEvent(tx, {
      eventId: `confirm:${input.paymentId}`,
      provider: input.provider,
      type: 'checkout.confirm',
      orderId: order.id,
    });
    if (!fresh) return { kind: 'already-paid', orderId: order.id };
    return markPaid(tx, order.id, input.paymentId);
  });
}

/**
 * The owner cancels their shop order awaiting payment (issue 29 item 6: "Cancel" on the order
 * page): it becomes cancelled with its timeline entry, and its payment links not yet paid are
 * withdrawn (issue 28 item 2). False when it is not theirs, not a shop order, paid or
 * cancelled already. Nothing is held in stock before payment, so there is none to release.
 */
export async function cancelOrder(db: Db, userId: string, number: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const cancelled = await cancelUnpaidShopOrder(tx, { number, userId });
    if (cancelled !== null) await cancelPendingLinks(tx, cancelled);
    return cancelled !== null;
  });
}

/**
 * Cancels the unpaid shop order `orderId` because its time is up (the `order.expire` job):
 * the same change as the owner's cancel, with the note 'Not paid within N hours'. False when
 * it was paid or cancelled meanwhile.
 */
export async function expireOrder(db: Db, orderId: number, hours: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const expired = await cancelUnpaidShopOrder(
      tx,
      { id: orderId },
      `Not paid within ${hours} ${hours === 1 ? 'hour' : 'hours'}`,
    );
    if (expired !== null) await cancelPendingLinks(tx, orderId);
    return expired !== null;
  });
}
