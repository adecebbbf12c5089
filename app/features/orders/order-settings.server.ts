/**
 * Reading the shop orders' settings (`site_settings` row 'orders', issue 29 item 6). A value
 * that is missing or invalid takes its default, so a bad edit never stops a checkout.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import { siteSettings } from '~/lib/schema.server';
import {
  COUNTER_REFUND_LIMITS,
  defaultOrderSettings,
  UNPAID_EXPIRY_LIMITS,
  type OrderSettings,
} from './order-settings';

/** The key of the settings row. */
export const ORDER_SETTINGS_KEY = 'orders';

const storedSchema = z.object({
  unpaidExpiryHours: z
    .number()
    .int()
    .min(UNPAID_EXPIRY_LIMITS.minHours)
    .max(UNPAID_EXPIRY_LIMITS.maxHours)
    .catch(defaultOrderSettings.unpaidExpiryHours),
  counterRefundLimitPaise: z
    .number()
    .int()
    .min(COUNTER_REFUND_LIMITS.minPaise)
    .max(COUNTER_REFUND_LIMITS.maxPaise)
    .catch(defaultOrderSettings.counterRefundLimitPaise),
}) satisfies z.ZodType<OrderSettings>;

/** The shop orders' settings, defaults filled in. */
export async function getOrderSettings(db: DbOrTx): Promise<OrderSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, ORDER_SETTINGS_KEY))
    .limit(1);
  return storedSchema.parse(row?.value ?? {});
}
