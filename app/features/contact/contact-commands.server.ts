/**
 * The contact domain's commands (issue 30 item 4: `contact` owns `contactMessages`, and every
 * change to a message is made here; SPEC.md section 3 "Contact form"). A new message is stored
 * by `saveContactMessage` (contact.server.ts); the back office marks messages here.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { contactMessages } from '~/lib/schema.server';
import { Refusal } from '~/lib/refusal';
import type { Actor } from '~/lib/audit.server';
import { auditedWrite } from '~/lib/audited-write.server';
import { MESSAGE_STATUS_LABELS, type MessageStatus } from './message-status';

/**
 * Sets a message's status and records the change ('message.mark-read' and so on, with the
 * status before and after) in the same transaction. A message already in that status is left
 * as it is, with no audit entry. Resolves to the toast's message.
 * @throws Refusal 'not-found' for an unknown id.
 */
export async function setMessageStatus(
  db: Db,
  actor: Actor,
  id: number,
  status: MessageStatus,
): Promise<string> {
  const label = MESSAGE_STATUS_LABELS[status].toLowerCase();
  return auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select({
          id: contactMessages.id,
          name: contactMessages.name,
          status: contactMessages.status,
        })
        .from(contactMessages)
        .where(eq(contactMessages.id, id))
        .for('update')
        .then(([row]) => row),
    missing: () => new Refusal('not-found', 'This message no longer exists.'),
    check: (before) =>
      before.status === status ? `The message from ${before.name} is already ${label}.` : undefined,
    write: async (tx) => {
      await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, id));
      return { status };
    },
    audit: (before, after) => ({
      action: `message.mark-${status}`,
      entity: 'message',
      entityId: id,
      summary: `Marked the message from ${before.name} as ${label}`,
      before: { status: before.status },
      after,
    }),
    answer: (before) => `The message from ${before.name} is marked as ${label}.`,
  });
}
