/**
 * The server side of paying for an order (issue "Cart, wishlist, checkout" 4-7), the same for
 * Razorpay and the sandbox: place the order and the provider order; confirm the widget's
 * signed payment; the sandbox dialog's buttons; the redirect callback. Signed webhooks are
 * applied by features/payments/webhook.server.ts; what follows a paid shop order is
 * features/orders/order-paid.server.ts. Request bodies are parsed with zod.
 */
import { Refusal, refusalStatus } from '~/lib/refusal';
import { data, redirect, type AppLoadContext } from 'react-router';
import { flashCookie } from '~/features/site/flash.server';
import {
  BODY_REFUSALS,
  formContainsNul,
  isFormRequest,
  parseJsonRequest,
} from '~/lib/request-body.server';
import { enforceLimits, RateLimitedError, waitInWords } from '~/lib/rate-limit.server';
import { z } from 'zod';
import type { SessionUser } from '~/features/account/session.server';
import { PaymentProviderError } from '~/lib/payments/payments.server';
import type { CheckoutDetails } from './checkout-details';
import { afterShopOrderPaid } from '~/features/orders/order-paid.server';
import { CHECKOUT_LIMITS, type PaymentStart } from '~/features/payments/payment-start.server';
import { ledgerSite, processWebhook } from '~/features/payments/webhook.server';
import {
  attachProviderOrder,
  CANCELLED_ORDER_MESSAGE,
  createOrderFromCart,
  findByProviderOrder,
  findOwnOrder,
  reopenOrderForPayment,
} from '~/features/orders/orders.server';
import { confirmLedgerPayment, ledgerOrderOf } from '~/features/payments/ledger.server';
import { cancelOrder, confirmPayment } from '~/features/payments/shop-payments.server';

/** SPEC.md section 8's texts for checkout failures. */
const CHECKOUT_FAILED = {
  title: 'Checkout failed',
  description: 'There was an error processing your order. Please try again.',
} as const;

/**
 * Opens the shopper's order from the stored cart (a new one, or their open one updated to the
 * cart: issue 29 item 6) and its provider order, made only when the order has none for this
 * amount.
 * @param clientAddress from `clientAddress(request)`, for `CHECKOUT_LIMITS`.
 * @throws RateLimitedError over `CHECKOUT_LIMITS` (nothing created); Refusal ('cart-empty',
 *   a product no longer for sale); PaymentProviderError when the provider refuses (the order
 *   stays 'created' without a provider order).
 */
export async function placeOrder(
  context: AppLoadContext,
  user: SessionUser,
  details: CheckoutDetails,
  clientAddress: string,
): Promise<PaymentStart> {
  await enforceCheckoutLimits(context, user, clientAddress);
  const order = await createOrderFromCart(context.db, {
    userId: user.id,
    details,
    provider: context.payments.name,
  });
  return paymentStart(context, order, details);
}

/**
 * "Pay now" on the shopper's order page (issue 29 item 6): opens the payment again for their
 * shop order awaiting payment, at the order's amount (the server's, never the browser's), with
 * its provider order when it has one. Rate-limited like checkout.
 * @throws RateLimitedError; Refusal 'not-found' (not theirs) or 'conflict' (paid, cancelled);
 *   PaymentProviderError when the provider refuses.
 */
export async function payOrderAgain(
  context: AppLoadContext,
  user: SessionUser,
  orderNumber: string,
  clientAddress: string,
): Promise<PaymentStart> {
  await enforceCheckoutLimits(context, user, clientAddress);
  const order = await reopenOrderForPayment(
    context.db,
    user.id,
    orderNumber,
    context.payments.name,
  );
  return paymentStart(context, order, order.details);
}

function enforceCheckoutLimits(context: AppLoadContext, user: SessionUser, address: string) {
  return enforceLimits(
    context.db,
    [
      { key: `checkout:user:${user.id}`, limit: CHECKOUT_LIMITS.perAccount },
      { key: `checkout:ip:${address}`, limit: CHECKOUT_LIMITS.perAddress },
    ],
    'Too many checkouts',
  );
}

/** What the widget needs for `order`, making and storing its provider order when it has none. */
async function paymentStart(
  context: AppLoadContext,
  order: { id: number; number: string; amountPaise: number; providerOrderId: string | null },
  details: CheckoutDetails,
): Promise<PaymentStart> {
  const notes = {
    order_number: order.number,
    address: `${details.address}, ${details.city}, ${details.state} ${details.pincode}`.slice(
      0,
      256,
    ),
  };
  let providerOrderId = order.providerOrderId;
  if (!providerOrderId) {
    const providerOrder = await context.payments.createOrder({
      amountPaise: order.amountPaise,
      receipt: order.number,
      notes,
    });
    providerOrderId = await attachProviderOrder(
      context.db,
      order.id,
      providerOrder.providerOrderId,
    );
  }
  return {
    orderNumber: order.number,
    amountPaise: order.amountPaise,
    currency: 'INR',
    provider: context.payments.name,
    providerOrderId,
    keyId: context.payments.publicKey,
    prefill: { name: details.name, email: details.email, contact: details.phone },
    notes,
  };
}

const confirmSchema = z.object({
  orderNumber: z.string().min(1).max(40),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});

/**
 * POST /api/payments/confirm: the widget's handler result. The signature must match the
 * provider order id we stored for this shopper's order; then the order is paid (once).
 * Answers `{ ok: true, orderNumber }`, or `{ error }` with 400/404/409, or 500 with
 * 'Error updating order' when the payment could not be recorded (the webhook will).
 */
export async function handleConfirm(request: Request, context: AppLoadContext, user: SessionUser) {
  const parsed = await parseJsonRequest(request, confirmSchema);
  if (!parsed.ok) return data({ error: parsed.error }, { status: parsed.status });
  const body = parsed.data;
  const order = await findOwnOrder(context.db, user.id, body.orderNumber);
  if (!order || !order.providerOrderId) return data({ error: 'Order not found' }, { status: 404 });
  const valid =
    body.razorpay_order_id === order.providerOrderId &&
    context.payments.verifyPaymentSignature({
      providerOrderId: order.providerOrderId,
      paymentId: body.razorpay_payment_id,
      signature: body.razorpay_signature,
    });
  if (!valid) return data({ error: 'The payment could not be verified' }, { status: 400 });
  try {
    const outcome = await confirmPayment(context.db, {
      userId: user.id,
      orderNumber: body.orderNumber,
      paymentId: body.razorpay_payment_id,
      provider: context.payments.name,
    });
    // Issue 29 item 2: the stock went to another payer first; the money is to be refunded.
    if (outcome.kind === 'sold-out') return data({ error: outcome.message }, { status: 409 });
    await afterShopOrderPaid(context, outcome, user.id);
    return data({ ok: true, orderNumber: body.orderNumber });
  } catch (error) {
    if (error instanceof Refusal)
      return data({ error: error.message }, { status: refusalStatus(error.code) });
    console.warn('payment confirmation could not be recorded', error);
    return data({ error: 'Error updating order' }, { status: 500 });
  }
}

const orderNumberSchema = z.object({ orderNumber: z.string().min(1).max(40) });

/**
 * POST /api/payments/cancel: the shopper cancels their shop order awaiting payment (the JSON
 * twin of "Cancel" on the order page; closing the widget no longer calls it: the order stays
 * awaiting payment, issue 29 item 6). Answers `{ ok }`: false when there was nothing to cancel.
 */
export async function handleCancel(request: Request, context: AppLoadContext, user: SessionUser) {
  const parsed = await parseJsonRequest(request, orderNumberSchema);
  if (!parsed.ok) return data({ error: parsed.error }, { status: parsed.status });
  const cancelled = await cancelOrder(context.db, user.id, parsed.data.orderNumber);
  return data({ ok: cancelled });
}

const sandboxSchema = z.object({
  orderNumber: z.string().min(1).max(40),
  outcome: z.enum(['pay', 'fail']),
});

/**
 * POST /api/payments/sandbox: the sandbox dialog's 'Pay' answers what Razorpay's widget would
 * hand the browser (payment id and signature, to be confirmed like Razorpay's); 'Fail payment'
 * sends a signed payment.failed event through the webhook path. Refused (404) unless the
 * sandbox takes payments; only for the shopper's own order awaiting payment.
 */
export async function handleSandbox(request: Request, context: AppLoadContext, user: SessionUser) {
  const sandbox = context.payments.sandbox;
  if (!sandbox) return data({ error: 'Not found' }, { status: 404 });
  const parsed = await parseJsonRequest(request, sandboxSchema);
  if (!parsed.ok) return data({ error: parsed.error }, { status: parsed.status });
  const order = await findOwnOrder(context.db, user.id, parsed.data.orderNumber);
  if (!order || !order.providerOrderId) return data({ error: 'Order not found' }, { status: 404 });
  if (order.status === 'paid')
    return data({ error: 'This order is already paid' }, { status: 409 });
  if (order.status === 'cancelled') {
    return data({ error: CANCELLED_ORDER_MESSAGE }, { status: 409 });
  }
  if (parsed.data.outcome === 'pay') {
    const payment = sandbox.pay(order.providerOrderId);
    return data({
      razorpay_payment_id: payment.paymentId,
      razorpay_order_id: order.providerOrderId,
      razorpay_signature: payment.signature,
    });
  }
  const failure = sandbox.failure(order.providerOrderId, order.amountPaise);
  return processWebhook(context, failure.rawBody, failure.signature, failure.eventId);
}

/**
 * Maps a failure to place an order to the answer the checkout page shows: its status, the
 * notice, and for 429 the wait in seconds (for Retry-After).
 * @throws the error itself when it is none of the expected ones (a 500 follows).
 */
export function placeOrderFailure(error: unknown): {
  status: number;
  notice: { title: string; description: string };
  retryAfterS?: number;
} {
  if (error instanceof RateLimitedError) {
    return {
      status: 429,
      retryAfterS: error.retryAfterS,
      notice: {
        title: 'Too many attempts',
        description: `You have started several payments in a short time. Please try again in ${waitInWords(error.retryAfterS)}.`,
      },
    };
  }
  if (error instanceof Refusal) {
    return {
      status: refusalStatus(error.code),
      notice: {
        title: error.code === 'cart-empty' ? 'Cart is empty' : CHECKOUT_FAILED.title,
        description:
          error.code === 'cart-empty'
            ? 'Please add items to your cart before checkout'
            : error.message,
      },
    };
  }
  if (error instanceof PaymentProviderError || error instanceof RangeError) {
    console.warn('payment provider refused the order', error.message);
    return { status: 502, notice: CHECKOUT_FAILED };
  }
  throw error;
}

const callbackSchema = z.object({
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});

/**
 * POST /api/payments/callback: Razorpay's redirect flow (in-app browsers that cannot show the
 * modal) posts the payment here as a form from its own origin, without our Lax session
 * cookie. The signature over the order id we stored is the only trust; then the shopper goes
 * to the order (paid) or back to checkout (failed) with a notice.
 */
export async function handleCallback(request: Request, context: AppLoadContext) {
  const secure = context.env.PUBLIC_URL.startsWith('https://');
  const failed = () =>
    redirect('/checkout', { headers: { 'Set-Cookie': flashCookie('payment-failed', secure) } });
  // Razorpay posts a web form; anything else is not Razorpay.
  if (!isFormRequest(request)) {
    return data({ error: BODY_REFUSALS.formExpected }, { status: 415 });
  }
  const form = await request.formData().catch(() => null);
  if (!form || formContainsNul(form)) return failed();
  const parsed = callbackSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return failed();
  const body = parsed.data;
  const order = await findByProviderOrder(context.db, body.razorpay_order_id);
  if (!order) return ledgerCallback(context, body, secure);
  const valid =
    order !== null &&
    context.payments.verifyPaymentSignature({
      providerOrderId: body.razorpay_order_id,
      paymentId: body.razorpay_payment_id,
      signature: body.razorpay_signature,
    });
  if (!order || !valid) return failed();
  const outcome = await confirmPayment(context.db, {
    userId: null,
    orderNumber: order.number,
    paymentId: body.razorpay_payment_id,
    provider: context.payments.name,
  });
  await afterShopOrderPaid(context, outcome, order.userId);
  return redirect(`/account/orders/${order.number}`, {
    headers: { 'Set-Cookie': flashCookie('payment-success', secure) },
  });
}

/**
 * Razorpay's redirect callback for a ledger payment (a bespoke order's advance or balance,
 * issue 21 item 4): the signature over the provider order id stored on the row is the only
 * trust; then the row succeeds (once) and the shopper goes to the order, or back to it with
 * the failure notice.
 */
async function ledgerCallback(
  context: AppLoadContext,
  body: z.output<typeof callbackSchema>,
  secure: boolean,
) {
  const number = await ledgerOrderOf(context.db, body.razorpay_order_id);
  const valid =
    number !== null &&
    context.payments.verifyPaymentSignature({
      providerOrderId: body.razorpay_order_id,
      paymentId: body.razorpay_payment_id,
      signature: body.razorpay_signature,
    });
  if (!number || !valid) {
    return redirect(number ? `/account/orders/${number}` : '/checkout', {
      headers: { 'Set-Cookie': flashCookie('payment-failed', secure) },
    });
  }
  await confirmLedgerPayment(
    context.db,
    {
      userId: null,
      orderNumber: number,
      providerOrderId: body.razorpay_order_id,
      paymentId: body.razorpay_payment_id,
      provider: context.payments.name,
    },
    await ledgerSite(context),
  );
  return redirect(`/account/orders/${number}`, {
    headers: { 'Set-Cookie': flashCookie('payment-success', secure) },
  });
}
