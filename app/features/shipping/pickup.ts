/**
 * The "ready for pickup" words of an order the shopper collects (issue 32 item 2: "Collect
 * from the shop" gives a "ready for pickup" message with the shop's hours): where the shop is
 * and when it is open, from the site settings.
 */
import { formatAddress, type SiteSettings } from '~/features/site/settings';

/**
 * What follows "Ready for pickup" in the customer's message, e.g. " at 12 Example Market Road,
 * Rajkot, Gujarat 360001 (Monday to Saturday 10:00 AM – 8:00 PM; Sunday 11:00 AM – 6:00 PM)".
 */
export function pickupPlaceWords(site: Pick<SiteSettings, 'address' | 'hours'>): string {
  const hours = site.hours.map((row) => `${row.days} ${row.opens} – ${row.closes}`).join('; ');
  return ` at ${formatAddress(site.address)}${hours ? ` (${hours})` : ''}`;
}
