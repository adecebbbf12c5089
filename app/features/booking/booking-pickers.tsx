/**
 * The pickers the booking page and the manage page share (issue 20 item 2): a month grid
 * that marks the days with free times, and the times of one day (full ones shown as taken).
 * Every choice is a plain link or a submit button, so they work without JavaScript.
 */
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '~/lib/utils';
import type { CalendarMonth } from './calendar-month';
import type { Slot } from './slots';
import { formatShopDate } from '~/lib/shop-time';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const cell = 'flex h-11 items-center justify-center rounded-md text-sm';

/**
 * One month of days: days with free times are links (`dayHref`), the others are greyed out.
 * `monthHref` makes the links to the months before and after.
 */
export function MonthPicker({
  month,
  selected,
  dayHref,
  monthHref,
}: {
  month: CalendarMonth;
  selected?: string | null;
  dayHref: (date: string) => string;
  monthHref: (key: string) => string;
}) {
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        {month.previous ? (
          <Link
            to={monthHref(month.previous)}
            preventScrollReset
            className="inline-flex size-11 items-center justify-center rounded-md hover:bg-muted"
            aria-label="Previous month"
          >
            <ChevronLeftIcon aria-hidden className="size-5" />
          </Link>
        ) : (
          <span className="size-11" />
        )}
        <h3 className="text-lg font-semibold" aria-live="polite">
          {month.label}
        </h3>
        {month.next ? (
          <Link
            to={monthHref(month.next)}
            preventScrollReset
            className="inline-flex size-11 items-center justify-center rounded-md hover:bg-muted"
            aria-label="Next month"
          >
            <ChevronRightIcon aria-hidden className="size-5" />
          </Link>
        ) : (
          <span className="size-11" />
        )}
      </div>
      <div className="mt-2 grid grid-cols-7 gap-1 text-center" aria-hidden>
        {WEEKDAYS.map((day) => (
          <span key={day} className="text-xs font-medium text-muted-foreground">
            {day}
          </span>
        ))}
      </div>
      <ul className="mt-1 grid grid-cols-7 gap-1" aria-label={`Days of ${month.label}`}>
        {Array.from({ length: month.leadingBlanks }, (_, index) => (
          <li key={`blank-${index}`} aria-hidden />
        ))}
        {month.days.map((day) => {
          const label = formatShopDate(day.date);
          const isSelected = day.date === selected;
          return (
            <li key={day.date}>
              {day.freeSlots > 0 ? (
                <Link
                  to={dayHref(day.date)}
                  aria-label={`${label}: ${day.freeSlots} ${day.freeSlots === 1 ? 'time' : 'times'} free`}
                  aria-current={isSelected ? 'date' : undefined}
                  className={cn(
                    cell,
                    'font-semibold',
                    isSelected
                      ? 'bg-primary text-primary-foreground'
                      : 'border border-primary/30 bg-white text-primary hover:bg-primary/10',
                  )}
                >
                  {day.day}
                </Link>
              ) : (
                <span className={cn(cell, 'text-muted-foreground line-through decoration-1')}>
                  <span aria-hidden>{day.day}</span>
                  <span className="sr-only">{label}: no times free</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const slotClass =
  'flex h-11 items-center justify-center rounded-md border px-2 text-sm font-medium';

/** A day's times as links (`slotHref`); full ones shown as taken. */
export function SlotLinks({
  slots,
  selected,
  slotHref,
}: {
  slots: Slot[];
  selected?: string | null;
  slotHref: (slot: Slot) => string;
}) {
  if (slots.length === 0) return <NoSlots />;
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {slots.map((slot) => (
        <li key={slot.startsAt}>
          {slot.left > 0 ? (
            <Link
              to={slotHref(slot)}
              aria-current={slot.startsAt === selected ? 'true' : undefined}
              className={cn(
                slotClass,
                slot.startsAt === selected
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-primary/30 text-primary hover:bg-primary/10',
              )}
            >
              {slot.label}
            </Link>
          ) : (
            <TakenSlot slot={slot} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** A day's times as submit buttons named `time` of the enclosing form; full ones as taken. */
export function SlotButtons({ slots }: { slots: Slot[] }) {
  if (slots.length === 0) return <NoSlots />;
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {slots.map((slot) => (
        <li key={slot.startsAt}>
          {slot.left > 0 ? (
            <button
              type="submit"
              name="time"
              value={slot.startsAt}
              className={cn(slotClass, 'w-full border-primary/30 text-primary hover:bg-primary/10')}
            >
              {slot.label}
            </button>
          ) : (
            <TakenSlot slot={slot} />
          )}
        </li>
      ))}
    </ul>
  );
}

function TakenSlot({ slot }: { slot: Slot }) {
  return (
    <span className={cn(slotClass, 'flex-col gap-0 border-border bg-muted text-muted-foreground')}>
      <span className="line-through">{slot.label}</span>
      <span className="text-xs">Taken</span>
    </span>
  );
}

function NoSlots() {
  return (
    <p className="text-muted-foreground">No times are free on this day. Please pick another.</p>
  );
}
