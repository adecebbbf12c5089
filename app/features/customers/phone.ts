/**
 * The one phone rule of the shop (issue 30 item 1, "one search ... phones are parsed and
 * normalised with a maintained library (libphonenumber-js) and stored as E.164"). Every form
 * that takes a customer's phone and every customer search reads it through this module, in
 * the browser and on the server alike.
 *
 * - A customer's phone is an Indian mobile: libphonenumber-js parses it with India (+91) as
 *   the default region, so '09825012345', '+91 98250 12345', '9825012345', '098250-12345',
 *   '919825012345' and '0091 98250 12345' are all '+919825012345' (E.164). It must be a valid
 *   Indian number whose 10-digit national number starts with 6, 7, 8 or 9: India's mobile
 *   numbers (the National Numbering Plan gives the 6–9 levels to mobile services; landlines
 *   start with their area code, '0281 …' in Rajkot). The `customers_phone_check` constraint
 *   holds the same rule in the database.
 * - The library is used through `libphonenumber-js/core` with India's entry of its `min`
 *   metadata only (`phone-metadata.json`, about 3 KB instead of 83 KB): the browser bundles of
 *   checkout and booking carry these rules. `phone.test.ts` checks the file against the
 *   installed library's metadata, and rewrites it with `UPDATE_PHONE_METADATA=1` after an
 *   upgrade.
 */
import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
import metadataJson from './phone-metadata.json';

const metadata = metadataJson as unknown as MetadataJson;

/** The refusal of a phone that is not an Indian mobile. */
export const INDIAN_MOBILE_MESSAGE = 'Please enter a 10-digit Indian mobile number';

/** An Indian mobile's national number: ten digits, the first 6 to 9. */
const MOBILE_NATIONAL_NUMBER = /^[6-9]\d{9}$/;

/**
 * A phone as people write it, to E.164: '098250-12345' -> '+919825012345'. Spaces, dashes,
 * dots, brackets, a trunk 0, '91', '+91' and '0091' are understood. Null when the text is not
 * a valid Indian mobile (too short or long, another country, a landline, letters).
 */
export function parseIndianMobile(text: string): string | null {
  const phone = parsePhoneNumberFromString(
    text.trim(),
    { defaultCountry: 'IN', extract: false },
    metadata,
  );
  if (!phone || phone.country !== 'IN' || !phone.isValid()) return null;
  return MOBILE_NATIONAL_NUMBER.test(phone.nationalNumber) ? phone.number : null;
}

/**
 * An E.164 phone for reading, in the library's international format:
 * '+919825012345' -> '+91 98250 12345'. Text that does not parse is returned as it is.
 */
export function formatIndianMobile(e164: string): string {
  const phone = parsePhoneNumberFromString(e164, { defaultCountry: 'IN' }, metadata);
  return phone?.isValid() ? phone.formatInternational() : e164;
}

/** The fewest digits a search must hold before it is tried as a phone. */
const MIN_SEARCH_DIGITS = 3;

/**
 * The SQL LIKE patterns (no wildcard characters of their own to escape: digits and '+') that
 * find an E.164 phone from a search typed in any spelling, whole or in part. Empty when the
 * search is not a phone: letters in it, or fewer than 3 digits.
 *
 * - A whole Indian mobile in any spelling: its E.164 exactly ('09825 012345' -> '+919825012345').
 * - Begun with '+' or '00': the start of the E.164 ('+91 98250' -> '+9198250%').
 * - Begun with the trunk 0: the start of the national number ('098250' -> '+9198250%').
 * - Otherwise the digits anywhere in it, country code included ('25012' -> '%25012%',
 *   '9198250' -> '%9198250%').
 */
export function phoneSearchPatterns(search: string): string[] {
  const text = search.trim();
  if (!/^[\d\s+().-]+$/.test(text)) return [];
  const whole = parseIndianMobile(text);
  if (whole) return [whole];
  let digits = text.replace(/\D/g, '');
  if (digits.length < MIN_SEARCH_DIGITS) return [];
  if (text.startsWith('+') || digits.startsWith('00')) {
    digits = digits.replace(/^00/, '');
    return digits.length >= MIN_SEARCH_DIGITS ? [`+${digits}%`] : [];
  }
  if (digits.startsWith('0')) {
    const national = digits.replace(/^0+/, '');
    return national.length >= MIN_SEARCH_DIGITS ? [`+91${national}%`] : [];
  }
  return [`%${digits}%`];
}
