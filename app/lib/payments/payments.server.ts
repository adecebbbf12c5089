/**
 * The payment-provider layer of checkout (issue "Checkout"): one interface, two providers.
 * Razorpay when RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are set; the
 * sandbox otherwise, which production refuses unless PAYMENT_PROVIDER=sandbox. Both speak
 * Razorpay's protocol, so the checkout handler and /api/payments/webhook have one code path.
 * Amounts are integer paise. Secrets never leave the server and never appear in messages.
 */
import { createRazorpayProvider } from './razorpay.server';
import { createSandboxProvider } from './sandbox.server';

import type { PaymentProvider } from './types';

export {
  PaymentProviderError,
  type OrderPaymentEvent,
  type PaymentLinkEvent,
  type RefundEvent,
  type PaymentProvider,
  type PaymentProviderName,
} from './types';

/**
 * What decides the provider, usually read from the environment (PAYMENT_PROVIDER, RAZORPAY_*).
 * Empty or blank strings count as unset.
 */
export interface PaymentConfig {
  nodeEnv: 'development' | 'production' | 'test';
  /** PAYMENT_PROVIDER: forces a provider; unset = Razorpay when its keys are set, else sandbox. */
  provider?: 'razorpay' | 'sandbox';
  razorpayKeyId?: string;
  razorpayKeySecret?: string;
  razorpayWebhookSecret?: string;
  /** Signs the sandbox's handler signatures and (derived) its webhooks. */
  sandboxSecret: string;
  /** Tests only: base URL of a test double of Razorpay's HTTP API; refused in production. */
  razorpayApiUrl?: string;
}

/** The production refusal when nothing is configured. */
export const PAYMENTS_NOT_CONFIGURED =
  'Payments are not configured: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and ' +
  'RAZORPAY_WEBHOOK_SECRET, or PAYMENT_PROVIDER=sandbox to take test payments';

const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * Picks and builds the provider:
 * - all three Razorpay values → Razorpay, unless provider is 'sandbox';
 * - some but not all → throws, naming the missing variables;
 * - none → sandbox, except in production without provider 'sandbox' (throws
 *   PAYMENTS_NOT_CONFIGURED) and with provider 'razorpay' (throws).
 * @throws Error for each bad combination above, for an empty sandbox secret when the sandbox is
 *   chosen, and for razorpayApiUrl in production. Messages name variables, never values.
 */
export function createPaymentProvider(config: PaymentConfig): PaymentProvider {
  const keyId = blankToUndefined(config.razorpayKeyId);
  const keySecret = blankToUndefined(config.razorpayKeySecret);
  const webhookSecret = blankToUndefined(config.razorpayWebhookSecret);
  const apiUrl = blankToUndefined(config.razorpayApiUrl);

  const razorpayValues = {
    RAZORPAY_KEY_ID: keyId,
    RAZORPAY_KEY_SECRET: keySecret,
    RAZORPAY_WEBHOOK_SECRET: webhookSecret,
  };
  const missing = Object.entries(razorpayValues)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);

  if (missing.length > 0 && missing.length < 3) {
    throw new Error(
      `Razorpay is partly configured: ${missing.join(' and ')} ` +
        `${missing.length === 1 ? 'is' : 'are'} missing (set all three RAZORPAY_* variables, ` +
        'or none to use the sandbox)',
    );
  }
  if (apiUrl !== undefined && config.nodeEnv === 'production') {
    throw new Error('razorpayApiUrl (a test double of Razorpay) is refused in production');
  }

  if (keyId && keySecret && webhookSecret) {
    if (config.provider !== 'sandbox') {
      return createRazorpayProvider({ keyId, keySecret, webhookSecret, apiUrl });
    }
  } else if (config.provider === 'razorpay') {
    throw new Error(
      'PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and ' +
        'RAZORPAY_WEBHOOK_SECRET',
    );
  } else if (config.nodeEnv === 'production' && config.provider !== 'sandbox') {
    throw new Error(PAYMENTS_NOT_CONFIGURED);
  }
  return createSandboxProvider({ secret: config.sandboxSecret });
}
