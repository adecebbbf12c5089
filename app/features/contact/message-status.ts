/**
 * The statuses of a contact-form message (SPEC.md section 3 "Contact form"; shared by the
 * contact domain's commands, the back office's screens and its routes).
 */

/** A message arrives 'new'; the shop marks it 'read', then 'answered' (or back to 'new'). */
export const MESSAGE_STATUSES = ['new', 'read', 'answered'] as const;

/** 'new', 'read' or 'answered'. */
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The words the back office uses for each status. */
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  new: 'New',
  read: 'Read',
  answered: 'Answered',
};

/** True for one of {@link MESSAGE_STATUSES}. */
export function isMessageStatus(value: unknown): value is MessageStatus {
  return (MESSAGE_STATUSES as readonly unknown[]).includes(value);
}
