import { useLoaderData } from 'react-router';
import { requireAdmin } from '~/features/account/session.server';
import { InvoicesScreen } from '~/features/admin/invoices/invoices-screen';
import {
  listInvoiceRegister,
  REGISTER_PAGE_SIZE,
  yearParam,
} from '~/features/admin/invoices/invoices.server';
import { pageCount, pageFromSearch } from '~/features/admin/shared/paging';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/invoices';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Invoices', rootMetaData(matches).settings.shopName);

/**
 * /admin/invoices: the register of tax invoices and credit notes, 50 a page (`?page=`),
 * filtered by financial year (`?year=2026-27`; anything else shows all). Administrators only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const search = new URL(request.url).searchParams;
  const year = yearParam(search.get('year'));
  const page = pageFromSearch(search);
  const register = await listInvoiceRegister(context.db, { year, page });
  return { ...register, year, page, pages: pageCount(register.total, REGISTER_PAGE_SIZE) };
}

export default function AdminInvoices() {
  return <InvoicesScreen {...useLoaderData<typeof loader>()} />;
}
