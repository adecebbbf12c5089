/**
 * Shipping charges and delivery dates (issue 32 item 2). The shopper pays the shop's own
 * published tariff (the shipping settings' zone and weight table), whichever courier carries
 * the parcel; the courier provider (`context.courier`) says whether it can deliver there and in
 * how many days. Weights in grams, money in integer paise, dates Kolkata calendar dates.
 */
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { lookupPincode } from '~/features/addresses/pincodes.server';
import type { DbOrTx } from '~/lib/audit.server';
import type { CourierProvider } from '~/lib/couriers/couriers.server';
import { SHIPPING_ZONES, type ShippingZone } from '~/lib/couriers/types';
import { chargeFor, zoneOf, type LocalTariffWithAreas } from '~/lib/couriers/zones';
import type { Db } from '~/lib/db.server';
import { Refusal } from '~/lib/refusal';
import { products, siteSettings } from '~/lib/schema.server';
import { getSiteSettings } from '~/features/site/settings.server';
import { addShopDays, shopDateOf, type ShopDate } from '~/lib/shop-time';
import {
  defaultShippingSettings,
  SHIPPING_LIMITS,
  shipsFree,
  type ShippingSettings,
} from './shipping-settings';

/** The key of the settings row. */
export const SHIPPING_SETTINGS_KEY = 'shipping';

const paise = z.number().int().min(0).max(SHIPPING_LIMITS.maxChargePaise);
const grams = z.number().int().min(1).max(SHIPPING_LIMITS.maxGrams);
const days = z.number().int().min(0).max(SHIPPING_LIMITS.maxDays);

const zoneSchema = z.object({
  slabs: z
    .array(z.object({ upToGrams: grams, chargePaise: paise }))
    .max(SHIPPING_LIMITS.maxSlabs)
    .transform((list) => [...list].sort((a, b) => a.upToGrams - b.upToGrams)),
  extraPer500gPaise: paise,
  estimatedDays: days,
});

/** The settings' shape as stored and as the back office saves it. */
const shippingSettingsSchema = z.object({
  zones: z.object(
    Object.fromEntries(SHIPPING_ZONES.map((zone) => [zone, zoneSchema])) as Record<
      ShippingZone,
      typeof zoneSchema
    >,
  ),
  freeAbovePaise: paise,
  remote: z.object({
    states: z.array(z.string().trim().min(1).max(80)).max(40),
    pincodePrefixes: z.array(z.string().regex(/^[1-9][0-9]{0,5}$/)).max(200),
  }),
  dispatchDays: days,
  pickupEnabled: z.boolean(),
  defaultWeightGrams: z.object({ piece: grams, metre: grams }),
  taxRule: z.enum(['principal', 'separate']),
  separateRatePercent: z.number().min(0).max(28),
  // Issue 32 item 3: cash on delivery.
  cod: z.object({
    enabled: z.boolean(),
    limitPaise: paise,
    feePaise: paise,
    confirmHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 14),
  }),
  // Issue 32 item 7: the return window, in days.
  returnWindowDays: z.number().int().min(0).max(60),
}) satisfies z.ZodType<ShippingSettings>;

/** Each stored field that is missing or invalid takes its default, so a bad edit never stops a checkout. */
const storedSchema = z.object(
  Object.fromEntries(
    Object.entries(shippingSettingsSchema.shape).map(([key, schema]) => [
      key,
      (schema as z.ZodType).catch(defaultShippingSettings[key as keyof ShippingSettings]),
    ]),
  ),
);

/** The shipping settings, defaults filled in. */
export async function getShippingSettings(db: DbOrTx): Promise<ShippingSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, SHIPPING_SETTINGS_KEY))
    .limit(1);
  return storedSchema.parse(row?.value ?? {}) as unknown as ShippingSettings;
}

/**
 * The settings as the local courier provider's tariff. Issue 32 item 3: the shop's own
 * arrangement collects cash on delivery when COD is switched on (the provider still refuses it
 * in the remote zone).
 */
export function localTariff(settings: ShippingSettings): LocalTariffWithAreas {
  return { zones: settings.zones, remote: settings.remote, codAvailable: settings.cod.enabled };
}

/** A line whose weight counts: a product, how many pieces, or the length in cm of cloth. */
export interface WeighedLine {
  productId: number;
  quantity: number;
  /** Cloth sold by the metre: the length in centimetres; null or 0 for a piece. */
  lengthCm: number | null;
}

/**
 * The parcel's weight in grams: each piece's weight times its quantity, cloth its weight a
 * metre times the metres (and the quantity); a product without a weight takes the settings'
 * default for its sale unit. At least 1 g.
 */
export async function parcelWeightGrams(
  db: DbOrTx,
  lines: readonly WeighedLine[],
  settings: ShippingSettings,
): Promise<number> {
  if (lines.length === 0) return 1;
  const ids = [...new Set(lines.map((line) => line.productId))];
  const rows = await db
    .select({ id: products.id, weightGrams: products.weightGrams, saleUnit: products.saleUnit })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  let total = 0;
  for (const line of lines) {
    const product = byId.get(line.productId);
    const metre = Boolean(line.lengthCm) || product?.saleUnit === 'metre';
    const each =
      product?.weightGrams ??
      (metre ? settings.defaultWeightGrams.metre : settings.defaultWeightGrams.piece);
    total += metre
      ? (each * (line.lengthCm ?? 100) * Math.max(1, line.quantity)) / 100
      : each * line.quantity;
  }
  return Math.max(1, Math.ceil(total));
}

/** The shop's charge for a parcel, before the free threshold. */
type ShopCharge =
  | { deliverable: true; zone: ShippingZone; chargePaise: number; estimatedDays: number }
  | { deliverable: false };

/**
 * The shop's tariff charge for `weightGrams` to `pincode`, from its pickup pincode (the shop's
 * address): the zone (`zoneOf`) and its slab (`chargeFor`). Not deliverable for a pincode India
 * Post does not list or a zone without slabs.
 */
function shopCharge(
  settings: ShippingSettings,
  input: { pickupPincode: string; pincode: string; weightGrams: number },
): ShopCharge {
  const pickup = lookupPincode(input.pickupPincode)?.places[0];
  const place = lookupPincode(input.pincode)?.places[0];
  if (!pickup || !place) return { deliverable: false };
  const zone = zoneOf(pickup, { pincode: input.pincode, place }, settings.remote);
  const tariff = settings.zones[zone];
  if (tariff.slabs.length === 0) return { deliverable: false };
  return {
    deliverable: true,
    zone,
    chargePaise: chargeFor(tariff, input.weightGrams),
    estimatedDays: tariff.estimatedDays,
  };
}

/** What the pincode check and the checkout show. */
export type DeliveryQuote =
  | {
      deliverable: true;
      /** What the shopper pays in paise (0 when free). */
      chargePaise: number;
      free: boolean;
      /** The Kolkata date the parcel should arrive by. */
      deliverBy: ShopDate;
      zone: ShippingZone;
      /** Issue 32 item 3: whether the courier collects cash on delivery at this pincode. */
      codAvailable: boolean;
    }
  | { deliverable: false };

/**
 * Quotes a delivery of `weightGrams` of goods worth `goodsPaise` (after any discount) to
 * `pincode`: the shop's charge (free at or above the threshold), and the date: today in
 * Kolkata + the dispatch days + the courier's days (the zone's days with the local provider).
 * Not deliverable when the shop's tariff or the courier cannot serve the pincode.
 * @throws CourierProviderError when the courier does not answer.
 */
export async function quoteDelivery(
  db: DbOrTx,
  courier: CourierProvider,
  input: {
    pickupPincode: string;
    pincode: string;
    weightGrams: number;
    goodsPaise: number;
    now?: Date;
  },
): Promise<DeliveryQuote> {
  const settings = await getShippingSettings(db);
  const charge = shopCharge(settings, input);
  if (!charge.deliverable) return { deliverable: false };
  const courierQuote = await courier.quote({
    pickupPincode: input.pickupPincode,
    deliveryPincode: input.pincode,
    weightGrams: input.weightGrams,
    declaredValuePaise: input.goodsPaise,
    cod: false,
  });
  if (!courierQuote.deliverable) return { deliverable: false };
  const free = shipsFree(settings, input.goodsPaise);
  return {
    deliverable: true,
    chargePaise: free ? 0 : charge.chargePaise,
    free,
    deliverBy: addShopDays(
      shopDateOf(input.now ?? new Date()),
      settings.dispatchDays + courierQuote.estimatedDays,
    ),
    zone: charge.zone,
    codAvailable: courierQuote.codAvailable,
  };
}

/** How an order reaches the shopper. */
export type DeliveryMethod = 'ship' | 'pickup';

/** The order's shipping columns (`orders.shipping_paise`, `orders.delivery_method`). */
export interface OrderShipping {
  shippingPaise: number;
  deliveryMethod: DeliveryMethod;
}

/**
 * The shipping of a shop order being placed (issue 32 item 2): nothing for a pickup; else the
 * shop's tariff charge for the cart's weight to the delivery pincode, free when the goods (after
 * any coupon discount, `goodsPaise`) reach the threshold. The charge comes from the shop's own
 * table (no courier call inside the checkout's transaction).
 * @throws Refusal 'invalid' when collecting is switched off, or the pincode cannot be served.
 */
export async function shippingForOrder(
  db: DbOrTx,
  input: {
    delivery: DeliveryMethod;
    pincode: string;
    lines: readonly WeighedLine[];
    goodsPaise: number;
  },
): Promise<OrderShipping> {
  const settings = await getShippingSettings(db);
  if (input.delivery === 'pickup') {
    if (!settings.pickupEnabled) {
      throw new Refusal('invalid', 'Collecting from the shop is not offered at the moment.');
    }
    return { shippingPaise: 0, deliveryMethod: 'pickup' };
  }
  const { address } = await getSiteSettings(db as Db);
  const charge = shopCharge(settings, {
    pickupPincode: address.postalCode,
    pincode: input.pincode,
    weightGrams: await parcelWeightGrams(db, input.lines, settings),
  });
  if (!charge.deliverable) {
    throw new Refusal(
      'invalid',
      `We cannot deliver to PIN code ${input.pincode}. Please check it, or choose "Collect from the shop".`,
    );
  }
  return {
    shippingPaise: shipsFree(settings, input.goodsPaise) ? 0 : charge.chargePaise,
    deliveryMethod: 'ship',
  };
}
