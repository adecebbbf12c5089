/**
 * The back office's appointments (/admin/appointments): a day view, a week view (seven columns
 * on a laptop, the days stacked on a phone) and a list of upcoming appointments filtered by
 * status and type. Each appointment shows its time in Asia/Kolkata, type, client with a phone
 * link, status, notes and what it was booked about; a booked one can be moved (the move panel
 * lists the slots of a day), cancelled with a message to the client, and marked attended or
 * no-show from its day on. Every link works without JavaScript; outcomes are toasts.
 */
import {
  CalendarPlusIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  PhoneIcon,
  RulerIcon,
  SettingsIcon,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { Card, Section } from '~/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { FilterSelect } from '~/features/admin/shared/filter-select';
import { Pagination } from '~/features/admin/shared/pagination';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import type { AppointmentView } from '~/features/booking/booking.server';
import { formatIndianMobile } from '~/features/customers/contact-fields';
import { telLink } from '~/features/site/settings';
import { APPOINTMENT_STATUSES } from '~/lib/schema-enums';
import {
  addShopDays,
  formatShopDate,
  formatShopDateTime,
  formatShopTime,
  shopDateOf,
  type ShopDate,
} from '~/lib/shop-time';
import { cn } from '~/lib/utils';
import { AppointmentStatusBadge, SlotChoices } from './appointment-parts';
import {
  appointmentsHref,
  mondayOf,
  STATUS_LABELS,
  type AppointmentsQuery,
} from './appointments-query';
import type { AppointmentOutcome, AppointmentsScreenData } from './appointments.server';

const outlineLink = cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'min-h-11 sm:min-h-9');
const textLink = 'font-medium text-primary underline underline-offset-4';

/** The query without the move panel: where the screen goes back to. */
function baseQuery(query: AppointmentsQuery) {
  return query.view === 'list'
    ? {
        view: 'list',
        page: query.page > 1 ? query.page : null,
        status: query.status,
        type: query.type,
      }
    : { view: query.view, date: query.date };
}

const weekdayShort = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
/** '2026-11-23' -> 'Mon, 23 Nov'. */
const shortDay = (date: ShopDate) => weekdayShort.format(new Date(`${date}T00:00:00Z`));

export function AppointmentsScreen(props: AppointmentsScreenData) {
  const { query, today, move } = props;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold sm:text-4xl">Appointments</h1>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/admin/appointments/new?date=${query.view === 'list' ? today : query.date < today ? today : query.date}`}
            className={cn(buttonVariants(), 'min-h-11 sm:min-h-10')}
          >
            <CalendarPlusIcon aria-hidden /> Book an appointment
          </Link>
          <Link to="/admin/appointments/setup" className={cn(outlineLink, 'sm:min-h-10')}>
            <SettingsIcon aria-hidden /> Booking setup
          </Link>
        </div>
      </div>
      <p className="mt-2 text-muted-foreground">
        Consultations, measurements, trials and deliveries. Times are India time (Asia/Kolkata).
      </p>

      <nav aria-label="Views" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {(['day', 'week', 'list'] as const).map((view) => (
            <li key={view}>
              <Link
                to={appointmentsHref(view === 'list' ? { view } : { view, date: query.date })}
                aria-current={query.view === view ? 'page' : undefined}
                className={cn(
                  buttonVariants({
                    variant: query.view === view ? 'default' : 'outline',
                    size: 'sm',
                  }),
                  'min-h-11 sm:min-h-9',
                )}
              >
                {{ day: 'Day', week: 'Week', list: 'List' }[view]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {move && <MovePanel move={move} query={query} />}

      {query.view === 'list' ? (
        <ListView {...props} />
      ) : (
        <>
          <DateNavigation query={query} today={today} />
          {query.view === 'day' ? <DayView {...props} /> : <WeekView {...props} />}
        </>
      )}
    </>
  );
}

/** Previous/next day or week, "Today", and a date to go to. */
function DateNavigation({ query, today }: { query: AppointmentsQuery; today: ShopDate }) {
  const step = query.view === 'week' ? 7 : 1;
  const unit = query.view === 'week' ? 'week' : 'day';
  const at = (date: ShopDate) => appointmentsHref({ view: query.view, date });
  return (
    <div className="mt-6 flex flex-wrap items-end justify-between gap-3">
      <nav aria-label={`Other ${unit}s`} className="flex flex-wrap gap-2">
        <Link to={at(addShopDays(query.date, -step))} className={outlineLink} rel="prev">
          <ChevronLeftIcon aria-hidden /> Previous {unit}
        </Link>
        <Link
          to={at(today)}
          className={outlineLink}
          aria-current={
            (
              query.view === 'week'
                ? mondayOf(query.date) === mondayOf(today)
                : query.date === today
            )
              ? 'page'
              : undefined
          }
        >
          Today
        </Link>
        <Link to={at(addShopDays(query.date, step))} className={outlineLink} rel="next">
          Next {unit} <ChevronRightIcon aria-hidden />
        </Link>
      </nav>
      <Form method="get" className="flex items-end gap-2">
        <input type="hidden" name="view" value={query.view} />
        <div className="grid gap-1">
          <Label htmlFor="go-to-date">Go to date</Label>
          <Input
            id="go-to-date"
            name="date"
            type="date"
            required
            defaultValue={query.date}
            key={query.date}
            className="h-11 sm:h-9"
          />
        </div>
        <Button type="submit" variant="outline" size="sm" className="min-h-11 sm:min-h-9">
          Go
        </Button>
      </Form>
    </div>
  );
}

function DayView({ query, today, days }: AppointmentsScreenData) {
  const day = days[0];
  const rows = day?.appointments ?? [];
  return (
    <section aria-labelledby="day-heading" className="mt-6">
      <h2 id="day-heading" className="text-xl font-semibold">
        {formatShopDate(query.date)}
        {query.date === today && <span className="text-muted-foreground"> (today)</span>}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{countText(rows)}</p>
      {rows.length === 0 ? (
        <Empty>No appointments on this day.</Empty>
      ) : (
        <ol
          className="mt-3 grid gap-3"
          aria-label={`Appointments on ${formatShopDate(query.date)}`}
        >
          {rows.map((appointment) => (
            <AppointmentItem
              key={appointment.id}
              appointment={appointment}
              query={query}
              today={today}
              when={formatTimeRange(appointment)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function WeekView({ query, today, days }: AppointmentsScreenData) {
  const first = days[0]?.date ?? query.date;
  return (
    <section aria-labelledby="week-heading" className="mt-6">
      <h2 id="week-heading" className="text-xl font-semibold">
        Week of {formatShopDate(first)}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {countText(days.flatMap((day) => day.appointments))}
      </p>
      <ol className="mt-3 grid gap-3 lg:grid-cols-7 lg:gap-2">
        {days.map((day) => (
          <li key={day.date} className="min-w-0">
            <Card
              asChild
              padding="none"
              className={cn('h-full p-3', day.date === today && 'border-primary')}
            >
              <section aria-label={formatShopDate(day.date)}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-2 lg:block">
                  <h3 className="text-sm font-semibold">
                    <Link
                      to={appointmentsHref({ view: 'day', date: day.date })}
                      className="text-primary underline underline-offset-4"
                      aria-label={`${formatShopDate(day.date)}${day.date === today ? ' (today)' : ''}, day view`}
                    >
                      {shortDay(day.date)}
                    </Link>
                    {day.date === today && (
                      <span className="ml-1 text-xs font-normal text-muted-foreground">today</span>
                    )}
                  </h3>
                  {day.appointments.length === 0 && (
                    <p className="text-xs text-muted-foreground lg:mt-2">None</p>
                  )}
                </div>
                {day.appointments.length > 0 && (
                  <ul className="mt-2 grid gap-2">
                    {day.appointments.map((a) => (
                      <li
                        key={a.id}
                        className={cn(
                          'rounded-md border border-border p-2 text-xs break-words',
                          a.status === 'cancelled' && 'opacity-60',
                        )}
                      >
                        <p className="font-semibold">
                          <time dateTime={a.startsAt}>{formatShopTime(a.startsAt)}</time> ·{' '}
                          {a.type.name}
                        </p>
                        <p className="mt-0.5">{a.customer.name}</p>
                        <p>
                          <a
                            href={telLink(a.customer.phone)}
                            className="whitespace-nowrap text-primary underline"
                          >
                            {formatIndianMobile(a.customer.phone)}
                          </a>
                        </p>
                        <p className="mt-1">
                          <AppointmentStatusBadge status={a.status} />
                        </p>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </Card>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ListView({ query, today, types, list }: AppointmentsScreenData) {
  const rows = list?.rows ?? [];
  return (
    <section aria-labelledby="list-heading" className="mt-6">
      <h2 id="list-heading" className="text-xl font-semibold">
        Upcoming from today
      </h2>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="view" value="list" />
        <FilterSelect
          id="list-status"
          name="status"
          label="Status"
          defaultValue={query.status ?? ''}
          className="min-w-40"
          options={[
            { value: '', label: 'All statuses' },
            ...APPOINTMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
          ]}
        />
        <FilterSelect
          id="list-type"
          name="type"
          label="Type"
          defaultValue={query.type ?? ''}
          className="min-w-40"
          options={[
            { value: '', label: 'All types' },
            ...types.map((t) => ({ value: t.key, label: t.name })),
          ]}
        />
        <Button type="submit" className="min-h-11 sm:min-h-10">
          Filter
        </Button>
      </Form>
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {list?.total === 1
          ? '1 appointment'
          : `${(list?.total ?? 0).toLocaleString('en-IN')} appointments`}
      </p>
      {rows.length === 0 ? (
        <Empty>
          {query.status || query.type ? 'No appointments match.' : 'No appointments from today on.'}
        </Empty>
      ) : (
        <ol className="mt-3 grid gap-3" aria-label="Upcoming appointments">
          {rows.map((appointment) => (
            <AppointmentItem
              key={appointment.id}
              appointment={appointment}
              query={query}
              today={today}
              when={formatShopDateTime(appointment.startsAt)}
            />
          ))}
        </ol>
      )}
      <Pagination page={query.page} pages={list?.pages ?? 1} label="Pages of appointments" />
    </section>
  );
}

const countText = (rows: AppointmentView[]) => {
  const live = rows.filter((row) => row.status !== 'cancelled').length;
  const cancelled = rows.length - live;
  return `${live === 1 ? '1 appointment' : `${live} appointments`}${cancelled ? ` · ${cancelled} cancelled` : ''}`;
};

/** '10:00 am – 10:45 am'. */
const formatTimeRange = (a: AppointmentView) =>
  `${formatShopTime(a.startsAt)} – ${formatShopTime(a.endsAt)}`;

function Empty({ children }: { children: string }) {
  return (
    <Card
      asChild
      padding="none"
      className="mt-3 border-dashed px-6 py-10 text-center text-muted-foreground"
    >
      <p>{children}</p>
    </Card>
  );
}

/** One appointment with its details and, while booked, what staff can do with it. */
function AppointmentItem({
  appointment: a,
  query,
  today,
  when,
}: {
  appointment: AppointmentView;
  query: AppointmentsQuery;
  today: ShopDate;
  /** Its time as this view writes it. */
  when: string;
}) {
  const booked = a.status === 'booked';
  const dayCome = shopDateOf(new Date(a.startsAt)) <= today;
  return (
    <li>
      <Card padding="sm" className={cn(a.status === 'cancelled' && 'bg-muted/40')}>
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h3 className="font-semibold">
              <time dateTime={a.startsAt}>{when}</time> · {a.type.name}
            </h3>
            <p className="mt-1 break-words">
              <Link to={`/admin/customers/${a.customer.id}`} className={textLink}>
                {a.customer.name}
              </Link>{' '}
              ·{' '}
              <a href={telLink(a.customer.phone)} className="text-primary underline">
                <PhoneIcon aria-hidden className="mr-1 inline size-3.5" />
                {formatIndianMobile(a.customer.phone)}
              </a>
              {a.customer.email && (
                <span className="text-muted-foreground"> · {a.customer.email}</span>
              )}
            </p>
          </div>
          <AppointmentStatusBadge status={a.status} />
        </div>
        <dl className="mt-2 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
          {a.notes && (
            <>
              <dt className="text-muted-foreground">Notes</dt>
              <dd className="break-words whitespace-pre-line">{a.notes}</dd>
            </>
          )}
          {a.context?.productId && (
            <>
              <dt className="text-muted-foreground">About</dt>
              <dd>
                <Link to={`/product/${a.context.productId}`} className={textLink}>
                  {a.context.productName ?? `Product ${a.context.productId}`}
                </Link>
              </dd>
            </>
          )}
          {a.status === 'cancelled' && (
            <>
              <dt className="text-muted-foreground">Message</dt>
              <dd className="break-words">{a.cancelReason ?? 'None given'}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Booked by</dt>
          <dd>{a.source === 'online' ? 'The client, online' : 'The shop'}</dd>
        </dl>
        {(booked || a.type.key === 'measurement' || a.status === 'attended') && (
          <div className="mt-3 flex flex-wrap gap-2 border-t border-border pt-3">
            {a.status !== 'cancelled' && a.type.key !== 'trial' && (
              <Link to={`/admin/orders/new?appointment=${a.id}`} className={outlineLink}>
                Make an order <span className="sr-only">for {a.customer.name}</span>
              </Link>
            )}
            {a.type.key === 'measurement' && a.status !== 'cancelled' && (
              <Link
                to={`/admin/customers/${a.customer.id}/measurements/new?appointment=${a.id}`}
                className={outlineLink}
              >
                <RulerIcon aria-hidden /> Record measurements
              </Link>
            )}
            {booked && (
              <>
                <Link
                  to={appointmentsHref({ ...baseQuery(query), move: a.id })}
                  className={outlineLink}
                >
                  Move
                </Link>
                {dayCome && (
                  <>
                    <OutcomeButton appointment={a} intent="mark-attended" label="Mark attended" />
                    <OutcomeButton appointment={a} intent="mark-no-show" label="No-show" />
                  </>
                )}
                <CancelButton appointment={a} />
              </>
            )}
          </div>
        )}
      </Card>
    </li>
  );
}

function OutcomeButton({
  appointment,
  intent,
  label,
}: {
  appointment: AppointmentView;
  intent: 'mark-attended' | 'mark-no-show';
  label: string;
}) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={appointment.id} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={fetcher.state !== 'idle'}
        className="min-h-11 sm:min-h-9"
      >
        {label}
      </Button>
    </fetcher.Form>
  );
}

function CancelButton({ appointment: a }: { appointment: AppointmentView }) {
  const [open, setOpen] = useState(false);
  const fetcher = useAdminFetcher({ onSuccess: () => setOpen(false) });
  const busy = fetcher.state !== 'idle';
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors?.message : undefined;
  const fieldId = `cancel-message-${a.id}`;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="min-h-11 text-destructive sm:min-h-9"
        onClick={() => setOpen(true)}
      >
        Cancel…
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent role="alertdialog">
          <DialogTitle>Cancel this appointment?</DialogTitle>
          <DialogDescription>
            {a.type.name} for {a.customer.name}, {formatShopDateTime(a.startsAt)}. The client is
            told by their chosen channel; the time is freed for others.
          </DialogDescription>
          <fetcher.Form method="post" className="grid gap-4">
            <input type="hidden" name="intent" value="cancel-appointment" />
            <input type="hidden" name="id" value={a.id} />
            <div className="grid gap-2">
              <Label htmlFor={fieldId}>Message to the client (optional)</Label>
              <textarea
                id={fieldId}
                name="message"
                maxLength={500}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${fieldId}-hint`}
                className="min-h-24 w-full rounded-md border border-border bg-white px-3 py-2 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive md:text-sm"
              />
              <p id={`${fieldId}-hint`} className="text-sm text-muted-foreground">
                {error ?? 'At most 500 characters, sent with the cancellation.'}
              </p>
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button type="button" variant="outline" className="min-h-11 sm:min-h-10">
                  Keep it
                </Button>
              </DialogClose>
              <Button
                type="submit"
                variant="destructive"
                disabled={busy}
                className="min-h-11 sm:min-h-10"
              >
                {busy ? 'Cancelling…' : 'Cancel appointment'}
              </Button>
            </div>
          </fetcher.Form>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The move panel: a day to look at, its slots of the same type, and 'Move here'. */
function MovePanel({
  move,
  query,
}: {
  move: NonNullable<AppointmentsScreenData['move']>;
  query: AppointmentsQuery;
}) {
  const { appointment: a } = move;
  const navigate = useNavigate();
  const chosen = useRef<string | null>(null);
  const fetcher = useAdminFetcher({
    onSuccess: () => {
      const date = chosen.current ? shopDateOf(new Date(chosen.current)) : move.date;
      void navigate(appointmentsHref({ view: 'day', date }));
    },
  });
  const outcome = fetcher.data as AppointmentOutcome | undefined;
  const back = appointmentsHref(baseQuery(query));
  const base = baseQuery(query);
  return (
    <Section
      heading="Move appointment"
      padding="md"
      className="mt-6 border-primary"
      description={`${a.type.name} for ${a.customer.name}, now ${formatShopDateTime(a.startsAt)}.`}
      actions={
        <Link to={back} className={outlineLink}>
          Close
        </Link>
      }
    >
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        {Object.entries(base).map(
          ([name, value]) =>
            value !== null && <input key={name} type="hidden" name={name} value={String(value)} />,
        )}
        <input type="hidden" name="move" value={a.id} />
        <div className="grid gap-1">
          <Label htmlFor="move-date">New date</Label>
          <Input
            id="move-date"
            name="moveDate"
            type="date"
            required
            defaultValue={move.date}
            key={move.date}
            className="h-11 sm:h-10"
          />
        </div>
        <Button type="submit" variant="outline" className="min-h-11 sm:min-h-10">
          Show times
        </Button>
      </Form>
      <p className="mt-3 text-sm font-medium">{formatShopDate(move.date)}</p>
      <fetcher.Form
        method="post"
        className="mt-2 grid gap-4"
        onSubmit={(event) => {
          chosen.current = new FormData(event.currentTarget).get('startsAt') as string | null;
        }}
      >
        <input type="hidden" name="intent" value="move-appointment" />
        <input type="hidden" name="id" value={a.id} />
        <SlotChoices
          key={`${move.date}-${outcome?.nextSlots?.length ?? 0}`}
          slots={move.slots}
          current={a.startsAt}
          nextSlots={outcome?.nextSlots}
          error={outcome && !outcome.ok ? outcome.message : undefined}
          empty="No times on this day: the shop is closed, or the day has passed."
        />
        <div>
          <Button
            type="submit"
            disabled={
              fetcher.state !== 'idle' || (move.slots.length === 0 && !outcome?.nextSlots?.length)
            }
            className="min-h-11 sm:min-h-10"
          >
            {fetcher.state !== 'idle' ? 'Moving…' : 'Move here'}
          </Button>
        </div>
      </fetcher.Form>
    </Section>
  );
}
