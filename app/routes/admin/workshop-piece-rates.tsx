import { requirePermission } from '~/features/account/session.server';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import { adminHandler, runAdminAction } from '~/features/admin/shared/admin-action.server';
import { PieceRatesScreen } from '~/features/admin/workshop/piece-rates-screen';
import {
  pieceRatesFormSchema,
  pieceRatesView,
  savePieceRates,
} from '~/features/workshop/wages.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/workshop-piece-rates';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Piece rates', rootMetaData(matches).settings.shopName);

/**
 * /admin/workshop/piece-rates?worker=<id> (issue 31 item 8): a workshop worker's rate per
 * garment type and stage, in effect today, and their history. The owner only (`wages: read`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/workshop/piece-rates']);
  // An account id is letters, digits, '-' and '_'; anything else shows the first worker.
  const worker = new URL(request.url).searchParams.get('worker');
  return pieceRatesView(context.db, worker && /^[\w-]{1,100}$/.test(worker) ? worker : null);
}

/** Saves a worker's rates from a day (`intent` save-piece-rates); the role is checked first. */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    {
      'save-piece-rates': adminHandler(pieceRatesFormSchema, (input, admin) =>
        savePieceRates(context.db, admin, input),
      ),
    },
    ACTION_PERMISSIONS['/admin/workshop/piece-rates'],
  );
}

export default function AdminPieceRates({ loaderData }: Route.ComponentProps) {
  return <PieceRatesScreen view={loaderData} />;
}
