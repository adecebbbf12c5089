/**
 * The contact form's messages in the back office (issue "Back office"; SPEC.md section 3
 * "Contact form"): newest first, 25 a page, filtered by status, and marked read, answered or
 * new again. Each change runs in one transaction with its audit entry: the contact domain's
 * `setMessageStatus` (features/contact/contact-commands.server.ts, issue 30 item 4).
 */
import { count, desc, eq } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { contactMessages } from '~/lib/schema.server';
import { adminHandler, type AdminHandler } from '~/features/admin/shared/admin-action.server';
import { pagedList } from '~/features/admin/shared/paged-list.server';
import { MESSAGE_STATUSES, type MessageStatus } from '~/features/contact/message-status';
import { setMessageStatus } from '~/features/contact/contact-commands.server';
import { idField } from '~/lib/form-fields.server';

/** Messages per page of /admin/messages. */
export const MESSAGES_PAGE_SIZE = 25;

/** A message as the messages screen shows it. */
export interface AdminMessage {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  /** The text as sent; the screen shows it as text, never as HTML. */
  message: string;
  status: MessageStatus;
  /** When it was received, ISO 8601. */
  createdAt: string;
}

/** One page of messages, the number matching the filter, and the count of every status. */
export interface MessagePage {
  rows: AdminMessage[];
  /** Messages matching the filter (for the page count). */
  total: number;
  /** All messages by status, whatever the filter. */
  counts: Record<MessageStatus, number>;
}

/**
 * One page (1-based; a page past the end is empty) of the messages, newest first, optionally
 * only those with `status`.
 * @throws when the database fails.
 */
export async function listMessages(
  db: Db,
  options: { page: number; status?: MessageStatus },
): Promise<MessagePage> {
  const where = options.status ? eq(contactMessages.status, options.status) : undefined;
  const { rows, total: byStatus } = await pagedList(
    { page: options.page, size: MESSAGES_PAGE_SIZE },
    ({ limit, offset }) =>
      db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(limit)
        .offset(offset),
    // Every status's count, whatever the filter: the total is read from them below.
    () =>
      db
        .select({ status: contactMessages.status, n: count() })
        .from(contactMessages)
        .groupBy(contactMessages.status),
  );
  const counts = Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, 0])) as Record<
    MessageStatus,
    number
  >;
  for (const row of byStatus) counts[row.status] = Number(row.n);
  const total = options.status
    ? counts[options.status]
    : MESSAGE_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      subject: row.subject,
      message: row.message,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    counts,
  };
}

/** The form of every message action: the message's id, a positive whole number. */
export const messageIdSchema = z.object({
  id: idField('This message could not be found.'),
});

/** The intents of /admin/messages and the status each sets. */
const MESSAGE_INTENTS = {
  'mark-read': 'read',
  'mark-answered': 'answered',
  'mark-new': 'new',
} as const satisfies Record<string, MessageStatus>;

/** 'mark-read', 'mark-answered' or 'mark-new'. */
export type MessageIntent = keyof typeof MESSAGE_INTENTS;

/** The action handlers of /admin/messages, by intent, for `runAdminAction`. */
export function messageHandlers(db: Db): Record<MessageIntent, AdminHandler<{ id: number }>> {
  const handler = (status: MessageStatus) =>
    adminHandler(messageIdSchema, (input, admin) => setMessageStatus(db, admin, input.id, status));
  return {
    'mark-read': handler(MESSAGE_INTENTS['mark-read']),
    'mark-answered': handler(MESSAGE_INTENTS['mark-answered']),
    'mark-new': handler(MESSAGE_INTENTS['mark-new']),
  };
}
