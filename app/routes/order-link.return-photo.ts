import { linkedOrder } from '~/features/orders/order-link.server';
import { privatePhotoResponse } from '~/features/media/private-photos.server';
import { readReturnPhoto } from '~/features/returns/returns.server';
import type { Route } from './+types/order-link.return-photo';

/**
 * GET /o/:token/return-photos/:id: a photo sent with a return request of the order a signed
 * link opens (a guest's order, issue 32 item 7). A bad, expired or revoked token, a photo of
 * another order, an unknown id: the same 404; never cached.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const order = await linkedOrder(context.db, context.linkSecret, params.token.slice(0, 80));
  return privatePhotoResponse(
    order
      ? await readReturnPhoto(context.db, context.storage, params.id, { orderId: order.id })
      : null,
  );
}
