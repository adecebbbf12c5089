import { useLoaderData } from 'react-router';
import { mayDo, requireStaff } from '~/features/account/session.server';
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
 * failed for good, with their reasons (issue 28 item 3). Every staff role lands here (issue 31
 * item 2); the figures and failed jobs only for a role that may read the dashboard (not the
 * workshop). Checked again here, as in every admin loader.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireStaff(request, context);
  if (!mayDo(admin, { dashboard: ['read'] })) {
    return { adminName: admin.name, figures: null, failedJobs: [] };
  }
  const [figures, failedJobs] = await Promise.all([
    dashboardFigures(context.db, new Date()),
    recentFailedJobs(context.db),
  ]);
  return { adminName: admin.name, figures, failedJobs };
}

export default function AdminDashboard() {
  return <DashboardScreen {...useLoaderData<typeof loader>()} />;
}
