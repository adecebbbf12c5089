/**
 * Reading the shop's settings from `site_settings` (row 'shop', a JSON document). Fields that
 * are missing or invalid fall back to the demo defaults, so a bad edit never breaks a page.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { siteSettings } from '~/lib/schema.server';
import { siteSettingsSchema, type SiteSettings } from './settings';

/** The key of the settings row. */
export const SHOP_SETTINGS_KEY = 'shop';

/** The shop's settings, defaults filled in. */
export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, SHOP_SETTINGS_KEY))
    .limit(1);
  return siteSettingsSchema.parse(row?.value ?? {});
}
