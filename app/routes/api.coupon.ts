import { couponAction, couponLoader } from '~/features/storefront/cart-coupon.server';
import type { Route } from './+types/api.coupon';

/** GET /api/coupon: the signed-in shopper's applied code on their cart (issue 32 item 4). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return couponLoader(request, context);
}

/** POST /api/coupon: apply (`intent` apply-coupon, `code`) or remove (remove-coupon) a code. */
export async function action({ request, context }: Route.ActionArgs) {
  return couponAction(request, context);
}
