/**
 * The zod schema of an Indian delivery address (issue 32 item 1): line 1 (field `address`), an
 * optional line 2 and landmark, a six-digit PIN code, city, district and state. Read by the
 * checkout's `checkoutSchema` and the address book's actions; the rules that need no zod
 * (`pincodeProblem`, `districtFor`, `addressLines`) are in `indian-address.ts`.
 */
import * as z from 'zod/mini';
import { INDIAN_STATES } from '~/lib/indian-states';

const text = (missing: string, max: number, label: string) =>
  z
    .string(missing)
    .check(
      z.trim(),
      z.minLength(1, missing),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

const optionalText = (max: number, label: string) =>
  z.optional(
    z
      .string(`Please enter the ${label.toLowerCase()} or leave it empty`)
      .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)),
  );

/** A six-digit Indian PIN code (no leading zero), spaces around it ignored. */
export const pincodeSchema = z
  .string('Please enter a 6-digit PIN code')
  .check(z.trim(), z.regex(/^[1-9]\d{5}$/, 'Please enter a 6-digit PIN code'));

/**
 * The fields of an Indian address, to spread into an object schema. `district` may be empty:
 * the server fills it from the PIN code (and corrects one the PIN code does not list).
 */
export const indianAddressShape = {
  /** Line 1: house, building, street. */
  address: text('Please enter your address', 300, 'Address line 1'),
  addressLine2: optionalText(200, 'Address line 2'),
  landmark: optionalText(100, 'Landmark'),
  pincode: pincodeSchema,
  city: text('Please enter your city', 80, 'City'),
  district: optionalText(80, 'District'),
  state: z.enum(INDIAN_STATES, 'Please choose your state'),
};

/** An Indian address on its own (the address book's form). */
export const indianAddressSchema = z.object(indianAddressShape);

export type IndianAddressField = keyof z.input<typeof indianAddressSchema>;
export type IndianAddress = z.output<typeof indianAddressSchema>;
