/**
 * The intent of the "Cash on delivery" section of /admin/orders/:number (issue 32 item 3):
 * `record-cod-remittance` parses the form and calls the ledger's command
 * (features/payments `recordCodRemittance`); the role is checked by `runAdminAction` against
 * the authorization table (payments: record) before it runs; `confirm-cod-order` confirms the
 * order for a customer who confirmed it to staff (features/cod `confirmCodByStaff`; orders: edit).
 */
import { adminHandler, type AdminHandler } from '~/features/admin/shared/admin-action.server';
import { confirmCodByStaff, staffCodConfirmationSchema } from '~/features/cod/cod.server';
import {
  codRemittanceSchema,
  recordCodRemittance,
  type PaymentsContext,
} from '~/features/payments/admin-payments.server';

type CodIntent = 'record-cod-remittance' | 'confirm-cod-order';

/** The COD section's handlers, by intent, for `runAdminAction`. */
export function codSectionHandlers(
  context: PaymentsContext,
): Record<CodIntent, AdminHandler<never>> {
  return {
    'record-cod-remittance': adminHandler(codRemittanceSchema, (input, admin) =>
      recordCodRemittance(context, admin, input),
    ),
    'confirm-cod-order': adminHandler(staffCodConfirmationSchema, (input, admin) =>
      confirmCodByStaff(context.db, admin, input),
    ),
  } as unknown as Record<CodIntent, AdminHandler<never>>;
}
