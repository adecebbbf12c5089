import { runAdminJsonAction } from '~/features/admin/shared/admin-action.server';
import { ACTION_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import { mediaHandlers } from '~/features/admin/media/media.server';
import type { Route } from './+types/media-upload';

/**
 * POST /admin/media/upload: one gallery file (intent 'upload-media') sent by the media screen
 * with XMLHttpRequest, so it can show the upload's progress. Answers the outcome as JSON with
 * its status: 401/403 for anyone but an administrator, 4xx with a message for a refused file.
 */
/** GET is not a thing here: 405, naming the method that is. */
export function loader() {
  return new Response('This address takes uploads (POST) only.', {
    status: 405,
    headers: { Allow: 'POST', 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { 'upload-media': upload } = mediaHandlers(context.db, context.storage);
  return runAdminJsonAction(
    request,
    context,
    { 'upload-media': upload! },
    ACTION_PERMISSIONS['/admin/media/upload'],
  );
}
