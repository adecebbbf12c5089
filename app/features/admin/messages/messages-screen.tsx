/**
 * The back office's messages (/admin/messages): status filters with counts, and each contact
 * form message as a card with reply links (call, WhatsApp, e-mail) and status buttons.
 */
import { MailIcon, MessageCircleIcon, PhoneIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { Pagination } from '~/features/admin/shared/pagination';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { formatShopDateTime } from '~/lib/shop-time';
import { cn } from '~/lib/utils';
import { messageReplyLinks } from './message-links';
import { MessageStatusBadge } from './message-status';
import {
  MESSAGE_STATUS_LABELS,
  MESSAGE_STATUSES,
  type MessageStatus,
} from '~/features/contact/message-status';
import type { AdminMessage, MessagePage } from './messages.server';

const FILTERS: { value: MessageStatus | null; label: string }[] = [
  { value: null, label: 'All' },
  ...MESSAGE_STATUSES.map((value) => ({ value, label: MESSAGE_STATUS_LABELS[value] })),
];

/** The messages screen: status filter, message cards with reply links and status buttons. */
export function MessagesScreen({
  rows,
  total,
  counts,
  filter,
  page,
  pages,
}: MessagePage & {
  /** The status shown, or null for all. */
  filter: MessageStatus | null;
  page: number;
  pages: number;
}) {
  const all = MESSAGE_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return (
    <>
      <h1 className="text-3xl font-semibold sm:text-4xl">Messages</h1>
      <p className="mt-2 text-muted-foreground">
        Messages sent through the contact form, newest first.
      </p>

      <nav aria-label="Filter messages by status" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {FILTERS.map(({ value, label }) => {
            const current = value === filter;
            return (
              <li key={label}>
                <Link
                  to={value ? `?status=${value}` : '/admin/messages'}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    buttonVariants({ variant: current ? 'default' : 'outline', size: 'sm' }),
                    'min-h-11 sm:min-h-9',
                  )}
                >
                  {label} <span className="opacity-80">({value ? counts[value] : all})</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {rows.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-dashed border-border bg-white px-6 py-12 text-center text-muted-foreground">
          {total === 0
            ? filter
              ? `No ${MESSAGE_STATUS_LABELS[filter].toLowerCase()} messages.`
              : 'No messages yet.'
            : 'There are no messages on this page.'}
        </p>
      ) : (
        <ol className="mt-6 grid gap-4" aria-label="Messages">
          {rows.map((message) => (
            <li key={message.id}>
              <MessageCard message={message} />
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pages={pages} label="Pages of messages" />
    </>
  );
}

function MessageCard({ message }: { message: AdminMessage }) {
  const links = messageReplyLinks(message);
  const headingId = `message-${message.id}-heading`;
  const outline = cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'min-h-11 sm:min-h-9');
  return (
    <Card asChild padding="md" className={cn(message.status === 'new' && 'border-primary/40')}>
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold break-words">
              {message.subject || 'No subject'}
            </h2>
            <p className="text-sm text-muted-foreground">
              From <span className="font-medium text-foreground">{message.name}</span> ·{' '}
              <time dateTime={message.createdAt}>{formatShopDateTime(message.createdAt)}</time>
            </p>
          </div>
          <MessageStatusBadge status={message.status} />
        </div>

        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">E-mail</dt>
          <dd className="break-all">{message.email}</dd>
          <dt className="text-muted-foreground">Phone</dt>
          <dd>{message.phone || 'Not given'}</dd>
        </dl>

        <p className="mt-3 rounded-lg bg-muted/50 p-3 text-sm whitespace-pre-wrap break-words">
          {message.message}
        </p>

        <div className="mt-4 flex flex-wrap gap-2">
          {links.tel && (
            <a href={links.tel} className={outline}>
              <PhoneIcon aria-hidden /> Call <span className="sr-only">{message.name}</span>
            </a>
          )}
          {links.whatsapp && (
            <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" className={outline}>
              <MessageCircleIcon aria-hidden /> WhatsApp{' '}
              <span className="sr-only">{message.name} (opens in a new tab)</span>
            </a>
          )}
          <a href={links.mailto} className={outline}>
            <MailIcon aria-hidden /> E-mail <span className="sr-only">{message.name}</span>
          </a>
        </div>

        <StatusActions message={message} />
      </article>
    </Card>
  );
}

const ACTIONS: { intent: string; status: MessageStatus; label: string }[] = [
  { intent: 'mark-read', status: 'read', label: 'Mark as read' },
  { intent: 'mark-answered', status: 'answered', label: 'Mark as answered' },
  { intent: 'mark-new', status: 'new', label: 'Mark as new' },
];

/** The status buttons of one message; each outcome is a toast. */
function StatusActions({ message }: { message: AdminMessage }) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== 'idle';
  const pending = busy ? fetcher.formData?.get('intent') : null;
  return (
    <fetcher.Form method="post" className="mt-4 flex flex-wrap gap-2 border-t border-border pt-4">
      <input type="hidden" name="id" value={message.id} />
      {ACTIONS.filter((action) => action.status !== message.status).map((action) => (
        <Button
          key={action.intent}
          type="submit"
          name="intent"
          value={action.intent}
          size="sm"
          variant={action.status === 'new' ? 'ghost' : 'default'}
          disabled={busy}
          className="min-h-11 sm:min-h-9"
        >
          {pending === action.intent ? 'Saving…' : action.label}
        </Button>
      ))}
    </fetcher.Form>
  );
}
