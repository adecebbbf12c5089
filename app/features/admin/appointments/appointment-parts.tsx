/**
 * Pieces the back office's appointment screens share: the status badge, the choice of a slot
 * (full ones shown and disabled; after a refusal, the next free times), and the refusal line.
 * Every time is written in Asia/Kolkata.
 */
import type { ReactNode } from 'react';
import type { Slot } from '~/features/booking/slots';
import type { AppointmentStatus } from '~/lib/schema-enums';
import { formatShopDateTime } from '~/lib/shop-time';
import { cn } from '~/lib/utils';
import { STATUS_LABELS } from './appointments-query';

const statusStyles: Record<AppointmentStatus, string> = {
  booked: 'bg-sky-100 text-sky-900',
  attended: 'bg-emerald-100 text-emerald-900',
  no_show: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-stone-200 text-stone-800',
};

/** An appointment's status as a labelled badge (the word, not only a colour). */
export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        statusStyles[status],
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

const choice =
  'flex min-h-11 cursor-pointer flex-wrap items-center gap-x-2 rounded-md border border-border bg-white px-3 py-1 text-sm has-checked:border-primary has-checked:bg-primary/10 has-disabled:cursor-not-allowed has-disabled:opacity-55 sm:min-h-10';

/**
 * The slots of a day as radio buttons named `startsAt`; full ones (and `current`, the time an
 * appointment already has) are disabled. `nextSlots`, given after a slot was just taken, are
 * offered under "Other free times" with their date. `error` is shown under the legend.
 */
export function SlotChoices({
  slots,
  current,
  nextSlots = [],
  error,
  empty,
}: {
  slots: Slot[];
  /** ISO start of the appointment being moved. */
  current?: string;
  nextSlots?: Slot[];
  error?: string;
  /** What to say when the day has no slot. */
  empty: ReactNode;
}) {
  return (
    <div className="grid gap-4">
      <fieldset aria-describedby={error ? 'slot-error' : undefined}>
        <legend className="text-sm font-medium">Time (India time)</legend>
        {error && (
          <p id="slot-error" role="alert" className="mt-1 text-sm text-destructive">
            {error}
          </p>
        )}
        {slots.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{empty}</p>
        ) : (
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4 xl:grid-cols-5">
            {slots.map((slot) => {
              const isCurrent = slot.startsAt === current;
              const full = slot.left === 0;
              return (
                <label key={slot.startsAt} className={choice}>
                  <input
                    type="radio"
                    name="startsAt"
                    value={slot.startsAt}
                    disabled={full || isCurrent}
                    required
                    className="size-4 accent-primary"
                  />
                  <span className="font-medium whitespace-nowrap">{slot.label}</span>
                  <span className="text-xs whitespace-nowrap text-muted-foreground">
                    {isCurrent ? '(current)' : full ? '(full)' : `${slot.left} free`}
                  </span>
                </label>
              );
            })}
          </div>
        )}
      </fieldset>
      {nextSlots.length > 0 && (
        <fieldset>
          <legend className="text-sm font-medium">Other free times</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {nextSlots.map((slot) => (
              <label key={slot.startsAt} className={choice}>
                <input
                  type="radio"
                  name="startsAt"
                  value={slot.startsAt}
                  required
                  className="size-4 accent-primary"
                />
                <span className="font-medium">{formatShopDateTime(slot.startsAt)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
