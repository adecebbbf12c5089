/**
 * The checkout form (SPEC.md section 5 "Checkout": seven required fields), checked in the
 * browser and again by the action with the same schema: Indian mobile numbers, six-digit PIN
 * codes and states and union territories from a fixed list. A business may add its GSTIN and
 * the legal name registered for it (issue 29 item 4: optional, checked by `gstinProblem`;
 * whether its state is the delivery's is `gstinStateProblem` in `features/invoices/tax`).
 */
import { INDIAN_STATES } from '~/lib/indian-states';
import * as z from 'zod/mini';
import { gstinProblem } from '~/features/invoices/gstin';
import {
  emailSchema,
  indianMobileSchema,
  personNameSchema,
} from '~/features/customers/contact-fields';

const text = (missing: string, max: number, label: string) =>
  z
    .string(missing)
    .check(
      z.trim(),
      z.minLength(1, missing),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

/** The delivery and contact details of an order. */
export const checkoutSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  phone: indianMobileSchema,
  address: text('Please enter your address', 300, 'Address'),
  city: text('Please enter your city', 80, 'City'),
  state: z.enum(INDIAN_STATES, 'Please choose your state'),
  pincode: z
    .string('Please enter a 6-digit PIN code')
    .check(z.trim(), z.regex(/^[1-9]\d{5}$/, 'Please enter a 6-digit PIN code')),
  /** A registered buyer's GSTIN, upper case; '' or absent for a consumer. */
  gstin: z.optional(
    z.pipe(
      z.string('Please enter a GSTIN or leave it empty').check(z.trim(), z.toUpperCase()),
      z.string().check(
        z.refine((value) => value === '' || gstinProblem(value) === null, {
          error: (issue) => gstinProblem(String(issue.input)) ?? 'Please check the GSTIN',
        }),
      ),
    ),
  ),
  /** The legal name registered for the GSTIN (the name on the order when empty). */
  gstinName: z.optional(
    z
      .string('Please enter the legal name or leave it empty')
      .check(z.trim(), z.maxLength(200, 'Legal name must be at most 200 characters')),
  ),
  /**
   * Issue 32 item 2: 'ship' to the address above, or 'pickup' (collect from the shop in
   * Rajkot, free); absent means ship.
   */
  delivery: z.optional(
    z.enum(['ship', 'pickup'], 'Please choose "Ship to this address" or "Collect from the shop"'),
  ),
});

export type CheckoutField = keyof z.input<typeof checkoutSchema>;
export type CheckoutDetails = z.output<typeof checkoutSchema>;
export const checkoutFields: CheckoutField[] = [
  'name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'pincode',
  'gstin',
  'gstinName',
  'delivery',
];
