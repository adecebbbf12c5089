import { getSessionUser, mayDo } from '~/features/account/session.server';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import { privatePhotoResponse } from '~/features/media/private-photos.server';
import { readReturnPhoto } from '~/features/returns/returns.server';
import type { Route } from './+types/return-photo';

/**
 * GET /admin/return-photos/:id: a photo a shopper sent with a return request (issue 32 item 7),
 * for staff who may read orders. Anyone else, an unknown id and a file gone from storage all
 * answer the same 404; never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  return privatePhotoResponse(
    user && mayDo(user, PAGE_PERMISSIONS['/admin/return-photos/:id'])
      ? await readReturnPhoto(context.db, context.storage, params.id, { staff: true })
      : null,
  );
}
