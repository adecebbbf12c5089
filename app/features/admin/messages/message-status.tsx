/** A contact-form message's status as a badge (the statuses: features/contact/message-status.ts). */
import { cn } from '~/lib/utils';
import { MESSAGE_STATUS_LABELS, type MessageStatus } from '~/features/contact/message-status';

const styles: Record<MessageStatus, string> = {
  new: 'bg-amber-100 text-amber-900',
  read: 'bg-sky-100 text-sky-900',
  answered: 'bg-emerald-100 text-emerald-900',
};

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
