/**
 * The shop's editable settings (DESIGN.md "site_settings"): name, contact numbers, e-mail,
 * address, hours, map position and social links. Seeded with clearly fictional demo values
 * (the .example domain, 90000 0000x numbers) that an administrator replaces.
 */
/** The shop's settings as pages read them. */
export interface SiteSettings {
  shopName: string;
  tagline: string;
  /** Shown and dialled as written. */
  phone: string;
  /** The chat number of the contact page and footer: country code and number, digits only. */
  whatsappNumber: string;
  /** The chat number product enquiries go to (SPEC.md section 9: a different one). */
  enquiryWhatsappNumber: string;
  email: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string };
  /** SPEC.md section 9, the contact page's reading. */
  hours: { days: string; opens: string; closes: string }[];
  geo: { latitude: number; longitude: number };
  social: { instagram?: string; facebook?: string; youtube?: string };
}

/** Most rows of opening hours the settings take. */
export const MAX_HOURS_ROWS = 7;

/** The demo values a new install starts with, and the fallback of every missing field. */
export const defaultSiteSettings: SiteSettings = {
  shopName: 'Rajkot Tailoring House',
  tagline: 'Fabrics & bespoke tailoring since 1987',
  phone: '+91 90000 00001',
  whatsappNumber: '919000000001',
  enquiryWhatsappNumber: '919000000002',
  email: 'hello@tailoring.example',
  address: {
    street: '12 Example Market Road, near Jubilee Garden',
    city: 'Rajkot',
    region: 'Gujarat',
    postalCode: '360001',
    country: 'IN',
  },
  hours: [
    { days: 'Monday to Saturday', opens: '10:00 AM', closes: '8:00 PM' },
    { days: 'Sunday', opens: '11:00 AM', closes: '6:00 PM' },
  ],
  geo: { latitude: 22.3039, longitude: 70.8022 },
  social: {
    instagram: 'https://instagram.com/tailoring.example',
    facebook: 'https://facebook.com/tailoring.example',
    youtube: 'https://youtube.com/@tailoring.example',
  },
};

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
