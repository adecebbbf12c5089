/**
 * The shop's shipping settings (issue 32 item 2), kept in `site_settings` under 'shipping': the
 * zones' weight slabs and charges (integer paise), the days each zone takes, the free-shipping
 * threshold, the remote areas, collecting from the shop, the default weights and how a shipping
 * charge is taxed. Client-safe (the back office's form reads it).
 *
 * Tax (the accountant's setting, `taxRule`): a shipping charge billed with the goods it carries
 * is part of a composite supply, "two or more taxable supplies … naturally bundled … one of
 * which is a principal supply" (CGST Act 2017 section 2(30)); section 8(a) taxes a composite
 * supply "as a supply of such principal supply". So by default ('principal') the shipping line
 * takes the GST rate of the goods it carries (the highest rate among the order's lines). An
 * accountant who bills delivery as a separate supply picks 'separate': the line is taxed as
 * goods transport by courier, SAC 996812, at the rate set here (18% by default).
 */
import { DEFAULT_REMOTE_AREAS, type RemoteAreas } from '~/lib/couriers/zones';
import type { ShippingZone, ZoneTariff } from '~/lib/couriers/types';

/** How a shipping charge is taxed: as the principal supply (s. 8(a)), or on its own SAC. */
type ShippingTaxRule = 'principal' | 'separate';

/** The SAC of courier services (goods transport by courier) when shipping is taxed on its own. */
export const SHIPPING_SAC = '996812';

/** The shop's shipping settings. */
export interface ShippingSettings {
  /** Rajkot (the shop's district), the rest of Gujarat, the rest of India, remote areas. */
  zones: Record<ShippingZone, ZoneTariff>;
  /** Goods (after any coupon discount) at or above this many paise ship free; 0 = never free. */
  freeAbovePaise: number;
  remote: RemoteAreas;
  /** Days before a paid order is handed to the courier (added to the zone's days). */
  dispatchDays: number;
  /** Whether shoppers may choose "Collect from the shop" (free). */
  pickupEnabled: boolean;
  /** Weight in grams of a product with none set: a piece's, and a metre's of cloth. */
  defaultWeightGrams: { piece: number; metre: number };
  taxRule: ShippingTaxRule;
  /** The GST rate (percent) of shipping taxed on its own ('separate'). */
  separateRatePercent: number;
  /**
   * Issue 32 item 3: cash on delivery. Offered when `enabled`, where the courier serves COD at
   * the pincode, for orders up to `limitPaise` (the amount with shipping and the fee); the
   * optional `feePaise` (0 = none) joins the amount, taxed as shipping is; an order not
   * confirmed with its one-time code within `confirmHours` expires.
   */
  cod: CodSettings;
  /**
   * Issue 32 item 7: days after delivery (or collection) within which ready-to-wear may be
   * returned or exchanged for another size (features/returns).
   */
  returnWindowDays: number;
}

/** The cash-on-delivery settings (issue 32 item 3); money in paise. */
export interface CodSettings {
  enabled: boolean;
  limitPaise: number;
  feePaise: number;
  confirmHours: number;
}

const slabs = (rupees: [number, number, number]) => [
  { upToGrams: 500, chargePaise: rupees[0] * 100 },
  { upToGrams: 1000, chargePaise: rupees[1] * 100 },
  { upToGrams: 2000, chargePaise: rupees[2] * 100 },
];

/** What a new shop starts with: free above ₹5,000, remote areas as `DEFAULT_REMOTE_AREAS`. */
export const defaultShippingSettings: ShippingSettings = {
  zones: {
    local: { slabs: slabs([40, 60, 80]), extraPer500gPaise: 2_000, estimatedDays: 1 },
    state: { slabs: slabs([60, 80, 120]), extraPer500gPaise: 3_000, estimatedDays: 3 },
    national: { slabs: slabs([90, 130, 190]), extraPer500gPaise: 5_000, estimatedDays: 5 },
    remote: { slabs: slabs([150, 220, 320]), extraPer500gPaise: 9_000, estimatedDays: 8 },
  },
  freeAbovePaise: 500_000,
  remote: DEFAULT_REMOTE_AREAS,
  dispatchDays: 1,
  pickupEnabled: true,
  defaultWeightGrams: { piece: 600, metre: 250 },
  taxRule: 'principal',
  separateRatePercent: 18,
  cod: { enabled: true, limitPaise: 1_000_000, feePaise: 5_000, confirmHours: 48 },
  returnWindowDays: 7,
};

/** Bounds of the settings' numbers. */
export const SHIPPING_LIMITS = {
  maxChargePaise: 10_000_000,
  maxGrams: 100_000,
  maxDays: 30,
  maxSlabs: 8,
} as const;

/**
 * Whether goods worth `goodsPaise` (after any discount) ship free: at or above a threshold
 * that is set (not 0).
 */
export function shipsFree(settings: Pick<ShippingSettings, 'freeAbovePaise'>, goodsPaise: number) {
  return settings.freeAbovePaise > 0 && goodsPaise >= settings.freeAbovePaise;
}
