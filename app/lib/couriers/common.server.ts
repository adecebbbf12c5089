/**
 * What both courier providers share (issue 32 item 2): the rate query's checks, the tracking
 * webhook's token check and its body, which the local provider takes in Shiprocket's shape.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RateQuery, ShipmentInput, TrackingWebhookEvent } from './types';

/**
 * Checks a rate query: six-digit pincodes, a positive whole weight in grams, a whole
 * non-negative value in paise. @throws RangeError naming the bad field.
 */
export function assertRateQuery(query: RateQuery): void {
  for (const pincode of [query.pickupPincode, query.deliveryPincode]) {
    if (!/^[1-9][0-9]{5}$/.test(pincode)) throw new RangeError('a pincode must be six digits');
  }
  if (!Number.isInteger(query.weightGrams) || query.weightGrams < 1) {
    throw new RangeError('weight must be a positive whole number of grams');
  }
  if (!Number.isInteger(query.declaredValuePaise) || query.declaredValuePaise < 0) {
    throw new RangeError('declared value must be a whole number of paise, not negative');
  }
}

/**
 * An order's customer as a courier takes them: name, contact, and the address lines 1, 2 and
 * the landmark as one line (issue 32 item 1's fields), city, state and pincode.
 */
export function courierCustomer(order: {
  customerName: string;
  email: string;
  phone: string;
  address: string;
  addressLine2: string | null;
  landmark: string | null;
  city: string;
  state: string;
  pincode: string;
}): ShipmentInput['customer'] {
  return {
    name: order.customerName,
    email: order.email,
    phone: order.phone,
    address: [order.address, order.addressLine2, order.landmark].filter(Boolean).join(', '),
    city: order.city,
    state: order.state,
    pincode: order.pincode,
  };
}

/** Constant-time comparison of a webhook token; false for a missing one. */
export function tokenMatches(expected: string, given: string | undefined): boolean {
  if (!given || !expected) return false;
  const digest = (value: string) => createHmac('sha256', 'courier-webhook').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/**
 * Shiprocket's dates ('2026-11-28 14:05:00', or its webhooks' '28 11 2026 14:05:00', India
 * time) or ISO strings, as instants.
 */
export function parseShiprocketDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  const dayFirst = /^(\d{2}) (\d{2}) (\d{4}) (\d{2}:\d{2}(:\d{2})?)$/.exec(text);
  const local = dayFirst
    ? [text, `${dayFirst[3]}-${dayFirst[2]}-${dayFirst[1]}`, dayFirst[4], dayFirst[5]]
    : /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(:\d{2})?)$/.exec(text);
  const date = local
    ? new Date(`${local[1]}T${local[2]}${local[3] ? '' : ':00'}+05:30`)
    : new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Parses a tracking webhook body (Shiprocket's shape: awb, current_status, current_timestamp,
 * the last scan's location); null for malformed JSON or a body without an AWB or a status. The
 * event id is the AWB, status and time (or, without a readable time, a digest of the body), so a
 * replayed webhook has the same id.
 */
export function parseTrackingWebhook(rawBody: string): TrackingWebhookEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const awb = record.awb;
  const status = record.current_status ?? record.shipment_status;
  if ((typeof awb !== 'string' && typeof awb !== 'number') || typeof status !== 'string') {
    return null;
  }
  const stamped = parseShiprocketDate(record.current_timestamp);
  const at = stamped ?? new Date();
  const scans = Array.isArray(record.scans) ? (record.scans as Record<string, unknown>[]) : [];
  const last = scans.at(-1);
  const location = typeof last?.location === 'string' ? last.location : '';
  return {
    // Without a readable time the id comes from the body itself, so a replay still matches.
    eventId: `${String(awb)}:${status}:${
      stamped
        ? stamped.toISOString()
        : createHmac('sha256', 'courier-event').update(rawBody).digest('hex').slice(0, 32)
    }`,
    awb: String(awb),
    status,
    at,
    location,
  };
}
