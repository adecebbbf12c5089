/**
 * What the shop needs from a courier (issue 32 item 2), apart from the implementations and the
 * factory so there is no cycle (as `app/lib/payments/types.ts`). Amounts are integer paise,
 * weights integer grams, pincodes six digits. The dispatch stages (issue 32 item 6) create
 * shipments, print labels and take tracking webhooks through this interface.
 */

/** Which courier provider ships: the shop's own local table, or Shiprocket. */
type CourierProviderName = 'local' | 'shiprocket';

/** The four shipping zones of the local tariff (issue 32 item 2). */
export const SHIPPING_ZONES = ['local', 'state', 'national', 'remote'] as const;
export type ShippingZone = (typeof SHIPPING_ZONES)[number];

/**
 * One weight slab of a zone: parcels up to `upToGrams` cost `chargePaise`. Slabs are kept in
 * ascending `upToGrams`; a parcel heavier than the last slab pays the last slab's charge plus
 * `extraPer500gPaise` of its zone for every started 500 g above it.
 */
interface WeightSlab {
  upToGrams: number;
  chargePaise: number;
}

/** A zone's tariff: its slabs, the charge a started 500 g above the last slab, its days. */
export interface ZoneTariff {
  slabs: WeightSlab[];
  extraPer500gPaise: number;
  /** Working days from dispatch to delivery the shop promises for this zone. */
  estimatedDays: number;
}

/**
 * The local provider's tariff, kept in the shop's shipping settings and passed in by the caller
 * (`app/lib` must not read features). The zone comes from the delivery pincode's place.
 */
export interface LocalTariff {
  zones: Record<ShippingZone, ZoneTariff>;
  /**
   * Whether the shop offers cash on delivery at all through its own arrangement (never in the
   * remote zone: the local provider answers `codAvailable: false` there).
   */
  codAvailable: boolean;
}

/** A place a pincode belongs to (India Post: district and state), main place first. */
export interface PincodePlace {
  district: string;
  state: string;
}

/** What a serviceability question asks. */
export interface RateQuery {
  pickupPincode: string;
  deliveryPincode: string;
  /** The parcel's weight in grams (a whole number, at least 1). */
  weightGrams: number;
  /** The declared value of the goods in paise. */
  declaredValuePaise: number;
  /** Whether the shopper would pay on delivery. */
  cod: boolean;
}

/** The courier's answer: can it deliver, with COD, in how many days and at what rate. */
export type RateQuote =
  | {
      deliverable: true;
      codAvailable: boolean;
      /** Days from dispatch to delivery. */
      estimatedDays: number;
      ratePaise: number;
      /** The courier that would carry it (Shiprocket's choice, or the shop's own). */
      courierName: string;
      /** The local zone, when the local provider answered. */
      zone?: ShippingZone;
    }
  | { deliverable: false; reason: string };

/** What a shipment needs: the order, the parties and the parcel. */
export interface ShipmentInput {
  /** The shop's order number (unique; Shiprocket's `order_id`). */
  orderNumber: string;
  /** When the order was placed. */
  orderDate: Date;
  customer: {
    name: string;
    email: string;
    phone: string;
    address: string;
    city: string;
    state: string;
    pincode: string;
  };
  items: { name: string; sku: string; units: number; unitPricePaise: number }[];
  weightGrams: number;
  /** Goods value in paise (the sub-total the courier insures or collects). */
  subTotalPaise: number;
  /** Whether the courier collects cash on delivery. */
  cod: boolean;
  pickupPincode: string;
}

/**
 * A reverse pickup (issue 32 item 7, returns): the courier collects the goods from the
 * customer and brings them to the shop.
 */
export interface ReturnShipmentInput {
  /** The return's own reference, unique (Shiprocket's `order_id` of the return order). */
  returnNumber: string;
  orderDate: Date;
  /** Where the courier collects: the customer. */
  customer: ShipmentInput['customer'];
  /** Where it goes: the shop. */
  shop: ShipmentInput['customer'];
  items: ShipmentInput['items'];
  weightGrams: number;
  /** The goods' value in paise. */
  subTotalPaise: number;
}

/** A shipment the courier accepted, with its AWB (air waybill) number. */
export interface Shipment {
  /** The provider's shipment id (the local provider: the AWB). */
  shipmentId: string;
  awb: string;
  courierName: string;
  trackingUrl: string;
}

/** A shipment's label: PDF bytes made here, or a URL the courier hosts. */
type ShipmentLabel = { kind: 'pdf'; bytes: Uint8Array } | { kind: 'url'; url: string };

/** One tracking event, normalised. */
export interface TrackingEvent {
  at: Date;
  /** The courier's status words, e.g. 'Picked Up', 'Delivered'. */
  status: string;
  location: string;
}

/** A verified tracking webhook, normalised; deduplicate on `eventId`. */
export interface TrackingWebhookEvent {
  eventId: string;
  awb: string;
  status: string;
  at: Date;
  location: string;
}

/** What the shop needs from a courier. */
export interface CourierProvider {
  readonly name: CourierProviderName;
  /**
   * Serviceability and rate for a parcel between two pincodes.
   * @throws RangeError for a pincode that is not six digits, a weight that is not a positive
   *   whole number of grams or a negative value; CourierProviderError when the courier fails.
   */
  quote(query: RateQuery): Promise<RateQuote>;
  /**
   * Books a shipment and assigns its AWB.
   * @throws CourierProviderError when the courier refuses, does not answer or cannot serve it.
   */
  createShipment(input: ShipmentInput): Promise<Shipment>;
  /**
   * Books a reverse pickup from the customer to the shop and assigns its AWB (issue 32 item 7).
   * @throws CourierProviderError as `createShipment`.
   */
  createReturnShipment(input: ReturnShipmentInput): Promise<Shipment>;
  /** The label of a shipment made by `createShipment`. @throws CourierProviderError */
  label(shipment: Pick<Shipment, 'shipmentId' | 'awb'>): Promise<ShipmentLabel>;
  /** The tracking events the courier has for an AWB, oldest first. @throws CourierProviderError */
  track(awb: string): Promise<TrackingEvent[]>;
  /**
   * Checks a tracking webhook's token header (Shiprocket: `x-api-key`), constant-time. False,
   * never a throw, for a missing header.
   */
  verifyWebhook(headers: Record<string, string | undefined>): boolean;
  /**
   * Parses an already-verified webhook body; null for a body without an AWB or a status, or
   * malformed JSON (never throws).
   */
  parseWebhook(rawBody: string): TrackingWebhookEvent | null;
}

/**
 * A courier failed to do what was asked (refused, did not answer, answered nonsense).
 * `statusCode` is the courier's HTTP status when there was one. Never contains a secret.
 */
export class CourierProviderError extends Error {
  override name = 'CourierProviderError';
  readonly statusCode: number | undefined;

  constructor(message: string, statusCode?: number) {
    super(message);
    this.statusCode = statusCode;
  }
}
