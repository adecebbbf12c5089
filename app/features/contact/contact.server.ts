/** Storing contact-form leads so the shop never loses one (issue "Contact"), within limits. */
import type { Db } from '~/lib/db.server';
import { takeHits, waitInWords, type RequestLimit } from '~/lib/rate-limit.server';
import { contactMessages } from '~/lib/schema.server';
import type { ContactMessage } from './contact';

/**
 * How many valid messages one visitor may send (issue 8 item 5): per client address, and per
 * e-mail address so that changing networks does not help a sender who floods the inbox.
 */
export const CONTACT_LIMITS = {
  perAddress: { windowS: 15 * 60, max: 5 },
  perEmail: { windowS: 60 * 60, max: 3 },
} as const satisfies Record<string, RequestLimit>;

/** The title and text shown when a sender is over `CONTACT_LIMITS`. */
export function contactLimitNotice(retryAfterS: number) {
  return {
    title: 'Too many messages',
    description: `You have sent several messages in a short time. Please try again in ${waitInWords(retryAfterS)}, or call or WhatsApp us.`,
  };
}

/**
 * Counts one message from `clientAddress` and `email` against `CONTACT_LIMITS`.
 * @returns `{ ok: true }`, or `{ ok: false, retryAfterS }` when either limit is spent.
 */
export function takeContactHit(db: Db, clientAddress: string, email: string, now?: Date) {
  return takeHits(
    db,
    [
      { key: `contact:ip:${clientAddress}`, limit: CONTACT_LIMITS.perAddress },
      { key: `contact:email:${email.toLowerCase()}`, limit: CONTACT_LIMITS.perEmail },
    ],
    now,
  );
}

/** Saves a validated message and returns its id. */
export async function saveContactMessage(db: Db, message: ContactMessage): Promise<number> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: message.name,
      email: message.email,
      phone: message.phone ?? null,
      subject: message.subject ?? null,
      message: message.message,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message was not stored');
  return row.id;
}
