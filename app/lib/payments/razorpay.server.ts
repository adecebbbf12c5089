/**
 * The Razorpay payment provider (issue "Checkout": Razorpay Orders API, handler signature and
 * webhook verification), built on the official `razorpay` SDK. The Razorpay signature scheme,
 * the order-input rules and the webhook parser live here too, because the sandbox provider
 * reproduces Razorpay exactly and reuses them.
 *
 * Secrets stay in closures: nothing on the returned provider object, and no error message,
 * carries the key secret or the webhook secret.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';
import {
  validatePaymentVerification,
  validateWebhookSignature,
} from 'razorpay/dist/utils/razorpay-utils.js';
import { z } from 'zod';
import {
  PaymentProviderError,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderOrder,
} from './types';

/** Razorpay's smallest order: ₹1, i.e. 100 paise. */
const MIN_ORDER_PAISE = 100;
/** Razorpay's longest `receipt`. */
const MAX_RECEIPT_LENGTH = 40;
/** Razorpay accepts at most 15 notes per order, each value at most 256 characters. */
const MAX_NOTES = 15;
const MAX_NOTE_LENGTH = 256;
/** How long createOrder waits for Razorpay before giving up, in milliseconds. */
const DEFAULT_RAZORPAY_TIMEOUT_MS = 15_000;

/**
 * Checks what createOrder is given, for both providers, before anything is sent.
 * @throws RangeError when amountPaise is not an integer of at least 100 paise (₹1, Razorpay's
 *   minimum), when receipt is empty or longer than 40 characters, or when there are more than
 *   15 notes or a note value is longer than 256 characters (Razorpay's limits).
 */
export function assertOrderInput(input: {
  amountPaise: number;
  receipt: string;
  notes: Record<string, string>;
}): void {
  const { amountPaise, receipt, notes } = input;
  if (!Number.isSafeInteger(amountPaise) || amountPaise < MIN_ORDER_PAISE) {
    throw new RangeError(
      `amountPaise must be a whole number of paise of at least ${MIN_ORDER_PAISE} (₹1); ` +
        `got ${String(amountPaise)}`,
    );
  }
  if (typeof receipt !== 'string' || receipt.length === 0) {
    throw new RangeError('receipt (our order number) must not be empty');
  }
  if (receipt.length > MAX_RECEIPT_LENGTH) {
    throw new RangeError(
      `receipt must be at most ${MAX_RECEIPT_LENGTH} characters (Razorpay's limit); ` +
        `got ${receipt.length}`,
    );
  }
  const entries = Object.entries(notes);
  if (entries.length > MAX_NOTES) {
    throw new RangeError(`at most ${MAX_NOTES} notes are allowed; got ${entries.length}`);
  }
  for (const [key, value] of entries) {
    if (typeof value !== 'string' || value.length > MAX_NOTE_LENGTH) {
      throw new RangeError(`note ${key} must be a string of at most ${MAX_NOTE_LENGTH} characters`);
    }
  }
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * Constant-time check that `signature` (lowercase hex, as Razorpay sends it) is the HMAC-SHA256
 * of `message` under `secret`. Anything not 64 hex characters is false at once.
 */
function hmacMatches(secret: string, message: string, signature: unknown): boolean {
  if (typeof signature !== 'string' || !HEX_SHA256.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(message).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/**
 * Razorpay's checkout-handler check: is `signature` HMAC-SHA256(`${orderId}|${paymentId}`) under
 * the key secret? `providerOrderId` must be the order id the server stored, never one the
 * browser sent. The comparison is constant-time; the SDK's own validatePaymentVerification then
 * confirms the scheme (it compares with `===`, so it only runs once the signature has matched
 * and reveals nothing). Returns false, never throws, for missing or malformed input.
 */
export function verifyPaymentSignatureWithSecret(
  secret: string,
  input: { providerOrderId: string; paymentId: string; signature: string },
): boolean {
  const { providerOrderId, paymentId, signature } = input;
  if (typeof providerOrderId !== 'string' || providerOrderId.length === 0) return false;
  if (typeof paymentId !== 'string' || paymentId.length === 0) return false;
  if (!hmacMatches(secret, `${providerOrderId}|${paymentId}`, signature)) return false;
  try {
    return validatePaymentVerification(
      { order_id: providerOrderId, payment_id: paymentId },
      signature,
      secret,
    );
  } catch {
    return false;
  }
}

/**
 * Razorpay's webhook check: is `signature` (the X-Razorpay-Signature header) HMAC-SHA256 of the
 * exact raw body under the webhook secret? Constant-time, then confirmed by the SDK's
 * validateWebhookSignature as above. Returns false, never throws, for a missing header.
 */
export function verifyWebhookSignatureWithSecret(
  secret: string,
  rawBody: string,
  signature: string | undefined,
): boolean {
  if (typeof rawBody !== 'string') return false;
  if (!hmacMatches(secret, rawBody, signature)) return false;
  try {
    return validateWebhookSignature(rawBody, signature as string, secret);
  } catch {
    return false;
  }
}

const amount = z.number().int().nonnegative();

const paymentEntity = z.object({
  id: z.string().min(1),
  order_id: z.string().min(1).nullish(),
  amount: amount.nullish(),
});

const orderEntity = z.object({
  id: z.string().min(1),
  amount: amount.nullish(),
  amount_paid: amount.nullish(),
});

const refundEntity = z.object({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  amount: amount.nullish(),
});

const paymentLinkEntity = z.object({
  id: z.string().min(1),
  amount_paid: amount.nullish(),
  amount: amount.nullish(),
});

const webhookBody = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: paymentEntity }).optional(),
    order: z.object({ entity: orderEntity }).optional(),
    refund: z.object({ entity: refundEntity }).optional(),
    payment_link: z.object({ entity: paymentLinkEntity }).optional(),
  }),
});

const HANDLED_EVENTS = [
  'payment.captured',
  'order.paid',
  'payment.failed',
  'refund.processed',
  'refund.failed',
  'payment_link.paid',
] as const;

function isHandledEvent(event: string): event is PaymentEvent['type'] {
  return (HANDLED_EVENTS as readonly string[]).includes(event);
}

/**
 * Normalises a verified Razorpay webhook body (the sandbox sends the same shape).
 * `payment.captured` and `payment.failed` read `payload.payment.entity` (id, order_id, amount);
 * `order.paid` reads `payload.order.entity` (id, amount_paid or else amount, in paise) and the
 * payment id from `payload.payment.entity`. `refund.processed` and `refund.failed` (issue 21
 * item 6) read `payload.refund.entity` (id, payment_id, amount); `payment_link.paid` (item 4)
 * reads `payload.payment_link.entity` (id, amount_paid or else amount) and the payment id from
 * `payload.payment.entity`. The event id is the X-Razorpay-Event-Id header; when it is missing,
 * `sha256:` + the body's SHA-256 hex stands in, so an identical redelivery still deduplicates.
 * Returns null for other event types, for bodies without the ids the type needs and for
 * anything that is not the expected JSON; never throws.
 */
export function parseRazorpayWebhookEvent(
  rawBody: string,
  eventIdHeader: string | undefined,
): PaymentEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const parsed = webhookBody.safeParse(json);
  if (!parsed.success || !isHandledEvent(parsed.data.event)) return null;
  const type = parsed.data.event;
  const payment = parsed.data.payload.payment?.entity;
  const order = parsed.data.payload.order?.entity;
  const header = eventIdHeader?.trim();
  const eventId = header ? header : `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;

  if (type === 'refund.processed' || type === 'refund.failed') {
    const refund = parsed.data.payload.refund?.entity;
    if (!refund) return null;
    return {
      eventId,
      type,
      refundId: refund.id,
      paymentId: refund.payment_id,
      amountPaise: refund.amount ?? null,
    };
  }
  if (type === 'payment_link.paid') {
    const link = parsed.data.payload.payment_link?.entity;
    if (!link || !payment) return null;
    return {
      eventId,
      type,
      linkId: link.id,
      paymentId: payment.id,
      amountPaise: link.amount_paid ?? link.amount ?? payment.amount ?? null,
    };
  }

  let providerOrderId: string | null | undefined;
  let amountPaise: number | null | undefined;
  if (type === 'order.paid') {
    providerOrderId = order?.id ?? payment?.order_id;
    amountPaise = order ? (order.amount_paid ?? order.amount) : payment?.amount;
  } else {
    providerOrderId = payment?.order_id;
    amountPaise = payment?.amount;
  }
  if (!providerOrderId) return null;
  return {
    eventId,
    type,
    providerOrderId,
    paymentId: payment?.id ?? null,
    amountPaise: amountPaise ?? null,
  };
}

/** Razorpay's idempotency keys: 10 or more letters, digits, '-' and '_' (we allow up to 64). */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,64}$/;
/** Razorpay's longest payment-link `reference_id`. */
const MAX_REFERENCE_LENGTH = 40;

/**
 * Checks what createRefund is given, for both providers.
 * @throws RangeError for an empty payment id, an amount that is not a positive whole number
 *   of paise, or an idempotency key that is not 10-64 letters, digits, '-' or '_'.
 */
export function assertRefundInput(input: {
  paymentId: string;
  amountPaise: number;
  idempotencyKey: string;
}): void {
  if (typeof input.paymentId !== 'string' || input.paymentId.length === 0) {
    throw new RangeError('paymentId must not be empty');
  }
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0) {
    throw new RangeError(`amountPaise must be a positive whole number; got ${input.amountPaise}`);
  }
  if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) {
    throw new RangeError('idempotencyKey must be 10-64 letters, digits, hyphens or underscores');
  }
}

/**
 * Checks what createPaymentLink is given, for both providers.
 * @throws RangeError for fewer than 100 paise (₹1) or a non-integer amount, and for an empty
 *   reference or one over 40 characters (Razorpay's limits).
 */
export function assertPaymentLinkInput(input: { amountPaise: number; referenceId: string }): void {
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise < MIN_ORDER_PAISE) {
    throw new RangeError(
      `amountPaise must be a whole number of paise of at least ${MIN_ORDER_PAISE}`,
    );
  }
  if (!input.referenceId || input.referenceId.length > MAX_REFERENCE_LENGTH) {
    throw new RangeError(`referenceId must be 1-${MAX_REFERENCE_LENGTH} characters`);
  }
}

/** What the Razorpay provider needs; all three strings come from the Razorpay dashboard. */
export interface RazorpayProviderOptions {
  /** API key id, e.g. rzp_live_…; the only value the browser may see. */
  keyId: string;
  /** API key secret: signs checkout-handler signatures and authenticates API calls. */
  keySecret: string;
  /** The webhook's secret, set when the webhook was added in the dashboard. */
  webhookSecret: string;
  /** Tests only: base URL of a test double of Razorpay's HTTP API (e.g. http://127.0.0.1:4567). */
  apiUrl?: string;
  /** How long createOrder waits for Razorpay, in milliseconds (default 15 000). */
  timeoutMs?: number;
}

/**
 * Points an SDK instance at another host, for tests. razorpay-node 2.9.x has no public option
 * for this: its constructor hard-codes `hostUrl: 'https://api.razorpay.com'` into the internal
 * `API` object (`instance.api`), whose axios instance is the undocumented field `api.rq`. Every
 * SDK request goes through that axios instance, so setting its `defaults.baseURL` redirects all
 * of them while the real resource code (URLs, auth, body, error normalisation) still runs. If a
 * later SDK renames the field this throws instead of silently calling the real API.
 */
function pointSdkAt(instance: Razorpay, apiUrl: string): void {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new Error('razorpayApiUrl must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error('razorpayApiUrl must be an absolute http(s) URL');
  }
  const internal = instance.api as unknown as { rq?: { defaults?: { baseURL?: unknown } } };
  const defaults = internal.rq?.defaults;
  if (!defaults || typeof defaults.baseURL !== 'string') {
    throw new Error(
      'Cannot point the razorpay SDK at a test double: its internal api.rq.defaults.baseURL ' +
        'is gone (SDK upgraded?)',
    );
  }
  defaults.baseURL = url.href.replace(/\/+$/, '');
}

const createdOrder = z.object({
  id: z.string().regex(/^order_[A-Za-z0-9]+$/),
  amount,
  currency: z.string(),
});

/** Removes every occurrence of each secret from a message (belt and braces). */
function redact(message: string, secrets: readonly string[]): string {
  return secrets.reduce(
    (text, secret) => (secret ? text.split(secret).join('[redacted]') : text),
    message,
  );
}

/**
 * Turns whatever the SDK threw into a PaymentProviderError. The SDK rethrows HTTP errors as
 * `{ statusCode, error: { code, description } }` and drops the axios error (which holds the
 * credentials); when there was no HTTP answer at all it fails reading `err.response.status`
 * and throws a TypeError, which is reported as "did not answer".
 */
function toProviderError(
  thrown: unknown,
  secrets: readonly string[],
  what = 'create the order',
): PaymentProviderError {
  if (thrown instanceof PaymentProviderError) return thrown;
  const shape = z
    .object({
      statusCode: z.coerce.number().int(),
      error: z
        .object({ code: z.string().optional(), description: z.string().optional() })
        .nullish(),
    })
    .safeParse(thrown);
  if (shape.success) {
    const { statusCode, error } = shape.data;
    const code = error?.code;
    const description = error?.description?.slice(0, 300);
    const label = code ? `HTTP ${statusCode} ${code}` : `HTTP ${statusCode}`;
    const detail = description ? `: ${description}` : '';
    const message = `Razorpay refused to ${what} (${label})${detail}`;
    return new PaymentProviderError(redact(message, secrets), { statusCode, code });
  }
  return new PaymentProviderError(`Razorpay could not be reached to ${what} (no HTTP answer)`);
}

const createdRefund = z.object({
  id: z.string().regex(/^rfnd_[A-Za-z0-9]+$/),
  amount,
  status: z.enum(['pending', 'processed', 'failed']),
});

const cancelledLink = z.object({
  id: z.string().regex(/^plink_[A-Za-z0-9]+$/),
  status: z.literal('cancelled'),
});

/** A payment link id as Razorpay makes them ('plink_' and letters or digits). */
const PAYMENT_LINK_ID = /^plink_[A-Za-z0-9]{1,40}$/;

/**
 * Checks what cancelPaymentLink is given, for both providers.
 * @throws RangeError for anything but a payment link id ('plink_' and 1-40 letters or digits).
 */
export function assertPaymentLinkId(linkId: string): void {
  if (typeof linkId !== 'string' || !PAYMENT_LINK_ID.test(linkId)) {
    throw new RangeError(`not a payment link id: ${String(linkId).slice(0, 40)}`);
  }
}

const createdLink = z.object({
  id: z.string().regex(/^plink_[A-Za-z0-9]+$/),
  short_url: z.string().url(),
});

/**
 * One POST to Razorpay's REST API (`${baseUrl}/v1${path}`) with the key pair as HTTP basic
 * auth, a JSON body and extra headers (the SDK cannot send the refund's idempotency header).
 * Resolves to the parsed JSON answer.
 * @throws `{ statusCode, error }` (Razorpay's error body) for a non-2xx answer, to be turned
 *   into a PaymentProviderError by toProviderError; a TypeError when there is no answer.
 */
async function razorpayPost(
  connection: { baseUrl: string; keyId: string; keySecret: string; timeoutMs: number },
  path: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${connection.baseUrl}/v1${path}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${connection.keyId}:${connection.keySecret}`).toString('base64')}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(connection.timeoutMs),
    });
  } catch {
    throw new TypeError('no answer');
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw { statusCode: response.status, error: (answer as { error?: unknown } | null)?.error };
  }
  return answer;
}

/**
 * Races a promise against a timer.
 * @throws PaymentProviderError when `ms` milliseconds pass first.
 */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PaymentProviderError(`Razorpay did not answer within ${ms} ms`)),
      ms,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The Razorpay provider. `publicKey` is the key id; createOrder calls the Orders API through the
 * official SDK (`amount` in paise, `currency` 'INR', `receipt` = our order number, `notes`).
 * @throws Error when a value is empty or apiUrl is not an http(s) URL.
 */
export function createRazorpayProvider(options: RazorpayProviderOptions): PaymentProvider {
  const { keyId, keySecret, webhookSecret } = options;
  if (!keyId || !keySecret || !webhookSecret) {
    throw new Error('Razorpay needs a key id, a key secret and a webhook secret');
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_RAZORPAY_TIMEOUT_MS;
  const secrets = [keySecret, webhookSecret];
  const instance = new Razorpay({ key_id: keyId, key_secret: keySecret });
  if (options.apiUrl !== undefined) pointSdkAt(instance, options.apiUrl);
  const connection = {
    baseUrl: (options.apiUrl ?? 'https://api.razorpay.com').replace(/\/+$/, ''),
    keyId,
    keySecret,
    timeoutMs,
  };

  return {
    name: 'razorpay',
    publicKey: keyId,

    async createOrder(input): Promise<ProviderOrder> {
      assertOrderInput(input);
      let answer: unknown;
      try {
        answer = await withTimeout(
          instance.orders.create({
            amount: input.amountPaise,
            currency: 'INR',
            receipt: input.receipt,
            notes: input.notes,
          }),
          timeoutMs,
        );
      } catch (thrown) {
        throw toProviderError(thrown, secrets);
      }
      const order = createdOrder.safeParse(answer);
      if (!order.success) {
        throw new PaymentProviderError('Razorpay answered with an order this shop cannot read');
      }
      if (order.data.amount !== input.amountPaise || order.data.currency !== 'INR') {
        throw new PaymentProviderError(
          `Razorpay created order ${order.data.id} for ${order.data.amount} ` +
            `${order.data.currency} instead of ${input.amountPaise} INR paise`,
        );
      }
      return { providerOrderId: order.data.id, amountPaise: order.data.amount, currency: 'INR' };
    },

    verifyPaymentSignature(input) {
      return verifyPaymentSignatureWithSecret(keySecret, input);
    },

    verifyWebhookSignature(rawBody, signature) {
      return verifyWebhookSignatureWithSecret(webhookSecret, rawBody, signature);
    },

    parseWebhookEvent(rawBody, eventIdHeader) {
      return parseRazorpayWebhookEvent(rawBody, eventIdHeader);
    },

    async createRefund(input) {
      assertRefundInput(input);
      let answer: unknown;
      try {
        answer = await razorpayPost(
          connection,
          `/payments/${encodeURIComponent(input.paymentId)}/refund`,
          { amount: input.amountPaise, speed: 'normal', notes: input.notes },
          { 'X-Refund-Idempotency': input.idempotencyKey },
        );
      } catch (thrown) {
        throw toProviderError(thrown, secrets, 'refund the payment');
      }
      const refund = createdRefund.safeParse(answer);
      if (!refund.success) {
        throw new PaymentProviderError('Razorpay answered with a refund this shop cannot read');
      }
      return {
        refundId: refund.data.id,
        amountPaise: refund.data.amount,
        status: refund.data.status,
      };
    },

    async createPaymentLink(input) {
      assertPaymentLinkInput(input);
      let answer: unknown;
      try {
        answer = await razorpayPost(connection, '/payment_links', {
          amount: input.amountPaise,
          currency: 'INR',
          accept_partial: false,
          reference_id: input.referenceId,
          description: input.description.slice(0, 2048),
          customer: {
            name: input.customer.name,
            ...(input.customer.email ? { email: input.customer.email } : {}),
            ...(input.customer.contact ? { contact: input.customer.contact } : {}),
          },
          // The shop sends the link itself (e-mail, WhatsApp), on the customer's channels.
          notify: { sms: false, email: false },
          reminder_enable: false,
          callback_url: input.callbackUrl,
          callback_method: 'get',
        });
      } catch (thrown) {
        throw toProviderError(thrown, secrets, 'create the payment link');
      }
      const link = createdLink.safeParse(answer);
      if (!link.success) {
        throw new PaymentProviderError(
          'Razorpay answered with a payment link this shop cannot read',
        );
      }
      return { linkId: link.data.id, shortUrl: link.data.short_url };
    },

    async cancelPaymentLink(linkId) {
      assertPaymentLinkId(linkId);
      let answer: unknown;
      try {
        answer = await razorpayPost(
          connection,
          `/payment_links/${encodeURIComponent(linkId)}/cancel`,
          {},
        );
      } catch (thrown) {
        throw toProviderError(thrown, secrets, 'cancel the payment link');
      }
      const link = cancelledLink.safeParse(answer);
      if (!link.success || link.data.id !== linkId) {
        throw new PaymentProviderError(
          'Razorpay answered the cancellation with a payment link this shop cannot read',
        );
      }
      return { linkId, status: 'cancelled' as const };
    },
  };
}
