/**
 * The courier layer (issue 32 item 2): one interface, two providers, chosen like the payment
 * provider. COURIER_PROVIDER=shiprocket needs SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD and
 * SHIPROCKET_WEBHOOK_TOKEN; a half-configured Shiprocket (some of the three set) is refused at
 * start; unset or 'local' is the shop's own dispatch with its zone table. Secrets never appear
 * in messages.
 */
import { createLocalCourier, type LocalCourierConfig } from './local.server';
import { createShiprocketCourier } from './shiprocket.server';
import type { CourierProvider } from './types';

export { CourierProviderError, type CourierProvider } from './types';

/** What decides the courier, usually read from the environment. Blank strings count as unset. */
export interface CourierConfig {
  nodeEnv: 'development' | 'production' | 'test';
  /** COURIER_PROVIDER; unset = local. */
  provider?: 'local' | 'shiprocket';
  shiprocketEmail?: string;
  shiprocketPassword?: string;
  shiprocketWebhookToken?: string;
  /** Shiprocket's pickup location nickname (SHIPROCKET_PICKUP_LOCATION, default 'Primary'). */
  shiprocketPickupLocation?: string;
  /** Tests only: a test double of Shiprocket's API; refused in production. */
  shiprocketApiUrl?: string;
  /** What the local provider is built from (it is the fallback, so always given). */
  local: LocalCourierConfig;
}

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * Picks and builds the courier provider:
 * - some but not all of the three Shiprocket values → throws, naming the missing variables;
 * - COURIER_PROVIDER=shiprocket without them → throws;
 * - COURIER_PROVIDER=shiprocket with them → Shiprocket; otherwise the local provider (the
 *   Shiprocket values alone do not switch it: the shop chooses).
 * @throws Error for each bad combination, and for shiprocketApiUrl in production. Messages name
 *   variables, never values.
 */
export function createCourierProvider(config: CourierConfig): CourierProvider {
  const values = {
    SHIPROCKET_EMAIL: blank(config.shiprocketEmail),
    SHIPROCKET_PASSWORD: blank(config.shiprocketPassword),
    SHIPROCKET_WEBHOOK_TOKEN: blank(config.shiprocketWebhookToken),
  };
  const missing = Object.entries(values)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (missing.length > 0 && missing.length < 3) {
    throw new Error(
      `Shiprocket is partly configured: ${missing.join(' and ')} ` +
        `${missing.length === 1 ? 'is' : 'are'} missing (set all three SHIPROCKET_* variables, ` +
        'or none to ship with the local provider)',
    );
  }
  const apiUrl = blank(config.shiprocketApiUrl);
  if (apiUrl !== undefined && config.nodeEnv === 'production') {
    throw new Error('shiprocketApiUrl (a test double of Shiprocket) is refused in production');
  }
  if (config.provider === 'shiprocket') {
    if (missing.length > 0) {
      throw new Error(
        'COURIER_PROVIDER=shiprocket needs SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD and ' +
          'SHIPROCKET_WEBHOOK_TOKEN',
      );
    }
    return createShiprocketCourier({
      email: values.SHIPROCKET_EMAIL!,
      password: values.SHIPROCKET_PASSWORD!,
      webhookToken: values.SHIPROCKET_WEBHOOK_TOKEN!,
      pickupLocation: blank(config.shiprocketPickupLocation) ?? 'Primary',
      apiUrl,
    });
  }
  return createLocalCourier(config.local);
}
