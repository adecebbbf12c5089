/**
 * The contact fields every form about a person shares (checkout, booking, the back office's
 * customer records), checked in the browser and again on the server with the same schemas
 * (zod/mini, so the browser gets the small build). Phones are Indian mobiles, stored in E.164
 * as +91 and ten digits, read by the one phone rule (`phone.ts`, libphonenumber-js).
 */
import * as z from 'zod/mini';
import { INDIAN_MOBILE_MESSAGE, parseIndianMobile } from './phone';

export { formatIndianMobile } from './phone';

const EMAIL_MESSAGE = 'Please enter a valid email address';

/**
 * An Indian mobile number as people write it ('98250 12345', '+91-9825012345', '09825012345')
 * to E.164 ('+919825012345'), by `parseIndianMobile`. Refused with 'Please enter a 10-digit
 * Indian mobile number'.
 */
export const indianMobileSchema = z.pipe(
  z.string(INDIAN_MOBILE_MESSAGE).check(
    z.maxLength(30, INDIAN_MOBILE_MESSAGE),
    z.refine((value) => parseIndianMobile(value) !== null, INDIAN_MOBILE_MESSAGE),
  ),
  z.transform((value) => parseIndianMobile(value)!),
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
