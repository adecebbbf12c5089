/**
 * The booking page's details form (issue 20 item 2, `/book`): what a guest or a signed-in
 * shopper must give, as zod/mini schemas. Only the action reads them; they are apart from
 * `booking-form.ts`, which the page's script imports, so that script does not carry the phone
 * rule (`features/customers/phone.ts`, libphonenumber-js).
 */
import * as z from 'zod/mini';
import {
  emailSchema,
  indianMobileSchema,
  personNameSchema,
} from '~/features/customers/contact-fields';
import { NOTES_MAX } from './booking-form';

const notesSchema = z
  .string()
  .check(z.trim(), z.maxLength(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`));

/** The details a guest gives: name, Indian mobile, e-mail, optional notes. */
export const guestBookingSchema = z.object({
  name: personNameSchema,
  phone: indianMobileSchema,
  email: emailSchema,
  notes: notesSchema,
});

/** The details a signed-in shopper gives (their e-mail is their account's). */
export const shopperBookingSchema = z.object({
  name: personNameSchema,
  phone: indianMobileSchema,
  notes: notesSchema,
});

/** The fields of the details form. */
export type BookingField = 'name' | 'phone' | 'email' | 'notes' | 'time';

/** The fields the details form posts besides the step's hidden ones. */
export const BOOKING_FIELDS: readonly BookingField[] = ['name', 'phone', 'email', 'notes', 'time'];
