import { data } from 'react-router';
import { getSessionUser } from '~/features/account/session.server';
import { handleCancel } from '~/features/checkout/payment-flow.server';
import { handleOrderStart } from '~/features/payments/online-payments.server';
import {
  handleCallback,
  handleConfirm,
  handleSandbox,
} from '~/features/payments/provider-payments.server';
import { clientAddress } from '~/lib/rate-limit.server';
import type { Route } from './+types/api.payments';
import { handleWebhook } from '~/features/payments/webhook.server';

/** GET is not a thing here. */
export function loader() {
  return data({ error: 'Not found' }, { status: 404 });
}

/**
 * POST /api/payments/{confirm,sandbox,callback}: the one online-payment path for shop orders
 * and a bespoke order's advance or balance (features/payments/provider-payments.server.ts;
 * /order-confirm and /order-sandbox are the same handlers); /webhook: the provider's events;
 * /cancel: the shopper cancels their shop order; /order-start: a bespoke order's advance or
 * balance started by its owner. All but the webhook and
 * Razorpay's redirect callback (both trusted by their signatures alone) need the shopper's
 * session.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (params.step === 'webhook') return handleWebhook(request, context);
  if (params.step === 'callback') return handleCallback(request, context);
  const user = await getSessionUser(request, context);
  if (!user) return data({ error: 'User not authenticated' }, { status: 401 });
  switch (params.step) {
    case 'confirm':
    case 'order-confirm':
      return handleConfirm(request, context, user);
    case 'sandbox':
    case 'order-sandbox':
      return handleSandbox(request, context, user);
    case 'cancel':
      return handleCancel(request, context, user);
    case 'order-start':
      return handleOrderStart(request, context, user, clientAddress(request));
    default:
      return data({ error: 'Not found' }, { status: 404 });
  }
}
