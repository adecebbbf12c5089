/**
 * The sandbox payment provider: Razorpay's protocol without the network, for development, tests
 * and (only with PAYMENT_PROVIDER=sandbox) a production shop taking test payments. Ids look like
 * Razorpay's (`order_SBX…`, `pay_SBX…`), the checkout-handler signature is Razorpay's scheme
 * under the sandbox secret and webhooks are Razorpay-shaped bodies signed with a webhook secret
 * derived from it, so the server runs the same verification paths for both providers.
 */
import { createHmac, randomInt } from 'node:crypto';
import {
  PaymentProviderError,
  type PaymentProvider,
  type ProviderOrder,
  type SignedWebhook,
} from './types';
import {
  assertOrderInput,
  assertPaymentLinkId,
  assertPaymentLinkInput,
  assertRefundInput,
  parseRazorpayWebhookEvent,
  verifyPaymentSignatureWithSecret,
  verifyWebhookSignatureWithSecret,
} from './razorpay.server';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Marks every sandbox id, after Razorpay's own prefix. */
const SANDBOX_MARK = 'SBX';
/** Razorpay ids have 14 characters after the prefix; 3 of ours are the mark. */
const RANDOM_LENGTH = 11;

/**
 * A payment link's page is reached by its id alone (a customer without an account), so its id
 * carries 22 random base62 characters (about 131 bits), longer than Razorpay's.
 */
const LINK_RANDOM_LENGTH = 22;

/** `prefix` + 'SBX' + 11 random base62 characters, e.g. order_SBX4fK2mQ9xLp0a. */
function sandboxId(
  prefix: 'order_' | 'pay_' | 'evt_' | 'rfnd_' | 'plink_',
  length = RANDOM_LENGTH,
): string {
  let id = `${prefix}${SANDBOX_MARK}`;
  for (let i = 0; i < length; i++) id += BASE62[randomInt(BASE62.length)];
  return id;
}

const isSandboxRefundId = (id: string) =>
  typeof id === 'string' &&
  new RegExp(`^rfnd_${SANDBOX_MARK}[0-9A-Za-z]{${RANDOM_LENGTH}}$`).test(id);

const isSandboxLinkId = (id: string) =>
  typeof id === 'string' &&
  new RegExp(`^plink_${SANDBOX_MARK}[0-9A-Za-z]{${LINK_RANDOM_LENGTH}}$`).test(id);

/** Whether an id was made by the sandbox (so a real Razorpay order can never be "paid" here). */
function isSandboxOrderId(providerOrderId: string): boolean {
  return (
    typeof providerOrderId === 'string' &&
    new RegExp(`^order_${SANDBOX_MARK}[0-9A-Za-z]{${RANDOM_LENGTH}}$`).test(providerOrderId)
  );
}

/**
 * The sandbox's webhook secret: HMAC-SHA256 hex of a fixed label under the sandbox secret, so it
 * differs from the handler-signing key but needs no configuration of its own.
 */
export function sandboxWebhookSecret(sandboxSecret: string): string {
  return createHmac('sha256', sandboxSecret).update('sandbox webhook secret').digest('hex');
}

function assertSandboxOrderId(providerOrderId: string): void {
  if (!isSandboxOrderId(providerOrderId)) {
    throw new Error(`not a sandbox order id: ${String(providerOrderId).slice(0, 40)}`);
  }
}

/**
 * The sandbox provider. `publicKey` is null (no widget script to load); `sandbox.pay` and
 * `sandbox.failure` are what the in-page dialog's buttons do on the server.
 * verifyPaymentSignature is false for order ids the sandbox did not make.
 * @throws Error when `secret` is empty.
 */
export function createSandboxProvider(options: { secret: string }): PaymentProvider {
  const { secret } = options;
  if (!secret) throw new Error('The sandbox payment provider needs a non-empty secret');
  const webhookSecret = sandboxWebhookSecret(secret);
  const sign = (key: string, message: string) =>
    createHmac('sha256', key).update(message).digest('hex');
  /** A Razorpay-shaped event body with `payload`, signed with the webhook secret. */
  const webhook = (event: string, payload: object): SignedWebhook => {
    const now = Math.floor(Date.now() / 1000);
    const rawBody = JSON.stringify({
      entity: 'event',
      account_id: `acc_${SANDBOX_MARK}`,
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now,
    });
    return { rawBody, signature: sign(webhookSecret, rawBody), eventId: sandboxId('evt_') };
  };

  return {
    name: 'sandbox',
    publicKey: null,

    async createOrder(input): Promise<ProviderOrder> {
      assertOrderInput(input);
      return {
        providerOrderId: sandboxId('order_'),
        amountPaise: input.amountPaise,
        currency: 'INR',
      };
    },

    verifyPaymentSignature(input) {
      if (!isSandboxOrderId(input.providerOrderId)) return false;
      return verifyPaymentSignatureWithSecret(secret, input);
    },

    verifyWebhookSignature(rawBody, signature) {
      return verifyWebhookSignatureWithSecret(webhookSecret, rawBody, signature);
    },

    parseWebhookEvent(rawBody, eventIdHeader) {
      return parseRazorpayWebhookEvent(rawBody, eventIdHeader);
    },

    async createRefund(input) {
      assertRefundInput(input);
      return { refundId: sandboxId('rfnd_'), amountPaise: input.amountPaise, status: 'pending' };
    },

    async createPaymentLink(input) {
      assertPaymentLinkInput(input);
      return { linkId: sandboxId('plink_', LINK_RANDOM_LENGTH), shortUrl: null };
    },

    async cancelPaymentLink(linkId) {
      assertPaymentLinkId(linkId);
      // Razorpay refuses a link it did not make (400): so does the sandbox. Whether the link
      // can still be paid is the row's state, which its page (`/pay/:linkId`) reads.
      if (!isSandboxLinkId(linkId)) {
        throw new PaymentProviderError('The sandbox did not make this payment link', {
          statusCode: 400,
          code: 'BAD_REQUEST_ERROR',
        });
      }
      return { linkId, status: 'cancelled' as const };
    },

    sandbox: {
      refundProcessed(refund) {
        if (!isSandboxRefundId(refund.refundId)) {
          throw new Error(`not a sandbox refund id: ${String(refund.refundId).slice(0, 40)}`);
        }
        const now = Math.floor(Date.now() / 1000);
        return webhook('refund.processed', {
          refund: {
            entity: {
              id: refund.refundId,
              entity: 'refund',
              amount: refund.amountPaise,
              currency: 'INR',
              payment_id: refund.paymentId,
              status: 'processed',
              speed_processed: 'normal',
              created_at: now,
            },
          },
          payment: {
            entity: {
              id: refund.paymentId,
              entity: 'payment',
              currency: 'INR',
              status: 'refunded',
            },
          },
        });
      },

      payLink(link) {
        if (!isSandboxLinkId(link.linkId)) {
          throw new Error(`not a sandbox payment link id: ${String(link.linkId).slice(0, 40)}`);
        }
        const now = Math.floor(Date.now() / 1000);
        const orderId = sandboxId('order_');
        return webhook('payment_link.paid', {
          payment_link: {
            entity: {
              id: link.linkId,
              entity: 'payment_link',
              amount: link.amountPaise,
              amount_paid: link.amountPaise,
              currency: 'INR',
              reference_id: link.referenceId,
              order_id: orderId,
              status: 'paid',
            },
          },
          order: {
            entity: { id: orderId, entity: 'order', amount: link.amountPaise, status: 'paid' },
          },
          payment: {
            entity: {
              id: sandboxId('pay_'),
              entity: 'payment',
              amount: link.amountPaise,
              currency: 'INR',
              status: 'captured',
              order_id: orderId,
              method: 'upi',
              captured: true,
              created_at: now,
            },
          },
        });
      },

      isLinkId: isSandboxLinkId,

      pay(providerOrderId) {
        assertSandboxOrderId(providerOrderId);
        const paymentId = sandboxId('pay_');
        return { paymentId, signature: sign(secret, `${providerOrderId}|${paymentId}`) };
      },

      failure(providerOrderId, amountPaise) {
        assertSandboxOrderId(providerOrderId);
        if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) {
          throw new RangeError(`amountPaise must be a positive whole number; got ${amountPaise}`);
        }
        const now = Math.floor(Date.now() / 1000);
        const rawBody = JSON.stringify({
          entity: 'event',
          account_id: `acc_${SANDBOX_MARK}`,
          event: 'payment.failed',
          contains: ['payment'],
          payload: {
            payment: {
              entity: {
                id: sandboxId('pay_'),
                entity: 'payment',
                amount: amountPaise,
                currency: 'INR',
                status: 'failed',
                order_id: providerOrderId,
                method: 'upi',
                captured: false,
                error_code: 'BAD_REQUEST_ERROR',
                error_description: 'Payment failed in the sandbox.',
                error_source: 'customer',
                error_step: 'payment_authorization',
                error_reason: 'payment_failed',
                created_at: now,
              },
            },
          },
          created_at: now,
        });
        return { rawBody, signature: sign(webhookSecret, rawBody), eventId: sandboxId('evt_') };
      },
    },
  };
}
