/**
 * The bespoke clients screens' rules, shared by the server and the screens. The notice about a
 * phone already on other records is the customers domain's (`features/customers/shared-phone.ts`).
 */
import type { NotifyPreference } from '~/lib/schema-enums';

/** The longest notes on a client record, in characters. */
export const CLIENT_NOTES_MAX_LENGTH = 2000;

/** How each channel preference reads (issue 20 item 4: e-mail, WhatsApp or both). */
export const NOTIFY_LABELS: Record<NotifyPreference, string> = {
  email: 'E-mail',
  whatsapp: 'WhatsApp',
  both: 'E-mail and WhatsApp',
};
