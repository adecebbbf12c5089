/**
 * The shop orders' settings (issue 29 item 6), kept in `site_settings` under 'orders':
 * how long a shop order may wait for its payment before the job queue cancels it. Client-safe
 * (the back office's form reads the limits).
 */

/** The settings of unpaid shop orders. */
export interface OrderSettings {
  /** Hours after the shopper last started paying before an unpaid shop order is cancelled. */
  unpaidExpiryHours: number;
}

/** The hours the setting may take: 1 hour to 30 days. */
export const UNPAID_EXPIRY_LIMITS = { minHours: 1, maxHours: 720 } as const;

/** What a new install starts with: 24 hours (issue 29 item 6). */
export const defaultOrderSettings: OrderSettings = { unpaidExpiryHours: 24 };
