import { runAdminJsonAction } from '~/features/admin/admin-action.server';
import { mediaHandlers } from '~/features/admin/media.server';
import type { Route } from './+types/media-upload';

/**
 * POST /admin/media/upload: one gallery file (intent 'upload-media') sent by the media screen
 * with XMLHttpRequest, so it can show the upload's progress. Answers the outcome as JSON with
 * its status: 401/403 for anyone but an administrator, 4xx with a message for a refused file.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { 'upload-media': upload } = mediaHandlers(context.db, context.storage);
  return runAdminJsonAction(request, context, { 'upload-media': upload! });
}
