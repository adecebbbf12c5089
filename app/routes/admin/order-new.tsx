import { redirect, useLoaderData } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import { NewBespokeOrderScreen } from '~/features/admin/bespoke-orders/new-bespoke-order-screen';
import {
  newBespokeOrderHandlers,
  newBespokeOrderScreen,
} from '~/features/admin/bespoke-orders/bespoke-orders.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/order-new';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('New bespoke order', rootMetaData(matches).settings.shopName);

/**
 * /admin/orders/new: a bespoke order for a client (issue 21 item 3). `?q=` (a client search),
 * `?customer=`, `?appointment=`, `?design=`, `?garment=` and `?fabric=` pick what the form
 * shows. Administrators only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/orders/new']);
  return {
    data: await newBespokeOrderScreen(context.db, new URL(request.url).searchParams, new Date()),
  };
}

/**
 * Creates the order (`intent` create-bespoke-order) with its first garment and redirects to
 * its page (with or without a script); the role is checked first (runAdminAction), and a
 * refusal answers with its status and messages.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await runAdminAction(
    request,
    context,
    newBespokeOrderHandlers({ db: context.db, provider: context.payments.name }),
    ACTION_PERMISSIONS['/admin/orders/new'],
  );
  if (result.data.ok && typeof result.data.id === 'string') {
    throw redirect(`/admin/orders/${encodeURIComponent(result.data.id)}`);
  }
  return result;
}

export default function AdminNewBespokeOrder() {
  return <NewBespokeOrderScreen data={useLoaderData<typeof loader>().data} />;
}
