/**
 * The shop's editable settings (DESIGN.md "site_settings"): name, contact numbers, e-mail,
 * address, hours, map position and social links. Seeded with clearly fictional demo values
 * (the .example domain, 90000 0000x numbers) that an administrator replaces.
 */
import { z } from 'zod';

const text = (fallback: string) => z.string().trim().min(1).catch(fallback);
/** A WhatsApp number as wa.me wants it: country code and number, digits only. */
const waNumber = (fallback: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{7,14}$/)
    .catch(fallback);

export const siteSettingsSchema = z.object({
  shopName: text('Rajkot Tailoring House'),
  tagline: text('Fabrics & bespoke tailoring since 1987'),
  /** Shown and dialled as written. */
  phone: text('+91 90000 00001'),
  /** The chat number of the contact page and footer. */
  whatsappNumber: waNumber('919000000001'),
  /** The chat number product enquiries go to (SPEC.md section 9: a different one). */
  enquiryWhatsappNumber: waNumber('919000000002'),
  email: z.string().email().catch('hello@tailoring.example'),
  address: z
    .object({
      street: text('12 Example Market Road, near Jubilee Garden'),
      city: text('Rajkot'),
      region: text('Gujarat'),
      postalCode: text('360001'),
      country: text('IN'),
    })
    .catch({
      street: '12 Example Market Road, near Jubilee Garden',
      city: 'Rajkot',
      region: 'Gujarat',
      postalCode: '360001',
      country: 'IN',
    }),
  /** SPEC.md section 9, the contact page's reading. */
  hours: z.array(z.object({ days: z.string(), opens: z.string(), closes: z.string() })).catch([
    { days: 'Monday to Saturday', opens: '10:00 AM', closes: '8:00 PM' },
    { days: 'Sunday', opens: '11:00 AM', closes: '6:00 PM' },
  ]),
  geo: z
    .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
    .catch({ latitude: 22.3039, longitude: 70.8022 }),
  social: z
    .object({
      instagram: z.string().url().optional(),
      facebook: z.string().url().optional(),
      youtube: z.string().url().optional(),
    })
    .catch({}),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** The demo values a new install starts with (every field's fallback). */
export const defaultSiteSettings: SiteSettings = siteSettingsSchema.parse({
  social: {
    instagram: 'https://instagram.com/tailoring.example',
    facebook: 'https://facebook.com/tailoring.example',
    youtube: 'https://youtube.com/@tailoring.example',
  },
});

/** The address on one line: '12 Example Market Road, Rajkot, Gujarat 360001'. */
export function formatAddress(address: SiteSettings['address']): string {
  return `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
}

/** A wa.me chat link with prefilled text (SPEC.md section 7 "Outbound links"). */
export function whatsappLink(number: string, message?: string): string {
  const base = `https://wa.me/${number}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}

/** A tel: link for a number as written ('+91 90000 00001' -> 'tel:+919000000001'). */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}
