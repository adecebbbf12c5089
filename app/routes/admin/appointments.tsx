import { useLoaderData } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import { AppointmentsScreen } from '~/features/admin/appointments/appointments-screen';
import {
  appointmentsScreen,
  runAppointmentAction,
} from '~/features/admin/appointments/appointments.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/appointments';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Appointments', rootMetaData(matches).settings.shopName);

/**
 * /admin/appointments: the day (`?view=day&date=`), week (`?view=week&date=`) and list
 * (`?view=list`, `page`, `status`, `type`) views of appointments in Asia/Kolkata, and the move
 * panel (`?move=<id>&moveDate=`). Administrators only; an unreadable query shows the default.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/appointments']);
  return appointmentsScreen(context.db, new URL(request.url).searchParams, new Date());
}

/**
 * Moves, cancels (with an optional message) or marks an appointment attended or no-show
 * (`intent` move-appointment, cancel-appointment, mark-attended, mark-no-show); the role is
 * checked first (runAdminAction) and the booking core writes the audit entry.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAppointmentAction(request, context, '/admin/appointments');
}

export default function AdminAppointments() {
  return <AppointmentsScreen {...useLoaderData<typeof loader>()} />;
}
