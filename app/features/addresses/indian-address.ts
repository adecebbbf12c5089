/**
 * An Indian delivery address (issue 32 item 1 "Addresses that are real"): line 1, an optional
 * line 2 and landmark, a six-digit PIN code, then the city, district and state the PIN code
 * fills in. Its zod schema is `indian-address-schema.ts` (read by every action that takes an
 * address and, lazily, by the browser's forms); this module holds what needs no zod, for the
 * pages' first load. Whether the PIN code exists and lies in the chosen state is `pincodeProblem`, checked against India Post's directory on the server
 * (`checkIndianAddress` in address-rules.server.ts) and against GET /api/pincodes/:pincode in
 * the browser. Line 1 keeps the field name `address` (the `orders.address` column).
 */
import type { IndianState } from '~/lib/indian-states';

/** What India Post's directory says of a PIN code: the districts and states it serves. */
export interface PincodePlaces {
  pincode: string;
  /** Never empty; the main district first. */
  places: { district: string; state: IndianState }[];
}

/** The message for a PIN code India Post does not list. */
export const unknownPincodeMessage = (pincode: string) =>
  `We could not find PIN code ${pincode}. Please check it.`;

/**
 * Why `pincode` cannot go with `state`: unknown to India Post (`entry` null), or in another
 * state ("PIN code 110001 is in Delhi, not Gujarat"); a PIN code spanning several states
 * accepts any of them. null when they agree.
 */
export function pincodeProblem(
  pincode: string,
  state: string,
  entry: PincodePlaces | null,
): string | null {
  if (!entry) return unknownPincodeMessage(pincode);
  const states = [...new Set(entry.places.map((place) => place.state))];
  if (states.includes(state as IndianState)) return null;
  return `PIN code ${pincode} is in ${states.join(' or ')}, not ${state}`;
}

/**
 * The district to store for an address in `state`: the one given when the PIN code lists it
 * (in the directory's spelling), else the PIN code's main district in that state.
 */
export function districtFor(entry: PincodePlaces, state: string, given = ''): string {
  const inState = entry.places.filter((place) => place.state === state);
  const candidates = inState.length > 0 ? inState : entry.places;
  const wanted = given.trim().toLowerCase();
  return (
    candidates.find((place) => place.district.toLowerCase() === wanted)?.district ??
    candidates[0]!.district
  );
}

/** The parts of an address an order or a saved address keeps (line 2, landmark, district may be ''). */
export interface AddressParts {
  address: string;
  addressLine2?: string | null;
  landmark?: string | null;
  city: string;
  district?: string | null;
  state: string;
  pincode: string;
}

/**
 * An address as printed lines: line 1, line 2, "Near <landmark>", then "City, District,
 * State PIN" (the district left out when it is the city). Empty parts are skipped.
 */
export function addressLines(address: AddressParts): string[] {
  const district =
    address.district && address.district.toLowerCase() !== address.city.toLowerCase()
      ? address.district
      : '';
  return [
    address.address,
    address.addressLine2 ?? '',
    address.landmark ? `Near ${address.landmark}` : '',
    `${[address.city, district, address.state].filter(Boolean).join(', ')} ${address.pincode}`,
  ].filter((line) => line.trim() !== '');
}
