import { requirePermission } from '~/features/account/session.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { StyleOptionsScreen } from '~/features/admin/style-options/style-options-screen';
import {
  getStyleOptionsAdmin,
  styleOptionsHandlers,
} from '~/features/admin/style-options/style-options.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/style-options';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Style options', rootMetaData(matches).settings.shopName);

/** /admin/style-options (issue 21 item 1): options, pairs not made together, bespoke prices. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/style-options']);
  return getStyleOptionsAdmin(context.db, new URL(request.url).searchParams);
}

/**
 * Changes the catalogue (`intent` save-option, delete-option, add-conflict, remove-conflict,
 * save-prices); each checks the role first (runAdminAction).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    styleOptionsHandlers(context.db),
    ACTION_PERMISSIONS['/admin/style-options'],
  );
}

export default function AdminStyleOptions({ loaderData }: Route.ComponentProps) {
  return <StyleOptionsScreen {...loaderData} />;
}
