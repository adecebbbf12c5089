/**
 * The notice when a new customer record's phone is already on other records (issue 20 item 1,
 * decision 013: phones are not unique, families share one), shared by the customers commands
 * and the back office's "Add a walk-in customer" dialog.
 */

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
