/**
 * Who may return or exchange what (issue 32 item 7, "Ready-to-wear can be returned or exchanged
 * for another size within a window from settings (7 days by default). Cut fabric and bespoke
 * garments cannot"). Pure and client-safe: the shopper's order page, the server's command and
 * the tests read the same rule.
 */
import { RETURN_KINDS, type RETURN_STATUSES } from '~/lib/schema-enums';

export { RETURN_KINDS };

/** 'return' (the money back) or 'exchange' (another size of the same product). */
export type ReturnKind = (typeof RETURN_KINDS)[number];
/** A request's state (see the `return_requests` table). */
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The reasons a shopper picks from (the optional note says more). */
export const RETURN_REASONS = [
  'Does not fit',
  'Not as pictured',
  'Damaged or faulty',
  'Wrong item sent',
  'Changed my mind',
] as const;

/** The most photos a shopper may send with one request ("optional photos"). */
export const RETURN_PHOTO_LIMIT = 3;

/** A request that still holds its line: no second request may be made for it. */
function isOpenRequest(status: ReturnStatus): boolean {
  return status !== 'refused' && status !== 'cancelled';
}

/** What the rule needs to know of the order, the line and the request history. */
export interface EligibilityInput {
  /** The order's kind ('shop' or 'bespoke') and payment status. */
  order: { kind: 'shop' | 'bespoke'; status: string };
  /** The line: a length in cm > 0 makes it cut fabric, sold by the metre. */
  line: { lengthCm: number | null };
  /**
   * When the goods reached the shopper: the dispatch's 'delivered' stage, or 'collected' for an
   * order collected from the shop; null when they have not yet.
   */
  deliveredAt: Date | null;
  /** The statuses of the line's earlier requests. */
  requests: readonly ReturnStatus[];
  /** The shop's window in days (shipping settings). */
  windowDays: number;
  now: Date;
}

/** The answer: eligible with the last moment it may be asked, or why not (the shopper's words). */
export type Eligibility = { ok: true; until: Date } | { ok: false; reason: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The shopper's words for a line that is never returnable. */
export const NOT_RETURNABLE = {
  bespoke: 'Bespoke garments are made for you alone and cannot be returned or exchanged.',
  fabric: 'Cut fabric is cut for you and cannot be returned or exchanged.',
} as const;

/**
 * Whether a line may be returned or exchanged now: a line of a paid shop order, not cut fabric
 * (length > 0), delivered or collected, asked within `windowDays` × 24 hours of that moment
 * (inclusive), with no open or finished request on it (a refused or withdrawn one may be asked
 * again within the window).
 */
export function returnEligibility(input: EligibilityInput): Eligibility {
  if (input.order.kind !== 'shop') return { ok: false, reason: NOT_RETURNABLE.bespoke };
  if ((input.line.lengthCm ?? 0) > 0) return { ok: false, reason: NOT_RETURNABLE.fabric };
  if (input.order.status !== 'paid') {
    return { ok: false, reason: 'Only a paid order can be returned.' };
  }
  if (input.requests.some(isOpenRequest)) {
    return { ok: false, reason: 'A return or exchange of this item is already under way.' };
  }
  if (!input.deliveredAt) {
    return { ok: false, reason: 'You can ask for a return once the order has reached you.' };
  }
  const until = new Date(input.deliveredAt.getTime() + input.windowDays * DAY_MS);
  if (input.now.getTime() > until.getTime()) {
    return {
      ok: false,
      reason: `The ${input.windowDays}-day return window for this order has closed.`,
    };
  }
  return { ok: true, until };
}

/**
 * What the product page says of returns (issue 32 item 7: "Cut fabric and bespoke garments
 * cannot, and the product page and the terms say so"): cut fabric (sold by the metre) and a
 * piece made to measure (a made-to-measure category, no ready sizes) cannot be returned;
 * ready-to-wear gives the window.
 */
export function productReturnPolicy(
  product: { saleUnit: 'piece' | 'metre'; madeToMeasure: boolean },
  windowDays: number,
): string {
  if (product.saleUnit === 'metre') return NOT_RETURNABLE.fabric;
  if (product.madeToMeasure) return NOT_RETURNABLE.bespoke;
  return returnPolicyLine(windowDays);
}

/** The product page's and terms' line for a ready-to-wear piece. */
export function returnPolicyLine(windowDays: number): string {
  return `Returns and size exchanges within ${windowDays} days of delivery.`;
}

/** The shopper's words for each state of a request. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested: we will reply soon',
  approved: 'Approved',
  refused: 'Refused',
  received: 'Received at the shop',
  refunded: 'Refunded',
  exchanged: 'Exchanged',
  cancelled: 'Withdrawn',
};
