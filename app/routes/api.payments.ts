import { data } from 'react-router';
import { getSessionUser } from '~/features/account/session.server';
import {
  handleCallback,
  handleCancel,
  handleConfirm,
  handleSandbox,
} from '~/features/checkout/payment-flow.server';
import {
  handleOrderConfirm,
  handleOrderSandbox,
  handleOrderStart,
} from '~/features/payments/online-payments.server';
import { clientAddress } from '~/lib/rate-limit.server';
import type { Route } from './+types/api.payments';
import { handleWebhook } from '~/features/payments/webhook.server';

/** GET is not a thing here. */
export function loader() {
  return data({ error: 'Not found' }, { status: 404 });
}

/**
 * POST /api/payments/{confirm,cancel,sandbox,webhook,callback}: the payment paths shared by
 * Razorpay and the sandbox; /api/payments/{order-start,order-confirm,order-sandbox}: a bespoke
 * order's advance or balance paid by its owner (features/payments). All but the webhook and
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
      return handleConfirm(request, context, user);
    case 'cancel':
      return handleCancel(request, context, user);
    case 'sandbox':
      return handleSandbox(request, context, user);
    case 'order-start':
      return handleOrderStart(request, context, user, clientAddress(request));
    case 'order-confirm':
      return handleOrderConfirm(request, context, user);
    case 'order-sandbox':
      return handleOrderSandbox(request, context, user);
    default:
      return data({ error: 'Not found' }, { status: 404 });
  }
}
