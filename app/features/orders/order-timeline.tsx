/**
 * An order's progress for the shopper and the back office: the fulfilment steps done, current
 * and to come, and the timeline of what happened (oldest first), in the shop's time zone.
 */
import { StepPills } from '~/components/ui/step-pills';
import { formatShopDateTime } from '~/lib/shop-time';
import { cn } from '~/lib/utils';
import {
  FULFILMENT_STATUSES,
  FULFILMENT_STEPS,
  fulfilmentIndex,
  timelineLabel,
  type FulfilmentStatus,
  type OrderTimelineEntry,
} from './fulfilment';

/** The seven steps with the reached ones ticked and the current one named with its meaning. */
export function FulfilmentProgress({ status }: { status: FulfilmentStatus }) {
  const reached = fulfilmentIndex(status);
  const step = FULFILMENT_STEPS[status];
  return (
    <div>
      <p className="text-lg font-semibold">{step.label}</p>
      <p className="mt-1 text-muted-foreground">{step.description}</p>
      <StepPills
        label="Steps of your order"
        steps={FULFILMENT_STATUSES.map((value) => ({
          key: value,
          label: FULFILMENT_STEPS[value].label,
        }))}
        reached={reached}
      />
    </div>
  );
}

/** What happened to an order, oldest first; with `actorEmail` on entries, who did it. */
export function OrderTimeline({
  entries,
  label = 'Order history',
}: {
  entries: (OrderTimelineEntry & { actorEmail?: string | null })[];
  label?: string;
}) {
  if (entries.length === 0) return <p className="text-muted-foreground">Nothing recorded yet.</p>;
  return (
    <ol aria-label={label} className="relative ms-2 border-s border-border">
      {entries.map((entry, index) => (
        <li key={index} className="ms-4 pb-4 last:pb-0">
          <span
            aria-hidden
            className={cn(
              'absolute -start-1.5 mt-1.5 size-3 rounded-full border-2 border-white',
              entry.kind === 'failed' || entry.kind === 'cancelled' ? 'bg-stone-400' : 'bg-primary',
            )}
          />
          <p className="font-medium">{timelineLabel(entry)}</p>
          <p className="text-sm text-muted-foreground">
            <time dateTime={entry.at}>{formatShopDateTime(entry.at)}</time>
            {entry.actorEmail && (
              <>
                {' '}
                · <span className="break-all">{entry.actorEmail}</span>
              </>
            )}
          </p>
          {entry.kind === 'fulfilment' && entry.fulfilmentStatus && (
            <p className="text-sm">{FULFILMENT_STEPS[entry.fulfilmentStatus].description}</p>
          )}
          {entry.note && (
            <p className="mt-1 text-sm whitespace-pre-wrap break-words">{entry.note}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
