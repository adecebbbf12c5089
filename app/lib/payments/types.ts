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

/** A verified provider event about a provider order (the checkout's and the ledger's), normalised. */
export interface OrderPaymentEvent {
  /** Razorpay: the x-razorpay-event-id header; sandbox: generated. Deduplicate on it. */
  eventId: string;
  type: 'payment.captured' | 'order.paid' | 'payment.failed';
  providerOrderId: string;
  paymentId: string | null;
  /** In paise; null when the event does not say. */
  amountPaise: number | null;
}

/**
 * A verified refund event (issue 21 item 6): `refund.processed` settles a refund row,
 * `refund.failed` fails it. Found by the provider's refund id; amount in paise (positive, as
 * Razorpay sends it).
 */
export interface RefundEvent {
  eventId: string;
  type: 'refund.processed' | 'refund.failed';
  refundId: string;
  /** The payment the refund returns money from. */
  paymentId: string;
  amountPaise: number | null;
}

/**
 * A verified `payment_link.paid` event (issue 21 item 4): the link's id, the payment that paid
 * it and the amount paid in paise.
 */
export interface PaymentLinkEvent {
  eventId: string;
  type: 'payment_link.paid';
  linkId: string;
  paymentId: string;
  amountPaise: number | null;
}

/** Any verified provider event, normalised; `type` tells which. */
export type PaymentEvent = OrderPaymentEvent | RefundEvent | PaymentLinkEvent;

/** A refund the provider accepted: its id, the amount in paise (positive) and its state. */
interface ProviderRefund {
  refundId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
}

/**
 * A payment link the provider made: its id and the URL to send the customer (null from the
 * sandbox, whose page is the shop's own `/pay/:linkId`).
 */
interface ProviderPaymentLink {
  linkId: string;
  shortUrl: string | null;
}

/** A signed webhook as the provider would deliver it: raw body, signature header, event id. */
export interface SignedWebhook {
  rawBody: string;
  signature: string;
  eventId: string;
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
   * Refunds `amountPaise` of a captured payment (Razorpay: `POST /v1/payments/:id/refund`,
   * speed normal, with the `X-Refund-Idempotency` header, so a retried request with the same
   * key refunds once). The refund is settled later by a `refund.processed` webhook.
   * @throws RangeError for an amount that is not a positive whole number of paise or a key that
   *   is not 10-64 letters, digits, '-' or '_'; PaymentProviderError when the provider refuses
   *   or does not answer.
   */
  createRefund(input: {
    paymentId: string;
    amountPaise: number;
    idempotencyKey: string;
    notes: Record<string, string>;
  }): Promise<ProviderRefund>;
  /**
   * Makes a payment link for `amountPaise` (Razorpay: `POST /v1/payment_links`, INR,
   * `reference_id` at most 40 characters, the provider's own notifications off: the shop sends
   * the link itself). Paid links arrive as `payment_link.paid` webhooks.
   * @throws RangeError for fewer than 100 paise or a bad reference; PaymentProviderError when
   *   the provider refuses or does not answer.
   */
  createPaymentLink(input: {
    amountPaise: number;
    referenceId: string;
    description: string;
    customer: { name: string; email: string; contact: string };
    callbackUrl: string;
  }): Promise<ProviderPaymentLink>;
  /**
   * Withdraws a payment link not yet paid, so the customer can no longer pay it (issue 28
   * item 2). Razorpay: `POST /v1/payment_links/:id/cancel`, which cancels a link in the
   * `created` state (https://razorpay.com/docs/api/payments/payment-links/cancel-standard/);
   * the sandbox checks the id is one of its own (its page reads the row's state).
   * @throws RangeError for an id that is not a payment link id; PaymentProviderError when the
   *   provider refuses (with its status: the link is paid, expired or cancelled already) or
   *   does not answer (no status).
   */
  cancelPaymentLink(linkId: string): Promise<{ linkId: string; status: 'cancelled' }>;
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
    failure(providerOrderId: string, amountPaise: number): SignedWebhook;
    /**
     * What Razorpay sends when a refund the sandbox made is processed: a signed
     * `refund.processed` webhook. @throws Error for a refund id the sandbox did not make.
     */
    refundProcessed(refund: {
      refundId: string;
      paymentId: string;
      amountPaise: number;
    }): SignedWebhook;
    /**
     * The sandbox link page's 'Pay': a signed `payment_link.paid` webhook for the link (with a
     * new payment id). @throws Error for a link id the sandbox did not make.
     */
    payLink(link: { linkId: string; amountPaise: number; referenceId: string }): SignedWebhook;
    /** Whether `linkId` has the shape of a link the sandbox makes. */
    isLinkId(linkId: string): boolean;
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
