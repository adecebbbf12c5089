/**
 * The manage page's screen (`/book/manage/:token`, issue 20 item 2): the appointment (what,
 * when in Asia/Kolkata, where, status), "Add to calendar", and until the cut-off the
 * reschedule pickers and the cancel step, all plain links and forms (no JavaScript needed).
 */
import { CalendarPlusIcon, CheckCircle2Icon, MapPinIcon, PhoneIcon } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { cn } from '~/lib/utils';
import type { AppointmentStatus } from '~/lib/schema-enums';
import { telLink } from '~/features/site/settings';
import { MonthPicker, SlotButtons } from './booking-pickers';
import type { ManagePage, ManageRefusal } from './manage-page.server';

const STATUS: Record<AppointmentStatus, { label: string; className: string }> = {
  booked: { label: 'Booked', className: 'bg-emerald-100 text-emerald-900' },
  cancelled: { label: 'Cancelled', className: 'bg-stone-200 text-stone-800' },
  attended: { label: 'Attended', className: 'bg-sky-100 text-sky-900' },
  no_show: { label: 'Missed', className: 'bg-amber-100 text-amber-900' },
};

/** An appointment's status as a labelled badge ('Booked', 'Cancelled', …). */
export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  const style = STATUS[status];
  return (
    <span
      className={cn(
        'inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold',
        style.className,
      )}
    >
      {style.label}
    </span>
  );
}

const DONE_TEXT = {
  booked: 'You are booked',
  rescheduled: 'Your appointment was moved',
  cancelled: 'Your appointment was cancelled',
} as const;

/** The manage page for its loader data and, after a refused change, the action's answer. */
export function ManageScreen({ page, refusal }: { page: ManagePage; refusal?: ManageRefusal }) {
  const { appointment } = page;
  const here = `/book/manage/${page.token}`;
  const cancelled = appointment.status === 'cancelled';
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      {page.done && (
        <div
          role="status"
          className="mb-6 flex gap-3 rounded-2xl bg-emerald-50 p-4 text-emerald-950"
        >
          <CheckCircle2Icon aria-hidden className="mt-0.5 size-6 shrink-0" />
          <div>
            <p className="text-lg font-semibold">{DONE_TEXT[page.done]}</p>
            {page.done !== 'cancelled' && (
              <p className="text-sm">
                We have sent you a confirmation. Keep this page’s link to reschedule or cancel.
              </p>
            )}
          </div>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-semibold sm:text-4xl">
          Your {appointment.typeName.toLowerCase()}
        </h1>
        <AppointmentStatusBadge status={appointment.status} />
      </div>
      <Section heading="When and where" padding="md" className="mt-6">
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="font-medium text-muted-foreground">Appointment</dt>
          <dd>{appointment.typeName}</dd>
          <dt className="font-medium text-muted-foreground">Day</dt>
          <dd className={cn(cancelled && 'line-through')}>{appointment.dateLabel}</dd>
          <dt className="font-medium text-muted-foreground">Time</dt>
          <dd className={cn(cancelled && 'line-through')}>{appointment.timeLabel} (India time)</dd>
          <dt className="font-medium text-muted-foreground">Place</dt>
          <dd className="flex gap-1.5">
            <MapPinIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            {page.place}
          </dd>
          {appointment.productName && (
            <>
              <dt className="font-medium text-muted-foreground">About</dt>
              <dd>{appointment.productName}</dd>
            </>
          )}
          {cancelled && appointment.cancelReason && (
            <>
              <dt className="font-medium text-muted-foreground">Message</dt>
              <dd>{appointment.cancelReason}</dd>
            </>
          )}
        </dl>
        {!cancelled && (
          <div className="mt-4 flex flex-wrap gap-3">
            <Button asChild variant="outline">
              <a href={`${here}/calendar.ics`} download="appointment.ics">
                <CalendarPlusIcon aria-hidden /> Add to calendar
              </a>
            </Button>
            <Button asChild variant="ghost">
              <a href={telLink(page.phone)}>
                <PhoneIcon aria-hidden /> Call {page.phone}
              </a>
            </Button>
          </div>
        )}
      </Section>
      {refusal && (
        <div role="alert" className="mt-6 rounded-md bg-red-50 px-4 py-3 text-red-900">
          <p>{refusal.message}</p>
          {refusal.nextSlots.length > 0 && (
            <Form method="post" className="mt-3 grid gap-2">
              <input type="hidden" name="intent" value="reschedule" />
              <p className="text-sm font-medium">Other free times:</p>
              <ul className="flex flex-wrap gap-2">
                {refusal.nextSlots.map((slot) => (
                  <li key={slot.startsAt}>
                    <Button
                      type="submit"
                      name="time"
                      value={slot.startsAt}
                      variant="outline"
                      size="sm"
                    >
                      {slot.dateLabel}, {slot.label}
                    </Button>
                  </li>
                ))}
              </ul>
            </Form>
          )}
        </div>
      )}
      {page.cutoffNotice && (
        <p role="note" className="mt-6 rounded-md bg-amber-50 px-4 py-3 text-amber-950">
          {page.cutoffNotice}
        </p>
      )}
      {page.canChange && <ChangeOptions page={page} here={here} />}
    </div>
  );
}

function ChangeOptions({ page, here }: { page: ManagePage; here: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const reschedule = page.reschedule;
  return (
    <Section heading="Change or cancel" padding="md" className="mt-6">
      {!reschedule && !page.confirmCancel && (
        <div className="mt-3 flex flex-wrap gap-3">
          <Button asChild>
            <Link to={`${here}?reschedule=1#reschedule`}>Reschedule</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={`${here}?cancel=1#cancel`}>Cancel appointment</Link>
          </Button>
        </div>
      )}
      {reschedule?.notice && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-4 py-3 text-red-900">
          {reschedule.notice}
        </p>
      )}
      {reschedule && (
        <div id="reschedule" className="mt-3 grid gap-6 md:grid-cols-2">
          <MonthPicker
            month={reschedule.month}
            selected={reschedule.date}
            dayHref={(date) => `${here}?reschedule=1&date=${date}#times`}
            monthHref={(month) => `${here}?reschedule=1&month=${month}`}
          />
          <div id="times">
            {reschedule.date ? (
              <Form method="post" aria-label="New time">
                <h3 className="text-lg font-semibold">New time on {reschedule.dateLabel}</h3>
                <input type="hidden" name="intent" value="reschedule" />
                <div className="mt-3">
                  <SlotButtons slots={reschedule.slots ?? []} />
                </div>
              </Form>
            ) : (
              <p className="text-muted-foreground">Pick a new day to see its free times.</p>
            )}
            <p className="mt-4 text-sm">
              <Link to={here} className="text-primary underline">
                Keep the current time
              </Link>
            </p>
          </div>
        </div>
      )}
      {page.confirmCancel && (
        <Form method="post" id="cancel" className="mt-3 grid gap-3">
          <input type="hidden" name="intent" value="cancel" />
          <p>
            Cancel your {page.appointment.typeName.toLowerCase()} on {page.appointment.dateLabel} at{' '}
            {page.appointment.timeLabel}?
          </p>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="destructive" disabled={busy}>
              Yes, cancel it
            </Button>
            <Button asChild variant="outline">
              <Link to={here}>Keep it</Link>
            </Button>
          </div>
        </Form>
      )}
    </Section>
  );
}
