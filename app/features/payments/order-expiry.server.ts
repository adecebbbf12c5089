/**
 * The `order.expire` job (issue 29 item 6: "unpaid shop orders expire after a time that
 * settings set (24 hours by default): cancelled by the job queue"). Queued with each new shop
 * order (`createOrderFromCart`), due when the settings' hours are up. When it runs, the order
 * expires if it still awaits payment and the hours (as the settings say now) have passed since
 * the shopper last started paying it (`updated_at`); otherwise a later run is queued for the
 * new due time. Paid or cancelled orders are left alone.
 *
 * Stock: nothing is held for an order before it is paid (stock is taken at payment, in the
 * transaction that makes it paid), so an expired order has no stock to release.
 *
 * It lives with the payments (issue 30 item 4): expiring an order withdraws its payment links
 * in the same transaction (`expireOrder`, shop-payments.server.ts), and features/orders sits
 * below features/payments.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { enqueueJob } from '~/lib/jobs/enqueue.server';
import { PermanentJobError, type JobHandlers } from '~/lib/jobs/worker.server';
import { orders } from '~/lib/schema.server';
import { AWAITING_PAYMENT, EXPIRE_ORDER_JOB } from '~/features/orders/orders.server';
import { getOrderSettings } from '~/features/orders/order-settings.server';
import { expireOrder } from './shop-payments.server';

const expirePayload = z.object({ orderId: z.number().int().positive() });

/** The handlers { 'order.expire' }; register them with the worker in the composition root. */
export function orderExpiryJobHandlers(): JobHandlers {
  return {
    [EXPIRE_ORDER_JOB]: async (raw, { db, now }) => {
      const parsed = expirePayload.safeParse(raw);
      if (!parsed.success) throw new PermanentJobError('This job does not name an order.');
      const { orderId } = parsed.data;
      const [order] = await db
        .select({ kind: orders.kind, status: orders.status, updatedAt: orders.updatedAt })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!order || order.kind !== 'shop' || !AWAITING_PAYMENT.includes(order.status)) return;
      const { unpaidExpiryHours } = await getOrderSettings(db);
      const due = new Date(order.updatedAt.getTime() + unpaidExpiryHours * 3_600_000);
      if (due > now) {
        await enqueueJob(db, {
          kind: EXPIRE_ORDER_JOB,
          payload: { orderId },
          runAt: due,
          dedupeKey: `order:${orderId}:expire:${due.getTime()}`,
        });
        return;
      }
      await expireOrder(db, orderId, unpaidExpiryHours);
    },
  };
}
