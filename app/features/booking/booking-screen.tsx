/**
 * The public booking page's screen (`/book`, issue 20 item 2): the steps type → day → time →
 * details, each a link or a plain form, so the essential path works without JavaScript and
 * at 375 px. When the time was just taken, the details stay and other times are offered.
 */
import { CalendarCheckIcon, ClockIcon } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, Section } from '~/components/ui/card';
import { FieldError, FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { formatRupeesExact } from '~/lib/money';
import { cn } from '~/lib/utils';
import type { BookingPage, BookingRefusal, SlotChoice } from './booking-page.server';
import { bookingHref, NOTES_MAX, type BookingQuery } from './booking-form';
import { MonthPicker, SlotLinks } from './booking-pickers';

const STEPS = ['Appointment', 'Day', 'Time', 'Your details'] as const;
const STEP_INDEX = { type: 0, date: 1, time: 2, details: 3 } as const;

/** The whole `/book` page for its loader data and, after a refused confirm, the action's. */
export function BookingScreen({ page, refusal }: { page: BookingPage; refusal?: BookingRefusal }) {
  const current = refusal ? 3 : STEP_INDEX[page.step];
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-semibold sm:text-4xl">Book an appointment</h1>
      <p className="mt-2 text-muted-foreground">
        Consultations, measurements and fittings at our shop in Rajkot. Times are India time.
      </p>
      {page.design && (
        <p className="mt-3 rounded-md bg-muted px-3 py-2 text-sm">
          Your design: <span className="font-semibold">{page.design.garmentLabel}</span>
          {page.design.fabricName && <> in {page.design.fabricName}</>}, estimate{' '}
          {formatRupeesExact(page.design.estimatePaise)}.{' '}
          <Link to={`/d/${page.design.id}`} className="text-primary underline">
            See the design
          </Link>
        </p>
      )}
      {page.product && (
        <p className="mt-3 rounded-md bg-muted px-3 py-2 text-sm">
          About: <span className="font-semibold">{page.product.name}</span>
        </p>
      )}
      <ol className="mt-6 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Booking steps">
        {STEPS.map((label, index) => (
          <li
            key={label}
            aria-current={index === current ? 'step' : undefined}
            className={cn(
              'flex items-center gap-1.5',
              index === current ? 'font-semibold text-foreground' : 'text-muted-foreground',
            )}
          >
            <span
              className={cn(
                'inline-flex size-6 items-center justify-center rounded-full text-xs',
                index <= current ? 'bg-primary text-primary-foreground' : 'bg-muted',
              )}
            >
              {index + 1}
            </span>
            {label}
          </li>
        ))}
      </ol>
      <div className="mt-6 grid gap-6">
        {refusal?.taken ? (
          <TakenForm page={page} refusal={refusal} />
        ) : (
          <Steps page={page} refusal={refusal} />
        )}
      </div>
    </div>
  );
}

function Steps({ page, refusal }: { page: BookingPage; refusal?: BookingRefusal }) {
  if (page.step === 'type') return <TypeStep page={page} />;
  const query = page.query;
  const withDate = (date: string): BookingQuery => ({
    ...query,
    date,
    time: undefined,
    month: undefined,
  });
  return (
    <>
      <ChosenType page={page} />
      <div className="grid gap-6 md:grid-cols-2">
        <Section heading="Pick a day" padding="md">
          <div className="mt-3">
            <MonthPicker
              month={page.month}
              selected={page.step === 'date' ? null : page.date}
              dayHref={(date) => `${bookingHref(withDate(date))}#times`}
              monthHref={(month) =>
                bookingHref({ ...query, month, date: undefined, time: undefined })
              }
            />
          </div>
        </Section>
        {page.step !== 'date' && (
          <Section id="times" heading={`Times on ${page.dateLabel}`} padding="md">
            {page.notice && (
              <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
                {page.notice}
              </p>
            )}
            <div className="mt-3">
              <SlotLinks
                slots={page.slots}
                selected={page.chosen?.startsAt}
                slotHref={(slot) => `${bookingHref({ ...query, time: slot.startsAt })}#details`}
              />
            </div>
          </Section>
        )}
      </div>
      {page.step === 'details' && page.chosen && (
        <Section id="details" heading="Your details" padding="md">
          <p className="mt-2 flex items-center gap-2 text-sm">
            <CalendarCheckIcon aria-hidden className="size-4 text-primary" />
            {page.type.name} on {page.dateLabel} at {page.chosen.label}
          </p>
          <DetailsForm page={page} refusal={refusal} time={page.chosen.startsAt} />
        </Section>
      )}
    </>
  );
}

function TypeStep({ page }: { page: BookingPage }) {
  return (
    <Section heading="What would you like to book?" padding="md">
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {page.types.map((type) => (
          <li key={type.key}>
            <Card asChild padding="md" interactive className="flex h-full flex-col gap-1">
              <Link to={bookingHref({ ...page.query, type: type.key })}>
                <span className="font-semibold">{type.name}</span>
                <span className="flex items-center gap-1 text-sm text-muted-foreground">
                  <ClockIcon aria-hidden className="size-4" /> {type.durationMinutes} min
                </span>
                {type.description && (
                  <span className="text-sm text-muted-foreground">{type.description}</span>
                )}
              </Link>
            </Card>
          </li>
        ))}
      </ul>
      {page.types.length === 0 && (
        <p className="mt-3 text-muted-foreground">
          Online booking is paused. Please call or WhatsApp us to book.
        </p>
      )}
    </Section>
  );
}

function ChosenType({ page }: { page: Exclude<BookingPage, { step: 'type' }> }) {
  return (
    <Card padding="md" className="flex flex-wrap items-center justify-between gap-2">
      <p>
        <span className="font-semibold">{page.type.name}</span>{' '}
        <span className="text-muted-foreground">· {page.type.durationMinutes} min</span>
      </p>
      <Link
        to={bookingHref({ productId: page.query.productId, designId: page.query.designId })}
        className="text-sm text-primary underline"
      >
        Change appointment
      </Link>
    </Card>
  );
}

/** The slot was just taken: the message, other times to pick, and the details as typed. */
function TakenForm({ page, refusal }: { page: BookingPage; refusal: BookingRefusal }) {
  const taken = refusal.taken!;
  return (
    <Section heading="Pick another time" padding="md">
      <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-red-900">
        {taken.message}
      </p>
      <DetailsForm page={page} refusal={refusal} nextSlots={taken.nextSlots} />
      {page.type && (
        <p className="mt-4 text-sm">
          <Link
            to={bookingHref({ ...page.query, date: undefined, time: undefined })}
            className="text-primary underline"
          >
            Choose another day
          </Link>
        </p>
      )}
    </Section>
  );
}

/** The details form; posts the chosen `time`, or one of `nextSlots` picked by radio. */
function DetailsForm({
  page,
  refusal,
  time,
  nextSlots,
}: {
  page: BookingPage;
  refusal?: BookingRefusal;
  time?: string;
  nextSlots?: SlotChoice[];
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const values = refusal?.values ?? {};
  const errors = refusal?.errors ?? {};
  const shopper = page.shopper;
  return (
    <Form method="post" className="mt-4 grid gap-4" aria-label="Your details">
      <input type="hidden" name="type" value={page.query.type ?? ''} />
      {page.query.productId && <input type="hidden" name="product" value={page.query.productId} />}
      {page.query.designId && <input type="hidden" name="design" value={page.query.designId} />}
      {nextSlots ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Other free times</legend>
          {nextSlots.length === 0 && (
            <p className="text-muted-foreground">No other times are free soon. Please call us.</p>
          )}
          <div className="grid gap-2 sm:grid-cols-2">
            {nextSlots.map((slot) => (
              <label
                key={slot.startsAt}
                className="grid min-h-11 grid-cols-[auto_1fr] items-center gap-x-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
              >
                <input
                  type="radio"
                  name="time"
                  value={slot.startsAt}
                  required
                  className="row-span-2 size-4"
                />
                <span className="font-semibold">{slot.label}</span>
                <span className="col-start-2 text-muted-foreground">{slot.dateLabel}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <input type="hidden" name="time" value={time ?? values.time ?? ''} />
      )}
      <FieldError id="booking-time-error" message={errors.time} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="booking-name"
          name="name"
          label="Full name"
          autoComplete="name"
          required
          defaultValue={values.name ?? shopper?.name}
          error={errors.name}
        />
        <FormField
          id="booking-phone"
          name="phone"
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          hint="A 10-digit Indian mobile, for WhatsApp messages"
          defaultValue={values.phone ?? shopper?.phone}
          error={errors.phone}
        />
        {shopper ? (
          <p className="text-sm text-muted-foreground sm:col-span-2">
            We will e-mail the confirmation to {shopper.email}.
          </p>
        ) : (
          <FormField
            id="booking-email"
            name="email"
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            defaultValue={values.email}
            error={errors.email}
            className="sm:col-span-2"
          />
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="booking-notes">Notes (optional)</Label>
        <textarea
          id="booking-notes"
          name="notes"
          rows={3}
          maxLength={NOTES_MAX}
          defaultValue={values.notes}
          placeholder="The occasion, the garment you have in mind…"
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? 'booking-notes-error' : undefined}
          className="rounded-md border border-border bg-white px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm"
        />
        <FieldError id="booking-notes-error" message={errors.notes} />
      </div>
      {refusal?.notice && (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-semibold">{refusal.notice.title}</p>
          <p>{refusal.notice.description}</p>
        </div>
      )}
      <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
        {busy ? 'Booking…' : 'Confirm booking'}
      </Button>
    </Form>
  );
}
