/**
 * Reading the shop's settings from `site_settings` (row 'shop', a JSON document). Fields that
 * are missing or invalid fall back to the demo defaults, so a bad edit never breaks a page.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { siteSettings } from '~/lib/schema.server';
import { z } from 'zod';
import { defaultSiteSettings, type SiteSettings } from './settings';

const d = defaultSiteSettings;

const text = (fallback: string) => z.string().trim().min(1).catch(fallback);
/** A WhatsApp number as wa.me wants it: country code and number, digits only. */
const waNumber = (fallback: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{7,14}$/)
    .catch(fallback);

/** The stored settings document; every field that is missing or invalid takes its default. */
const siteSettingsSchema = z.object({
  shopName: text(d.shopName),
  tagline: text(d.tagline),
  phone: text(d.phone),
  whatsappNumber: waNumber(d.whatsappNumber),
  enquiryWhatsappNumber: waNumber(d.enquiryWhatsappNumber),
  email: z.email().catch(d.email),
  address: z
    .object({
      street: text(d.address.street),
      city: text(d.address.city),
      region: text(d.address.region),
      postalCode: text(d.address.postalCode),
      country: text(d.address.country),
    })
    .catch(d.address),
  hours: z
    .array(z.object({ days: z.string(), opens: z.string(), closes: z.string() }))
    .catch(d.hours),
  geo: z
    .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
    .catch(d.geo),
  social: z
    .object({
      instagram: z.url().optional(),
      facebook: z.url().optional(),
      youtube: z.url().optional(),
    })
    .catch({}),
}) satisfies z.ZodType<SiteSettings>;

/** The key of the settings row. */
export const SHOP_SETTINGS_KEY = 'shop';

/** The shop's settings, defaults filled in. */
export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, SHOP_SETTINGS_KEY))
    .limit(1);
  return siteSettingsSchema.parse(row?.value ?? defaultSiteSettings);
}
