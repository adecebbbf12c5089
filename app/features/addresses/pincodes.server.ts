/**
 * India Post's pincode directory, shipped with the project (issue 32 item 1): which districts
 * and states a six-digit pincode serves. The data is app/features/addresses/india-post-pincodes.json,
 * written by `npm run pincodes:refresh` (scripts/refresh-pincodes.ts) from India Post's All India
 * Pincode Directory (data.gov.in, CC0); its `source` and `date` say which edition it is. A
 * pincode spans one district mostly, sometimes several, and 31 span two states: all are kept,
 * the district with most post offices first.
 */
import directory from './india-post-pincodes.json';
import type { IndianState } from '~/lib/indian-states';

/** A district a pincode serves, with its state as `INDIAN_STATES` spells it. */
interface PincodePlace {
  district: string;
  state: IndianState;
}

/** What the directory knows of one pincode. */
export interface PincodeEntry {
  pincode: string;
  /** Never empty; the district with most post offices at this pincode first. */
  places: PincodePlace[];
}

const places: PincodePlace[] = directory.districts.map((key) => {
  const [district, state] = key.split('|') as [string, IndianState];
  return { district, state };
});
const pincodes = directory.pincodes as Record<string, number[]>;

/** The edition of the shipped directory: its source and the date it was published. */
export const PINCODE_DIRECTORY = { source: directory.source, date: directory.date } as const;

/**
 * The districts and states of `pincode` (six digits, surrounding spaces ignored).
 * @returns null for a pincode India Post does not list, or text that is not six digits.
 */
export function lookupPincode(pincode: string): PincodeEntry | null {
  const code = pincode.trim();
  const found = /^[1-9]\d{5}$/.test(code) ? pincodes[code] : undefined;
  if (!found) return null;
  return { pincode: code, places: found.map((index) => places[index]!) };
}
