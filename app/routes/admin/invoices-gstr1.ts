import { data } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import { registerPeriodFrom } from '~/features/admin/invoices/invoices.server';
import { GSTR1_SHEETS, type Gstr1Sheet } from '~/features/invoices/gstr1';
import { gstr1Csv, gstr1Data, gstr1PortalJson } from '~/features/invoices/gstr1.server';
import { periodParam } from '~/features/invoices/register-period';
import type { Route } from './+types/invoices-gstr1';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The refusal of a period GSTR-1 is not filed for. */
const NOT_A_RETURN_PERIOD =
  'GSTR-1 is filed for a month or a quarter: please choose a month (2026-11) or a quarter (2026-27-Q3).';

/**
 * GET /admin/invoices/gstr1/:file?period=2026-11 (issue 29 item 4): one file of the GSTR-1
 * data of a month or quarter: `b2b.csv`, `b2cl.csv`, `b2cs.csv`, `cdnr.csv`, `cdnur.csv`,
 * `at.csv`, `atadj.csv` (advances for services, issue 29 item 1), `hsn-b2b.csv`,
 * `hsn-b2c.csv`, `docs.csv` (the GST offline tool's sheets) or `gstr1.json`
 * (the portal's JSON). Administrators only; never cached. An unknown file answers 404; a
 * period that is not a month or a quarter, or that cannot be read, 400 with what to choose.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/invoices/gstr1/:file']);
  const file = params.file;
  const sheet = GSTR1_SHEETS.find((name) => `${name}.csv` === file);
  if (!sheet && file !== 'gstr1.json') throw data('Not found', { status: 404 });
  const period = registerPeriodFrom(new URL(request.url).searchParams);
  if (period.kind !== 'month' && period.kind !== 'quarter') {
    throw data(NOT_A_RETURN_PERIOD, { status: 400 });
  }
  const rows = await gstr1Data(context.db, period);
  const name = `gstr1-${periodParam(period)}-${sheet ?? 'portal'}`;
  const headers = (type: string, extension: string) => ({
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${name}.${extension}"`,
    'Cache-Control': 'private, no-store',
  });
  if (sheet) {
    return new Response(gstr1Csv(rows, sheet as Gstr1Sheet), {
      headers: headers('text/csv; charset=utf-8', 'csv'),
    });
  }
  const json = await gstr1PortalJson(context.db, period, rows);
  return new Response(JSON.stringify(json, null, 2), {
    headers: headers('application/json; charset=utf-8', 'json'),
  });
}
