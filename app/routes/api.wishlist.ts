import { data } from 'react-router';
import { z } from 'zod';
import { getSessionUser } from '~/features/account/session.server';
import { applyChangeOnce, changeIdField } from '~/lib/applied-changes.server';
import { MAX_DB_INTEGER, parseJsonRequest } from '~/lib/request-body.server';
import {
  addToWishlist,
  clearWishlist,
  getWishlistIds,
  MAX_WISHLIST_ITEMS,
  removeFromWishlist,
} from '~/features/wishlist/wishlist.server';
import type { Route } from './+types/api.wishlist';

const productId = z.number().int().positive().max(MAX_DB_INTEGER, 'Unknown product');
const wishlistRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('add'), productId, changeId: changeIdField }),
  z.object({ action: z.literal('remove'), productId, changeId: changeIdField }),
  z.object({ action: z.literal('clear'), changeId: changeIdField }),
  z.object({
    action: z.literal('merge'),
    productIds: z.array(productId).max(MAX_WISHLIST_ITEMS),
    changeId: changeIdField,
  }),
]);

/** GET /api/wishlist: the signed-in shopper's saved product ids; `{ ids: null }` for guests. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  return data(
    { ids: user ? await getWishlistIds(context.db, user.id) : null },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

/**
 * POST /api/wishlist: add, remove, clear or merge a guest's list (signed in only), answered
 * with the saved ids. A change sent again with the same `changeId` is applied once (issue 36).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseJsonRequest(request, wishlistRequest);
  if (!parsed.ok) return data({ error: parsed.error }, { status: parsed.status });
  const user = await getSessionUser(request, context);
  if (!user) return data({ error: 'Please sign in to keep a wishlist' }, { status: 401 });
  const body = parsed.data;
  await applyChangeOnce(context.db, user.id, body.changeId, async (db) => {
    if (body.action === 'add') await addToWishlist(db, user.id, [body.productId]);
    if (body.action === 'merge') await addToWishlist(db, user.id, body.productIds);
    if (body.action === 'remove') await removeFromWishlist(db, user.id, body.productId);
    if (body.action === 'clear') await clearWishlist(db, user.id);
  });
  return data({ ids: await getWishlistIds(context.db, user.id) });
}
