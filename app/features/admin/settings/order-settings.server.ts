/**
 * The unpaid shop orders' expiry in the back office (issue 29 item 6: "unpaid shop orders
 * expire after a time that settings set, 24 hours by default"): saved in the 'orders' row of
 * `site_settings` over the version the form was opened at, in one transaction with its audit
 * entry ('settings.update', entity 'settings', id 'orders'). Orders already waiting take the
 * new time when their `order.expire` job runs. The same row holds the counter's refund limit
 * (issue 31 item 2), typed in rupees.
 */
import { eq } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { siteSettings } from '~/lib/schema.server';
import { formatRupeesExact, readRupees } from '~/lib/money';
import {
  COUNTER_REFUND_LIMITS,
  defaultOrderSettings,
  UNPAID_EXPIRY_LIMITS,
  type OrderSettings,
} from '~/features/orders/order-settings';
import { getOrderSettings, ORDER_SETTINGS_KEY } from '~/features/orders/order-settings.server';
import { saveSettingsDocument } from '~/features/site/settings-documents.server';
import type { Actor } from '~/lib/audit.server';

/** The orders' settings and the version (the row's `updated_at`) an edit must present. */
export async function getOrderSettingsForAdmin(
  db: Db,
): Promise<{ settings: OrderSettings; version: string | null }> {
  const [row] = await db
    .select({ updatedAt: siteSettings.updatedAt })
    .from(siteSettings)
    .where(eq(siteSettings.key, ORDER_SETTINGS_KEY));
  return { settings: await getOrderSettings(db), version: row?.updatedAt.toISOString() ?? null };
}

const { minHours, maxHours } = UNPAID_EXPIRY_LIMITS;
const hoursMessage = `Please enter a whole number of hours from ${minHours} to ${maxHours}.`;

const refundLimitMessage = `Please enter the limit in rupees, from ₹0 to ${formatRupeesExact(COUNTER_REFUND_LIMITS.maxPaise)}.`;

/**
 * The orders form: `version`, `unpaidExpiryHours` (whole hours, 1 to 720) and
 * `counterRefundLimit` (rupees as typed, ₹0 to ₹10,00,000, read into paise).
 */
export const orderSettingsFormSchema = z.object({
  version: z.string().optional(),
  unpaidExpiryHours: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, hoursMessage)
    .transform(Number)
    .pipe(z.number().int().min(minHours, hoursMessage).max(maxHours, hoursMessage)),
  counterRefundLimit: z
    .string(refundLimitMessage)
    .trim()
    .transform((typed, ctx) => {
      if (/^(₹\s*)?0+(\.0{1,2})?$/.test(typed)) return 0;
      const reading = readRupees(typed, COUNTER_REFUND_LIMITS.maxPaise);
      if (reading.ok) return reading.paise;
      ctx.addIssue({ code: 'custom', message: refundLimitMessage });
      return z.NEVER;
    }),
});

/**
 * Saves the orders' settings over the version the form was opened at.
 * @throws Refusal 'conflict' when someone saved them since.
 */
export async function saveOrderSettings(
  db: Db,
  actor: Actor,
  form: z.output<typeof orderSettingsFormSchema>,
): Promise<string> {
  return saveSettingsDocument<OrderSettings>(db, actor, {
    key: ORDER_SETTINGS_KEY,
    version: form.version,
    next: {
      unpaidExpiryHours: form.unpaidExpiryHours,
      counterRefundLimitPaise: form.counterRefundLimit,
    },
    defaults: defaultOrderSettings,
    what: 'The order settings were',
    summary: 'Edited the unpaid orders’ expiry and the counter’s refund limit',
    answer: `Saved. Unpaid shop orders are cancelled after ${form.unpaidExpiryHours} hours; the counter may refund up to ${formatRupeesExact(form.counterRefundLimit)}.`,
  });
}
