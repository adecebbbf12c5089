import { data, type ShouldRevalidateFunctionArgs } from 'react-router';
import { requireAdmin } from '~/features/account/session.server';
import { ClientScreen } from '~/features/admin/clients/client-screen';
import { clientHandlers, getClient } from '~/features/admin/clients/clients.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/client';

/** The tab's title (the client's name); never indexed. */
export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  privatePageMeta(loaderData?.client.name ?? 'Client', rootMetaData(matches).settings.shopName);

/**
 * /admin/clients/:id: one client record with its account, appointments, measurements links and
 * messages; an unknown or malformed id answers 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const client = id > 0 ? await getClient(context.db, id) : null;
  if (!client) throw data('Client not found', { status: 404 });
  return { client };
}

/**
 * Changes the record (`intent` update-client, link-account, unlink-account, delete-client);
 * each checks the role first (runAdminAction).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, clientHandlers(context.db, context.storage));
}

/** After this record is deleted its page has nothing to load; the screen leaves for the list. */
export function shouldRevalidate({
  formData,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const deleted =
    formData?.get('intent') === 'delete-client' &&
    (actionResult as { ok?: boolean } | null | undefined)?.ok === true;
  return deleted ? false : defaultShouldRevalidate;
}

export default function AdminClient({ loaderData }: Route.ComponentProps) {
  return <ClientScreen {...loaderData} />;
}
