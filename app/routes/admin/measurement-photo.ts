import { getSessionUser, mayDo } from '~/features/account/session.server';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import { readMeasurementPhoto } from '~/features/measurements/measurements.server';
import { privatePhotoResponse } from '~/features/media/private-photos.server';
import type { Route } from './+types/measurement-photo';

/**
 * GET /admin/measurement-photos/:id: a private fitting photo, for staff who may read
 * measurements (issue 31 item 2). Anyone else, an unknown id and a file gone from storage all
 * answer the same 404; never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  return privatePhotoResponse(
    user && mayDo(user, PAGE_PERMISSIONS['/admin/measurement-photos/:id'])
      ? await readMeasurementPhoto(context.db, context.storage, params.id, { admin: true })
      : null,
  );
}
