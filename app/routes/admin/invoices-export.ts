import { requireAdmin } from '~/features/account/session.server';
import { invoiceRegisterCsv, yearParam } from '~/features/admin/invoices/invoices.server';
import type { Route } from './+types/invoices-export';

/**
 * GET /admin/invoices/export.csv?year=2026-27: the invoice register of a financial year (all
 * years without one) as CSV for the accountant. Administrators only; never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const year = yearParam(new URL(request.url).searchParams.get('year'));
  const csv = await invoiceRegisterCsv(context.db, year);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="invoice-register-${year ?? 'all-years'}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
