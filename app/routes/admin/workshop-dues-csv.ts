import { data } from 'react-router';
import { mayDo, requirePermission } from '~/features/account/session.server';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import { duesCsv, duesMonthOf, monthDues } from '~/features/workshop/wages.server';
import type { Route } from './+types/workshop-dues-csv';

/**
 * GET /admin/workshop/dues.csv?month=YYYY-MM (issue 31 item 8; this Kolkata month without
 * one, 400 for a month it cannot read): the month's dues per worker as CSV. The owner gets
 * every worker; a workshop member only their own line; the counter 403. Never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(
    request,
    context,
    PAGE_PERMISSIONS['/admin/workshop/dues.csv'],
  );
  const month = duesMonthOf(new URL(request.url).searchParams);
  if (month === null) {
    throw data('Please choose a month written YYYY-MM, from 2000 to 2099.', { status: 400 });
  }
  const all = mayDo(viewer, { wages: ['read'] });
  const dues = await monthDues(context.db, month, all ? null : viewer.id);
  return new Response(duesCsv(dues), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="workers-dues-${month}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
