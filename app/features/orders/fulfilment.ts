/**
 * An order's fulfilment (issue "Back office", orders): after payment the shop moves a paid
 * order forward through these steps, never back. Shared by the server, the back office and
 * the shopper's order pages (client-safe: no server imports).
 */
import {
  FULFILMENT_STATUSES,
  type FulfilmentStatus,
  type OrderEventKind,
} from '~/lib/schema-enums';

export { FULFILMENT_STATUSES, type FulfilmentStatus, type OrderEventKind };

/** What the shopper (and the back office) reads for each step: a label and one line. */
export const FULFILMENT_STEPS: Record<FulfilmentStatus, { label: string; description: string }> = {
  confirmed: {
    label: 'Confirmed',
    // Not "and payment": a bespoke order may be confirmed before it is paid in full.
    description: 'We have your order, and our tailors are preparing to begin.',
  },
  measuring: {
    label: 'Measuring',
    description: 'We are taking or checking your measurements; we may call you to arrange a visit.',
  },
  cutting: {
    label: 'Cutting',
    description: 'Your fabric is being cut by hand to your measurements.',
  },
  stitching: {
    label: 'Stitching',
    description: 'Our tailors are stitching your garment together.',
  },
  fitting: {
    label: 'Fitting',
    description: 'Your garment is ready to try on; we will call you to arrange a fitting.',
  },
  ready: {
    label: 'Ready',
    description: 'Your order is finished and ready for collection or delivery.',
  },
  delivered: {
    label: 'Delivered',
    description: 'Your order has been handed over. Thank you for choosing us.',
  },
};

/** The position of a step (0 for 'confirmed'); -1 for none yet. */
export function fulfilmentIndex(status: FulfilmentStatus | null): number {
  return status === null ? -1 : FULFILMENT_STATUSES.indexOf(status);
}

/**
 * The steps an order at `current` may move to: every later one (skipping is allowed), never
 * the same or an earlier one. Empty once delivered.
 */
export function nextFulfilmentStatuses(current: FulfilmentStatus | null): FulfilmentStatus[] {
  return FULFILMENT_STATUSES.slice(fulfilmentIndex(current) + 1);
}

/** One entry of an order's timeline, oldest first. */
export interface OrderTimelineEntry {
  kind: OrderEventKind;
  /** The step reached, for 'fulfilment' entries. */
  fulfilmentStatus: FulfilmentStatus | null;
  note: string;
  /** When it happened, ISO 8601. */
  at: string;
}

/** The words for a timeline entry: 'Order placed', 'Payment received', 'Cutting', … */
export function timelineLabel(entry: Pick<OrderTimelineEntry, 'kind' | 'fulfilmentStatus'>) {
  switch (entry.kind) {
    case 'created':
      return 'Order placed';
    case 'paid':
      return 'Payment received';
    case 'failed':
      return 'Payment failed';
    case 'cancelled':
      return 'Payment cancelled';
    case 'fulfilment':
      return entry.fulfilmentStatus
        ? FULFILMENT_STEPS[entry.fulfilmentStatus].label
        : 'Status updated';
  }
}
