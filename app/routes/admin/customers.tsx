import { requirePermission } from '~/features/account/session.server';
import { CustomersScreen } from '~/features/admin/customers/customers-screen';
import { CUSTOMER_SEARCH_MAX_LENGTH } from '~/features/admin/customers/customer-rules';
import { isCustomerRole } from '~/features/account/roles';
import { CUSTOMERS_PAGE_SIZE, listCustomers } from '~/features/admin/customers/customers.server';
import { clientsHandlers } from '~/features/admin/customers/records.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { pageCount, pageFromSearch } from '~/features/admin/shared/paging';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/customers';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Customers', rootMetaData(matches).settings.shopName);

/**
 * /admin/customers (issue 30 item 1, decision 029): everyone the shop serves, with or without
 * an account (customer records, accounts with no record, a linked pair once), newest first, 25
 * a page (`?page=`), searched by the one customer search (name, e-mail, phone in any spelling;
 * `?q=`) and filtered by the account's role (`?role=admin` or `user`; anything else shows all).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/customers']);
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

/**
 * Adds a walk-in customer's record (`intent` create-client: `name`, `phone`, optional `email`,
 * `notes`, `sharedPhone` to add one whose phone is already on another record); the role is
 * checked first (runAdminAction).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    clientsHandlers(context.db),
    ACTION_PERMISSIONS['/admin/customers'],
  );
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  return <CustomersScreen {...loaderData} />;
}
