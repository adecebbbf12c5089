/**
 * The cart endpoint's rules (`/api/cart`): one zod schema for every request, the guard that
 * only pricing is open to guests, and the mapping of refusals to 4xx answers.
 */
import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { applyChangeOnce, changeIdField } from '~/lib/applied-changes.server';
import { parseJsonRequest } from '~/lib/request-body.server';
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
import { cartLineSchema, keepValidLines } from './line-schema';
import { MAX_CART_LINES } from './lines';

/** Lines a browser kept: checked one by one (`keepValidLines`), at most this many read. */
const keptLines = z.array(z.unknown()).max(4 * MAX_CART_LINES, 'This cart has too many lines');

/**
 * What the browser may ask of /api/cart. There is no 'replace' (empty the stored cart, then
 * write the browser's copy): a stale copy erased lines the server had taken meanwhile (issue 36
 * item 1); a change the browser kept is sent again as itself instead.
 */
const cartRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('price'), lines: keptLines }),
  z.object({ action: z.literal('add'), line: cartLineSchema, changeId: changeIdField }),
  z.object({ action: z.literal('set'), line: cartLineSchema, changeId: changeIdField }),
  z.object({ action: z.literal('remove'), line: cartLineSchema, changeId: changeIdField }),
  z.object({ action: z.literal('clear'), changeId: changeIdField }),
  z.object({ action: z.literal('merge'), lines: keptLines, changeId: changeIdField }),
]);

/**
 * Answers a cart request: `{ cart, dropped }` (priced; `dropped` counts the lines of a kept
 * cart that were not valid and were left out; a change sent again with the same `changeId` is
 * applied once, issue 36 item 1) or `{ error }` with 400 (bad request), 401
 * (a guest changing a stored cart) or 422 (a line the catalogue cannot sell).
 */
export async function handleCartRequest(request: Request, context: AppLoadContext) {
  const parsed = await parseJsonRequest(request, cartRequestSchema);
  if (!parsed.ok) return data({ error: parsed.error }, { status: parsed.status });
  const body = parsed.data;
  const { db } = context;
  // A kept cart's bad lines are dropped and counted, so the rest is still priced or merged.
  const kept = 'lines' in body ? keepValidLines(body.lines) : { lines: [], dropped: 0 };
  if (body.action === 'price') {
    return data({ cart: await priceLines(db, kept.lines), dropped: kept.dropped });
  }
  const user = await getSessionUser(request, context);
  if (!user) return data({ error: 'Please sign in to keep your cart' }, { status: 401 });
  try {
    await applyChangeOnce(db, user.id, body.changeId, async (tx) => {
      switch (body.action) {
        case 'add':
          return addToCart(tx, user.id, body.line);
        case 'set':
          return setCartQuantity(tx, user.id, body.line);
        case 'remove':
          return removeFromCart(tx, user.id, body.line);
        case 'clear':
          return clearCart(tx, user.id);
        case 'merge':
          return mergeIntoCart(tx, user.id, kept.lines);
      }
    });
  } catch (error) {
    if (error instanceof CartLineError) return data({ error: error.message }, { status: 422 });
    throw error;
  }
  return data({ cart: await getCart(db, user.id), dropped: kept.dropped });
}
