import { useLoaderData } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import { InvoicesScreen } from '~/features/admin/invoices/invoices-screen';
import {
  listInvoiceRegister,
  REGISTER_PAGE_SIZE,
  registerPeriodFrom,
} from '~/features/admin/invoices/invoices.server';
import { pageCount, pageFromSearch } from '~/features/admin/shared/paging';
import { financialYearOf } from '~/features/invoices/tax';
import { shopDateOf } from '~/lib/shop-time';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/invoices';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Invoices', rootMetaData(matches).settings.shopName);

/**
 * /admin/invoices: the register of tax invoices and credit notes, 50 a page (`?page=`),
 * filtered by month, GST quarter or financial year (`?period=2026-11`, `2026-27-Q3`,
 * `2026-27`; the older `?year=2026-27` still works; none shows all; anything else answers 400
 * with what to choose). Administrators only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/invoices']);
  const search = new URL(request.url).searchParams;
  const period = registerPeriodFrom(search);
  const page = pageFromSearch(search);
  const register = await listInvoiceRegister(context.db, { period, page });
  const currentYear = financialYearOf(shopDateOf(new Date())).label;
  return {
    ...register,
    period,
    currentYear,
    page,
    pages: pageCount(register.total, REGISTER_PAGE_SIZE),
  };
}

export default function AdminInvoices() {
  return <InvoicesScreen {...useLoaderData<typeof loader>()} />;
}
