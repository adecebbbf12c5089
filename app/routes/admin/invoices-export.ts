import { requirePermission } from '~/features/account/session.server';
import { invoiceRegisterCsv, registerPeriodFrom } from '~/features/admin/invoices/invoices.server';
import { periodParam } from '~/features/invoices/register-period';
import type { Route } from './+types/invoices-export';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/**
 * GET /admin/invoices/export.csv?period=2026-11: the invoice register of a month, quarter
 * or financial year (`registerPeriodFrom`: all years without one, 400 for a period it cannot
 * read) as CSV for the accountant. Administrators only; never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/invoices/export.csv']);
  const period = registerPeriodFrom(new URL(request.url).searchParams);
  const csv = await invoiceRegisterCsv(context.db, period);
  const name = period.kind === 'all' ? 'all-years' : periodParam(period);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="invoice-register-${name}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
