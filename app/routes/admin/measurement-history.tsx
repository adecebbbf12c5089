import { requirePermission } from '~/features/account/session.server';
import { MeasurementHistoryScreen } from '~/features/admin/measurements/measurement-history-screen';
import {
  garmentParam,
  getStaffUnit,
  measurementHandlers,
  openClientMeasurements,
} from '~/features/admin/measurements/measurements.server';
import { runAdminAction, type AdminOutcome } from '~/features/admin/shared/admin-action.server';
import { getProfileHistory } from '~/features/measurements/measurements.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/measurement-history';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Measurement history', rootMetaData(matches).settings.shopName);

/**
 * /admin/customers/:id/measurements/:garment: every version with its changes and the photos;
 * the read is audited. An unknown client or garment, or one never measured, answers 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requirePermission(
    request,
    context,
    PAGE_PERMISSIONS['/admin/customers/:id/measurements/:garment'],
  );
  const garment = garmentParam(params.garment);
  const customer = await openClientMeasurements(
    context.db,
    admin,
    params.id,
    `the ${garment} measurement history`,
  );
  const [history, unit] = await Promise.all([
    getProfileHistory(context.db, customer.id, garment),
    getStaffUnit(context.db, admin.id),
  ]);
  if (!history) throw new Response('Not measured yet', { status: 404 });
  const saved = new URL(request.url).searchParams.get('saved');
  return {
    customer,
    history,
    unit,
    saved: saved && /^\d{1,7}$/.test(saved) ? Number(saved) : null,
  };
}

/** `intent` confirm-measurements (`garment`, `version`) or set-unit; role checked first. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    measurementHandlers(context.db, context.storage, params.id),
    ACTION_PERMISSIONS['/admin/customers/:id/measurements/:garment'],
  );
}

export default function AdminMeasurementHistory({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MeasurementHistoryScreen {...loaderData} outcome={actionData as AdminOutcome | undefined} />
  );
}
