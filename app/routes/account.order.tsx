import { data, Link, useLoaderData } from 'react-router';
import { addressLines } from '~/features/addresses/indian-address';
import { Refusal, refusalStatus } from '~/lib/refusal';
import { Section } from '~/components/ui/card';
import { requireUser } from '~/features/account/session.server';
import { documentsOfOrder } from '~/features/invoices/downloads.server';
import { OrderDocuments } from '~/features/invoices/order-documents';
import { OrderLines } from '~/features/orders/order-lines';
import { FulfilmentBadge, OrderStatusBadge } from '~/features/orders/order-status';
import { FulfilmentProgress, OrderTimeline } from '~/features/orders/order-timeline';
import { getOrder, unpaidOrderExpiry } from '~/features/orders/orders.server';
import { cancelOrder } from '~/features/payments/shop-payments.server';
import {
  OrderConfirmed,
  UnpaidOrder,
  type UnpaidOrderAnswer,
} from '~/features/payments/unpaid-order';
import { payOrderAgain, placeOrderFailure } from '~/features/checkout/payment-flow.server';
import { readFormData } from '~/lib/request-body.server';
import { clientAddress } from '~/lib/rate-limit.server';
import { z } from 'zod';
import { GarmentProgressList } from '~/features/workshop/garment-progress';
import { garmentProgressOf } from '~/features/workshop/tickets.server';
import { BespokeOrderView } from '~/features/bespoke/bespoke-order-view';
import { ownBespokeDetail } from '~/features/bespoke/bespoke-orders.server';
import { OrderPayments } from '~/features/payments/order-payments';
import { ownerOrderMoney } from '~/features/payments/online-payments.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/account.order';
import { formatShopDateTime } from '~/lib/shop-time';
// Issue 32 item 3: confirming a cash-on-delivery order with its code.
import { CodConfirmation, type CodConfirmAnswer } from '~/features/cod/cod-confirmation';
import { confirmCodCode } from '~/features/cod/cod.server';
import { orderTracking } from '~/features/dispatch/dispatch.server';
import { OrderTrackingSection } from '~/features/dispatch/tracking';
// Issue 32 item 7: returns and exchanges.
import { OrderReturns } from '~/features/returns/order-returns';
import { returnsOfOrder } from '~/features/returns/returns.server';
import { answerReturnForm, RETURN_INTENTS } from '~/features/returns/return-forms.server';

export const meta: Route.MetaFunction = ({ matches, params }) =>
  privatePageMeta(`Order ${params.number}`, rootMetaData(matches).settings.shopName);

/**
 * /account/orders/:number: one of the shopper's orders with its tailoring progress, history
 * and tax invoice (a bespoke order: its garments, options, fabric and dates); anyone else's
 * answers 404. A shop order awaiting payment offers "Pay now" and "Cancel" with the time it
 * expires (`unpaid`); a paid one says it is confirmed and what happens next (issue 29 item 6).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const number = params.number.slice(0, 40);
  const order = await getOrder(context.db, user.id, number);
  if (!order) throw data('Order not found', { status: 404 });
  const [documents, bespoke, money, settings, expiresAt, garments, tracking, returns] =
    await Promise.all([
      documentsOfOrder(context.db, { userId: user.id }, order.number).then((found) => found ?? []),
      order.kind === 'bespoke' ? ownBespokeDetail(context.db, user.id, number) : null,
      ownerOrderMoney(context.db, order),
      context.catalogue.settings(),
      order.kind === 'shop' ? unpaidOrderExpiry(context.db, user.id, number) : null,
      order.kind === 'bespoke' ? garmentProgressOf(context.db, order.id) : [],
      // Issue 32 item 6: the dispatch stage and, once shipped, the tracking link.
      orderTracking(context.db, order.id),
      returnsOfOrder(context.db, order),
    ]);
  const unpaid = expiresAt ? { canPay: true, expiresAt } : null;
  return {
    order,
    documents,
    bespoke,
    money,
    unpaid,
    garments,
    tracking,
    returns,
    shopName: settings.shopName,
  };
}

const intentSchema = z.object({
  intent: z.enum(['pay-order', 'cancel-order', 'confirm-cod', ...RETURN_INTENTS], 'Unknown action'),
});

/**
 * The owner's "Pay now" (`intent` pay-order: answers `{ ok, payment }` for the widget, the
 * amount the server's) and "Cancel" (cancel-order) on a shop order awaiting payment (issue 29
 * item 6). Not theirs: 404; paid or cancelled: 409 with the reason; an unknown intent: 400.
 * Issue 32 item 3: `confirm-cod` with `code` confirms a cash-on-delivery order (a wrong code:
 * 422 with the tries left). Issue 32 item 7: `request-return` asks to return or exchange one
 * line, with up to 3 `photos` (features/returns: 422 for a bad form or too many photos, 413
 * or 415 for a photo refused by the media pipeline, 409 when the line may not be returned);
 * `withdraw-return` with `requestId` withdraws one not decided yet (409 once decided).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const number = params.number.slice(0, 40);
  const answer = (body: UnpaidOrderAnswer, status = 200) => Response.json(body, { status });
  // The owner's order first: only its owner may send a return's photos (server/app.ts limit).
  const order = await getOrder(context.db, user.id, number);
  if (!order || order.kind !== 'shop') return answer({ ok: false, error: 'Order not found' }, 404);
  const form = await readFormData(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return answer({ ok: false, error: parsed.error.issues[0]?.message ?? 'Unknown action' }, 400);
  }
  if (parsed.data.intent === 'confirm-cod') {
    const outcome = await confirmCodCode(context.db, order.id, form.get('code'));
    return Response.json(outcome satisfies CodConfirmAnswer, { status: outcome.ok ? 200 : 422 });
  }
  if (parsed.data.intent === 'request-return' || parsed.data.intent === 'withdraw-return') {
    const owner = { userId: user.id, number };
    return answerReturnForm(context, owner, parsed.data.intent, form);
  }
  if (parsed.data.intent === 'cancel-order') {
    if (!(await cancelOrder(context.db, user.id, number))) {
      return answer({ ok: false, error: 'This order can no longer be cancelled.' }, 409);
    }
    return answer({ ok: true, cancelled: true });
  }
  try {
    const payment = await payOrderAgain(context, user, number, clientAddress(request));
    return answer({ ok: true, payment });
  } catch (error) {
    if (error instanceof Refusal)
      return answer({ ok: false, error: error.message }, refusalStatus(error.code));
    const failure = placeOrderFailure(error);
    return Response.json(
      { ok: false, error: failure.notice.description } satisfies UnpaidOrderAnswer,
      {
        status: failure.status,
        headers: failure.retryAfterS ? { 'Retry-After': String(failure.retryAfterS) } : undefined,
      },
    );
  }
}

export default function OrderPage() {
  const { order, documents, bespoke, money, unpaid, garments, tracking, returns, shopName } =
    useLoaderData<typeof loader>();
  const placed = formatShopDateTime(new Date(order.createdAt).toISOString());
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <p className="text-sm">
        <Link to="/account/orders" className="text-primary underline">
          Your Orders
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-semibold">Order {order.number}</h1>
        <OrderStatusBadge
          status={order.status}
          paidPaise={money.balance.paidPaise}
          paymentMethod={order.paymentMethod}
        />
        {order.fulfilmentStatus && <FulfilmentBadge status={order.fulfilmentStatus} />}
      </div>
      <p className="mt-1 text-muted-foreground">Placed {placed}</p>
      {unpaid && (
        <UnpaidOrder
          number={order.number}
          amountPaise={order.amountPaise}
          expiresAt={unpaid.expiresAt}
          shopName={shopName}
        />
      )}
      {order.kind === 'shop' && order.status === 'paid' && !order.fulfilmentStatus && (
        <OrderConfirmed email={order.email} />
      )}
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
        photoPath="/account/return-photos"
        linkOrders
      />
      {(money.kind === 'bespoke' || money.rows.length > 0) && (
        <OrderPayments
          number={order.number}
          shopName={shopName}
          rows={money.rows}
          balance={money.balance}
          offer={money.offer}
        />
      )}
      <OrderDocuments
        documents={documents}
        basePath={`/account/orders/${encodeURIComponent(order.number)}`}
        className="mt-6"
      />
      <Section heading={bespoke ? 'Billing' : 'Delivery'} className="mt-6">
        <address className="mt-3 break-words not-italic leading-relaxed">
          {order.customerName}
          <br />
          {addressLines(order).map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
          {order.phone} · {order.email}
        </address>
      </Section>
      <Section heading="History" className="mt-6">
        <div className="mt-4">
          <OrderTimeline entries={order.timeline} />
        </div>
      </Section>
    </div>
  );
}
