/**
 * zod pieces the back office's form schemas share (issue "Back office": every action parses its
 * input with zod). Form values arrive as strings; a repeated name arrives as an array.
 */
import * as z from 'zod';
import { readRupees } from '~/lib/money';
import { MAX_DB_INTEGER } from '~/lib/request-body.server';

/** A checkbox: 'on' or 'true' is checked; absent, '', or 'false' is not. */
export const checkboxField = z
  .union([z.literal('on'), z.literal('true'), z.literal('false'), z.literal('')])
  .optional()
  .transform((value) => value === 'on' || value === 'true');

/** A record's id: a positive whole number typed as a string; `message` when it is not one. */
export const idField = (message?: string) =>
  z.coerce.number<string>(message).int(message).positive(message).max(MAX_DB_INTEGER, message);

/** An optional id: '' or absent reads as null. */
export const optionalIdField = (message?: string) =>
  z
    .preprocess((value) => (value === '' ? undefined : value), idField(message).optional())
    .transform((value) => value ?? null);

/** A text field that a repeated name (an array) would otherwise break: its values joined. */
export const textField = (schema: z.ZodType<string, string>) =>
  z.preprocess(
    (value) => (Array.isArray(value) ? value.join(', ') : (value ?? '')),
    schema,
  ) as unknown as z.ZodType<string, unknown>;

/**
 * Rupees typed in a form ('450', '1,250.50', '₹ 99'), as integer paise, where '' or 0 means
 * none (0). `message` for anything else that is not an amount up to `maxPaise`.
 */
export const rupeesOrZeroField = (message: string, maxPaise: number) =>
  z
    .string(message)
    .optional()
    .transform((typed, context) => {
      const text = (typed ?? '').trim();
      if (text === '' || /^(₹\s*)?0*(\.0{0,2})?$/.test(text)) return 0;
      const reading = readRupees(text, maxPaise);
      if (!reading.ok) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return reading.paise;
    });

/** A whole number typed in a form, from `min` to `max` (at most 9 digits); `message` otherwise. */
export const wholeNumberField = (message: string, min: number, max: number) =>
  z
    .string(message)
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

/** An order's number from a back-office form; anything unusable reads as an unknown order. */
export const orderNumberField = z
  .string({ error: 'This order could not be found.' })
  .trim()
  .min(1, 'This order could not be found.')
  .max(40, 'This order could not be found.');
