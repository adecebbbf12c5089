/**
 * The checkout form (SPEC.md section 5 "Checkout": seven required fields), checked in the
 * browser and again by the action with the same schema: Indian mobile numbers, and the
 * address of features/addresses (issue 32 item 1: line 1, line 2, landmark, PIN code, city,
 * district, state; the PIN code checked against India Post's directory by the action). A business may add its GSTIN and
 * the legal name registered for it (issue 29 item 4: optional, checked by `gstinProblem`;
 * whether its state is the delivery's is `gstinStateProblem` in `features/invoices/tax`).
 */
import { indianAddressShape } from '~/features/addresses/indian-address-schema';
import * as z from 'zod/mini';
import { gstinProblem } from '~/features/invoices/gstin';
import {
  emailSchema,
  indianMobileSchema,
  personNameSchema,
} from '~/features/customers/contact-fields';

/** The delivery and contact details of an order. */
export const checkoutSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  phone: indianMobileSchema,
  // Issue 32 item 1: line 1 (`address`), line 2, landmark, PIN code, city, district, state.
  ...indianAddressShape,
  /** 'on' to keep the address in the signed-in shopper's address book. */
  saveAddress: z.optional(z.enum(['on', ''], 'Please tick the box or leave it empty')),
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
  /**
   * Issue 32 item 3: 'online' (pay now) or 'cod' (cash on delivery, where offered: the server
   * decides the rules again); absent or '' (a form without the choice) means online.
   */
  payment: z.optional(
    z.enum(['online', 'cod', ''], 'Please choose "Pay online now" or "Cash on delivery"'),
  ),
});

export type CheckoutField = keyof z.input<typeof checkoutSchema>;
export type CheckoutDetails = z.output<typeof checkoutSchema>;
export const checkoutFields: CheckoutField[] = [
  'name',
  'email',
  'phone',
  'address',
  'addressLine2',
  'landmark',
  'pincode',
  'city',
  'district',
  'state',
  'saveAddress',
  'gstin',
  'gstinName',
  'delivery',
  'payment',
];
