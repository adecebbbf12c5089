/**
 * What may still change on a bespoke order (issue 21 item 3; issue 30 item 4: "Screens take
 * their permissions and derived figures from the loader"), pure: the commands refuse by these
 * rules, and the back office's order page shows or hides its controls by the flags the loader
 * computes with them (`bespokeOrderPanel`).
 */
import type { FulfilmentStatus } from '~/lib/schema-enums';

/** The order's state as far as these rules are concerned. */
export interface OrderState {
  /** `orders.status`: 'created', 'paid', 'cancelled', … */
  status: string;
  fulfilmentStatus: FulfilmentStatus | null;
}

/** Closed: cancelled, or delivered. No trial can be booked for a closed order. */
export function orderClosed(order: OrderState): boolean {
  return order.status === 'cancelled' || order.fulfilmentStatus === 'delivered';
}

/**
 * Why the order's garments can no longer change (added, repriced or removed), or null while
 * they can: once cancelled or delivered, and once paid in full, which means invoiced (decision
 * 016: the invoice would no longer match the garments). The text is the refusal staff read.
 */
export function garmentsFixedReason(order: OrderState): string | null {
  if (order.status === 'cancelled') {
    return 'This order was cancelled: its garments can no longer change.';
  }
  if (order.fulfilmentStatus === 'delivered') {
    return 'This order was delivered: its garments can no longer change.';
  }
  if (order.status === 'paid') {
    return 'This order is paid in full and invoiced: its garments can no longer change. Make a new order for another garment.';
  }
  return null;
}
