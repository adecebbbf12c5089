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
  // The shopper is told of each decision with the order's signed link (features/orders).
  const site = async () => ({
    publicUrl: context.env.PUBLIC_URL,
    linkSecret: context.linkSecret,
    shopName: (await context.catalogue.settings()).shopName,
  });
  return {
    'decide-return': adminHandler(returnDecisionSchema, async (input, admin) =>
      decideReturn(context.db, admin, input, context.courier, { site: await site() }),
    ),
    'receive-return': adminHandler(returnStepSchema, async (input, admin) =>
      receiveReturn(context.db, admin, input, { site: await site() }),
    ),
    'refund-return': adminHandler(returnStepSchema, async (input, admin) => {
      const capPaise = roleMay(admin.role, { refunds: ['over-limit'] })
        ? undefined
        : (await getOrderSettings(context.db)).counterRefundLimitPaise;
      return refundReturn(context, admin, input, { capPaise, site: await site() });
    }),
  } as unknown as Record<ReturnIntent, AdminHandler<never>>;
}
