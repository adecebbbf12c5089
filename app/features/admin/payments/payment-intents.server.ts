/**
 * The money intents of /admin/orders/:number (issue 30 item 4: the back office keeps the
 * intents that parse a form and call a command; the commands and their rules are in
 * features/payments/admin-payments.server.ts).
 */
import { adminHandler, type AdminHandler } from '~/features/admin/shared/admin-action.server';
import { getOrderSettings } from '~/features/orders/order-settings.server';
import { roleMay } from '~/lib/access-control.server';
import {
  counterPaymentSchema,
  paymentLinkSchema,
  recordCounterPayment,
  refundPayment,
  refundSchema,
  retryRefund,
  retryRefundSchema,
  sendPaymentLink,
  withdrawLinkSchema,
  withdrawPaymentLink,
  type PaymentsContext,
} from '~/features/payments/admin-payments.server';

/** The money intents of /admin/orders/:number. */
export type PaymentIntent =
  'record-payment' | 'send-payment-link' | 'withdraw-payment-link' | 'refund' | 'retry-refund';

/** The money intents' handlers, by intent, for `runAdminAction` (beside `orderHandlers`). */
export function paymentHandlers(
  context: PaymentsContext,
): Record<PaymentIntent, AdminHandler<never>> {
  return {
    'record-payment': adminHandler(counterPaymentSchema, (input, admin) =>
      recordCounterPayment(context, admin, input),
    ),
    'send-payment-link': adminHandler(paymentLinkSchema, (input, admin) =>
      sendPaymentLink(context, admin, input),
    ),
    'withdraw-payment-link': adminHandler(withdrawLinkSchema, (input, admin) =>
      withdrawPaymentLink(context, admin, input),
    ),
    // Staff without `refunds: over-limit` (the counter) refund up to the owner's limit in the
    // order settings (issue 31 item 2); the command refuses more with 403 and writes nothing.
    refund: adminHandler(refundSchema, async (input, admin) => {
      const capPaise = roleMay(admin.role, { refunds: ['over-limit'] })
        ? undefined
        : (await getOrderSettings(context.db)).counterRefundLimitPaise;
      return refundPayment(context, admin, input, { capPaise });
    }),
    'retry-refund': adminHandler(retryRefundSchema, (input, admin) =>
      retryRefund(context, admin, input),
    ),
  } as unknown as Record<PaymentIntent, AdminHandler<never>>;
}
