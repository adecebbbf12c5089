/** The bespoke clients screens' rules, shared by the server and the screens. */
import type { NotifyPreference } from '~/lib/schema-enums';

/** The longest notes on a client record, in characters. */
export const CLIENT_NOTES_MAX_LENGTH = 2000;

/** How each channel preference reads (issue 20 item 4: e-mail, WhatsApp or both). */
export const NOTIFY_LABELS: Record<NotifyPreference, string> = {
  email: 'E-mail',
  whatsapp: 'WhatsApp',
  both: 'E-mail and WhatsApp',
};

/** What the notice about a phone already on other records says after the phone. */
const SHARED_PHONE_MARK = 'is already on the record of';

/**
 * The notice when a new record's phone (as read, '+91 98250 12345') is already on the records
 * of `names`: not an error (families share phones), but never a silent duplicate.
 */
export function sharedPhoneNotice(phone: string, names: string[]): string {
  return (
    `${phone} ${SHARED_PHONE_MARK} ${names.join(', ')}. ` +
    'Open that record, or tick “Add anyway” if this is someone else on the same phone.'
  );
}

/** Whether a refusal of the phone field is the shared-phone notice. */
export function isSharedPhoneNotice(message: string | undefined): boolean {
  return Boolean(message?.includes(SHARED_PHONE_MARK));
}
