/**
 * The intents of the "Returns and exchanges" section of /admin/orders/:number (issue 32 item
 * 7): `decide-return` (approve with a drop at the shop or a reverse pickup, or refuse with the
 * reason the shopper reads), `receive-return` (the goods are back) and `refund-return` (the
 * line's refund through the ledger's line refunds, up to the counter's limit unless the role
 * holds `refunds: over-limit`, as the Payments section's refund). The role is checked by
 * `runAdminAction` against the authorization table first; the rules are features/returns.
 */
import type { AppLoadContext } from 'react-router';
import { roleMay } from '~/lib/access-control.server';
import { adminHandler, type AdminHandler } from '~/features/admin/shared/admin-action.server';
import { getOrderSettings } from '~/features/orders/order-settings.server';
import type { PaymentsContext } from '~/features/payments/admin-payments.server';
import {
  decideReturn,
  receiveReturn,
  refundReturn,
  returnDecisionSchema,
  returnStepSchema,
} from '~/features/returns/returns.server';

type ReturnIntent = 'decide-return' | 'receive-return' | 'refund-return';

/** The section's handlers, by intent, for `runAdminAction`. */
export function returnsSectionHandlers(
  context: PaymentsContext & Pick<AppLoadContext, 'courier'>,
): Record<ReturnIntent, AdminHandler<never>> {
  return {
    'decide-return': adminHandler(returnDecisionSchema, (input, admin) =>
      decideReturn(context.db, admin, input, context.courier),
    ),
    'receive-return': adminHandler(returnStepSchema, (input, admin) =>
      receiveReturn(context.db, admin, input),
    ),
    'refund-return': adminHandler(returnStepSchema, async (input, admin) => {
      const capPaise = roleMay(admin.role, { refunds: ['over-limit'] })
        ? undefined
        : (await getOrderSettings(context.db)).counterRefundLimitPaise;
      return refundReturn(context, admin, input, { capPaise });
    }),
  } as unknown as Record<ReturnIntent, AdminHandler<never>>;
}
