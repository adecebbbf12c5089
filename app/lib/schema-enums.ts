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

/**
 * A garment's work stages in the workshop (issue 31 item 1), in their usual order: each bespoke
 * garment's work ticket stands at one of them. The shop renames and reorders them in the
 * workshop settings (features/workshop), and may skip the trial; the keys never change.
 */
export const WORK_STAGES = [
  'measured',
  'cutting',
  'stitching',
  'finishing',
  'trial',
  'alteration',
  'ready',
  'delivered',
] as const;

/** One of {@link WORK_STAGES}. */
export type WorkStage = (typeof WORK_STAGES)[number];

/**
 * A trial's outcome for a garment (issue 31 item 5): it fits (on to ready), or it needs
 * alterations (to its alteration stage, then back to a trial).
 */
export const TRIAL_OUTCOMES = ['fits', 'alteration'] as const;

/** One of {@link TRIAL_OUTCOMES}. */
export type TrialOutcome = (typeof TRIAL_OUTCOMES)[number];

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

/**
 * Bespoke part 2 (issue 21): the kinds of order, the style-option groups, the payment ledger
 * and the invoice series.
 */

/** 'shop' orders come from the cart; 'bespoke' orders are made by staff for a customer. */
export const ORDER_KINDS = ['shop', 'bespoke'] as const;

/** The groups of style options a garment is configured by, in the configurator's order. */
export const STYLE_OPTION_GROUPS = [
  'closure',
  'lapel',
  'collar',
  'button',
  'pocket',
  'vent',
  'lining',
  'cuff',
  'pleat',
  'monogram',
] as const;

/** A ledger row is money in (a payment, amount > 0) or out (a refund, amount < 0). */
export const PAYMENT_KINDS = ['payment', 'refund'] as const;

/**
 * How the money moved: the online checkout widget, a payment link, or at the counter in cash
 * or by UPI (with its reference); issue 32 item 3: 'cod', cash the courier collected on
 * delivery and remitted to the shop (recorded by staff with the remittance's reference).
 */
export const PAYMENT_METHODS = ['online', 'payment_link', 'cash', 'upi', 'cod'] as const;

/**
 * 'pending': asked of the provider (a provider order or link made, a refund requested);
 * 'succeeded': captured (payment) or processed (refund); 'failed': it did not happen;
 * 'cancelled': a payment link the shop withdrew (the order was paid in full or cancelled,
 * issue 28 item 2). Only 'succeeded' rows count in a balance.
 */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;

/**
 * A tax invoice, a credit note that refers to one, or a refund voucher (Rule 51 of the CGST
 * Rules: money refunded beyond what the order's invoice still carries, issue 28 item 3), or a
 * receipt voucher (Rule 50: an advance received before the tax invoice, issue 29 item 3).
 */
export const INVOICE_KINDS = [
  'invoice',
  'credit_note',
  'refund_voucher',
  'receipt_voucher',
] as const;

/** One of {@link INVOICE_KINDS}. */
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** How a product is sold (issue 29 item 2): by the piece, or by the metre (a length in cm). */
export const SALE_UNITS = ['piece', 'metre'] as const;

/**
 * GST unit quantity codes (UQC) a product's quantity is printed with on an invoice (issue 29
 * item 2): metres, pieces, sets, numbers.
 */
export const UQCS = ['MTR', 'PCS', 'SET', 'NOS'] as const;

/** How a worker is paid their dues (issue 31 item 8): cash, UPI or a bank transfer. */
export const WORKER_PAYMENT_METHODS = ['cash', 'upi', 'bank'] as const;

/** One of {@link WORKER_PAYMENT_METHODS}. */
export type WorkerPaymentMethod = (typeof WORKER_PAYMENT_METHODS)[number];

/**
 * The dispatch stages of an order (issue 32 item 6), apart from the workshop's: by courier
 * to_pack → packed → shipped → out_for_delivery → delivered, or rto (returned to origin); a
 * pickup to_pack → ready_for_pickup → collected. Their order and labels are features/dispatch.
 */
export const DISPATCH_STAGES = [
  'to_pack',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'rto',
  'ready_for_pickup',
  'collected',
] as const;
/** One of {@link DISPATCH_STAGES}. */
export type DispatchStage = (typeof DISPATCH_STAGES)[number];

// Issue 32 item 7: returns and exchanges (features/returns).

/** What a return request asks for: the money back, or another size of the same product. */
export const RETURN_KINDS = ['return', 'exchange'] as const;

/**
 * A return request's states: asked by the shopper ('requested'), then staff 'approved' or
 * 'refused' it; once the goods are back 'received'; a return ends 'refunded' (the line's refund
 * through the ledger), an exchange 'exchanged' (its new order made); the shopper may withdraw
 * an open request ('cancelled').
 */
export const RETURN_STATUSES = [
  'requested',
  'approved',
  'refused',
  'received',
  'refunded',
  'exchanged',
  'cancelled',
] as const;
