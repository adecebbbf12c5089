/**
 * The contact fields every form about a person shares (checkout, booking, the back office's
 * customer records), checked in the browser and again on the server with the same schemas
 * (zod/mini, so the browser gets the small build). Phones are Indian mobiles, stored in E.164
 * as +91 and ten digits.
 */
import * as z from 'zod/mini';

const PHONE_MESSAGE = 'Please enter a 10-digit Indian mobile number';
const EMAIL_MESSAGE = 'Please enter a valid email address';

/**
 * An Indian mobile number as people write it ('98250 12345', '+91-9825012345', '09825012345')
 * to E.164 ('+919825012345'). Refused with 'Please enter a 10-digit Indian mobile number'.
 */
export const indianMobileSchema = z.pipe(
  z
    .string(PHONE_MESSAGE)
    .check(z.trim(), z.regex(/^(?:\+?91[\s-]?)?0?[6-9]\d{4}[\s-]?\d{5}$/, PHONE_MESSAGE)),
  z.transform((value) => `+91${value.replace(/\D/g, '').slice(-10)}`),
);

/** An e-mail address, trimmed and lower-cased; at most 254 characters. */
export const emailSchema = z
  .string(EMAIL_MESSAGE)
  .check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(254, 'Email must be at most 254 characters'),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, EMAIL_MESSAGE),
  );

/** A person's name: 1 to 100 characters after trimming. */
export const personNameSchema = z
  .string('Please enter your full name')
  .check(
    z.trim(),
    z.minLength(1, 'Please enter your full name'),
    z.maxLength(100, 'Name must be at most 100 characters'),
  );

/** An E.164 Indian mobile for reading: '+919825012345' -> '+91 98250 12345'. */
export function formatIndianMobile(e164: string): string {
  const digits = e164.replace(/^\+91/, '');
  return digits.length === 10 ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : e164;
}
