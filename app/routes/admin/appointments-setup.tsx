import { requirePermission } from '~/features/account/session.server';
import { BookingSetupScreen } from '~/features/admin/booking-setup/booking-setup-screen';
import {
  bookingSetupHandlers,
  getBookingSetup,
} from '~/features/admin/booking-setup/booking-setup.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/appointments-setup';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Booking setup', rootMetaData(matches).settings.shopName);

/** /admin/appointments/setup (issue 20 item 2): appointment types, closures, booking rules. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/appointments/setup']);
  return getBookingSetup(context.db);
}

/**
 * Changes the setup (`intent` save-type, add-closure, remove-closure, save-rules); each checks
 * the role first (runAdminAction).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    bookingSetupHandlers(context.db),
    ACTION_PERMISSIONS['/admin/appointments/setup'],
  );
}

export default function AdminBookingSetup({ loaderData }: Route.ComponentProps) {
  return <BookingSetupScreen {...loaderData} />;
}
