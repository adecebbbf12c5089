/**
 * The cart endpoint's rules (`/api/cart`): one zod schema for every request, the guard that
 * only pricing is open to guests, and the mapping of refusals to 4xx answers.
 */
import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { getSessionUser } from '../account/session.server';
import {
  addToCart,
  CartLineError,
  clearCart,
  getCart,
  mergeIntoCart,
  priceLines,
  removeFromCart,
  setCartQuantity,
} from './cart.server';
import { cartLineSchema, cartLinesSchema } from './lines';

/** What the browser may ask of /api/cart. */
export const cartRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('price'), lines: cartLinesSchema }),
  z.object({ action: z.literal('add'), line: cartLineSchema }),
  z.object({ action: z.literal('set'), line: cartLineSchema }),
  z.object({ action: z.literal('remove'), line: cartLineSchema }),
  z.object({ action: z.literal('clear') }),
  z.object({ action: z.literal('merge'), lines: cartLinesSchema }),
  z.object({ action: z.literal('replace'), lines: cartLinesSchema }),
]);

/** Reads a JSON body, or null when it is not JSON. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return null;
  }
}

/** The first message of a zod error, for a 400 answer. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'The request is not valid';
}

/**
 * Answers a cart request: `{ cart }` (priced) or `{ error }` with 400 (bad request), 401
 * (a guest changing a stored cart) or 422 (a line the catalogue cannot sell).
 */
export async function handleCartRequest(request: Request, context: AppLoadContext) {
  const parsed = cartRequestSchema.safeParse(await readJson(request));
  if (!parsed.success) return data({ error: firstIssue(parsed.error) }, { status: 400 });
  const body = parsed.data;
  const { db } = context;
  if (body.action === 'price') return data({ cart: await priceLines(db, body.lines) });
  const user = await getSessionUser(request, context);
  if (!user) return data({ error: 'Please sign in to keep your cart' }, { status: 401 });
  try {
    switch (body.action) {
      case 'add':
        await addToCart(db, user.id, body.line);
        break;
      case 'set':
        await setCartQuantity(db, user.id, body.line);
        break;
      case 'remove':
        await removeFromCart(db, user.id, body.line);
        break;
      case 'clear':
        await clearCart(db, user.id);
        break;
      case 'merge':
        await mergeIntoCart(db, user.id, body.lines);
        break;
      case 'replace':
        await clearCart(db, user.id);
        await mergeIntoCart(db, user.id, body.lines);
        break;
    }
  } catch (error) {
    if (error instanceof CartLineError) return data({ error: error.message }, { status: 422 });
    throw error;
  }
  return data({ cart: await getCart(db, user.id) });
}
