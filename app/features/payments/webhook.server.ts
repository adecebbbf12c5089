/**
 * The shop's payment webhook dispatcher (issue 30 item 4: it belongs to payments): Razorpay's
 * (or the sandbox's) signed events, verified and applied to the shop order or the ledger.
 */
import { data, type AppLoadContext } from 'react-router';
import { afterShopOrderPaid } from '~/features/orders/order-paid.server';
import { findByProviderOrder } from '~/features/orders/orders.server';
import { applyPaymentEvent } from './shop-payments.server';
import {
  applyLedgerOrderEvent,
  applyPaymentLinkEvent,
  applyRefundEvent,
  type LedgerOutcome,
  type LedgerSite,
} from './ledger.server';

/**
 * POST /api/payments/webhook: Razorpay's (or the sandbox's) signed events over the raw body.
 * A bad signature answers 400; a repeated event id 200 without changes.
 */
export async function handleWebhook(request: Request, context: AppLoadContext) {
  const rawBody = await request.text();
  return processWebhook(
    context,
    rawBody,
    request.headers.get('x-razorpay-signature') ?? undefined,
    request.headers.get('x-razorpay-event-id') ?? undefined,
  );
}

/** Where the ledger's messages link to and whose name they carry, from the request context. */
export async function ledgerSite(context: AppLoadContext): Promise<LedgerSite> {
  return {
    publicUrl: context.env.PUBLIC_URL,
    linkSecret: context.linkSecret,
    shopName: (await context.catalogue.settings()).shopName,
  };
}

/**
 * Verifies and applies one signed provider event, whichever path delivered it (Razorpay's
 * webhook, or the sandbox's buttons producing exactly what Razorpay would send). Order events
 * go to the shop order with that provider order id, or else to the ledger's payment row with
 * it (a bespoke order's advance or balance); `payment_link.paid` and the refund events go to
 * the ledger (issue 21 items 4 and 6). A bad signature answers 400; a repeated event id 200
 * without changes; a refund id not stored yet 409, so Razorpay delivers it again.
 */
export async function processWebhook(
  context: AppLoadContext,
  rawBody: string,
  signature: string | undefined,
  eventIdHeader: string | undefined,
) {
  if (!context.payments.verifyWebhookSignature(rawBody, signature)) {
    return data({ error: 'Invalid signature' }, { status: 400 });
  }
  const event = context.payments.parseWebhookEvent(rawBody, eventIdHeader);
  if (!event) return data({ ok: true, ignored: true });
  const provider = context.payments.name;
  let ledger: LedgerOutcome;
  switch (event.type) {
    case 'refund.processed':
    case 'refund.failed':
      ledger = await applyRefundEvent(context.db, provider, event);
      break;
    case 'payment_link.paid':
      ledger = await applyPaymentLinkEvent(context.db, provider, event, await ledgerSite(context));
      break;
    default: {
      if (await findByProviderOrder(context.db, event.providerOrderId)) {
        const outcome = await applyPaymentEvent(context.db, provider, event);
        if (outcome.kind === 'paid') await afterShopOrderPaid(context, outcome, outcome.userId);
        return data({ ok: true, outcome: outcome.kind });
      }
      ledger = await applyLedgerOrderEvent(context.db, provider, event, await ledgerSite(context));
    }
  }
  if (ledger.kind === 'unknown-refund') {
    return data({ error: 'Refund not known yet' }, { status: 409 });
  }
  return data({ ok: true, outcome: ledger.kind });
}
