import { data } from 'react-router';
import { requireAdmin } from '~/features/account/session.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { CustomerScreen } from '~/features/admin/customers/customer-screen';
import { customerHandlers, getCustomer } from '~/features/admin/customers/customers.server';
import { clientOfAccount } from '~/features/admin/clients/clients.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/customer';

/** The tab's title (the account's name); never indexed. */
export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  privatePageMeta(loaderData?.customer.name ?? 'Customer', rootMetaData(matches).settings.shopName);

/** /admin/customers/:id: one account with its orders; an unknown id answers 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const customer = await getCustomer(context.db, params.id);
  if (!customer) throw data('Customer not found', { status: 404 });
  return { customer, viewerId: admin.id, client: await clientOfAccount(context.db, customer.id) };
}

/**
 * Changes the account (`intent` set-role: `userId`, `role`; set-banned: `userId`, `banned`,
 * optional `reason`); each checks the role first (runAdminAction).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, customerHandlers(context.db));
}

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  return <CustomerScreen {...loaderData} />;
}
