import { requirePermission } from '~/features/account/session.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import {
  ADMIN_MEDIA_PAGE_SIZE,
  listAdminMedia,
  mediaHandlers,
} from '~/features/admin/media/media.server';
import { MediaScreen, mediaKindFromSearch } from '~/features/admin/media/media-screen';
import { pageCount, pageFromSearch } from '~/features/admin/shared/paging';
import { listProductCategoryOptions } from '~/features/admin/catalogue/products.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/media';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Media', rootMetaData(matches).settings.shopName);

/**
 * /admin/media (issue "Back office" item 4): the gallery's images and videos, newest first,
 * 24 a page (`?page=`), of one kind (`?type=images|videos`) and matching `?q=`.
 * Administrators only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/media']);
  const search = new URL(request.url).searchParams;
  const kind = mediaKindFromSearch(search);
  const q = (search.get('q') ?? '').trim().slice(0, 100);
  const page = pageFromSearch(search);
  const [result, options] = await Promise.all([
    listAdminMedia(context.db, { page, kind, q }),
    listProductCategoryOptions(context.db),
  ]);
  return {
    ...result,
    kind,
    q,
    page,
    pages: pageCount(result.total, ADMIN_MEDIA_PAGE_SIZE),
    options,
  };
}

/**
 * The screen's actions by `intent` (upload-media, save-media, delete-media); each checks the
 * role first. Uploads from the screen go to /admin/media/upload, which answers JSON.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    mediaHandlers(context.db, context.storage),
    ACTION_PERMISSIONS['/admin/media'],
  );
}

export default function AdminMedia({ loaderData }: Route.ComponentProps) {
  return <MediaScreen {...loaderData} />;
}
