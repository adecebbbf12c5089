/**
 * When cash on delivery may be used (issue 32 item 3), pure and client-safe: the checkout shows
 * the choice by these rules and the server decides them again when the order is placed.
 *
 * "Offered only where the courier serves COD at that pincode, up to a limit from settings, with
 * an optional fee. Never offered for bespoke orders or cut fabric, which are made for one
 * customer." Money in integer paise.
 */
import { formatRupees } from '~/lib/money';
import type { CodSettings } from '~/features/shipping/shipping-settings';

/** What the rules look at. */
export interface CodCase {
  settings: CodSettings;
  /** 'pickup' (collected from the shop) never takes COD: it is paid online. */
  deliveryMethod: 'ship' | 'pickup';
  pincode: string;
  /** Whether the courier's quote for the pincode says it collects cash (`codAvailable`). */
  courierServesCod: boolean;
  /** The order's lines: a cut of cloth carries its length; a bespoke piece says so. */
  lines: readonly { name: string; lengthCm: number | null; bespoke?: boolean }[];
  /** The amount before the fee: goods less any discount, plus shipping (paise). */
  amountPaise: number;
}

/** The COD fee of an order (paise): the settings' fee, 0 when none is set. */
export function codFeeOf(settings: Pick<CodSettings, 'feePaise'>): number {
  return Math.max(0, settings.feePaise);
}

/**
 * Why cash on delivery may not be used for `order`, in words for the shopper; null when it may.
 * The limit is compared with the amount including the fee.
 */
export function codRefusal(order: CodCase): string | null {
  const { settings } = order;
  if (!settings.enabled) return 'Cash on delivery is not offered at the moment. Please pay online.';
  if (order.deliveryMethod !== 'ship') {
    return 'Cash on delivery is for orders we ship. To collect from the shop, please pay online.';
  }
  const madeForOne = order.lines.find((line) => line.bespoke || (line.lengthCm ?? 0) > 0);
  if (madeForOne) {
    return `Cash on delivery is not offered for cut fabric or bespoke pieces, which are made for you alone (${madeForOne.name}). Please pay online.`;
  }
  if (!order.courierServesCod) {
    return `Cash on delivery is not available at PIN code ${order.pincode}. Please pay online.`;
  }
  if (order.amountPaise + codFeeOf(settings) > settings.limitPaise) {
    return `Cash on delivery is offered for orders up to ${formatRupees(settings.limitPaise)}. Please pay online.`;
  }
  return null;
}

/** How many wrong codes a COD order takes before its code stops working. */
export const COD_CODE_ATTEMPTS = 5;

/** What the shopper is told once the right code is entered. */
export const COD_CONFIRMED_MESSAGE = 'Your cash-on-delivery order is confirmed';
