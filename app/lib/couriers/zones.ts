/**
 * The local tariff's rules (issue 32 item 2): which zone a delivery pincode is in, seen from the
 * shop's pickup pincode, and what a parcel of a given weight costs in that zone. Pure; weights
 * in grams, money in integer paise.
 */
import type { LocalTariff, PincodePlace, ShippingZone, ZoneTariff } from './types';

/** Areas the owner marks remote: whole states, and pincode prefixes (1-6 digits). */
export interface RemoteAreas {
  states: string[];
  pincodePrefixes: string[];
}

/**
 * The remote areas a new shop starts with: the north-eastern states, Jammu and Kashmir,
 * Ladakh, the Andaman and Nicobar Islands and Lakshadweep (names as India Post writes them).
 */
export const DEFAULT_REMOTE_AREAS: RemoteAreas = {
  states: [
    'Arunachal Pradesh',
    'Assam',
    'Manipur',
    'Meghalaya',
    'Mizoram',
    'Nagaland',
    'Sikkim',
    'Tripura',
    'Jammu and Kashmir',
    'Ladakh',
    'Andaman and Nicobar Islands',
    'Lakshadweep',
  ],
  pincodePrefixes: [],
};

const normalise = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]+/g, ' ')
    .trim();

/**
 * The zone of a delivery: 'remote' when its state or pincode prefix is on the remote list;
 * 'local' in the pickup's own district (Rajkot) and state; 'state' elsewhere in the pickup's
 * state (rest of Gujarat); 'national' elsewhere. State and district names compare ignoring case,
 * punctuation and '&' for 'and'.
 */
export function zoneOf(
  pickup: PincodePlace,
  delivery: { pincode: string; place: PincodePlace },
  remote: RemoteAreas,
): ShippingZone {
  const state = normalise(delivery.place.state);
  if (
    remote.states.some((name) => normalise(name) === state) ||
    remote.pincodePrefixes.some((prefix) => prefix !== '' && delivery.pincode.startsWith(prefix))
  ) {
    return 'remote';
  }
  if (state !== normalise(pickup.state)) return 'national';
  return normalise(delivery.place.district) === normalise(pickup.district) ? 'local' : 'state';
}

/**
 * The charge in paise of a parcel of `weightGrams` in a zone: the first slab whose `upToGrams`
 * holds it; above the last slab, the last slab's charge plus `extraPer500gPaise` for every
 * started 500 g beyond it.
 * @throws RangeError for a weight that is not a positive whole number or a zone without slabs.
 */
export function chargeFor(tariff: ZoneTariff, weightGrams: number): number {
  if (!Number.isInteger(weightGrams) || weightGrams < 1) {
    throw new RangeError('weight must be a positive whole number of grams');
  }
  const slabs = [...tariff.slabs].sort((a, b) => a.upToGrams - b.upToGrams);
  const last = slabs.at(-1);
  if (!last) throw new RangeError('the zone has no weight slabs');
  const slab = slabs.find((candidate) => weightGrams <= candidate.upToGrams);
  if (slab) return slab.chargePaise;
  return (
    last.chargePaise + Math.ceil((weightGrams - last.upToGrams) / 500) * tariff.extraPer500gPaise
  );
}

/** The local tariff with the remote list: what the local provider reads for every quote. */
export interface LocalTariffWithAreas extends LocalTariff {
  remote: RemoteAreas;
}
