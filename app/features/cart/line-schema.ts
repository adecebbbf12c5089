/**
 * The zod schemas of cart lines from a browser (SPEC.md section 4 "Cart", section 9): the
 * server checks every line an API call sends, and the browser checks a cart it kept in local
 * storage. Apart from `lines.ts` so the cart's rules reach every page without zod, which the
 * browser loads only when there is a stored cart to check (issue 19 item 2).
 */
import * as z from 'zod/mini';
import {
  MAX_CART_LINES,
  MAX_LENGTH_CM,
  MAX_LINE_QUANTITY,
  MAX_PRODUCT_ID,
  type CartLine,
} from './lines';

const option = z.string().check(z.trim(), z.maxLength(40, 'Size or colour is too long'));

/** One line from the browser: refuses 0, negative, fractional and huge quantities. */
export const cartLineSchema = z.object({
  productId: z
    .int('Unknown product')
    .check(z.positive('Unknown product'), z.maximum(MAX_PRODUCT_ID, 'Unknown product')),
  size: z._default(option, ''),
  color: z._default(option, ''),
  /** Centimetres of a cut (issue 29 item 2); 0 for a piece. Checked against the product later. */
  lengthCm: z._default(
    z
      .int('Length must be whole centimetres')
      .check(
        z.minimum(0, 'Length cannot be negative'),
        z.maximum(MAX_LENGTH_CM, `Length must be at most ${MAX_LENGTH_CM / 100} m`),
      ),
    0,
  ),
  quantity: z
    .int('Quantity must be a whole number')
    .check(
      z.minimum(1, 'Quantity must be at least 1'),
      z.maximum(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
    ),
});

/** A whole cart from the browser (a guest cart being priced or merged). */
export const cartLinesSchema = z
  .array(cartLineSchema)
  .check(z.maxLength(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} lines`));

/**
 * The valid lines among those a browser kept (local storage can hold an old or tampered cart):
 * each is checked on its own, so one bad line (a quantity of 99, a missing product id) is
 * dropped instead of refusing the whole cart, and lines past `MAX_CART_LINES` are dropped too
 * (issue 17 item 10).
 * @returns the valid lines, in order, and how many were dropped.
 */
export function keepValidLines(values: readonly unknown[]): { lines: CartLine[]; dropped: number } {
  const lines: CartLine[] = [];
  for (const value of values) {
    const parsed = cartLineSchema.safeParse(value);
    if (parsed.success && lines.length < MAX_CART_LINES) lines.push(parsed.data);
  }
  return { lines, dropped: values.length - lines.length };
}
