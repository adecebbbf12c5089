import { requirePermission } from '~/features/account/session.server';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import { CalendarScreen } from '~/features/admin/workshop/calendar-screen';
import { loadCalendarPage } from '~/features/admin/workshop/calendar-page.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/workshop-calendar';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Delivery calendar', rootMetaData(matches).settings.shopName);

/**
 * /admin/workshop/calendar, the delivery calendar (issue 31 item 6): the trials, ready and
 * delivery dates of a day (`?view=day&date=YYYY-MM-DD`) or a week (`?view=week`, the default;
 * date default today in Kolkata), and the orders at risk of missing their promised date. Staff
 * who may read the board; a workshop member sees their own garments. A bad query answers 400.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(
    request,
    context,
    PAGE_PERMISSIONS['/admin/workshop/calendar'],
  );
  return loadCalendarPage(context.db, viewer, new URL(request.url));
}

export default function AdminWorkshopCalendar({ loaderData }: Route.ComponentProps) {
  return <CalendarScreen {...loaderData} />;
}
