/**
 * The address book's form (issue 32 item 1, /account/addresses): each intent and its fields,
 * parsed with zod in the action. A label (Home, Office, …) and the address of
 * `indianAddressShape`; edit, delete and make-default name the address by its id.
 */
import * as z from 'zod/mini';
import { indianAddressShape } from './indian-address-schema';

/** Largest id a form may name (an `integer` column). */
const MAX_ID = 2_147_483_647;

const addressId = z.coerce
  .number('Address not found')
  .check(
    z.int('Address not found'),
    z.positive('Address not found'),
    z.lte(MAX_ID, 'Address not found'),
  );

const label = z
  .string('Please name the address, e.g. Home or Office')
  .check(
    z.trim(),
    z.minLength(1, 'Please name the address, e.g. Home or Office'),
    z.maxLength(40, 'Label must be at most 40 characters'),
  );

/** The address book's intents. */
export const addressBookSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add-address'), label, ...indianAddressShape }),
  z.object({ intent: z.literal('edit-address'), id: addressId, label, ...indianAddressShape }),
  z.object({ intent: z.literal('delete-address'), id: addressId }),
  z.object({ intent: z.literal('make-default-address'), id: addressId }),
]);

/** The fields every intent may read ('' when missing). */
export const addressBookFields = [
  'intent',
  'id',
  'label',
  'address',
  'addressLine2',
  'landmark',
  'pincode',
  'city',
  'district',
  'state',
] as const;
