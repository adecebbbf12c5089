/**
 * The orders' commands (issue 30 item 4: "each domain owns its tables and every write to
 * them"): the one door through which the other folders (the ledger in features/payments, the
 * bespoke orders, the back office's order page) write `orders` and `order_events`. Each runs in
 * the caller's transaction, so a change and its timeline entry (and the caller's audit entry,
 * ledger row or message) commit together; where a command says the order row is locked, the
 * caller has taken that lock (`for update`) in the same transaction. Money is integer paise.
 * The rules that decide whether a change may be made (a forward-only fulfilment step, a version
 * seen, a balance paid in full) stay with the caller that checks them; these write what was
 * decided.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import { cartLines, orderEvents, orderLines, orders } from '~/lib/schema.server';
import type { FulfilmentStatus } from './fulfilment';
import { awaitingPayment, newOrderNumber } from './orders.server';

/** What making an order paid tells the caller: the order's buyer, amount and provider order. */
export interface PaidOrder {
  userId: string | null;
  amountPaise: number;
  provider: (typeof orders.$inferSelect)['provider'];
  providerOrderId: string | null;
}

/**
 * Makes order `orderId` paid at `at` (unless it is paid already) with its 'paid' timeline entry:
 * the checkout's online payment (`providerPaymentId`, no note) or the ledger's "paid in full"
 * (a note naming the amount, and the staff member's e-mail when they recorded it). The order
 * row is locked by the caller.
 * @returns the order's buyer, amount (paise) and provider order, or null when it was paid
 *   already (nothing is written then).
 */
export async function markOrderPaid(
  tx: DbOrTx,
  input: {
    orderId: number;
    at: Date;
    providerPaymentId?: string;
    note?: string;
    actorEmail?: string | null;
  },
): Promise<PaidOrder | null> {
  const [updated] = await tx
    .update(orders)
    .set({
      status: 'paid',
      ...(input.providerPaymentId === undefined
        ? {}
        : { providerPaymentId: input.providerPaymentId }),
      paidAt: input.at,
      updatedAt: input.at,
    })
    .where(and(eq(orders.id, input.orderId), ne(orders.status, 'paid')))
    .returning({
      userId: orders.userId,
      amountPaise: orders.amountPaise,
      provider: orders.provider,
      providerOrderId: orders.providerOrderId,
    });
  if (!updated) return null;
  await tx.insert(orderEvents).values({
    orderId: input.orderId,
    kind: 'paid',
    note: input.note,
    actorEmail: input.actorEmail,
  });
  return updated;
}

/**
 * Takes out of user `userId`'s cart only what order `orderId` bought, in the transaction that
 * makes it paid: paying an older order must not empty a cart the shopper has filled since
 * (issue 17 item 9).
 */
export async function clearBoughtFromCart(tx: DbOrTx, orderId: number, userId: string) {
  await tx.execute(sql`
    delete from ${cartLines}
    where ${cartLines.userId} = ${userId}
      and exists (
        select 1 from ${orderLines}
        where ${orderLines.orderId} = ${orderId}
          and ${orderLines.productId} = ${cartLines.productId}
          and ${orderLines.size} = ${cartLines.size}
          and ${orderLines.color} = ${cartLines.color}
          and coalesce(${orderLines.lengthCm}, 0) = ${cartLines.lengthCm}
      )`);
}

/**
 * Cancels order `orderId`, paid for but short of stock (issue 29 item 2, decision "stock and
 * lengths"), with a 'cancelled' timeline entry whose `note` says why and what is refunded; the
 * checkout's path also stores the payment's `providerPaymentId` on the order. The order row is
 * locked by the caller; its payments stay in the ledger for staff to refund.
 */
export async function cancelShortOrder(
  tx: DbOrTx,
  input: { orderId: number; note: string; providerPaymentId?: string; actorEmail?: string | null },
) {
  await tx
    .update(orders)
    .set({
      status: 'cancelled',
      ...(input.providerPaymentId === undefined
        ? {}
        : { providerPaymentId: input.providerPaymentId }),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, input.orderId));
  await tx.insert(orderEvents).values({
    orderId: input.orderId,
    kind: 'cancelled',
    note: input.note,
    actorEmail: input.actorEmail,
  });
}

/**
 * Cancels a shop order still awaiting payment (issue 29 item 6: the owner's "Cancel", by
 * `number` and `userId`; or the `order.expire` job, by `id`, with its `note`) with its
 * 'cancelled' timeline entry. Nothing is held in stock before payment, so none is released.
 * @returns the order's id, or null when it is not theirs, not a shop order, paid or cancelled.
 */
export async function cancelUnpaidShopOrder(
  tx: DbOrTx,
  which: { number: string; userId: string } | { id: number },
  note?: string,
): Promise<number | null> {
  const [cancelled] = await tx
    .update(orders)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(
      'id' in which
        ? and(eq(orders.id, which.id), awaitingPayment)
        : and(eq(orders.number, which.number), eq(orders.userId, which.userId), awaitingPayment),
    )
    .returning({ id: orders.id });
  if (!cancelled) return null;
  await tx.insert(orderEvents).values({ orderId: cancelled.id, kind: 'cancelled', note });
  return cancelled.id;
}

/**
 * A failed payment attempt (issue 29 item 6): a 'failed' entry on order `orderId`'s timeline,
 * and its last activity set to now; the order stays awaiting payment.
 */
export async function recordFailedPayment(tx: DbOrTx, orderId: number) {
  await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
  await tx.insert(orderEvents).values({ orderId, kind: 'failed' });
}

/**
 * Moves order `orderId` to fulfilment step `status` at `at`, with its 'fulfilment' timeline
 * entry naming `actorEmail` (the back office's order page). The caller has locked the row and
 * checked that the step is later than the current one and that `at` is later than the version
 * the administrator saw.
 */
export async function recordFulfilmentStep(
  tx: DbOrTx,
  input: { orderId: number; status: FulfilmentStatus; actorEmail: string; at: Date },
) {
  await tx
    .update(orders)
    .set({ fulfilmentStatus: input.status, updatedAt: input.at })
    .where(eq(orders.id, input.orderId));
  await tx.insert(orderEvents).values({
    orderId: input.orderId,
    kind: 'fulfilment',
    fulfilmentStatus: input.status,
    actorEmail: input.actorEmail,
    createdAt: input.at,
  });
}

/**
 * Sets order `orderId`'s `link_version` (issue 30 item 2: every signed link to the order is
 * signed with it, so raising it revokes the links sent so far). The row is locked by the caller.
 */
export async function setOrderLinkVersion(tx: DbOrTx, orderId: number, linkVersion: number) {
  await tx.update(orders).set({ linkVersion }).where(eq(orders.id, orderId));
}

/** What staff give a new bespoke order (its number, status and currency are set here). */
export type NewBespokeOrder = Omit<
  typeof orders.$inferInsert,
  'id' | 'number' | 'kind' | 'status' | 'currency' | 'createdAt' | 'updatedAt'
>;

/**
 * Creates a bespoke order (issue "Bespoke": made by staff for a client) at `now`: a new number
 * (`newOrderNumber`), status 'created', INR, with its 'created' timeline entry. The caller adds
 * its garments in the same transaction.
 * @returns the order's row.
 */
export async function addBespokeOrder(tx: DbOrTx, values: NewBespokeOrder, now: Date) {
  const [order] = await tx
    .insert(orders)
    .values({
      ...values,
      number: newOrderNumber(now),
      kind: 'bespoke',
      status: 'created',
      currency: 'INR',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(orderEvents).values({ orderId: order!.id, kind: 'created', createdAt: now });
  return order!;
}

/**
 * Sets order `orderId`'s amount (integer paise) at `now`, in the transaction of a garment
 * change (the row is locked and the amount checked by the caller).
 */
export async function setOrderAmount(tx: DbOrTx, orderId: number, amountPaise: number, now: Date) {
  await tx.update(orders).set({ amountPaise, updatedAt: now }).where(eq(orders.id, orderId));
}

/** Sets a bespoke order's promised date ('YYYY-MM-DD' or null) and notes at `now`. */
export async function setBespokeOrderTerms(
  tx: DbOrTx,
  orderId: number,
  terms: Required<Pick<typeof orders.$inferInsert, 'promisedOn' | 'notes'>>,
  now: Date,
) {
  await tx
    .update(orders)
    .set({ promisedOn: terms.promisedOn, notes: terms.notes, updatedAt: now })
    .where(eq(orders.id, orderId));
}

/**
 * When a client record is linked to an account, its bespoke orders follow (their `user_id`),
 * in the link's transaction, so the shopper sees them. Resolves to how many moved.
 */
export async function carryBespokeOrdersToAccount(
  tx: DbOrTx,
  customerId: number,
  userId: string | null,
): Promise<number> {
  const moved = await tx
    .update(orders)
    .set({ userId, updatedAt: new Date() })
    .where(and(eq(orders.customerId, customerId), eq(orders.kind, 'bespoke')))
    .returning({ id: orders.id });
  return moved.length;
}
