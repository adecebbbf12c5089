/**
 * The shopper's choice of channel for the shop's messages (issue 20 item 4: "the customer
 * chooses the channel (e-mail, WhatsApp or both) in their account"): the form's schema, shared
 * by the page and the action (zod/mini, so the browser gets the small build).
 */
import * as z from 'zod/mini';
import { NOTIFY_PREFERENCES } from '~/lib/schema-enums';

/** The choices as the form shows them. */
export const NOTIFY_LABELS = {
  email: 'E-mail',
  whatsapp: 'WhatsApp',
  both: 'Both',
} as const satisfies Record<(typeof NOTIFY_PREFERENCES)[number], string>;

/** The fields of the Messages form. */
export type MessagesField = 'notify' | 'phone';

/**
 * The Messages form: the channel, and the mobile number as typed; the number is read (with
 * `indianMobileSchema`) only when the shopper has no customer record yet.
 */
export const messagePreferenceSchema = z.object({
  notify: z.enum(NOTIFY_PREFERENCES, 'Please choose how we should send your messages'),
  phone: z.string().check(z.maxLength(30, 'Please enter a 10-digit Indian mobile number')),
});
