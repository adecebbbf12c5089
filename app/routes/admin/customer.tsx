import { data, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { mayDo, requirePermission } from '~/features/account/session.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { CustomerScreen } from '~/features/admin/customers/customer-screen';
import { customerHandlers } from '~/features/admin/customers/customers.server';
import { loadCustomerPage } from '~/features/admin/customers/customer-page.server';
import { clientHandlers } from '~/features/admin/customers/records.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/customer';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title (the customer's name); never indexed. */
export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  privatePageMeta(
    loaderData?.record?.name ?? loaderData?.account?.name ?? 'Customer',
    rootMetaData(matches).settings.shopName,
  );

/**
 * /admin/customers/:id (issue 30 item 1, decision 029): one customer, by their record's number
 * or, for an account with no record yet, the account's id; an account that has a record is sent
 * to the record's address. Unknown ids answer 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requirePermission(request, context, PAGE_PERMISSIONS['/admin/customers/:id']);
  const found = await loadCustomerPage(context.db, params.id);
  if (!found) throw data('Customer not found', { status: 404 });
  if ('redirectTo' in found) throw redirect(found.redirectTo);
  return {
    ...found.page,
    viewerId: admin.id,
    may: {
      setRole: mayDo(admin, { staff: ['set-role'] }),
      ban: mayDo(admin, { customers: ['ban'] }),
    },
  };
}

/**
 * The page's intents, each checking the role first (runAdminAction): the account's
 * (set-role: `userId`, `role`; set-banned: `userId`, `banned`, optional `reason`), the record's
 * (update-client, link-account, unlink-account, delete-client), and open-record (`userId`,
 * `phone`): the record staff act on for an account that has none, found or made on demand.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    {
      ...customerHandlers(context.db),
      ...clientHandlers(context.db, context.storage),
    },
    ACTION_PERMISSIONS['/admin/customers/:id'],
  );
}

/**
 * After this record is deleted its page has nothing to load, and open-record answers with a
 * redirect to the form it was opened for: neither reloads the page.
 */
export function shouldRevalidate({
  formData,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent');
  const leaves =
    (intent === 'delete-client' || intent === 'open-record') &&
    (actionResult as { ok?: boolean } | null | undefined)?.ok === true;
  return leaves ? false : defaultShouldRevalidate;
}

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  return <CustomerScreen {...loaderData} />;
}
