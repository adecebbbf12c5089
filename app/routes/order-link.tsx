import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { GarmentProgressList } from '~/features/workshop/garment-progress';
import { garmentProgressOf } from '~/features/workshop/tickets.server';
import { BespokeOrderView } from '~/features/bespoke/bespoke-order-view';
import { bespokeDetailOf } from '~/features/bespoke/bespoke-orders.server';
import { documentsOfOrder } from '~/features/invoices/downloads.server';
import { OrderDocuments } from '~/features/invoices/order-documents';
import { linkedOrder } from '~/features/orders/order-link.server';
import { OrderLines } from '~/features/orders/order-lines';
import { FulfilmentBadge, OrderStatusBadge } from '~/features/orders/order-status';
import { FulfilmentProgress, OrderTimeline } from '~/features/orders/order-timeline';
import { orderPayments } from '~/features/payments/ledger.server';
import { payBalanceByLink } from '~/features/payments/order-link-pay.server';
import { BalanceSummary } from '~/features/payments/order-payments';
import { rootMetaData } from '~/features/site/root-data';
import { formatRupeesExact } from '~/lib/money';
import { readFormData } from '~/lib/request-body.server';
import { privatePageMeta } from '~/lib/seo';
import { orderTracking } from '~/features/dispatch/dispatch.server';
import { OrderTrackingSection } from '~/features/dispatch/tracking';
import { formatShopDateTime } from '~/lib/shop-time';
import type { Route } from './+types/order-link';
// Issue 32 item 3: confirming a cash-on-delivery order with its code.
import { CodConfirmation, type CodConfirmAnswer } from '~/features/cod/cod-confirmation';
import { confirmCodCode } from '~/features/cod/cod.server';
// Issue 32 item 7: returns and exchanges.
import { OrderReturns } from '~/features/returns/order-returns';
import { returnsOfOrder } from '~/features/returns/returns.server';
import { answerReturnForm, RETURN_INTENTS } from '~/features/returns/return-forms.server';

/** One person's order: never kept by a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Your Order', rootMetaData(matches).settings.shopName);

const NOT_FOUND = 'This order link is not valid any more. Please ask the shop for a new one.';

/** The order of a signed link (features/orders/order-link.server), or a thrown 404. */
async function orderOfToken(context: Route.LoaderArgs['context'], token: string) {
  const order = await linkedOrder(context.db, context.linkSecret, token.slice(0, 80));
  if (!order) throw data(NOT_FOUND, { status: 404 });
  return order;
}

/**
 * /o/:token: the order a signed link opens, no account needed (issue 30 item 2): its progress
 * and history in plain words, its garments or lines, its balance with "Pay" where one is due,
 * and its tax documents. No address, phone, e-mail or measurements. A wrong, expired or
 * revoked token answers 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const order = await orderOfToken(context, params.token);
  const [bespoke, money, documents, garments, tracking, returns] = await Promise.all([
    order.kind === 'bespoke'
      ? bespokeDetailOf(context.db, { ...order, notes: '' }).then(
          ({ notes: _notes, customer: _customer, ...shown }) => shown,
        )
      : null,
    orderPayments(context.db, order),
    documentsOfOrder(context.db, { orderId: order.id }, order.number).then((found) => found ?? []),
    order.kind === 'bespoke' ? garmentProgressOf(context.db, order.id) : [],
    // Issue 32 item 6: the dispatch stage and, once shipped, the tracking link.
    orderTracking(context.db, order.id),
    // Issue 32 item 7: a guest's returns and exchanges, as on the account's order page.
    returnsOfOrder(context.db, order),
  ]);
  // Issue 32 item 3: a cash-on-delivery order is paid to the courier, not by the link.
  const payable =
    order.status !== 'paid' && order.status !== 'cancelled' && order.paymentMethod !== 'cod';
  return {
    token: params.token,
    order,
    bespoke,
    garments,
    tracking,
    returns,
    documents,
    rows: money.rows,
    balance: money.balance,
    duePaise: payable ? Math.max(0, money.balance.balancePaise) : 0,
  };
}

const actionSchema = z.object({
  intent: z.enum(['pay', 'confirm-cod', ...RETURN_INTENTS], 'Unknown action'),
});

/**
 * "Pay" (`intent` pay): sends the holder to the payment page for what the order owes now
 * (payBalanceByLink). 404 for a bad token; 400 for an unknown intent; 409 when nothing can be
 * paid (with the reason); 503 when the payment provider does not answer. Issue 32 item 3:
 * `confirm-cod` with `code` confirms a cash-on-delivery order (a wrong code: 422). Issue 32
 * item 7: `request-return` and `withdraw-return`, as on the account's order page
 * (features/returns/return-forms.server; the token is checked before the body is read).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const order = await orderOfToken(context, params.token);
  const form = await readFormData(request);
  const parsed = actionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? 'Unknown action' }, { status: 400 });
  }
  if (parsed.data.intent === 'confirm-cod') {
    const outcome = await confirmCodCode(context.db, order.id, form.get('code'));
    return data(outcome satisfies CodConfirmAnswer, { status: outcome.ok ? 200 : 422 });
  }
  if (parsed.data.intent === 'request-return' || parsed.data.intent === 'withdraw-return') {
    return answerReturnForm(context, { orderId: order.id }, parsed.data.intent, form);
  }
  const returnUrl = new URL(`/o/${params.token}`, context.env.PUBLIC_URL).toString();
  const started = await payBalanceByLink(context, order.number, returnUrl);
  if ('refusal' in started) return data({ error: started.refusal }, { status: started.status });
  return redirect(started.url);
}

export default function OrderLinkPage() {
  const { token, order, bespoke, garments, tracking, returns, documents, rows, balance, duePaise } =
    useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const navigation = useNavigation();
  const basePath = `/o/${token}`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-semibold">Order {order.number}</h1>
        <OrderStatusBadge
          status={order.status}
          paidPaise={balance.paidPaise}
          paymentMethod={order.paymentMethod}
        />
        {order.fulfilmentStatus && <FulfilmentBadge status={order.fulfilmentStatus} />}
      </div>
      <p className="mt-1 text-muted-foreground">Placed {formatShopDateTime(order.createdAt)}</p>
      {order.fulfilmentStatus && (
        <Section heading="Progress" className="mt-8">
          <div className="mt-3">
            <FulfilmentProgress status={order.fulfilmentStatus} />
          </div>
        </Section>
      )}
      <CodConfirmation order={order} />
      <GarmentProgressList garments={garments} />
      <OrderTrackingSection tracking={tracking} />
      {bespoke ? (
        <BespokeOrderView bespoke={bespoke} totalPaise={order.amountPaise} />
      ) : (
        <Section heading="Items" className="mt-8">
          <OrderLines
            lines={order.lines}
            totalPaise={order.amountPaise}
            discount={order.discount}
            shipping={
              order.kind === 'shop'
                ? { paise: order.shippingPaise, method: order.deliveryMethod }
                : undefined
            }
            codFeePaise={order.codFeePaise}
          />
        </Section>
      )}
      <OrderReturns
        lines={returns.lines}
        windowDays={returns.windowDays}
        photoPath={`${basePath}/return-photos`}
      />
      <Section heading="Payments" className="mt-6">
        <div className="mt-3 grid gap-4">
          <BalanceSummary balance={balance} />
          {rows.length > 0 && (
            <ul aria-label="Payments received" className="grid gap-1 text-sm">
              {rows
                .filter((row) => row.status === 'succeeded')
                .map((row) => (
                  <li key={row.id} className="flex justify-between gap-4">
                    <span>
                      {row.kind === 'refund' ? 'Refund' : 'Payment'},{' '}
                      {formatShopDateTime(row.settledAt ?? row.createdAt)}
                    </span>
                    <span className="tabular-nums">{formatRupeesExact(row.amountPaise)}</span>
                  </li>
                ))}
            </ul>
          )}
          {duePaise > 0 && (
            <Form method="post">
              <input type="hidden" name="intent" value="pay" />
              <Button type="submit" disabled={navigation.state !== 'idle'}>
                Pay {formatRupeesExact(duePaise)}
              </Button>
            </Form>
          )}
          {refused && 'error' in refused && (
            <p role="alert" className="text-sm text-destructive">
              {refused.error}
            </p>
          )}
        </div>
      </Section>
      <OrderDocuments documents={documents} basePath={basePath} className="mt-6" />
      <Section heading="History" className="mt-6">
        <div className="mt-4">
          <OrderTimeline entries={order.timeline} />
        </div>
      </Section>
    </div>
  );
}
