import { useLoaderData } from 'react-router';
import { requireAdmin } from '~/features/account/session.server';
import { DashboardScreen } from '~/features/admin/dashboard/dashboard-screen';
import { dashboardFigures } from '~/features/admin/dashboard/dashboard.server';
import { recentFailedJobs } from '~/features/admin/shared/failed-jobs.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/dashboard';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Admin Dashboard', rootMetaData(matches).settings.shopName);

/**
 * /admin: today's, the last 7 days' and the last 30 days' orders, paid revenue, new customers
 * and messages; the latest orders and messages; the catalogue's size; the latest jobs that
 * failed for good, with their reasons (issue 28 item 3). Administrators only
 * (checked again here, as in every admin loader).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const [figures, failedJobs] = await Promise.all([
    dashboardFigures(context.db, new Date()),
    recentFailedJobs(context.db),
  ]);
  return { adminName: admin.name, figures, failedJobs };
}

export default function AdminDashboard() {
  return <DashboardScreen {...useLoaderData<typeof loader>()} />;
}
