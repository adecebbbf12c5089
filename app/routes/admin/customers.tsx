import { requireAdmin } from '~/features/account/session.server';
import { CustomersScreen } from '~/features/admin/customers/customers-screen';
import {
  CUSTOMER_SEARCH_MAX_LENGTH,
  isCustomerRole,
} from '~/features/admin/customers/customer-rules';
import { CUSTOMERS_PAGE_SIZE, listCustomers } from '~/features/admin/customers/customers.server';
import { pageCount, pageFromSearch } from '~/features/admin/shared/paging';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/customers';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Customers', rootMetaData(matches).settings.shopName);

/**
 * /admin/customers: registered accounts, newest first, 25 a page (`?page=`), searched by name
 * or e-mail (`?q=`) and filtered by role (`?role=admin` or `user`; anything else shows all).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const search = new URL(request.url).searchParams;
  const q = (search.get('q') ?? '').trim().slice(0, CUSTOMER_SEARCH_MAX_LENGTH);
  const role = search.get('role');
  const filter = isCustomerRole(role) ? role : null;
  const page = pageFromSearch(search);
  const { rows, total } = await listCustomers(context.db, {
    page,
    q: q || undefined,
    role: filter ?? undefined,
  });
  return {
    rows,
    total,
    page,
    pages: pageCount(total, CUSTOMERS_PAGE_SIZE),
    q,
    role: filter,
  };
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  return <CustomersScreen {...loaderData} />;
}
