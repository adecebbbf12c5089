import { data, useLoaderData } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { OrderScreen } from '~/features/admin/orders/order-screen';
import { getAdminOrder, orderHandlers } from '~/features/admin/orders/orders.server';
import { documentsOfOrder } from '~/features/invoices/downloads.server';
import { linesToReturn } from '~/features/invoices/invoices.server';
import { documentRecipients } from '~/features/invoices/send-documents.server';
import {
  bespokeOrderHandlers,
  bespokeOrderPanel,
} from '~/features/admin/bespoke-orders/bespoke-orders.server';
import { FailedJobs } from '~/features/admin/shared/failed-jobs';
import { TicketsPanel } from '~/features/admin/workshop/tickets-panel';
import {
  fabricHandlers,
  ticketHandlers,
  ticketsPanel,
} from '~/features/admin/workshop/workshop.server';
import { failedJobsOfOrder } from '~/features/admin/shared/failed-jobs.server';
import { AdminPaymentsPanel } from '~/features/admin/payments/admin-payments-panel';
import { paymentHandlers } from '~/features/admin/payments/payment-intents.server';
import { adminOrderPayments } from '~/features/payments/ledger.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/order';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import { CodSection } from '~/features/admin/orders/cod-section';
import { codSectionHandlers } from '~/features/admin/orders/cod-section.server';
import { DispatchSection } from '~/features/admin/dispatch/dispatch-section';
import { dispatchHandlers } from '~/features/admin/dispatch/dispatch.server';
import { dispatchPanel } from '~/features/dispatch/dispatch.server';
// Issue 32 item 7: returns and exchanges.
import { ReturnsSection } from '~/features/admin/returns/returns-section';
import { returnsSectionHandlers } from '~/features/admin/returns/returns-section.server';
import { returnRequestsOf } from '~/features/returns/returns.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches, params }) =>
  privatePageMeta(`Order ${params.number}`, rootMetaData(matches).settings.shopName);

/**
 * /admin/orders/:number: one order with its lines, customer, payment (with the invoice lines a
 * refund may return, issue 29 item 3), tax documents, jobs that
 * failed for good (issue 28 item 3) and timeline, and its fulfilment control; a bespoke order with its garments, dates and trials
 * instead of lines (`?garment=` and `?fabric=` for the add-garment form, `?trialDate=` for the
 * trial times). Administrators only; an unknown number answers 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/orders/:number']);
  const order = await getAdminOrder(context.db, (params.number ?? '').slice(0, 40));
  if (!order) throw data('Order not found', { status: 404 });
  const [documents, bespoke, money, failedJobs, returnable, recipients, tickets, dispatch] =
    await Promise.all([
      documentsOfOrder(context.db, 'admin', order.number).then((found) => found ?? []),
      bespokeOrderPanel(context.db, order.id, new URL(request.url).searchParams, new Date()),
      adminOrderPayments(context.db, order),
      failedJobsOfOrder(context.db, order.id),
      linesToReturn(context.db, order.id),
      documentRecipients(context.db, order.id),
      ticketsPanel(context.db, order.id),
      dispatchPanel(context.db, order.id),
    ]);
  const returns = await returnRequestsOf(context.db, order.id);
  return {
    order,
    documents,
    bespoke,
    money,
    failedJobs,
    returnable,
    recipients,
    tickets,
    dispatch,
    returns,
  };
}

/**
 * Moves the order to a later fulfilment step (`intent` advance-fulfilment; `number`,
 * `status`, `version`) and tells the customer; a bespoke order's intents (add-garment,
 * set-garment-price, remove-garment, book-trial, update-bespoke-order) change its garments,
 * dates and trials; `move-ticket` and `assign-ticket` move a garment's work ticket to a stage
 * (with the ticket's `version`) and assign it (features/workshop, issue 31 item 1),
 * `record-trial` records a garment's trial (fits, or alterations with notes; item 5), and
 * `set-fabric-length` changes the metres a garment's fabric holds (item 7); the money intents (`record-payment`, `send-payment-link`, `refund`,
 * `retry-refund`: features/payments) record a counter payment, send a payment link, refund or
 * retry a refund; `send-document` sends the invoice or a voucher to the customer on WhatsApp or
 * by e-mail (features/invoices/send-documents); `move-dispatch` and `ship-order` move a shop
 * order through dispatch (features/dispatch, issue 32 item 6). The role is checked first (runAdminAction).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    {
      ...orderHandlers({
        db: context.db,
        publicUrl: context.env.PUBLIC_URL,
        linkSecret: context.linkSecret,
        shopName: async () => (await context.catalogue.settings()).shopName,
      }),
      ...ticketHandlers({
        db: context.db,
        site: async () => ({
          publicUrl: context.env.PUBLIC_URL,
          linkSecret: context.linkSecret,
          shopName: (await context.catalogue.settings()).shopName,
        }),
      }),
      ...fabricHandlers(context.db),
      ...bespokeOrderHandlers(context.db),
      ...paymentHandlers(context),
      ...codSectionHandlers(context),
      ...dispatchHandlers(context),
      ...returnsSectionHandlers(context),
    },
    ACTION_PERMISSIONS['/admin/orders/:number'],
  );
}

export default function AdminOrder() {
  const {
    order,
    documents,
    bespoke,
    money,
    failedJobs,
    returnable,
    recipients,
    tickets,
    dispatch,
    returns,
  } = useLoaderData<typeof loader>();
  return (
    <OrderScreen
      order={order}
      documents={documents}
      bespoke={bespoke}
      paidPaise={money.balance.paidPaise}
      recipients={recipients}
      tickets={tickets && <TicketsPanel panel={tickets} />}
      payments={
        <>
          <DispatchSection panel={dispatch} />
          <ReturnsSection number={order.number} requests={returns} />
          <FailedJobs jobs={failedJobs} />
          <CodSection order={order} balancePaise={money.balance.balancePaise} />
          <AdminPaymentsPanel
            number={order.number}
            status={order.status}
            rows={money.rows}
            balance={money.balance}
            lines={returnable}
            counter={money.counter}
          />
        </>
      }
    />
  );
}
