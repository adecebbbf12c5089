import { requirePermission } from '~/features/account/session.server';
import { ClientMeasurementsScreen } from '~/features/admin/measurements/client-measurements-screen';
import {
  getStaffUnit,
  measurementHandlers,
  openClientMeasurements,
} from '~/features/admin/measurements/measurements.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { listProfiles } from '~/features/measurements/measurements.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/client-measurements';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  privatePageMeta(
    loaderData ? `Measurements: ${loaderData.customer.name}` : 'Measurements',
    rootMetaData(matches).settings.shopName,
  );

/**
 * /admin/customers/:id/measurements: the client's profiles and the staff member's unit; the
 * read is audited. An unknown client answers 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requirePermission(
    request,
    context,
    PAGE_PERMISSIONS['/admin/customers/:id/measurements'],
  );
  const customer = await openClientMeasurements(context.db, admin, params.id, 'the measurements');
  const [profiles, unit] = await Promise.all([
    listProfiles(context.db, customer.id),
    getStaffUnit(context.db, admin.id),
  ]);
  return { customer, profiles, unit };
}

/** `intent` set-unit (`unit`); the role is checked first (runAdminAction). */
export async function action({ request, context, params }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    measurementHandlers(context.db, context.storage, params.id),
    ACTION_PERMISSIONS['/admin/customers/:id/measurements'],
  );
}

export default function AdminClientMeasurements({ loaderData }: Route.ComponentProps) {
  return <ClientMeasurementsScreen {...loaderData} />;
}
