/**
 * The orders' commands (issue 30 item 4: "each domain owns its tables and every write to
 * them"): the one door through which the other folders (the ledger and the shop order's payment
 * in features/payments, the bespoke orders, the back office's order page) write `orders` and
 * `order_events`. Money is integer paise.
 *
 * Where the orders alone decide whether a change may be made (a fulfilment step only moves
 * forward, over the version the administrator saw; revoking an order's links), the command holds
 * that rule and its audit entry (`auditedWrite`, one transaction) and the back office parses the
 * form and calls it. Where the rule is another folder's (a balance paid in full, stock short at
 * payment, a bespoke order's garments and total), the command runs in the caller's transaction,
 * under the order row's lock the caller took (`for update`) where it says so, and writes the
 * change with its timeline entry.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import { orderEvents, orders } from '~/lib/schema.server';
import { recordAudit, type Actor } from '~/lib/audit.server';
import { auditedWrite, sameVersion, type Tx } from '~/lib/audited-write.server';
import { formatRupeesExact } from '~/lib/money';
import { Refusal } from '~/lib/refusal';
import { FULFILMENT_STEPS, fulfilmentIndex, type FulfilmentStatus } from './fulfilment';
import { milestoneLabel } from './milestones';
import { pickupPlaceWords } from '~/features/shipping/pickup';
import { getSiteSettings } from '~/features/site/settings.server';
import { fulfilmentUpdateEmail } from './order-email';
import { orderLinkUrl, type OrderLinkSite } from './order-link.server';
import { queueOrderMessage } from './order-messages.server';
import { awaitingPayment, newOrderNumber, type OrderStatus } from './orders.server';

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
 * Issue 32 item 3: the shopper confirmed their cash-on-delivery order with its one-time code:
 * `cod_confirmed_at` is set (once), with a timeline note. The order row is locked by the caller.
 * @returns true when this call confirmed it; false when it was confirmed already, or is not an
 *   open COD order.
 */
export async function confirmCodOrder(tx: DbOrTx, orderId: number, at: Date): Promise<boolean> {
  const [row] = await tx
    .update(orders)
    .set({ codConfirmedAt: at, updatedAt: at })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.paymentMethod, 'cod'),
        eq(orders.status, 'created'),
        isNull(orders.codConfirmedAt),
      ),
    )
    .returning({ id: orders.id });
  return Boolean(row);
}

/**
 * Issue 32 item 3: cancels a cash-on-delivery order not confirmed in time (`note` says so),
 * with its 'cancelled' timeline entry. The caller releases its stock in the same transaction.
 * @returns true when this call cancelled it; false when it was confirmed, paid or cancelled.
 */
export async function cancelUnconfirmedCodOrder(
  tx: DbOrTx,
  orderId: number,
  note: string,
): Promise<boolean> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.paymentMethod, 'cod'),
        eq(orders.status, 'created'),
        isNull(orders.codConfirmedAt),
      ),
    )
    .returning({ id: orders.id });
  if (!row) return false;
  await tx.insert(orderEvents).values({ orderId, kind: 'cancelled', note });
  return true;
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
 * Whether an order may move through fulfilment: a shop order once paid; a bespoke order at
 * any time until it is cancelled (issue 21 item 3: the shop starts tailoring on the client's
 * word, usually after the advance, but an administrator may confirm before any payment; the
 * payments are asked and kept by the order's payments panel).
 */
export function canMoveFulfilment(order: {
  kind: 'shop' | 'bespoke';
  status: OrderStatus;
}): boolean {
  return order.kind === 'bespoke' ? order.status !== 'cancelled' : order.status === 'paid';
}

/**
 * Where the customer's message links to (the order's signed link, issue 30 item 2) and whose
 * name it carries.
 */
export interface OrderMailSite extends OrderLinkSite {
  shopName: string;
}

const label = (status: FulfilmentStatus) => FULFILMENT_STEPS[status].label;

/** The ledger's balance due of an order (integer paise), read in the move's transaction. */
interface BalanceDue {
  balanceDuePaise: (tx: Tx, order: { id: number; amountPaise: number }) => Promise<number>;
}

/** The order row a fulfilment move reads (locked) and writes. */
const fulfilmentColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  fulfilmentStatus: orders.fulfilmentStatus,
  userId: orders.userId,
  customerName: orders.customerName,
  email: orders.email,
  updatedAt: orders.updatedAt,
  kind: orders.kind,
  customerId: orders.customerId,
  amountPaise: orders.amountPaise,
  deliveryMethod: orders.deliveryMethod,
};

type FulfilmentRow = {
  [K in keyof typeof fulfilmentColumns]: (typeof orders.$inferSelect)[K];
};

/**
 * Writes a move of order `current` (its row locked) to `status`: the order's step and a newer
 * `updated_at`, the timeline entry, and the customer's message for a milestone.
 */
async function writeFulfilment(
  tx: Tx,
  actor: Actor,
  current: FulfilmentRow,
  status: FulfilmentStatus,
  site: OrderMailSite,
  ledger: BalanceDue,
): Promise<void> {
  // Strictly later than the version the page saw, even within the same millisecond.
  const now = new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1));
  await tx
    .update(orders)
    .set({ fulfilmentStatus: status, updatedAt: now })
    .where(eq(orders.id, current.id));
  await tx.insert(orderEvents).values({
    orderId: current.id,
    kind: 'fulfilment',
    fulfilmentStatus: status,
    actorEmail: actor.email,
    createdAt: now,
  });
  // Milestones only (issue 30 item 2): the workshop's own stages send nothing.
  const milestone = milestoneLabel(status);
  if (milestone !== null) {
    const orderUrl = await orderLinkUrl(tx, site, current.id, now);
    const due =
      status === 'ready' && current.status !== 'paid'
        ? await ledger.balanceDuePaise(tx, current)
        : 0;
    // Issue 32 item 2: an order the shopper collects says where the shop is and its hours.
    const pickupWords =
      status === 'ready' && current.deliveryMethod === 'pickup'
        ? pickupPlaceWords(await getSiteSettings(tx as unknown as Db))
        : '';
    await queueOrderMessage(tx, current, {
      kind: 'order.status',
      mail: fulfilmentUpdateEmail(current, status, site.shopName, orderUrl),
      statusLabel:
        (due > 0 ? `${milestone}, balance due ${formatRupeesExact(due)}` : milestone) + pickupWords,
      orderUrl,
    });
  }
}

/**
 * A bespoke order follows its garments' work tickets (issue 31 item 1: "The order's own status
 * follows from its tickets"): in the transaction of a ticket's move, order `orderId` moves to
 * `status` (the step its least advanced ticket stands for, worked out by the workshop) when that
 * is later than its step now, with the timeline entry, the customer's milestone message and the
 * audit entry ('order.fulfilment') a move in the back office makes. A cancelled order, or a step
 * not later than the current one, changes nothing (fulfilment never goes back).
 * @returns the step written, or null when nothing changed.
 */
export async function followTickets(
  tx: Tx,
  actor: Actor,
  input: { orderId: number; status: FulfilmentStatus },
  site: OrderMailSite,
  ledger: BalanceDue,
): Promise<FulfilmentStatus | null> {
  const [current] = await tx
    .select(fulfilmentColumns)
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .for('update');
  if (!current || !canMoveFulfilment(current)) return null;
  const from = current.fulfilmentStatus;
  if (from !== null && fulfilmentIndex(input.status) <= fulfilmentIndex(from)) return null;
  await writeFulfilment(tx, actor, current, input.status, site, ledger);
  await recordAudit(tx, actor, {
    action: 'order.fulfilment',
    entity: 'order',
    entityId: current.number,
    summary: `Order ${current.number} moved to ${label(input.status)}${from ? ` (from ${label(from)})` : ''}, following its garments`,
    before: { fulfilmentStatus: from },
    after: { fulfilmentStatus: input.status },
  });
  return input.status;
}

/**
 * What a higher folder does in the transaction that confirms an order (its first fulfilment
 * step): the workshop reserves the garments' fabric (issue 31 item 7). Resolves to warnings the
 * toast adds to its message.
 */
export type ConfirmedHook = (tx: Tx, orderId: number, now: Date) => Promise<string[]>;

/**
 * Moves a paid shop order, or a bespoke order not cancelled, to a later fulfilment step
 * (skipping steps is allowed), with its timeline entry, audit entry ('order.fulfilment', before
 * and after) and the customer's message (`queueOrderMessage`) in one transaction (the back
 * office's order page, issue "Back office" orders). `input.version` is the order's `updated_at`
 * (ISO 8601) the administrator saw. The 'ready' message of an order not paid names its balance
 * due, which `ledger.balanceDuePaise` (integer paise) reads in the same transaction: the ledger
 * is the payments', above this folder, so the caller passes it in. `confirmed`, when given, runs
 * in the same transaction when the order leaves "not confirmed" (its fulfilment was null), and
 * its warnings end the message. Resolves to the toast's message and the order's number.
 * @throws Refusal 'not-found' for an unknown order; 'conflict' for an order that may not move
 *   (canMoveFulfilment), a stale version, or a step that is not later than the current one.
 */
export async function moveFulfilment(
  db: Db,
  actor: Actor,
  input: { number: string; status: FulfilmentStatus; version: string },
  site: OrderMailSite,
  ledger: BalanceDue,
  confirmed?: ConfirmedHook,
): Promise<{ message: string; id: string }> {
  const { order, notes } = await auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select(fulfilmentColumns)
        .from(orders)
        .where(eq(orders.number, input.number))
        .for('update')
        .then(([row]) => row),
    missing: () => new Refusal('not-found', 'This order could not be found.'),
    check: (current) => {
      if (!canMoveFulfilment(current)) {
        throw new Refusal(
          'conflict',
          current.kind === 'bespoke'
            ? 'This order was cancelled: it cannot move through fulfilment.'
            : 'Only a paid order can move through fulfilment.',
        );
      }
      if (!sameVersion(current.updatedAt, input.version)) {
        throw new Refusal(
          'conflict',
          'This order was changed by someone else since you opened it. Reload to see its status, then try again.',
        );
      }
      const from = current.fulfilmentStatus;
      if (from === input.status) {
        throw new Refusal('conflict', `This order is already at “${label(from)}”.`, 'status');
      }
      if (from !== null && fulfilmentIndex(input.status) < fulfilmentIndex(from)) {
        throw new Refusal(
          'conflict',
          `This order is already at “${label(from)}”; it cannot go back to “${label(input.status)}”. Fulfilment only moves forward.`,
          'status',
        );
      }
      return undefined;
    },
    write: async (tx, current) => {
      await writeFulfilment(tx, actor, current, input.status, site, ledger);
      const notes =
        confirmed && current.fulfilmentStatus === null
          ? await confirmed(tx, current.id, new Date())
          : [];
      return { to: input.status, notes };
    },
    audit: (current, { to }) => {
      const from = current.fulfilmentStatus;
      return {
        action: 'order.fulfilment',
        entity: 'order',
        entityId: current.number,
        summary: `Moved order ${current.number} to ${label(to)}${from ? ` (from ${label(from)})` : ''}`,
        before: { fulfilmentStatus: from },
        after: { fulfilmentStatus: to },
      };
    },
    answer: (current, { notes }) => ({ order: current, notes }),
  });
  const emailed = order.email !== '' && milestoneLabel(input.status) !== null;
  return {
    message: [
      `Order ${order.number} is now at ${label(input.status)}.${emailed ? ` ${order.customerName} is being e-mailed.` : ''}`,
      ...notes,
    ].join(' '),
    id: order.number,
  };
}

/**
 * Revokes every signed link of an order sent so far (issue 30 item 2: "Give the link an
 * expiry and a revocation"): raises its `link_version`, which every token is signed with, so
 * each older link answers 404; the next message carries a working one. Audited
 * ('order.links-revoked', the version before and after). Resolves to the toast's message.
 * @throws Refusal 'not-found' for an unknown order.
 */
export async function revokeOrderLinks(
  db: Db,
  actor: Actor,
  input: { number: string },
): Promise<{ message: string; id: string }> {
  return auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select({ id: orders.id, number: orders.number, linkVersion: orders.linkVersion })
        .from(orders)
        .where(eq(orders.number, input.number))
        .for('update')
        .then(([row]) => row),
    missing: () => new Refusal('not-found', 'This order could not be found.'),
    check: () => undefined,
    write: async (tx, current) => {
      await tx
        .update(orders)
        .set({ linkVersion: current.linkVersion + 1 })
        .where(eq(orders.id, current.id));
      return current.linkVersion + 1;
    },
    audit: (current, version) => ({
      action: 'order.links-revoked',
      entity: 'order',
      entityId: current.number,
      summary: `Revoked the links sent for order ${current.number}`,
      before: { linkVersion: current.linkVersion },
      after: { linkVersion: version },
    }),
    answer: (current) => ({
      message: `The links sent for order ${current.number} no longer open it. The next message carries a new one.`,
      id: current.number,
    }),
  });
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
