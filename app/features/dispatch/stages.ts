/**
 * Dispatch stages (issue 32 item 6 "Dispatch, separate from the workshop"): a shop order sent by
 * courier goes to pack → packed → shipped (courier, AWB and tracking link) → out for delivery →
 * delivered, or returned to origin; one the shopper collects goes to pack → ready for pickup →
 * collected. Stages move forward only. Client-safe: shared by the server, the back office, the
 * shopper's order pages and the public tracking page.
 */
import { DISPATCH_STAGES, type DispatchStage } from '~/lib/schema-enums';

export { DISPATCH_STAGES, type DispatchStage };

/** How the order reaches the shopper (the order's `delivery_method`). */
export type DispatchMethod = 'ship' | 'pickup';

/** What the shopper and staff read for each stage: a label and one line. */
export const DISPATCH_STEPS: Record<DispatchStage, { label: string; description: string }> = {
  to_pack: { label: 'To pack', description: 'Your order is paid and waiting to be packed.' },
  packed: { label: 'Packed', description: 'Your order is packed and waiting for the courier.' },
  shipped: { label: 'Shipped', description: 'Your parcel is with the courier.' },
  out_for_delivery: {
    label: 'Out for delivery',
    description: 'The courier is bringing your parcel today.',
  },
  delivered: { label: 'Delivered', description: 'Your parcel has been delivered.' },
  rto: {
    label: 'Returned to origin',
    description: 'The courier could not deliver your parcel and is returning it to us.',
  },
  ready_for_pickup: {
    label: 'Ready for pickup',
    description: 'Your order is ready to collect from the shop.',
  },
  collected: { label: 'Collected', description: 'You collected your order. Thank you.' },
};

/**
 * The rank of each stage on its path: a move goes only to a higher rank. Delivered and returned
 * to origin share the last rank, so neither follows the other.
 */
const RANKS: Record<DispatchMethod, Partial<Record<DispatchStage, number>>> = {
  ship: { to_pack: 0, packed: 1, shipped: 2, out_for_delivery: 3, delivered: 4, rto: 4 },
  pickup: { to_pack: 0, ready_for_pickup: 1, collected: 2 },
};

/** The stages of a method's path, in order (returned to origin after delivered). */
export function stagesOf(method: DispatchMethod): DispatchStage[] {
  return DISPATCH_STAGES.filter((stage) => RANKS[method][stage] !== undefined);
}

/**
 * Whether an order at `from` on path `method` may move to `to`: `to` is on the path and ranks
 * higher (forward only; skipping is allowed).
 */
export function movesForward(method: DispatchMethod, from: DispatchStage, to: DispatchStage) {
  const target = RANKS[method][to];
  const current = RANKS[method][from];
  return target !== undefined && current !== undefined && target > current;
}

/**
 * The stages staff may set by hand from `from`: every later stage of the path except 'shipped',
 * which only the "Ship" button reaches (it books the courier and stores the AWB); nothing after
 * 'packed' before the parcel is shipped.
 */
export function manualStages(method: DispatchMethod, from: DispatchStage): DispatchStage[] {
  const shipped = method === 'ship' && (RANKS.ship[from] ?? 0) >= RANKS.ship.shipped!;
  return stagesOf(method).filter(
    (stage) =>
      movesForward(method, from, stage) &&
      stage !== 'shipped' &&
      (method === 'pickup' || stage === 'packed' || shipped),
  );
}

/** The stages the customer is told of (e-mail, and WhatsApp when they chose it). */
export function isDispatchMilestone(stage: DispatchStage): boolean {
  return ['shipped', 'out_for_delivery', 'delivered', 'ready_for_pickup'].includes(stage);
}

/**
 * The stage a courier's status words stand for (Shiprocket's `current_status`, e.g. 'PICKED
 * UP', 'IN TRANSIT', 'OUT FOR DELIVERY', 'DELIVERED', 'RTO INITIATED'), any case; null for words
 * that move nothing (manifested, pickup scheduled, cancelled, …).
 */
export function stageOfCourierStatus(status: string): DispatchStage | null {
  const words = status.toUpperCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (/\bRTO\b|RETURN/.test(words)) return 'rto';
  if (words.includes('OUT FOR DELIVERY')) return 'out_for_delivery';
  if (/\bUNDELIVERED\b|NOT DELIVERED/.test(words)) return null;
  if (/\bDELIVERED\b/.test(words)) return 'delivered';
  if (/PICKED UP|SHIPPED|IN TRANSIT|DISPATCHED|REACHED/.test(words)) {
    return 'shipped';
  }
  return null;
}

/**
 * The one test of whether an order may be dispatched (packed, shipped or readied for pickup):
 * paid in full (issue 32 item 6) or a cash-on-delivery order its code confirmed (item 3), and a bespoke order only
 * once the workshop has it ready ("Bespoke orders keep the workshop's stages until ready").
 */
export function canDispatch(order: {
  kind: 'shop' | 'bespoke';
  status: string;
  fulfilmentStatus?: string | null;
  paymentMethod?: 'online' | 'cod';
  codConfirmedAt?: Date | string | null;
}): boolean {
  // Issue 32 item 3: a cash-on-delivery order is packed once its code confirmed it, before
  // any money (the courier collects it); it stays 'created' until the remittance is recorded.
  const codConfirmed =
    order.paymentMethod === 'cod' && order.status === 'created' && Boolean(order.codConfirmedAt);
  if (order.status !== 'paid' && !codConfirmed) return false;
  return order.kind === 'shop' || order.fulfilmentStatus === 'ready';
}
