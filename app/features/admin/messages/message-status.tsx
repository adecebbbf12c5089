/** The statuses of a contact-form message and their badge (shared by server and screens). */
import { cn } from '~/lib/utils';

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

const styles: Record<MessageStatus, string> = {
  new: 'bg-amber-100 text-amber-900',
  read: 'bg-sky-100 text-sky-900',
  answered: 'bg-emerald-100 text-emerald-900',
};

/** True for one of {@link MESSAGE_STATUSES}. */
export function isMessageStatus(value: unknown): value is MessageStatus {
  return (MESSAGE_STATUSES as readonly unknown[]).includes(value);
}

/** A message's status as a labelled badge (the word, not only a colour). */
export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        styles[status],
      )}
    >
      {MESSAGE_STATUS_LABELS[status]}
    </span>
  );
}
