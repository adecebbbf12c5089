import { data, useLoaderData } from 'react-router';
import { requireAdmin } from '~/features/account/session.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { OrderScreen } from '~/features/admin/orders/order-screen';
import { getAdminOrder, orderHandlers } from '~/features/admin/orders/orders.server';
import { documentsOfOrder } from '~/features/invoices/downloads.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/order';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches, params }) =>
  privatePageMeta(`Order ${params.number}`, rootMetaData(matches).settings.shopName);

/**
 * /admin/orders/:number: one order with its lines, customer, payment, tax documents and
 * timeline, and its fulfilment control. Administrators only; an unknown number answers 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const order = await getAdminOrder(context.db, (params.number ?? '').slice(0, 40));
  if (!order) throw data('Order not found', { status: 404 });
  const documents = (await documentsOfOrder(context.db, 'admin', order.number)) ?? [];
  return { order, documents };
}

/**
 * Moves the order to a later fulfilment step (`intent` advance-fulfilment; `number`,
 * `status`, `version`) and e-mails the customer; the role is checked first (runAdminAction).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    orderHandlers({
      db: context.db,
      publicUrl: context.env.PUBLIC_URL,
      shopName: async () => (await context.catalogue.settings()).shopName,
    }),
  );
}

export default function AdminOrder() {
  const { order, documents } = useLoaderData<typeof loader>();
  return <OrderScreen order={order} documents={documents} />;
}
