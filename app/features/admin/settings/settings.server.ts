/**
 * The shop's settings in the back office (issue "Back office" item 8; DESIGN.md
 * "site_settings"): phone, the shop's and the enquiry WhatsApp numbers, e-mail, address, map
 * location, opening hours and social links, validated field by field. A save replaces the
 * 'shop' row in one transaction with its audit entry; the settings trigger (migration 0003)
 * then clears every instance's cache and refreshes open pages, so the footer, contact page,
 * enquiry links and JSON-LD use the new values at once.
 */
import { eq } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { siteSettings } from '~/lib/schema.server';
import { defaultSiteSettings, MAX_HOURS_ROWS, type SiteSettings } from '~/features/site/settings';
import { getSiteSettings, SHOP_SETTINGS_KEY } from '~/features/site/settings.server';
import type { Actor } from '~/lib/audit.server';
import { saveSettingsDocument } from '~/features/site/settings-documents.server';

/** The settings and the version (the row's `updated_at`, ISO 8601) an edit must present. */
export async function getSettingsForAdmin(
  db: Db,
): Promise<{ settings: SiteSettings; version: string | null }> {
  const [row] = await db
    .select({ updatedAt: siteSettings.updatedAt })
    .from(siteSettings)
    .where(eq(siteSettings.key, SHOP_SETTINGS_KEY));
  return { settings: await getSiteSettings(db), version: row?.updatedAt.toISOString() ?? null };
}

const required = (label: string, max = 120) =>
  z
    .string()
    .trim()
    .min(1, `Please enter the ${label}.`)
    .max(max, `Please keep the ${label} to ${max} characters.`);

/**
 * A WhatsApp number as typed ('+91 98765 43210', '98765 43210') turned into what wa.me wants:
 * country code and number, digits only; a 10-digit Indian number gets 91 in front.
 */
export function normaliseWhatsappNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  return digits.length === 10 ? `91${digits}` : digits;
}

const whatsapp = (label: string) =>
  z
    .string()
    .trim()
    .transform(normaliseWhatsappNumber)
    .pipe(
      z
        .string()
        .regex(
          /^[1-9][0-9]{7,14}$/,
          `Please enter the ${label} with its country code, like +91 98765 43210.`,
        ),
    );

const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(300, `Please keep the ${label} link to 300 characters.`)
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || /^https:\/\/[^\s/]+\.[^\s]+$/.test(value), {
      message: `Please enter the full ${label} address, starting with https://.`,
    });

const coordinate = (label: string, limit: number) =>
  z
    .string()
    .trim()
    .min(1, `Please enter the ${label}.`)
    .transform(Number)
    .pipe(
      z
        .number({ error: `The ${label} must be a number.` })
        .min(-limit, `The ${label} must be between -${limit} and ${limit}.`)
        .max(limit, `The ${label} must be between -${limit} and ${limit}.`),
    );

const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/** The settings form: one field per value; opening hours as parallel lists of rows. */
export const settingsFormSchema = z
  .object({
    version: z.string().optional(),
    shopName: required('shop name', 80),
    tagline: required('tagline', 160),
    phone: required('phone number', 30).refine((value) => /^\+?[0-9 ()-]{6,}$/.test(value), {
      message: 'Please enter a phone number of digits, spaces and an optional + in front.',
    }),
    whatsappNumber: whatsapp('shop WhatsApp number'),
    enquiryWhatsappNumber: whatsapp('enquiry WhatsApp number'),
    email: z.string().trim().pipe(z.email('Please enter a valid e-mail address.')),
    street: required('street address', 160),
    city: required('city', 80),
    region: required('state', 80),
    postalCode: z
      .string()
      .trim()
      .regex(/^[0-9]{6}$/, 'Please enter the 6-digit PIN code.'),
    country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, 'Please enter the two-letter country code, like IN.'),
    latitude: coordinate('latitude', 90),
    longitude: coordinate('longitude', 180),
    hoursDays: list,
    hoursOpens: list,
    hoursCloses: list,
    instagram: optionalUrl('Instagram'),
    facebook: optionalUrl('Facebook'),
    youtube: optionalUrl('YouTube'),
  })
  .superRefine((form, ctx) => {
    const rows = Math.max(form.hoursDays.length, form.hoursOpens.length, form.hoursCloses.length);
    if (rows > MAX_HOURS_ROWS) {
      ctx.addIssue({
        code: 'custom',
        path: ['hoursDays'],
        message: `Please keep the opening hours to ${MAX_HOURS_ROWS} rows.`,
      });
    }
    for (let row = 0; row < rows; row += 1) {
      const cells = [form.hoursDays[row], form.hoursOpens[row], form.hoursCloses[row]].map(
        (cell) => cell?.trim() ?? '',
      );
      if (cells.every((cell) => cell === '')) continue;
      if (cells.some((cell) => cell === '' || cell.length > 60)) {
        ctx.addIssue({
          code: 'custom',
          path: ['hoursDays'],
          message: `Please fill in the days, opening and closing time of row ${row + 1} of the opening hours (up to 60 characters each).`,
        });
        return;
      }
    }
  });

/** The stored settings document a valid form makes. */
function settingsFromForm(form: z.output<typeof settingsFormSchema>): SiteSettings {
  const hours = form.hoursDays
    .map((days, row) => ({
      days: days.trim(),
      opens: (form.hoursOpens[row] ?? '').trim(),
      closes: (form.hoursCloses[row] ?? '').trim(),
    }))
    .filter((row) => row.days && row.opens && row.closes);
  return {
    shopName: form.shopName,
    tagline: form.tagline,
    phone: form.phone,
    whatsappNumber: form.whatsappNumber,
    enquiryWhatsappNumber: form.enquiryWhatsappNumber,
    email: form.email,
    address: {
      street: form.street,
      city: form.city,
      region: form.region,
      postalCode: form.postalCode,
      country: form.country,
    },
    hours,
    geo: { latitude: form.latitude, longitude: form.longitude },
    social: {
      ...(form.instagram ? { instagram: form.instagram } : {}),
      ...(form.facebook ? { facebook: form.facebook } : {}),
      ...(form.youtube ? { youtube: form.youtube } : {}),
    },
  };
}

/**
 * Saves the settings over the version the form was opened at.
 * @throws Refusal 'conflict' when someone saved the settings since.
 */
export async function saveSettings(
  db: Db,
  actor: Actor,
  form: z.output<typeof settingsFormSchema>,
): Promise<string> {
  const next = settingsFromForm(form);
  return saveSettingsDocument(db, actor, {
    key: SHOP_SETTINGS_KEY,
    version: form.version,
    next,
    defaults: defaultSiteSettings,
    what: 'The settings were',
    summary: 'Edited the shop settings',
    answer: 'Settings saved. The shop shows them now.',
  });
}
