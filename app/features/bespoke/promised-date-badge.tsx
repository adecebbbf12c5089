/**
 * A bespoke order's promised delivery date with its warning (issue 21 item 3, "Dates"):
 * '28 Nov 2026' and, when close or overdue, 'Due in 2 days' / 'Overdue by 4 days' as a
 * badge with words, not only a colour.
 */
import { AlertTriangleIcon, ClockIcon } from 'lucide-react';
import type { FulfilmentStatus } from '~/lib/schema-enums';
import { cn } from '~/lib/utils';
import { promisedWarning } from './promised-date';

/** A shop day as '28 Nov 2026' (the day string read as a calendar day, not an instant). */
const shortDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** The date (or nothing when none is set) and its warning, seen on the shop day `today`. */
export function PromisedDate({
  promisedOn,
  today,
  fulfilmentStatus,
  cancelled,
  className,
}: {
  promisedOn: string | null;
  today: string;
  fulfilmentStatus: FulfilmentStatus | null;
  cancelled?: boolean;
  className?: string;
}) {
  if (!promisedOn) return null;
  const warning = promisedWarning({ promisedOn, today, fulfilmentStatus, cancelled });
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1', className)}>
      <span>
        Promised{' '}
        <time dateTime={promisedOn}>{shortDay.format(new Date(`${promisedOn}T00:00:00Z`))}</time>
      </span>
      {warning && (
        <span
          className={cn(
            'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
            warning.tone === 'overdue' ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900',
          )}
        >
          {warning.tone === 'overdue' ? (
            <AlertTriangleIcon aria-hidden className="size-3.5" />
          ) : (
            <ClockIcon aria-hidden className="size-3.5" />
          )}
          {warning.text}
        </span>
      )}
    </span>
  );
}
