/**
 * What starting an online payment needs, whichever page starts it (the checkout, a shop
 * order's "Pay now", a bespoke order's advance or balance).
 */
import type { RequestLimit } from '~/lib/rate-limit.server';

/** What the browser needs to open the payment widget. Nothing here is secret. */
export interface PaymentStart {
  orderNumber: string;
  amountPaise: number;
  currency: 'INR';
  provider: 'razorpay' | 'sandbox';
  providerOrderId: string;
  /** Razorpay's key id; null for the sandbox. */
  keyId: string | null;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
}

/**
 * How many orders one shopper may start (issue 8 item 5): each creates a provider order, so a
 * loop would flood Razorpay and the order list. Per account, and per client address for many
 * accounts behind one address.
 */
export const CHECKOUT_LIMITS = {
  perAccount: { windowS: 10 * 60, max: 10 },
  perAddress: { windowS: 10 * 60, max: 30 },
} as const satisfies Record<string, RequestLimit>;
