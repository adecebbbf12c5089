/**
 * The shop orders' settings (issue 29 item 6), kept in `site_settings` under 'orders':
 * how long a shop order may wait for its payment before the job queue cancels it, and the
 * largest refund the counter may give without the owner (issue 31 item 2). Client-safe
 * (the back office's form reads the limits).
 */

/** The settings of unpaid shop orders. */
export interface OrderSettings {
  /** Hours after the shopper last started paying before an unpaid shop order is cancelled. */
  unpaidExpiryHours: number;
  /**
   * The largest refund, in integer paise, that staff without the owner's `refunds: over-limit`
   * permission (the counter) may give; a larger one needs the owner (issue 31 item 2).
   */
  counterRefundLimitPaise: number;
}

/** The hours the setting may take: 1 hour to 30 days. */
export const UNPAID_EXPIRY_LIMITS = { minHours: 1, maxHours: 720 } as const;

/** The counter's refund limit may be set from ₹0 (every refund needs the owner) to ₹10,00,000. */
export const COUNTER_REFUND_LIMITS = { minPaise: 0, maxPaise: 100_000_000 } as const;

/** What a new install starts with: 24 hours (issue 29 item 6), refunds up to ₹2,000 (issue 31). */
export const defaultOrderSettings: OrderSettings = {
  unpaidExpiryHours: 24,
  counterRefundLimitPaise: 200_000,
};
