/**
 * The rules of a coupon (issue 32 item 4, decision 036), pure and in integer paise: whether a
 * code applies to a cart and why not, how much it takes off, and how that discount is split
 * over the lines it applies to. The database side (reading the coupon and its uses, counting a
 * use under a lock) is coupons.server.ts and coupons-commands.server.ts.
 *
 * - The minimum order is on the goods of the whole cart (every line, before the discount).
 * - The discount is on the eligible lines only (products of the coupon's categories; no
 *   categories: every line): a percent of their value, rounded down to the paisa, or the flat
 *   amount, at most their value.
 * - An order is never made free: the discount leaves at least ₹1 to pay (`MIN_PAYABLE_PAISE`),
 *   as a payment provider takes no ₹0 payment.
 */
import { formatRupees } from '~/lib/money';

/** The kinds of coupon (`coupons.kind`). */
type CouponKind = 'percent' | 'flat';

/** A coupon as the rules read it. */
export interface CouponTerms {
  code: string;
  kind: CouponKind;
  /** A whole percent (1 to 100) for 'percent'; paise for 'flat'. */
  value: number;
  minOrderPaise: number;
  /** Category ids it applies to; empty: every category. */
  categoryIds: readonly number[];
  /** Kolkata calendar dates 'YYYY-MM-DD', inclusive; null: no bound. */
  validFrom: string | null;
  validUntil: string | null;
  /** Null: unlimited. */
  totalLimit: number | null;
  perCustomerLimit: number | null;
  isActive: boolean;
}

/** One line of a cart as a coupon sees it. */
export interface CouponLine {
  /** The line's value (unit price × quantity), in paise. */
  linePaise: number;
  /** The category of the line's product. */
  categoryId: number;
}

/** The uses counted so far (orders not cancelled), all shoppers and this one. */
export interface CouponUses {
  total: number;
  byCustomer: number;
}

/** The least an order with a coupon leaves to pay, in paise. */
export const MIN_PAYABLE_PAISE = 100;

/** The shopper's texts for a code that does not apply (issue 32 item 4). */
export const COUPON_MESSAGES = {
  unknown: 'No such code',
  expired: 'This code has expired',
  notYet: 'This code is not valid yet',
  inactive: 'This code is no longer active',
  noItems: 'This code does not apply to the items in your cart',
  usedByYou: 'You have already used this code',
  usedUp: 'This code has been fully used',
  minimum: (shortPaise: number) =>
    `Add ${formatRupees(Math.ceil(shortPaise / 100) * 100)} more to use this code`,
} as const;

/** A typed code as stored: trimmed, upper case. */
export function normalizeCode(typed: string): string {
  return typed.trim().toUpperCase();
}

/** What a coupon gives a cart: the discount and each line's share (same order as the lines). */
export interface CouponQuote {
  code: string;
  discountPaise: number;
  lineDiscounts: number[];
}

/**
 * Whether `coupon` applies to a cart of `lines` on `today` ('YYYY-MM-DD', Kolkata) after
 * `uses`, and what it gives.
 * @returns the quote, or the shopper's reason it does not apply (`COUPON_MESSAGES`), checked in
 *   this order: inactive, dates, the limits, the items, the minimum order.
 */
export function quoteCoupon(
  coupon: CouponTerms,
  lines: readonly CouponLine[],
  today: string,
  uses: CouponUses,
): { ok: true; quote: CouponQuote } | { ok: false; message: string } {
  if (!coupon.isActive) return { ok: false, message: COUPON_MESSAGES.inactive };
  if (coupon.validUntil !== null && today > coupon.validUntil) {
    return { ok: false, message: COUPON_MESSAGES.expired };
  }
  if (coupon.validFrom !== null && today < coupon.validFrom) {
    return { ok: false, message: COUPON_MESSAGES.notYet };
  }
  if (coupon.perCustomerLimit !== null && uses.byCustomer >= coupon.perCustomerLimit) {
    return { ok: false, message: COUPON_MESSAGES.usedByYou };
  }
  if (coupon.totalLimit !== null && uses.total >= coupon.totalLimit) {
    return { ok: false, message: COUPON_MESSAGES.usedUp };
  }
  const eligible = lines.map(
    (line) => coupon.categoryIds.length === 0 || coupon.categoryIds.includes(line.categoryId),
  );
  const eligiblePaise = lines.reduce(
    (sum, line, index) => sum + (eligible[index] ? line.linePaise : 0),
    0,
  );
  if (eligiblePaise <= 0) return { ok: false, message: COUPON_MESSAGES.noItems };
  const goodsPaise = lines.reduce((sum, line) => sum + line.linePaise, 0);
  if (goodsPaise < coupon.minOrderPaise) {
    return { ok: false, message: COUPON_MESSAGES.minimum(coupon.minOrderPaise - goodsPaise) };
  }
  const discountPaise = Math.max(
    0,
    Math.min(discountOn(coupon, eligiblePaise), goodsPaise - MIN_PAYABLE_PAISE),
  );
  return {
    ok: true,
    quote: {
      code: coupon.code,
      discountPaise,
      lineDiscounts: allocateDiscount(
        discountPaise,
        lines.map((line, index) => (eligible[index] ? line.linePaise : 0)),
      ),
    },
  };
}

/** The discount on `eligiblePaise` of goods: the percent rounded down, or the flat amount capped. */
function discountOn(coupon: Pick<CouponTerms, 'kind' | 'value'>, eligiblePaise: number) {
  return coupon.kind === 'percent'
    ? Math.floor((eligiblePaise * coupon.value) / 100)
    : Math.min(coupon.value, eligiblePaise);
}

/**
 * Splits `discountPaise` over lines in proportion to their values (`valuesPaise`; 0: the line
 * gets none), in whole paise: each line gets its share rounded down, and the paise left over
 * go one each to the lines with the largest remainders, the earlier line first on a tie. The
 * shares add up to the discount exactly and no share exceeds its line's value.
 * @throws RangeError when the discount is negative or larger than the lines' total.
 */
export function allocateDiscount(discountPaise: number, valuesPaise: readonly number[]): number[] {
  const total = valuesPaise.reduce((sum, value) => sum + value, 0);
  if (!Number.isSafeInteger(discountPaise) || discountPaise < 0 || discountPaise > total) {
    throw new RangeError(`cannot split ${discountPaise} paise over ${total}`);
  }
  if (discountPaise === 0) return valuesPaise.map(() => 0);
  const shares = valuesPaise.map((value) => Math.floor((discountPaise * value) / total));
  let left = discountPaise - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = valuesPaise
    .map((value, index) => ({ index, remainder: (discountPaise * value) % total }))
    .filter(({ index }) => valuesPaise[index]! > 0)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] = shares[index]! + 1;
    left -= 1;
  }
  return shares;
}
