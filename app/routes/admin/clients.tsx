import { requireAdmin } from '~/features/account/session.server';
import { ClientsScreen } from '~/features/admin/clients/clients-screen';
import { CLIENT_SEARCH_MAX_LENGTH } from '~/features/admin/clients/client-rules';
import {
  CLIENTS_PAGE_SIZE,
  clientsHandlers,
  listClients,
} from '~/features/admin/clients/clients.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { pageCount, pageFromSearch } from '~/features/admin/shared/paging';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/clients';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Bespoke clients', rootMetaData(matches).settings.shopName);

/**
 * /admin/clients (issue 20 item 1; decision 013): the shop's client records, newest first, 25
 * a page (`?page=`), searched by name, e-mail or phone in any common form (`?q=`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const search = new URL(request.url).searchParams;
  const q = (search.get('q') ?? '').trim().slice(0, CLIENT_SEARCH_MAX_LENGTH);
  const page = pageFromSearch(search);
  const { rows, total } = await listClients(context.db, { page, q: q || undefined });
  return { rows, total, page, pages: pageCount(total, CLIENTS_PAGE_SIZE), q };
}

/**
 * Adds a client record (`intent` create-client: `name`, `phone`, optional `email`, `notes`,
 * `sharedPhone` to add one whose phone is already on another record); the role is checked
 * first (runAdminAction).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, clientsHandlers(context.db));
}

export default function AdminClients({ loaderData }: Route.ComponentProps) {
  return <ClientsScreen {...loaderData} />;
}
