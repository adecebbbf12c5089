import { requirePermission } from '~/features/account/session.server';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { BoardScreen } from '~/features/admin/workshop/board-screen';
import { boardHandlers, loadBoardPage } from '~/features/admin/workshop/board.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/workshop-board';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Production board', rootMetaData(matches).settings.shopName);

/**
 * /admin/workshop, the production board (issue 31 item 3): a column per stage, a card per
 * garment, filtered by `?person=` ('me', 'none' or a staff id), `?garment=` (a garment type)
 * and `?week=` (an ISO week, '2026-W48'); a bad filter answers 400. Administrators only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requirePermission(request, context, PAGE_PERMISSIONS['/admin/workshop']);
  return loadBoardPage(context.db, admin, new URL(request.url));
}

/**
 * Moves a card (`intent` move-ticket: `garmentId`, `toStage`, `version`); a lost race answers
 * 409 "Someone else moved this garment just now…". The role is checked first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    boardHandlers({
      db: context.db,
      site: async () => ({
        publicUrl: context.env.PUBLIC_URL,
        linkSecret: context.linkSecret,
        shopName: (await context.catalogue.settings()).shopName,
      }),
    }),
    ACTION_PERMISSIONS['/admin/workshop'],
  );
}

export default function AdminWorkshopBoard({ loaderData }: Route.ComponentProps) {
  return <BoardScreen {...loaderData} />;
}
