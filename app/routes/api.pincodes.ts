import { data } from 'react-router';
import { unknownPincodeMessage } from '~/features/addresses/indian-address';
import { pincodeSchema } from '~/features/addresses/indian-address-schema';
import { lookupPincode } from '~/features/addresses/pincodes.server';
import type { Route } from './+types/api.pincodes';

/** A day: the shipped directory changes only with a release. */
const CACHE = 'public, max-age=86400';

/**
 * GET /api/pincodes/:pincode (issue 32 item 1): what India Post's directory says of a PIN code,
 * for the address forms to fill the city, district and state: `{ pincode, city, places:
 * [{ district, state }] }` (the main district first; `city` is its name, a suggestion the
 * shopper may change). Not six digits → 400, a PIN code India Post does not list → 404, both
 * `{ error }` with the message the forms show. Public and cacheable: it holds no personal data.
 */
export function loader({ params }: Route.LoaderArgs) {
  const parsed = pincodeSchema.safeParse(params.pincode);
  if (!parsed.success) {
    return data(
      { error: parsed.error.issues[0]?.message ?? 'Please enter a 6-digit PIN code' },
      { status: 400, headers: { 'Cache-Control': CACHE } },
    );
  }
  const entry = lookupPincode(parsed.data);
  if (!entry) {
    return data(
      { error: unknownPincodeMessage(parsed.data) },
      { status: 404, headers: { 'Cache-Control': CACHE } },
    );
  }
  return data(
    { pincode: entry.pincode, city: entry.places[0]!.district, places: entry.places },
    { headers: { 'Cache-Control': CACHE } },
  );
}
