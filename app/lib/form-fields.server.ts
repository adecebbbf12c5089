/**
 * zod pieces the back office's form schemas share (issue "Back office": every action parses its
 * input with zod). Form values arrive as strings; a repeated name arrives as an array.
 */
import * as z from 'zod';
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
