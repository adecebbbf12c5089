/**
 * The one online-payment path (issue 30 item 4) for a shop order at checkout and a bespoke
 * order's advance or balance (a ledger row): ONE confirm schema (Razorpay's handler result and
 * our order number), ONE signature check (the provider order id WE stored must be the body's,
 * then the provider's signature over it), ONE sandbox answer and ONE redirect callback. Each
 * resolves the provider order to its target, then settles it through that target's command:
 * a shop order awaiting payment through `confirmPayment` and `afterShopOrderPaid`, a ledger row
 * through `confirmLedgerPayment`. Amounts are integer paise. Request bodies are parsed with zod.
 *
 * POST /api/payments/confirm (= /order-confirm), /sandbox (= /order-sandbox) and /callback.
 */
import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { Refusal, refusalStatus } from '~/lib/refusal';
import type { Db } from '~/lib/db.server';
import {
  BODY_REFUSALS,
  formContainsNul,
  isFormRequest,
  parseJsonRequest,
} from '~/lib/request-body.server';
import type { SessionUser } from '~/features/account/session.server';
import { flashCookie } from '~/features/site/flash.server';
import { afterShopOrderPaid } from '~/features/orders/order-paid.server';
import {
  CANCELLED_ORDER_MESSAGE,
  findByProviderOrder,
  findOwnOrder,
} from '~/features/orders/orders.server';
import { confirmLedgerPayment, ledgerOrderOf } from './ledger.server';
import { ownLedgerRow, sandboxPayRefusal } from './online-payments.server';
import { confirmPayment } from './shop-payments.server';
import { ledgerSite, processWebhook } from './webhook.server';

const NOT_FOUND = 'Order not found';

/** What a provider order pays for, with the provider order id we stored for it. */
type PaymentTarget =
  | {
      kind: 'shop';
      orderNumber: string;
      providerOrderId: string;
      /** The order's owner, who is told once it is paid; null for a guest's. */
      ownerId: string | null;
      status?: string;
      amountPaise?: number;
    }
  | {
      kind: 'ledger';
      orderNumber: string;
      providerOrderId: string;
      row?: { id: number; status: string; amountPaise: number; provider: string | null };
    };

/**
 * The target of the owner's payment on their order `orderNumber`: the shop order itself when it
 * has a provider order (checkout, "Pay now"), else the owner's ledger row with `providerOrderId`
 * (a bespoke order's advance or balance). Null when neither is theirs.
 */
async function ownTarget(
  db: Db,
  userId: string,
  orderNumber: string,
  providerOrderId: string | undefined,
): Promise<PaymentTarget | null> {
  const order = await findOwnOrder(db, userId, orderNumber);
  if (!order) return null;
  if (order.providerOrderId) {
    return {
      kind: 'shop',
      orderNumber,
      providerOrderId: order.providerOrderId,
      ownerId: userId,
      status: order.status,
      amountPaise: order.amountPaise,
    };
  }
  if (!providerOrderId) return null;
  const row = await ownLedgerRow(db, userId, orderNumber, providerOrderId);
  if (!row?.providerOrderId) return null;
  return { kind: 'ledger', orderNumber, providerOrderId: row.providerOrderId, row };
}

/** The target of a provider order id alone (Razorpay's redirect callback carries only that). */
async function targetOfProviderOrder(
  db: Db,
  providerOrderId: string,
): Promise<PaymentTarget | null> {
  const order = await findByProviderOrder(db, providerOrderId);
  if (order) {
    return { kind: 'shop', orderNumber: order.number, providerOrderId, ownerId: order.userId };
  }
  const number = await ledgerOrderOf(db, providerOrderId);
  return number ? { kind: 'ledger', orderNumber: number, providerOrderId } : null;
}

/** Razorpay's handler result (the signed payment), the same for the widget and the callback. */
const signedPaymentSchema = z.object({
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});
type SignedPayment = z.output<typeof signedPaymentSchema>;

/** The one confirm body: the signed payment and our order number. */
const confirmSchema = signedPaymentSchema.extend({ orderNumber: z.string().min(1).max(40) });

/**
 * The one signature check: the provider order id we stored for `target` is the body's, and the
 * provider signed this payment over it.
 */
function verified(context: AppLoadContext, target: PaymentTarget, body: SignedPayment): boolean {
  return (
    body.razorpay_order_id === target.providerOrderId &&
    context.payments.verifyPaymentSignature({
      providerOrderId: target.providerOrderId,
      paymentId: body.razorpay_payment_id,
      signature: body.razorpay_signature,
    })
  );
}

/** What settling a verified payment did. */
type Settled = { kind: 'ok' } | { kind: 'sold-out'; message: string } | { kind: 'not-found' };

/**
 * Settles a verified payment through its target's command (once: a repeat changes nothing).
 * @param userId the signed-in owner; null only for Razorpay's callback, trusted by its signature.
 * @throws Refusal from `confirmPayment` (a shop order not theirs, paid, cancelled).
 */
async function settle(
  context: AppLoadContext,
  target: PaymentTarget,
  paymentId: string,
  userId: string | null,
): Promise<Settled> {
  if (target.kind === 'shop') {
    const outcome = await confirmPayment(context.db, {
      userId,
      orderNumber: target.orderNumber,
      paymentId,
      provider: context.payments.name,
    });
    // Issue 29 item 2: the stock went to another payer first; the money is to be refunded.
    if (outcome.kind === 'sold-out') return { kind: 'sold-out', message: outcome.message };
    await afterShopOrderPaid(context, outcome, target.ownerId);
    return { kind: 'ok' };
  }
  const outcome = await confirmLedgerPayment(
    context.db,
    {
      userId,
      orderNumber: target.orderNumber,
      providerOrderId: target.providerOrderId,
      paymentId,
      provider: context.payments.name,
    },
    await ledgerSite(context),
  );
  return outcome ? { kind: 'ok' } : { kind: 'not-found' };
}

/**
 * POST /api/payments/confirm (and /order-confirm): the widget's signed payment for the owner's
 * shop order or ledger row. Answers `{ ok: true, orderNumber }`, or `{ error }` with 400 (bad
 * body; 'The payment could not be verified'), 404 'Order not found', 409 (a shop order paid,
 * cancelled, or sold out meanwhile), or 500 'Error updating order' when the payment could not
 * be recorded (the webhook will).
 */
export async function handleConfirm(request: Request, context: AppLoadContext, user: SessionUser) {
  const parsed = await parseJsonRequest(request, confirmSchema);
  if (!parsed.ok) return data({ error: parsed.error }, { status: parsed.status });
  const body = parsed.data;
  const target = await ownTarget(context.db, user.id, body.orderNumber, body.razorpay_order_id);
  if (!target) return data({ error: NOT_FOUND }, { status: 404 });
  if (!verified(context, target, body)) {
    return data({ error: 'The payment could not be verified' }, { status: 400 });
  }
  try {
    const settled = await settle(context, target, body.razorpay_payment_id, user.id);
    if (settled.kind === 'sold-out') return data({ error: settled.message }, { status: 409 });
    if (settled.kind === 'not-found') return data({ error: NOT_FOUND }, { status: 404 });
    return data({ ok: true, orderNumber: body.orderNumber });
  } catch (error) {
    if (error instanceof Refusal)
      return data({ error: error.message }, { status: refusalStatus(error.code) });
    console.warn('payment confirmation could not be recorded', error);
    return data({ error: 'Error updating order' }, { status: 500 });
  }
}

const sandboxSchema = z.object({
  orderNumber: z.string().min(1).max(40),
  /** The ledger row's provider order; for a shop order its own is taken. */
  providerOrderId: z.string().min(1).max(100).optional(),
  outcome: z.enum(['pay', 'fail']),
});

/** Why the sandbox may not answer for `target` now (409), or null. */
async function sandboxRefusal(
  context: AppLoadContext,
  target: PaymentTarget,
  outcome: 'pay' | 'fail',
): Promise<string | null> {
  if (target.kind === 'shop') {
    if (target.status === 'paid') return 'This order is already paid';
    if (target.status === 'cancelled') return CANCELLED_ORDER_MESSAGE;
    return null;
  }
  const row = target.row;
  if (!row) return NOT_FOUND;
  if (row.status === 'succeeded') return 'This payment is already made';
  if (outcome === 'fail') return null;
  return context.db.transaction((tx) => sandboxPayRefusal(tx, target.orderNumber, row));
}

/**
 * POST /api/payments/sandbox (and /order-sandbox) `{ orderNumber, providerOrderId?, outcome }`:
 * the sandbox dialog's 'Pay' answers the signed payment Razorpay's widget would hand over (to be
 * confirmed like Razorpay's); 'Fail payment' sends a signed payment.failed event through the
 * webhook path (`processWebhook`). 404 unless the sandbox takes payments, for anyone else's
 * order, or a ledger row not made by the sandbox; 409 for a shop order paid or cancelled, a
 * ledger row already settled, and a 'Pay' the bespoke order can no longer take
 * (`sandboxPayRefusal`, issue 28 item 2).
 */
export async function handleSandbox(request: Request, context: AppLoadContext, user: SessionUser) {
  const sandbox = context.payments.sandbox;
  if (!sandbox) return data({ error: 'Not found' }, { status: 404 });
  const parsed = await parseJsonRequest(request, sandboxSchema);
  if (!parsed.ok) return data({ error: parsed.error }, { status: parsed.status });
  const body = parsed.data;
  const target = await ownTarget(context.db, user.id, body.orderNumber, body.providerOrderId);
  if (!target || (target.kind === 'ledger' && target.row?.provider !== 'sandbox')) {
    return data({ error: NOT_FOUND }, { status: 404 });
  }
  const refusal = await sandboxRefusal(context, target, body.outcome);
  if (refusal) return data({ error: refusal }, { status: 409 });
  if (body.outcome === 'pay') {
    const payment = sandbox.pay(target.providerOrderId);
    return data({
      razorpay_payment_id: payment.paymentId,
      razorpay_order_id: target.providerOrderId,
      razorpay_signature: payment.signature,
    });
  }
  const amountPaise = target.kind === 'shop' ? target.amountPaise : target.row?.amountPaise;
  const failure = sandbox.failure(target.providerOrderId, amountPaise ?? 0);
  return processWebhook(context, failure.rawBody, failure.signature, failure.eventId);
}

/**
 * POST /api/payments/callback: Razorpay's redirect flow (in-app browsers that cannot show the
 * modal) posts the signed payment here as a form from its own origin, without our Lax session
 * cookie. The signature over the provider order id we stored (on the shop order or the ledger
 * row) is the only trust; then the target is settled (once) and the shopper goes to the order
 * with the 'payment-success' notice, or with 'payment-failed' back to the bespoke order or to
 * checkout. 415 for a body that is not a web form.
 */
export async function handleCallback(request: Request, context: AppLoadContext) {
  const secure = context.env.PUBLIC_URL.startsWith('https://');
  const to = (path: string, notice: 'payment-success' | 'payment-failed') =>
    redirect(path, { headers: { 'Set-Cookie': flashCookie(notice, secure) } });
  // Razorpay posts a web form; anything else is not Razorpay.
  if (!isFormRequest(request)) {
    return data({ error: BODY_REFUSALS.formExpected }, { status: 415 });
  }
  const form = await request.formData().catch(() => null);
  if (!form || formContainsNul(form)) return to('/checkout', 'payment-failed');
  const parsed = signedPaymentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return to('/checkout', 'payment-failed');
  const body = parsed.data;
  const target = await targetOfProviderOrder(context.db, body.razorpay_order_id);
  if (!target) return to('/checkout', 'payment-failed');
  const orderPage = `/account/orders/${target.orderNumber}`;
  if (!verified(context, target, body)) {
    return to(target.kind === 'shop' ? '/checkout' : orderPage, 'payment-failed');
  }
  await settle(context, target, body.razorpay_payment_id, null);
  return to(orderPage, 'payment-success');
}
