/**
 * The value lists the database schema checks (issue 18: enums the schema needs live with the
 * schema, so lib/schema.server.ts imports nothing from features). Client-safe: the back office
 * and the shopper's order pages read them through features/orders/fulfilment.ts.
 */

/** The steps in order; an order starts with none (null) until an administrator confirms it. */
export const FULFILMENT_STATUSES = [
  'confirmed',
  'measuring',
  'cutting',
  'stitching',
  'fitting',
  'ready',
  'delivered',
] as const;

/** One of {@link FULFILMENT_STATUSES}. */
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** What an order's timeline entry records. */
export const ORDER_EVENT_KINDS = ['created', 'paid', 'failed', 'cancelled', 'fulfilment'] as const;

/** One of {@link ORDER_EVENT_KINDS}. */
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];
