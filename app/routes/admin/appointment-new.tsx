import { useLoaderData } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import { NewAppointmentScreen } from '~/features/admin/appointments/new-appointment-screen';
import {
  newAppointmentScreen,
  runAppointmentAction,
} from '~/features/admin/appointments/appointments.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/appointment-new';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Book an appointment', rootMetaData(matches).settings.shopName);

/**
 * /admin/appointments/new: booking for a phone or walk-in customer. `?type=` (a type's key),
 * `?date=`, `?q=` (a client search) and `?customer=` (the chosen client) pick what the form
 * shows. Administrators only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/appointments/new']);
  return newAppointmentScreen(context.db, new URL(request.url).searchParams, new Date());
}

/**
 * Books the appointment (`intent` book-appointment) for a chosen client or a new one; the
 * role is checked first (runAdminAction). A slot just taken answers 409 with the next times.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAppointmentAction(request, context, '/admin/appointments/new');
}

export default function AdminNewAppointment() {
  return <NewAppointmentScreen {...useLoaderData<typeof loader>()} />;
}
