/**
 * What checkout needs from a payment provider, and nothing that builds one (issue 18: the
 * interface lives apart from the implementations and the factory, so there is no cycle).
 * Amounts are integer paise.
 */

/** Which provider takes payments. */
export type PaymentProviderName = 'razorpay' | 'sandbox';

/** The provider-side order a checkout pays: its id, the amount in paise and the currency. */
export interface ProviderOrder {
  providerOrderId: string;
  amountPaise: number;
  currency: 'INR';
}

/** A verified provider event, normalised. */
export interface PaymentEvent {
  /** Razorpay: the x-razorpay-event-id header; sandbox: generated. Deduplicate on it. */
  eventId: string;
  type: 'payment.captured' | 'order.paid' | 'payment.failed';
  providerOrderId: string;
  paymentId: string | null;
  /** In paise; null when the event does not say. */
  amountPaise: number | null;
}

/** What checkout needs from a payment provider. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What the browser may know to open the widget: Razorpay's key id; null for the sandbox. */
  readonly publicKey: string | null;
  /**
   * Creates the provider-side order (amount in paise, INR, receipt = our order number).
   * @throws RangeError for fewer than 100 paise, a non-integer amount, an empty receipt or one
   *   over 40 characters, more than 15 notes or a note over 256 characters.
   * @throws PaymentProviderError when Razorpay refuses, does not answer or answers nonsense.
   */
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder>;
  /**
   * Checks the checkout handler's signature against the provider order id WE stored
   * (constant-time). False, never a throw, for a missing or malformed signature.
   */
  verifyPaymentSignature(input: {
    providerOrderId: string;
    paymentId: string;
    signature: string;
  }): boolean;
  /**
   * Checks a webhook signature header (X-Razorpay-Signature) over the exact raw body
   * bytes/string, constant-time. False, never a throw, for a missing header.
   */
  verifyWebhookSignature(rawBody: string, signature: string | undefined): boolean;
  /**
   * Parses an already-verified webhook body; null for event types we ignore or bodies without
   * an order id. Never throws on malformed JSON: returns null.
   */
  parseWebhookEvent(rawBody: string, eventIdHeader: string | undefined): PaymentEvent | null;
  /**
   * Sandbox only: what its in-page dialog's buttons do on the server, producing exactly what
   * Razorpay would send.
   */
  readonly sandbox?: {
    /**
     * 'Pay': a payment id and the handler signature Razorpay's checkout would hand the browser.
     * @throws Error for an order id the sandbox did not make.
     */
    pay(providerOrderId: string): { paymentId: string; signature: string };
    /**
     * 'Fail payment': a signed payment.failed webhook (raw body, signature, event id) for the
     * webhook path. @throws Error for an order id the sandbox did not make; RangeError for an
     * amount that is not a positive whole number of paise.
     */
    failure(
      providerOrderId: string,
      amountPaise: number,
    ): { rawBody: string; signature: string; eventId: string };
  };
}

/**
 * A payment provider failed to do what was asked (Razorpay refused, did not answer, or answered
 * something unreadable). `statusCode` is Razorpay's HTTP status when there was one and `code`
 * its error code (e.g. 'BAD_REQUEST_ERROR'). The message never contains a secret.
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  /** Razorpay's HTTP status, when Razorpay answered. */
  readonly statusCode: number | undefined;
  /** Razorpay's error code, when it gave one. */
  readonly code: string | undefined;

  constructor(message: string, details: { statusCode?: number; code?: string } = {}) {
    super(message);
    this.statusCode = details.statusCode;
    this.code = details.code;
  }
}
