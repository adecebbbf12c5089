import { getSessionUser } from '~/features/account/session.server';
import { privatePhotoResponse } from '~/features/media/private-photos.server';
import { readReturnPhoto } from '~/features/returns/returns.server';
import type { Route } from './+types/account.return-photo';

/**
 * GET /account/return-photos/:id: a photo the signed-in shopper sent with a return request of
 * their own order (issue 32 item 7). A visitor, another shopper, an unknown id: the same 404;
 * never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  return privatePhotoResponse(
    user
      ? await readReturnPhoto(context.db, context.storage, params.id, { userId: user.id })
      : null,
  );
}
