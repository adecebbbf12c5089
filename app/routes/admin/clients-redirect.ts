import { redirect } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import type { Route } from './+types/clients-redirect';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/**
 * /admin/clients and everything under it (the 'Bespoke clients' area of decision 013, merged
 * into /admin/customers by decision 029, issue 30 item 1): a permanent redirect (301) to the
 * same path under /admin/customers, query string kept, so bookmarks and links in old messages
 * still land: /admin/clients/7/measurements/shirt?saved=2 becomes
 * /admin/customers/7/measurements/shirt?saved=2. The role is checked first, like every admin
 * loader (a visitor is sent to sign in and comes back here).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/clients/*']);
  const url = new URL(request.url);
  const rest = url.pathname.replace(/^\/admin\/clients/, '');
  throw redirect(`/admin/customers${rest}${url.search}`, 301);
}
