import { data, useLoaderData } from 'react-router';
import { requireAdmin } from '~/features/account/session.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { OrderScreen } from '~/features/admin/orders/order-screen';
import { getAdminOrder, orderHandlers } from '~/features/admin/orders/orders.server';
import { AdminPaymentsPanel } from '~/features/payments/admin-payments-panel';
import { paymentHandlers } from '~/features/payments/admin-payments.server';
import { adminOrderPayments } from '~/features/payments/ledger.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/order';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches, params }) =>
  privatePageMeta(`Order ${params.number}`, rootMetaData(matches).settings.shopName);

/**
 * /admin/orders/:number: one order with its lines, customer, payment and timeline, and its
 * fulfilment control. Administrators only; an unknown number answers 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const order = await getAdminOrder(context.db, (params.number ?? '').slice(0, 40));
  if (!order) throw data('Order not found', { status: 404 });
  return { order, money: await adminOrderPayments(context.db, order) };
}

/**
 * Moves the order to a later fulfilment step (`intent` advance-fulfilment; `number`,
 * `status`, `version`) and e-mails the customer; records a counter payment, sends a payment
 * link, refunds or retries a refund (`record-payment`, `send-payment-link`, `refund`,
 * `retry-refund`: features/payments). The role is checked first (runAdminAction).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, {
    ...orderHandlers({
      db: context.db,
      publicUrl: context.env.PUBLIC_URL,
      shopName: async () => (await context.catalogue.settings()).shopName,
    }),
    ...paymentHandlers(context),
  });
}

export default function AdminOrder() {
  const { order, money } = useLoaderData<typeof loader>();
  return (
    <OrderScreen
      order={order}
      payments={
        <AdminPaymentsPanel
          number={order.number}
          status={order.status}
          rows={money.rows}
          balance={money.balance}
        />
      }
    />
  );
}
