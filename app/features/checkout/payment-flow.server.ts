/**
 * The checkout's side of paying for a shop order (issue "Cart, wishlist, checkout" 4-7), the
 * same for Razorpay and the sandbox: place the order from the cart and its provider order, pay
 * it again from its page, cancel it, and the checkout page's answer to a failure. Confirming
 * the signed payment, the sandbox's answers and the redirect callback are the one
 * online-payment path of features/payments/provider-payments.server.ts (issue 30 item 4);
 * signed webhooks are applied by features/payments/webhook.server.ts. Bodies are parsed with zod.
 */
import { Refusal, refusalStatus } from '~/lib/refusal';
import { addressLines } from '~/features/addresses/indian-address';
import { data, type AppLoadContext } from 'react-router';
import { parseJsonRequest } from '~/lib/request-body.server';
import { enforceLimits, RateLimitedError, waitInWords } from '~/lib/rate-limit.server';
import { z } from 'zod';
import type { SessionUser } from '~/features/account/session.server';
import { PaymentProviderError } from '~/lib/payments/payments.server';
import type { CheckoutDetails } from './checkout-details';
import { CHECKOUT_LIMITS, type PaymentStart } from '~/features/payments/payment-start.server';
import {
  attachProviderOrder,
  createOrderFromCart,
  reopenOrderForPayment,
} from '~/features/orders/orders.server';
import { cancelOrder } from '~/features/payments/shop-payments.server';
import { codPlacement } from '~/features/cod/cod.server';

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

/** What placing a cash-on-delivery order answers: the order and where the shopper confirms it. */
export interface CodPlaced {
  orderNumber: string;
  amountPaise: number;
  /** The shopper's order page, which asks for the code sent on WhatsApp. */
  orderPath: string;
}

/**
 * Issue 32 item 3: places the shopper's order from the cart for cash on delivery: no payment is
 * started; the COD rules are decided again on the server (features/cod `codPlacement`), the fee
 * joins the amount, the stock is held and the confirmation code is sent on WhatsApp.
 * @throws RateLimitedError over `CHECKOUT_LIMITS`; Refusal ('cart-empty', 'invalid' when cash on
 *   delivery may not be used, with the reason; 'conflict' when stock ran short).
 */
export async function placeCodOrder(
  context: AppLoadContext,
  user: SessionUser,
  details: CheckoutDetails,
  clientAddress: string,
): Promise<CodPlaced> {
  await enforceCheckoutLimits(context, user, clientAddress);
  const order = await createOrderFromCart(context.db, {
    userId: user.id,
    details,
    provider: context.payments.name,
    cod: await codPlacement(context, user.id, details),
  });
  return {
    orderNumber: order.number,
    amountPaise: order.amountPaise,
    orderPath: `/account/orders/${encodeURIComponent(order.number)}`,
  };
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
    address: addressLines(details).join(', ').slice(0, 256),
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
