import { data } from 'react-router';
import { handleCartRequest } from '~/features/cart/cart-api.server';
import { getCart } from '~/features/cart/cart.server';
import { getSessionUser } from '~/features/account/session.server';
import type { Route } from './+types/api.cart';

/** GET /api/cart: the signed-in shopper's cart, priced; `{ cart: null }` for guests. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  return data(
    { cart: user ? await getCart(context.db, user.id) : null },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

/** POST /api/cart: price lines (anyone) or change the stored cart (signed in). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleCartRequest(request, context);
}
