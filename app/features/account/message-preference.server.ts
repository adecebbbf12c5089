/**
 * Reading and saving the shopper's message channel on their customer record (issue 20 item
 * 4). A shopper without a record gets one on their first save, made from their account's name
 * and e-mail and the mobile number they give (`ensureCustomerForUser`); a record the shop made
 * for their verified e-mail is linked and used instead (`customerForUser`).
 */
import type { Db } from '~/lib/db.server';
import { formValues } from '~/lib/forms';
import type { NotifyPreference } from '~/lib/schema-enums';
import { formatIndianMobile, indianMobileSchema } from '~/features/customers/contact-fields';
import { customerForUser, ensureCustomerForUser } from '~/features/customers/customers.server';
import { setCustomerNotify } from '~/features/customers/customers-commands.server';
import { actionResult } from './auth-form';
import { formRefused } from './auth-answers.server';
import { messagePreferenceSchema, NOTIFY_LABELS, type MessagesField } from './message-preference';

/** What the Messages section shows. */
export interface MessagePreference {
  notify: NotifyPreference;
  /** The record's mobile, as read ('+91 98250 12345'); null without a record. */
  phone: string | null;
}

/** The shopper's channel ('both' before they have a record) and the number WhatsApp uses. */
export async function getMessagePreference(db: Db, userId: string): Promise<MessagePreference> {
  const record = await customerForUser(db, userId);
  return record
    ? { notify: record.notify, phone: formatIndianMobile(record.phone) }
    : { notify: 'both', phone: null };
}

/**
 * Saves the Messages form (`notify`, and `phone` when the shopper has no record yet).
 * Answers 200 with a notice, or 400 with the field's message ('Please enter a 10-digit
 * Indian mobile number' when a number is needed and missing or wrong).
 */
export async function saveMessagePreference(
  db: Db,
  user: { id: string; name: string },
  form: FormData,
) {
  const parsed = messagePreferenceSchema.safeParse(formValues(form, ['notify', 'phone']));
  if (!parsed.success) return formRefused<MessagesField>(parsed.error, { state: 'messages' });
  const { notify, phone } = parsed.data;
  let record = await customerForUser(db, user.id);
  if (!record) {
    const mobile = indianMobileSchema.safeParse(phone);
    if (!mobile.success) {
      return actionResult<MessagesField>({
        ok: false,
        state: 'messages',
        errors: { phone: mobile.error.issues[0]!.message },
      });
    }
    record = await ensureCustomerForUser(db, user.id, { name: user.name, phone: mobile.data });
  }
  await setCustomerNotify(db, record.id, notify);
  const how = notify === 'both' ? 'by e-mail and WhatsApp' : `by ${NOTIFY_LABELS[notify]}`;
  return actionResult<MessagesField>({
    ok: true,
    state: 'messages',
    notice: {
      title: 'Message preference saved',
      description: `We will send your appointment and order messages ${how}.`,
      error: false,
    },
  });
}
