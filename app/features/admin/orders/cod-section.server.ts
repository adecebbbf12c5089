/**
 * The intent of the "Cash on delivery" section of /admin/orders/:number (issue 32 item 3):
 * `record-cod-remittance` parses the form and calls the ledger's command
 * (features/payments `recordCodRemittance`); the role is checked by `runAdminAction` against
 * the authorization table (payments: record) before it runs.
 */
import { adminHandler, type AdminHandler } from '~/features/admin/shared/admin-action.server';
import {
  codRemittanceSchema,
  recordCodRemittance,
  type PaymentsContext,
} from '~/features/payments/admin-payments.server';

/** The COD section's handlers, by intent, for `runAdminAction`. */
export function codSectionHandlers(
  context: PaymentsContext,
): Record<'record-cod-remittance', AdminHandler<never>> {
  return {
    'record-cod-remittance': adminHandler(codRemittanceSchema, (input, admin) =>
      recordCodRemittance(context, admin, input),
    ),
  } as unknown as Record<'record-cod-remittance', AdminHandler<never>>;
}
