/**
 * The delivery calendar's screen (issue 31 item 6, `/admin/workshop/calendar`): the orders at
 * risk of missing their promised date first ("At risk: will miss the promised date"), then a
 * day or a week (Monday to Sunday) of what is due: booked trials, trials, ready and delivery,
 * each with the order (a link to its page only for staff who read orders), the customer's first
 * name and each garment's stage and assignee. Day/week and previous/today/next are links that
 * change the URL's query. A week is a list of days on a phone and seven columns on a wide
 * screen. Revalidates when a ticket moves anywhere (`useServerEvents('workshop')`).
 */
import { Link } from 'react-router';
import { buttonVariants } from '~/components/ui/button';
import { addShopDays } from '~/lib/shop-time';
import { cn } from '~/lib/utils';
import type {
  AtRiskGarment,
  CalendarEntry,
  CalendarGarment,
  DueKind,
} from '~/features/workshop/calendar.server';
import { useServerEvents } from '~/features/site/use-server-events';
import type { CalendarPage } from './calendar-page.server';

const shortDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const longDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A shop day, short: '2026-11-28' -> 'Sat, 28 Nov'. */
const formatDay = (date: string) => shortDay.format(new Date(`${date}T00:00:00Z`));
/** A shop day, long: 'Saturday, 28 November 2026'. */
const formatLongDay = (date: string) => longDay.format(new Date(`${date}T00:00:00Z`));

/** The calendar's link for a view and a day. */
const calendarHref = (view: string, date: string) =>
  `/admin/workshop/calendar?view=${view}&date=${date}`;

const KIND_TEXT: Record<DueKind, string> = {
  'trial-booked': 'Trial booked',
  trial: 'Trial due',
  ready: 'Ready due',
  delivery: 'Delivery due',
};

const NAV_LINK = cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'min-h-11 sm:min-h-9');

export function CalendarScreen({ calendar, linkOrders }: CalendarPage) {
  useServerEvents('workshop');
  const { view, date, today, days, atRisk, ownOnly } = calendar;
  const step = view === 'week' ? 7 : 1;
  const title =
    view === 'week'
      ? `Week of ${formatDay(days[0]!.date)} to ${formatDay(days.at(-1)!.date)}`
      : formatLongDay(date);

  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-semibold sm:text-4xl">Delivery calendar</h1>
        <Link to="/admin/workshop" className="text-primary underline">
          Production board
        </Link>
      </div>
      <p className="mt-1 text-muted-foreground">
        {ownOnly
          ? 'Trials, ready and delivery dates of the garments assigned to you.'
          : 'Trials, ready and delivery dates of every garment in the workshop.'}
      </p>

      <AtRisk orders={atRisk} linkOrders={linkOrders} />

      <nav aria-label="Calendar dates" className="mt-6 flex flex-wrap items-center gap-2">
        <Link
          to={calendarHref('day', date)}
          aria-current={view === 'day' ? 'page' : undefined}
          className={cn(NAV_LINK, view === 'day' && 'bg-primary text-primary-foreground')}
        >
          Day
        </Link>
        <Link
          to={calendarHref('week', date)}
          aria-current={view === 'week' ? 'page' : undefined}
          className={cn(NAV_LINK, view === 'week' && 'bg-primary text-primary-foreground')}
        >
          Week
        </Link>
        <span className="mx-1 hidden sm:inline" aria-hidden="true" />
        <Link to={calendarHref(view, addShopDays(date, -step))} className={NAV_LINK}>
          {view === 'week' ? 'Previous week' : 'Previous day'}
        </Link>
        <Link to={calendarHref(view, today)} className={NAV_LINK}>
          Today
        </Link>
        <Link to={calendarHref(view, addShopDays(date, step))} className={NAV_LINK}>
          {view === 'week' ? 'Next week' : 'Next day'}
        </Link>
      </nav>

      <h2 className="mt-4 text-xl font-semibold">{title}</h2>
      <div className={cn('mt-3 grid gap-3', view === 'week' && 'lg:grid-cols-7 lg:gap-2')}>
        {days.map((day) => {
          const headingId = `calendar-day-${day.date}`;
          return (
            <section
              key={day.date}
              aria-labelledby={headingId}
              className={cn(
                'min-w-0 rounded-lg border border-border bg-muted/40 p-2',
                day.date === today && 'border-primary',
              )}
            >
              {/* The day view's title already names its day: its heading is for screen readers. */}
              <h3
                id={headingId}
                className={cn('px-1 pb-2 font-semibold', view === 'day' && 'sr-only')}
              >
                <time dateTime={day.date}>
                  {view === 'week' ? formatDay(day.date) : formatLongDay(day.date)}
                </time>
                {day.date === today && (
                  <span className="ml-2 text-sm font-normal text-primary">Today</span>
                )}
              </h3>
              {day.entries.length === 0 ? (
                <p className="px-1 pb-1 text-sm text-muted-foreground">Nothing due.</p>
              ) : (
                <ul className="grid gap-2">
                  {day.entries.map((entry) => (
                    <Entry
                      key={`${entry.kind}-${entry.time ?? ''}-${entry.number}`}
                      entry={entry}
                      linkOrders={linkOrders}
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}

/** The order's number: a link to its page for those who may open it. */
function OrderNumber({ number, linkOrders }: { number: string; linkOrders: boolean }) {
  return linkOrders ? (
    <Link
      to={`/admin/orders/${encodeURIComponent(number)}`}
      className="font-mono text-primary underline"
    >
      {number}
    </Link>
  ) : (
    <span className="font-mono">{number}</span>
  );
}

/** A garment's line: name, its stage, its assignee. */
function GarmentLine({ garment }: { garment: CalendarGarment }) {
  return (
    <>
      <span className="font-medium">{garment.garment}</span>
      <span className="text-muted-foreground"> · at {garment.stageLabel} · </span>
      {garment.assigneeName ?? <span className="text-muted-foreground">No one</span>}
    </>
  );
}

function Entry({ entry, linkOrders }: { entry: CalendarEntry; linkOrders: boolean }) {
  return (
    <li
      className={cn(
        'grid gap-1 rounded-md border border-border bg-background p-2.5 text-sm shadow-xs',
        entry.atRisk && 'border-l-4 border-l-destructive',
        entry.done && 'opacity-70',
      )}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-semibold">
          {KIND_TEXT[entry.kind]}
          {entry.time && ` ${entry.time}`}
        </span>
        {entry.done && (
          <span className="rounded bg-emerald-100 px-1.5 text-xs font-medium text-emerald-900">
            Done
          </span>
        )}
        {entry.atRisk && !entry.done && (
          <span className="rounded bg-destructive px-1.5 text-xs font-semibold text-white">
            At risk
          </span>
        )}
      </p>
      <p>
        <OrderNumber number={entry.number} linkOrders={linkOrders} />{' '}
        <span className="text-muted-foreground">for {entry.customerFirstName}</span>
      </p>
      <ul className="grid gap-0.5">
        {entry.garments.map((garment) => (
          <li key={garment.garmentId} className="break-words">
            <GarmentLine garment={garment} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Why a garment is at risk, in words. */
function reasonText(garment: AtRiskGarment): string {
  switch (garment.reason) {
    case 'promise-passed':
      return 'The promised date has passed.';
    case 'stage-overdue':
      return `${garment.stageLabel} was due ${garment.stageDueOn ? formatDay(garment.stageDueOn) : ''}; ready ${formatDay(garment.forecastOn)} at this pace.`;
    case 'forecast':
      return `Ready ${formatDay(garment.forecastOn)} at this pace.`;
  }
}

function AtRisk({
  orders,
  linkOrders,
}: {
  orders: CalendarPage['calendar']['atRisk'];
  linkOrders: boolean;
}) {
  return (
    <section
      aria-labelledby="calendar-at-risk"
      className={cn(
        'mt-4 rounded-lg border p-3',
        orders.length > 0 ? 'border-destructive bg-destructive/5' : 'border-border',
      )}
    >
      <h2 id="calendar-at-risk" className="text-lg font-semibold">
        At risk: will miss the promised date
      </h2>
      {orders.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">No order is running late.</p>
      ) : (
        <ul className="mt-2 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {orders.map((order) => (
            <li
              key={order.number}
              className="rounded-md border border-border bg-background p-2.5 text-sm"
            >
              <p>
                <OrderNumber number={order.number} linkOrders={linkOrders} />{' '}
                <span className="text-muted-foreground">for {order.customerFirstName}</span>
              </p>
              <p className="font-semibold">
                Promised <time dateTime={order.promisedOn}>{formatDay(order.promisedOn)}</time>
              </p>
              <ul className="mt-1 grid gap-1">
                {order.garments.map((garment) => (
                  <li key={garment.garmentId}>
                    <GarmentLine garment={garment} />
                    <br />
                    <span className="text-destructive">{reasonText(garment)}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
