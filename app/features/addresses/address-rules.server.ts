/**
 * The server's word on an Indian address (issue 32 item 1): the PIN code must be one India
 * Post lists (`lookupPincode`, the shipped directory) and lie in the chosen state; a district
 * the PIN code does not list is corrected to the PIN code's, not refused. The checkout and the
 * address book call it after `indianAddressShape` has parsed the form.
 */
import { districtFor, pincodeProblem } from './indian-address';
import { lookupPincode } from './pincodes.server';

/** The fields the rule reads and corrects. */
interface PincodeAddress {
  pincode: string;
  state: string;
  district?: string;
}

/** The address's refusal, on the PIN code field, or the address with its district set. */
export type AddressCheck<T> =
  { ok: true; address: T & { district: string } } | { ok: false; errors: { pincode: string } };

/**
 * Checks `address` against India Post's directory.
 * @returns `{ ok: false, errors.pincode }` with "We could not find PIN code 999999. Please
 *   check it." or "PIN code 110001 is in Delhi, not Gujarat"; else the address with `district`
 *   the directory's (the one given when the PIN code lists it in that state).
 */
export function checkIndianAddress<T extends PincodeAddress>(address: T): AddressCheck<T> {
  const entry = lookupPincode(address.pincode);
  const problem = pincodeProblem(address.pincode, address.state, entry);
  if (problem || !entry) {
    return { ok: false, errors: { pincode: problem ?? 'Please check the PIN code' } };
  }
  return {
    ok: true,
    address: { ...address, district: districtFor(entry, address.state, address.district) },
  };
}
