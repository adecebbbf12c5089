/**
 * The payment ledger on the database (issue 21 items 4 and 6): every payment and refund is a
 * `payments` row and an order's balance is computed from them (`orderBalance`), never stored.
 *
 * Money decisions are taken under a row lock on the order (`select … for update`), in the
 * transaction that writes the row, so two administrators (or an administrator and a webhook)
 * never both take the last rupee of a balance. Rows move by conditional updates (`where status
 * = 'pending'`), and each provider event is recorded in `payment_events` in the same
 * transaction, so a replayed webhook or a confirmation racing its webhook changes nothing twice.
 *
 * When an order's balance reaches zero, in the same transaction: the order becomes 'paid'
 * (paid_at), its timeline says so, the invoice job is queued (contract with features/invoices:
 * `invoice.issue`, deduplicated per order), its payment links not yet paid are cancelled
 * (issue 28 item 2) and, for a bespoke order, the customer is told. A payment that leaves a
 * balance is an advance: its receipt-voucher job is queued in the same transaction
 * (`receipt-voucher.issue`, once per payment row; issue 29 item 3, Rule 50).
 *
 * Pending rows hold their amount (issue 28 item 2, `heldPaise`): a link not yet paid, and an
 * online payment the customer started within `ONLINE_HOLD_MS`. A counter payment, a new link
 * and a new online payment take only what the balance leaves after them, so the shop's own
 * paths never take more than an order's value.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { enqueueJob, type DbOrTx } from '~/lib/jobs/enqueue.server';
import type {
  OrderPaymentEvent,
  PaymentLinkEvent,
  PaymentProviderName,
  RefundEvent,
} from '~/lib/payments/payments.server';
import { customers, orders, payments } from '~/lib/schema.server';
import { takeOrderStock, type StockShortage } from '~/features/orders/stock.server';
import { cancelShortOrder, markOrderPaid } from '~/features/orders/orders-commands.server';
import { queueOrderMessage } from '~/features/orders/order-messages.server';
import { orderLinkUrl, type OrderLinkSite } from '~/features/orders/order-link.server';
import { queueCustomerMessage } from '~/features/customers/customer-messages.server';
import { getMessageSettings } from '~/features/customers/message-settings.server';
import { formatRupees } from '~/lib/money';
import { getBespokeSettings } from '~/features/bespoke/bespoke-settings.server';
import {
  counterOffer,
  orderBalance,
  type CounterOffer,
  type HeldPaise,
  type OrderBalance,
} from './ledger';
import { cancelPendingLinks, recordEvent } from './payments-commands.server';
import { paidInFullEmail } from './payment-email';

/** An open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A payments row as both order pages list it. */
export interface PaymentView {
  id: number;
  kind: 'payment' | 'refund';
  method: (typeof payments.$inferSelect)['method'];
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  /** > 0 for a payment, < 0 for a refund. */
  amountPaise: number;
  reference: string;
  reason: string;
  /** ISO 8601. */
  createdAt: string;
  settledAt: string | null;
}

/** A payments row with what only the back office sees. */
export interface AdminPaymentView extends PaymentView {
  provider: PaymentProviderName | null;
  providerPaymentId: string | null;
  providerRefundId: string | null;
  linkUrl: string | null;
  refundOfId: number | null;
  recordedByEmail: string | null;
  /** Payments: what may still be refunded from it (amount − refunds not failed); else 0. */
  refundablePaise: number;
  /** Refunds sent to the provider that did not answer (no refund id yet): may be retried. */
  retryable: boolean;
}

/** The order columns the ledger decides with, read under the lock. */
export interface LockedOrder {
  id: number;
  number: string;
  kind: 'shop' | 'bespoke';
  status: 'created' | 'paid' | 'failed' | 'cancelled';
  amountPaise: number;
  userId: string | null;
  customerId: number | null;
  customerName: string;
  email: string;
  phone: string;
  fulfilmentStatus: (typeof orders.$inferSelect)['fulfilmentStatus'];
  /** Issue 32 item 3: 'cod' for a cash-on-delivery order (its stock is held from placing). */
  paymentMethod: 'online' | 'cod';
}

const lockedColumns = {
  id: orders.id,
  number: orders.number,
  kind: orders.kind,
  status: orders.status,
  amountPaise: orders.amountPaise,
  userId: orders.userId,
  customerId: orders.customerId,
  customerName: orders.customerName,
  email: orders.email,
  phone: orders.phone,
  fulfilmentStatus: orders.fulfilmentStatus,
  paymentMethod: orders.paymentMethod,
};

/** Locks an order by its id (`for update`) and reads what the ledger needs; undefined if gone. */
async function lockOrderById(tx: Tx, orderId: number): Promise<LockedOrder | undefined> {
  const [row] = await tx
    .select(lockedColumns)
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row;
}

/** Locks an order by its number, as {@link lockOrderById}. */
export async function lockOrderByNumber(tx: Tx, number: string): Promise<LockedOrder | undefined> {
  const [row] = await tx
    .select(lockedColumns)
    .from(orders)
    .where(eq(orders.number, number))
    .for('update');
  return row;
}

/** An order's rows, oldest first. */
function rowsOf(db: DbOrTx, orderId: number) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** The balance of an order of `amountPaise` from its rows (read in `db`, or in a locked tx). */
export async function balanceOf(
  db: DbOrTx,
  order: { id: number; amountPaise: number },
): Promise<OrderBalance> {
  return orderBalance(order.amountPaise, await rowsOf(db, order.id));
}

/** What is refundable from each payment row: its amount minus its refunds that did not fail. */
function refundableByPayment(rows: (typeof payments.$inferSelect)[]): Map<number, number> {
  const refundable = new Map<number, number>();
  for (const row of rows) {
    if (row.kind === 'payment' && row.status === 'succeeded')
      refundable.set(row.id, row.amountPaise);
  }
  for (const row of rows) {
    if (row.kind === 'refund' && row.status !== 'failed' && row.refundOfId !== null) {
      refundable.set(row.refundOfId, (refundable.get(row.refundOfId) ?? 0) + row.amountPaise);
    }
  }
  return refundable;
}

/** What may still be refunded from payment row `paymentRowId` (read in a locked tx). */
export async function refundableFrom(
  tx: Tx,
  orderId: number,
  paymentRowId: number,
): Promise<number> {
  return refundableByPayment(await rowsOf(tx, orderId)).get(paymentRowId) ?? 0;
}

/**
 * What may still be refunded on order `orderId` (issue 28 item 3: "a refund is bounded by what
 * the customer paid, less what was refunded"), read in a locked tx: its succeeded payments
 * less its refunds that did not fail (pending or succeeded, whichever payment they name). Paise.
 */
export async function refundableOfOrder(tx: Tx, orderId: number): Promise<number> {
  let refundable = 0;
  for (const row of await rowsOf(tx, orderId)) {
    if (row.kind === 'payment' && row.status === 'succeeded') refundable += row.amountPaise;
    if (row.kind === 'refund' && row.status !== 'failed') refundable += row.amountPaise;
  }
  return refundable;
}

/**
 * How long an online payment the customer started holds its amount, in ms (15 minutes): long
 * enough to pay in the widget; after it, an abandoned start no longer blocks the counter.
 */
export const ONLINE_HOLD_MS = 15 * 60_000;

/**
 * What the order's pending payments hold of its balance (issue 28 item 2), read in a locked
 * tx: its payment links not yet paid, and its online payments started after `now` −
 * `ONLINE_HOLD_MS`; `exceptRowId` is left out (the row being paid or reused). Paise.
 */
export async function heldPaise(
  tx: Tx,
  orderId: number,
  now: Date,
  exceptRowId: number | null = null,
): Promise<HeldPaise> {
  const rows = await tx
    .select({
      id: payments.id,
      method: payments.method,
      amountPaise: payments.amountPaise,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.kind, 'payment'),
        eq(payments.status, 'pending'),
        inArray(payments.method, ['payment_link', 'online']),
      ),
    );
  const held: HeldPaise = { linksPaise: 0, onlinePaise: 0 };
  for (const row of rows) {
    if (row.id === exceptRowId) continue;
    if (row.method === 'payment_link') held.linksPaise += row.amountPaise;
    else if (now.getTime() - row.createdAt.getTime() < ONLINE_HOLD_MS) {
      held.onlinePaise += row.amountPaise;
    }
  }
  return held;
}

/** What the balance leaves once the pending rows are counted, in paise (may be ≤ 0). */
export const freePaise = (balance: OrderBalance, held: HeldPaise) =>
  balance.balancePaise - held.linksPaise - held.onlinePaise;

const toView = (row: typeof payments.$inferSelect): PaymentView => ({
  id: row.id,
  kind: row.kind,
  method: row.method,
  status: row.status,
  amountPaise: row.amountPaise,
  reference: row.reference,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  settledAt: row.settledAt?.toISOString() ?? null,
});

/**
 * An order's payments as its owner sees them (online attempts never completed, and links
 * withdrawn, are left out) and its balance.
 */
export async function orderPayments(
  db: Db,
  order: { id: number; amountPaise: number },
): Promise<{ rows: PaymentView[]; balance: OrderBalance }> {
  const rows = await rowsOf(db, order.id);
  return {
    rows: rows
      .filter((row) => row.status !== 'pending' || row.kind === 'refund')
      .filter(
        (row) =>
          !(row.kind === 'payment' && (row.status === 'failed' || row.status === 'cancelled')),
      )
      .map(toView),
    balance: orderBalance(order.amountPaise, rows),
  };
}

/**
 * An order's payments as the back office sees them, with its balance and what the counter
 * offers (the agreed advance from the bespoke settings, or the balance: issue 30 item 3).
 */
export async function adminOrderPayments(
  db: Db,
  order: { id: number; amountPaise: number; kind: 'shop' | 'bespoke'; status: string },
): Promise<{ rows: AdminPaymentView[]; balance: OrderBalance; counter: CounterOffer }> {
  const [rows, { advancePercent }] = await Promise.all([
    rowsOf(db, order.id),
    getBespokeSettings(db),
  ]);
  const refundable = refundableByPayment(rows);
  const balance = orderBalance(order.amountPaise, rows);
  return {
    counter: counterOffer(order, balance, rows, advancePercent),
    rows: rows.map((row) => ({
      ...toView(row),
      provider: row.provider,
      providerPaymentId: row.providerPaymentId,
      providerRefundId: row.providerRefundId,
      linkUrl: row.linkUrl,
      refundOfId: row.refundOfId,
      recordedByEmail: row.recordedByEmail,
      refundablePaise: refundable.get(row.id) ?? 0,
      retryable:
        row.kind === 'refund' &&
        row.status === 'pending' &&
        row.providerRefundId === null &&
        row.provider !== null,
    })),
    balance,
  };
}

/** The invoice job of a fully paid order (contract with features/invoices). */
function enqueueInvoice(tx: DbOrTx, orderId: number) {
  return enqueueJob(tx, {
    kind: 'invoice.issue',
    payload: { orderId },
    dedupeKey: `invoice:order:${orderId}`,
  });
}

/** The credit-note job of a succeeded refund row (contract with features/invoices). */
export function enqueueCreditNote(tx: DbOrTx, refundRowId: number) {
  return enqueueJob(tx, {
    kind: 'credit-note.issue',
    payload: { paymentId: refundRowId },
    dedupeKey: `credit-note:payment:${refundRowId}`,
  });
}

/**
 * After payment row `paymentRowId` succeeded in `tx` (the order locked, `paidInFull` what
 * {@link settleIfPaidInFull} answered): when it leaves a balance on an open order, it is an
 * advance (money received before the tax invoice, issued when the order is paid in full), so
 * the receipt-voucher job is queued, once per payment row (issue 29 item 3, Rule 50; contract
 * with features/invoices). A payment that completes the order gets the tax invoice instead.
 */
export async function enqueueReceiptVoucherIfAdvance(
  tx: DbOrTx,
  order: Pick<LockedOrder, 'status'>,
  paymentRowId: number,
  paidInFull: boolean,
): Promise<void> {
  if (paidInFull || order.status === 'paid' || order.status === 'cancelled') return;
  await enqueueJob(tx, {
    kind: 'receipt-voucher.issue',
    payload: { paymentId: paymentRowId },
    dedupeKey: `receipt-voucher:payment:${paymentRowId}`,
  });
}

/** Where the order's messages link to (its signed link, issue 30 item 2) and whose name they carry. */
export interface LedgerSite extends OrderLinkSite {
  shopName: string;
}

/** What {@link settleIfPaidInFull} did. */
export interface Settlement {
  /** Whether the order became paid now. */
  paidInFull: boolean;
  /**
   * A shop order whose stock could not serve it (issue 29 item 2): it was NOT made paid; it was
   * cancelled with a timeline entry naming the shortage and the refund due. The caller may
   * still throw to roll the whole transaction back (the counter refuses the payment instead).
   */
  shortage: StockShortage | null;
}

/**
 * After a payment succeeded in `tx` (the order locked): when the balance is now zero or less
 * and the order is not paid yet, makes it 'paid' (paid_at), writes the timeline entry, queues
 * the invoice job, cancels its payment links not yet paid (issue 28 item 2) and tells the
 * customer (bespoke orders; a shop order's confirmation is sent by checkout).
 *
 * A shop order takes its stock here, before it is made paid (`takeOrderStock`, decision 023;
 * not a cash-on-delivery order, which holds its stock from placing, issue 32 item 3),
 * so every ledger path that completes a shop order (counter, payment link, online ledger
 * payment) takes it in the transaction that marks it paid. When a product is short, the money
 * received stays recorded and the order is cancelled instead, its timeline saying which product
 * ran out and that what was paid will be refunded in full, as for the checkout's race loser.
 */
export async function settleIfPaidInFull(
  tx: Tx,
  order: LockedOrder,
  site: LedgerSite,
  actorEmail: string | null = null,
): Promise<Settlement> {
  const open = { paidInFull: false, shortage: null };
  if (order.status === 'paid' || order.status === 'cancelled') return open;
  const balance = await balanceOf(tx, order);
  if (balance.balancePaise > 0) return open;
  // Issue 32 item 3: a cash-on-delivery order took its stock when it was placed.
  if (order.kind === 'shop' && order.paymentMethod !== 'cod') {
    const shortage = await takeOrderStock(tx, order.id);
    if (shortage) {
      await cancelForShortage(tx, order, balance, shortage, actorEmail);
      return { paidInFull: false, shortage };
    }
  }
  const updated = await markOrderPaid(tx, {
    orderId: order.id,
    at: new Date(),
    note: `Paid in full: ${formatRupees(balance.paidPaise)}`,
    actorEmail,
  });
  if (!updated) return open;
  await enqueueInvoice(tx, order.id);
  await cancelPendingLinks(tx, order.id);
  if (order.kind === 'bespoke') await tellPaidInFull(tx, order, balance, site);
  return { paidInFull: true, shortage: null };
}

/**
 * A shop order paid in full whose stock had gone (decision 023, as the checkout's race loser):
 * cancelled rather than paid, its payment links not yet paid withdrawn, and a 'cancelled'
 * timeline entry naming the shortage and the amount to refund. The payments stay succeeded in
 * the ledger, so staff refund them from the order's page.
 */
async function cancelForShortage(
  tx: Tx,
  order: LockedOrder,
  balance: OrderBalance,
  shortage: StockShortage,
  actorEmail: string | null,
) {
  await cancelShortOrder(tx, {
    orderId: order.id,
    note: `${shortage.message}. The order is cancelled and the ${formatRupees(balance.paidPaise)} paid will be refunded in full.`,
    actorEmail,
  });
  await cancelPendingLinks(tx, order.id);
}

/** The customer's "paid in full" message: to their record's channels, else the order's e-mail. */
async function tellPaidInFull(tx: Tx, order: LockedOrder, balance: OrderBalance, site: LedgerSite) {
  const orderUrl = await orderLinkUrl(tx, site, order.id);
  const mail = paidInFullEmail(order, balance.paidPaise, site.shopName, orderUrl);
  const dedupeKey = `order:${order.id}:paid`;
  const [record] = order.customerId
    ? await tx.select().from(customers).where(eq(customers.id, order.customerId))
    : [];
  if (record) {
    const settings = await getMessageSettings(tx);
    await queueCustomerMessage(tx, record, {
      kind: 'order.paid',
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      whatsapp: {
        name: settings.templates.orderStatus,
        language: settings.language,
        params: [order.customerName, order.number, 'Paid in full', orderUrl],
        text: `Dear ${order.customerName}, your order ${order.number} is now: Paid in full. ${orderUrl}`,
      },
      orderId: order.id,
      dedupeKey,
    });
    return;
  }
  await queueOrderMessage(tx, order, {
    kind: 'order.paid',
    mail,
    statusLabel: 'Paid in full',
    orderUrl,
    dedupeKey,
  });
}

/** What applying an event or a confirmation to the ledger did. */
export type LedgerOutcome =
  | { kind: 'settled'; orderId: number; paidInFull: boolean }
  /** A shop order's stock was short: the money is kept, the order cancelled (issue 29 item 2). */
  | { kind: 'sold-out'; orderId: number; message: string }
  | { kind: 'already-settled' }
  | { kind: 'duplicate' }
  | { kind: 'failed' }
  | { kind: 'refunded'; orderId: number }
  | { kind: 'refund-failed' }
  /** A refund id the ledger does not know yet: the webhook is answered 409 to be retried. */
  | { kind: 'unknown-refund' }
  | { kind: 'ignored'; reason: string };

/**
 * Marks a pending (or failed: money received always counts) payment row succeeded with the
 * provider's payment id, then settles the order if paid in full. The order must be locked.
 */
async function succeedPayment(
  tx: Tx,
  order: LockedOrder,
  rowId: number,
  providerPaymentId: string,
  site: LedgerSite,
): Promise<LedgerOutcome> {
  const [settled] = await tx
    .update(payments)
    .set({ status: 'succeeded', providerPaymentId, settledAt: new Date() })
    .where(and(eq(payments.id, rowId), ne(payments.status, 'succeeded')))
    .returning({ id: payments.id });
  if (!settled) return { kind: 'already-settled' };
  const { paidInFull, shortage } = await settleIfPaidInFull(tx, order, site);
  if (shortage) return { kind: 'sold-out', orderId: order.id, message: shortage.message };
  await enqueueReceiptVoucherIfAdvance(tx, order, rowId, paidInFull);
  return { kind: 'settled', orderId: order.id, paidInFull };
}

/** The order number of the ledger payment with this provider order id, or null. */
export async function ledgerOrderOf(db: Db, providerOrderId: string): Promise<string | null> {
  const [row] = await db
    .select({ number: orders.number })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.providerOrderId, providerOrderId), eq(payments.kind, 'payment')));
  return row?.number ?? null;
}

/** The payment row (and its order, locked) with this provider order id, in `tx`. */
async function rowByProviderOrder(tx: Tx, providerOrderId: string) {
  const [row] = await tx
    .select({ id: payments.id, orderId: payments.orderId, amountPaise: payments.amountPaise })
    .from(payments)
    .where(and(eq(payments.providerOrderId, providerOrderId), eq(payments.kind, 'payment')));
  if (!row) return null;
  const order = await lockOrderById(tx, row.orderId);
  return order ? { row, order } : null;
}

/**
 * Confirms the payment the widget reported for a ledger payment (a bespoke order's advance or
 * balance), once the caller verified its signature against `providerOrderId` as WE stored it
 * for this order. Only the order's owner may confirm it (or Razorpay's redirect callback, by
 * the signature alone); a repeat changes nothing.
 * @returns null when the order is not the user's or the provider order is not this order's.
 */
export async function confirmLedgerPayment(
  db: Db,
  input: {
    /** The signed-in owner; null only for Razorpay's redirect callback, trusted by its signature. */
    userId: string | null;
    orderNumber: string;
    providerOrderId: string;
    paymentId: string;
    provider: PaymentProviderName;
  },
  site: LedgerSite,
): Promise<LedgerOutcome | null> {
  return db.transaction(async (tx) => {
    const order = await lockOrderByNumber(tx, input.orderNumber);
    if (!order || (input.userId !== null && order.userId !== input.userId)) return null;
    const [row] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          eq(payments.providerOrderId, input.providerOrderId),
          eq(payments.kind, 'payment'),
        ),
      );
    if (!row) return null;
    const fresh = await recordEvent(tx, {
      eventId: `confirm:${input.paymentId}`,
      provider: input.provider,
      type: 'checkout.confirm',
      orderId: order.id,
    });
    if (!fresh) return { kind: 'duplicate' };
    return succeedPayment(tx, order, row.id, input.paymentId, site);
  });
}

/**
 * Applies a verified `payment.captured` / `order.paid` / `payment.failed` event for a provider
 * order that no shop order has: the ledger row with that provider order id. Captured money
 * is recorded even when the balance is already covered (it was taken: the back office then
 * shows an overpayment to refund). An amount that differs from the row's is ignored.
 */
export async function applyLedgerOrderEvent(
  db: Db,
  provider: PaymentProviderName,
  event: OrderPaymentEvent,
  site: LedgerSite,
): Promise<LedgerOutcome> {
  return db.transaction(async (tx) => {
    const found = await rowByProviderOrder(tx, event.providerOrderId);
    const fresh = await recordEvent(tx, {
      eventId: event.eventId,
      provider,
      type: event.type,
      orderId: found?.order.id ?? null,
    });
    if (!fresh) return { kind: 'duplicate' };
    if (!found) return { kind: 'ignored', reason: 'unknown provider order' };
    if (event.type === 'payment.failed') {
      const [failed] = await tx
        .update(payments)
        .set({ status: 'failed' })
        .where(and(eq(payments.id, found.row.id), eq(payments.status, 'pending')))
        .returning({ id: payments.id });
      return failed ? { kind: 'failed' } : { kind: 'ignored', reason: 'not pending' };
    }
    if (!event.paymentId) return { kind: 'ignored', reason: 'no payment id' };
    if (event.amountPaise !== null && event.amountPaise !== found.row.amountPaise) {
      return {
        kind: 'ignored',
        reason: `amount ${event.amountPaise} differs from ${found.row.amountPaise}`,
      };
    }
    return succeedPayment(tx, found.order, found.row.id, event.paymentId, site);
  });
}

/** Applies a verified `payment_link.paid` event to the link's row (once). */
export async function applyPaymentLinkEvent(
  db: Db,
  provider: PaymentProviderName,
  event: PaymentLinkEvent,
  site: LedgerSite,
): Promise<LedgerOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: payments.id, orderId: payments.orderId, amountPaise: payments.amountPaise })
      .from(payments)
      .where(eq(payments.providerLinkId, event.linkId));
    const order = row ? await lockOrderById(tx, row.orderId) : undefined;
    const fresh = await recordEvent(tx, {
      eventId: event.eventId,
      provider,
      type: event.type,
      orderId: order?.id ?? null,
    });
    if (!fresh) return { kind: 'duplicate' };
    if (!row || !order) return { kind: 'ignored', reason: 'unknown payment link' };
    if (event.amountPaise !== null && event.amountPaise !== row.amountPaise) {
      return {
        kind: 'ignored',
        reason: `amount ${event.amountPaise} differs from ${row.amountPaise}`,
      };
    }
    return succeedPayment(tx, order, row.id, event.paymentId, site);
  });
}

/**
 * Applies a verified `refund.processed` (the refund row succeeds, settled_at, the credit-note
 * job is queued) or `refund.failed` (the row fails) event, once. A refund id the ledger does
 * not know yet (the webhook outran the request that stores it) records nothing and answers
 * 'unknown-refund', so the provider delivers it again.
 */
export async function applyRefundEvent(
  db: Db,
  provider: PaymentProviderName,
  event: RefundEvent,
): Promise<LedgerOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: payments.id, orderId: payments.orderId })
      .from(payments)
      .where(and(eq(payments.providerRefundId, event.refundId), eq(payments.kind, 'refund')));
    if (!row) return { kind: 'unknown-refund' };
    await lockOrderById(tx, row.orderId);
    const fresh = await recordEvent(tx, {
      eventId: event.eventId,
      provider,
      type: event.type,
      orderId: row.orderId,
    });
    if (!fresh) return { kind: 'duplicate' };
    if (event.type === 'refund.failed') {
      const [failed] = await tx
        .update(payments)
        .set({ status: 'failed' })
        .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')))
        .returning({ id: payments.id });
      return failed ? { kind: 'refund-failed' } : { kind: 'ignored', reason: 'not pending' };
    }
    const [settled] = await tx
      .update(payments)
      .set({ status: 'succeeded', settledAt: new Date() })
      .where(and(eq(payments.id, row.id), inArray(payments.status, ['pending', 'failed'])))
      .returning({ id: payments.id });
    if (!settled) return { kind: 'ignored', reason: 'already succeeded' };
    await enqueueCreditNote(tx, row.id);
    return { kind: 'refunded', orderId: row.orderId };
  });
}
