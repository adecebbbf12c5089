/** Storing contact-form leads so the shop never loses one (issue "Contact"). */
import type { Db } from '~/lib/db.server';
import { contactMessages } from '~/lib/schema.server';
import type { ContactMessage } from './contact';

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
