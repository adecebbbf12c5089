/**
 * A bespoke order's advance and balance paid online by its owner (issue 21 item 4), through
 * the checkout's verified flow: a provider order made by the server for the amount the server
 * decides, stored as a pending 'online' payments row with its provider order id; the same
 * widget (or the sandbox dialog); the confirmation verified against the provider order id WE
 * stored for THIS shopper's row; the webhook settling it too. Amounts are integer paise.
 *
 * POST /api/payments/order-start (JSON, signed-in owner). Its confirmation, sandbox answer and
 * redirect callback are the one online-payment path's (provider-payments.server.ts, issue 30
 * item 4), which reads the owner's row and the sandbox's refusals from here.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import type { Db } from '~/lib/db.server';
import { orders, payments } from '~/lib/schema.server';
import { enforceLimits, RateLimitedError, waitInWords } from '~/lib/rate-limit.server';
import { parseJsonRequest } from '~/lib/request-body.server';
import {
  PaymentProviderError,
  type PaymentProvider,
  type PaymentProviderName,
} from '~/lib/payments/payments.server';
import type { SessionUser } from '~/features/account/session.server';
import { advanceDuePaise } from '~/features/bespoke/pricing';
import { getBespokeSettings } from '~/features/bespoke/bespoke-settings.server';
import { onlineOffer, type OnlinePurpose, type OrderBalance } from './ledger';
import type { OrderDetail } from '~/features/orders/orders.server';
import {
  balanceOf,
  freePaise,
  heldPaise,
  lockOrderByNumber,
  ONLINE_HOLD_MS,
  orderPayments,
  type PaymentView,
  type Tx,
} from './ledger.server';
import { CHECKOUT_LIMITS, type PaymentStart } from './payment-start.server';

/** A refusal for the shopper, with its HTTP status. */
class OnlinePaymentError extends Error {
  constructor(
    message: string,
    readonly status: 404 | 409,
  ) {
    super(message);
  }
}

const NOT_FOUND = 'Order not found';

/** The latest online payment of the order still pending and within its hold, or null. */
async function livePendingOnline(tx: Tx, orderId: number, now: Date) {
  const [row] = await tx
    .select({
      id: payments.id,
      amountPaise: payments.amountPaise,
      provider: payments.provider,
      providerOrderId: payments.providerOrderId,
    })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.kind, 'payment'),
        eq(payments.method, 'online'),
        eq(payments.status, 'pending'),
        gt(payments.createdAt, new Date(now.getTime() - ONLINE_HOLD_MS)),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row ?? null;
}

/**
 * What the owner may pay now on their order `number`, decided in `tx` with the order locked:
 * the advance (`advancePercent` of the total, rounded up to the rupee by advanceDuePaise) while
 * nothing is paid, the balance once the order is ready; either at most what the balance leaves
 * once the links not yet paid and the other online payments being made are counted (issue 28
 * item 2). `pending` is the online payment already started for this amount (to be reused).
 * @throws OnlinePaymentError 404 for an order that is not theirs; 409 when `purpose` is not
 *   offered now, or when what is due is already asked for by a link or being paid.
 */
async function amountDue(
  tx: Tx,
  input: { userId: string; number: string; purpose: OnlinePurpose; advancePercent: number },
  provider: PaymentProviderName,
) {
  const order = await lockOrderByNumber(tx, input.number);
  if (!order || order.userId !== input.userId) throw new OnlinePaymentError(NOT_FOUND, 404);
  const balance = await balanceOf(tx, order);
  const offer = onlineOffer({ ...order, balance });
  if (offer !== input.purpose) {
    throw new OnlinePaymentError(
      input.purpose === 'advance'
        ? 'The advance is no longer due on this order.'
        : 'The balance can be paid once your order is ready.',
      409,
    );
  }
  const now = new Date();
  const started = await livePendingOnline(tx, order.id, now);
  const free = freePaise(balance, await heldPaise(tx, order.id, now, started?.id ?? null));
  const amountPaise =
    offer === 'advance'
      ? Math.min(free, advanceDuePaise(order.amountPaise, input.advancePercent))
      : free;
  if (amountPaise < 100) {
    throw new OnlinePaymentError(
      'What is due on this order is already asked for by a payment link or being paid. Please use the link the shop sent you, or try again in a few minutes.',
      409,
    );
  }
  const pending =
    started?.providerOrderId && started.provider === provider && started.amountPaise === amountPaise
      ? { id: started.id, providerOrderId: started.providerOrderId }
      : null;
  return { order, amountPaise, pending, replaced: pending ? null : (started?.id ?? null) };
}

/**
 * Starts the owner's online payment of the advance or balance: decides the amount; while an
 * online payment of that amount is pending (within ONLINE_HOLD_MS), answers its provider order
 * again (issue 28 item 2: "gets the same pending provider order back, not a new one");
 * otherwise makes the provider order (outside any transaction), then stores the pending row
 * after checking, under the order's lock, that the same amount is still due (a start that ran
 * at the same moment and stored its row first is answered instead). A pending start for
 * another amount is cancelled by the new one.
 * @throws OnlinePaymentError (404, 409); PaymentProviderError or RangeError from the provider.
 */
async function startOrderPayment(
  db: Db,
  provider: PaymentProvider,
  input: { userId: string; number: string; purpose: OnlinePurpose },
): Promise<{
  amountPaise: number;
  providerOrderId: string;
  order: { name: string; email: string; phone: string };
}> {
  const { advancePercent } = await getBespokeSettings(db);
  const answer = (
    due: Awaited<ReturnType<typeof amountDue>>,
    providerOrderId: string,
  ): Awaited<ReturnType<typeof startOrderPayment>> => ({
    amountPaise: due.amountPaise,
    providerOrderId,
    order: { name: due.order.customerName, email: due.order.email, phone: due.order.phone },
  });
  const due = await db.transaction((tx) =>
    amountDue(tx, { ...input, advancePercent }, provider.name),
  );
  if (due.pending) return answer(due, due.pending.providerOrderId);
  const providerOrder = await provider.createOrder({
    amountPaise: due.amountPaise,
    receipt: due.order.number,
    notes: { order_number: due.order.number, purpose: input.purpose },
  });
  return db.transaction(async (tx) => {
    const again = await amountDue(tx, { ...input, advancePercent }, provider.name);
    if (again.pending) return answer(again, again.pending.providerOrderId);
    if (again.amountPaise !== due.amountPaise) {
      throw new OnlinePaymentError('The amount due has just changed. Please try again.', 409);
    }
    if (again.replaced !== null) {
      await tx
        .update(payments)
        .set({ status: 'cancelled' })
        .where(and(eq(payments.id, again.replaced), eq(payments.status, 'pending')));
    }
    await tx.insert(payments).values({
      orderId: again.order.id,
      kind: 'payment',
      method: 'online',
      status: 'pending',
      amountPaise: due.amountPaise,
      provider: provider.name,
      providerOrderId: providerOrder.providerOrderId,
    });
    return answer(again, providerOrder.providerOrderId);
  });
}

const startSchema = z.object({
  orderNumber: z.string().min(1).max(40),
  purpose: z.enum(['advance', 'balance']),
});

/**
 * POST /api/payments/order-start `{ orderNumber, purpose }`: the widget's start for a bespoke
 * order's advance or balance, rate-limited per account and address like checkout
 * (CHECKOUT_LIMITS). Answers a PaymentStart, or `{ error }` with 400/404/409/429/502.
 */
export async function handleOrderStart(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  clientAddress: string,
) {
  const parsed = await parseJsonRequest(request, startSchema);
  if (!parsed.ok) return data({ error: parsed.error }, { status: parsed.status });
  try {
    await enforceLimits(
      context.db,
      [
        { key: `order-payment:user:${user.id}`, limit: CHECKOUT_LIMITS.perAccount },
        { key: `order-payment:ip:${clientAddress}`, limit: CHECKOUT_LIMITS.perAddress },
      ],
      'Too many payments',
    );
    const started = await startOrderPayment(context.db, context.payments, {
      userId: user.id,
      number: parsed.data.orderNumber,
      purpose: parsed.data.purpose,
    });
    const notes = { order_number: parsed.data.orderNumber, purpose: parsed.data.purpose };
    const start: PaymentStart = {
      orderNumber: parsed.data.orderNumber,
      amountPaise: started.amountPaise,
      currency: 'INR',
      provider: context.payments.name,
      providerOrderId: started.providerOrderId,
      keyId: context.payments.publicKey,
      prefill: {
        name: started.order.name,
        email: started.order.email,
        contact: started.order.phone,
      },
      notes,
    };
    return data(start);
  } catch (error) {
    if (error instanceof OnlinePaymentError) {
      return data({ error: error.message }, { status: error.status });
    }
    if (error instanceof RateLimitedError) {
      return data(
        {
          error: `You have started several payments in a short time. Please try again in ${waitInWords(error.retryAfterS)}.`,
        },
        { status: 429, headers: { 'Retry-After': String(error.retryAfterS) } },
      );
    }
    if (error instanceof PaymentProviderError || error instanceof RangeError) {
      console.warn('payment provider refused the order payment', error.message);
      return data(
        { error: 'There was an error processing your payment. Please try again.' },
        { status: 502 },
      );
    }
    throw error;
  }
}

/**
 * The owner's ledger payment row with this provider order id on their order `orderNumber`, or
 * null (anyone else's: the caller answers 404). Amount in paise.
 */
export async function ownLedgerRow(
  db: Db,
  userId: string,
  orderNumber: string,
  providerOrderId: string,
) {
  const [row] = await db
    .select({
      id: payments.id,
      providerOrderId: payments.providerOrderId,
      provider: payments.provider,
      status: payments.status,
      amountPaise: payments.amountPaise,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.providerOrderId, providerOrderId),
        eq(payments.kind, 'payment'),
        eq(orders.number, orderNumber),
        eq(orders.userId, userId),
      ),
    );
  return row ?? null;
}

/**
 * Why the sandbox's 'Pay' may not take payment row `row` now, or null (issue 28 item 2), read
 * under the order's lock: the order is paid in full or cancelled, the start was replaced, or
 * its amount is more than the balance leaves once the other pending rows are counted (an
 * abandoned start whose hold ran out, taken meanwhile at the counter). Razorpay's checkout
 * answers the same cases itself once its window has closed.
 */
export async function sandboxPayRefusal(
  tx: Tx,
  orderNumber: string,
  row: { id: number; status: string; amountPaise: number },
): Promise<string | null> {
  const order = await lockOrderByNumber(tx, orderNumber);
  if (!order) return NOT_FOUND;
  if (order.status === 'paid') return 'This order is paid in full: nothing is due.';
  if (order.status === 'cancelled') return 'This order was cancelled: it takes no payments.';
  if (row.status === 'cancelled')
    return 'This payment was replaced by a newer one. Please start again.';
  const balance = await balanceOf(tx, order);
  const free = freePaise(balance, await heldPaise(tx, order.id, new Date(), row.id));
  if (row.amountPaise > free) return 'The amount due has changed. Please start the payment again.';
  return null;
}

/** An order's money as its owner's page shows it. */
export interface OwnerOrderMoney {
  kind: 'shop' | 'bespoke';
  rows: PaymentView[];
  balance: OrderBalance;
  /** The online payment offered now and its amount in paise; null when none is due. */
  offer: { purpose: OnlinePurpose; amountPaise: number } | null;
}

/**
 * The payments, balance and due online payment of an order the caller already found for its
 * owner (getOrder), for /account/orders/:number.
 */
export async function ownerOrderMoney(
  db: Db,
  order: Pick<OrderDetail, 'id' | 'amountPaise' | 'status' | 'fulfilmentStatus'>,
): Promise<OwnerOrderMoney> {
  const [[row], money, settings] = await Promise.all([
    db.select({ kind: orders.kind }).from(orders).where(eq(orders.id, order.id)),
    orderPayments(db, order),
    getBespokeSettings(db),
  ]);
  const kind = row?.kind ?? 'shop';
  const purpose = onlineOffer({ ...order, kind, balance: money.balance });
  const offer = purpose && {
    purpose,
    amountPaise:
      purpose === 'advance'
        ? Math.min(
            money.balance.balancePaise,
            advanceDuePaise(order.amountPaise, settings.advancePercent),
          )
        : money.balance.balancePaise,
  };
  return { kind, ...money, offer };
}
