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

/**
 * The bespoke business (DESIGN.md "The bespoke business", issue 20): appointment kinds, the
 * garments measured, and the channels notifications go out on.
 */

/** Where an appointment stands: booked, then attended or no-show; or cancelled. */
export const APPOINTMENT_STATUSES = ['booked', 'cancelled', 'attended', 'no_show'] as const;

/** One of {@link APPOINTMENT_STATUSES}. */
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** The garments the shop measures for (features/measurements/garments.ts has their points). */
export const GARMENT_TYPES = [
  'shirt',
  'trouser',
  'suit_jacket',
  'waistcoat',
  'sherwani',
  'jodhpuri',
  'kurta',
  'churidar',
] as const;

/** One of {@link GARMENT_TYPES}. */
export type GarmentType = (typeof GARMENT_TYPES)[number];

/** How a garment should sit. */
export const FIT_PREFERENCES = ['slim', 'regular', 'relaxed'] as const;

/** One of {@link FIT_PREFERENCES}. */
export type FitPreference = (typeof FIT_PREFERENCES)[number];

/** The channels a message can go out on. */
export const NOTIFICATION_CHANNELS = ['email', 'whatsapp'] as const;

/** One of {@link NOTIFICATION_CHANNELS}. */
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What a customer chose to be told on. */
export const NOTIFY_PREFERENCES = ['email', 'whatsapp', 'both'] as const;

/** One of {@link NOTIFY_PREFERENCES}. */
export type NotifyPreference = (typeof NOTIFY_PREFERENCES)[number];
