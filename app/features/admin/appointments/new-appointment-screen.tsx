/**
 * Booking for a phone or walk-in client (/admin/appointments/new): the kind of appointment and
 * the day (a GET form, so it works without JavaScript; with it, a change shows the day's times
 * at once), the client (found by name, phone or e-mail among the shop's client records, or
 * entered as a new one), one of that day's slots (full ones disabled) and notes. A slot just
 * taken shows the message and the next free times; a booking goes to its day's view.
 */
import { ArrowLeftIcon, SearchIcon, UserRoundCheckIcon } from 'lucide-react';
import { useRef, type FormEvent } from 'react';
import { Form, Link, useNavigate, useSubmit } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { FieldError, FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { FilterSelect, SearchField } from '~/features/admin/shared/filter-select';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { formatIndianMobile } from '~/features/customers/contact-fields';
import { formatShopDate, shopDateOf } from '~/lib/shop-time';
import { cn } from '~/lib/utils';
import { SlotChoices } from './appointment-parts';
import { appointmentsHref } from './appointments-query';
import type { AppointmentOutcome, NewAppointmentData } from './appointments.server';

const outlineLink = cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'min-h-11 sm:min-h-9');

/** The page's query with some values changed ('' or null leaves one out). */
function pageHref(data: NewAppointmentData, change: Record<string, string | number | null>) {
  const values: Record<string, string | number | null> = {
    type: data.type.key,
    date: data.date,
    q: data.q,
    customer: data.client?.id ?? null,
    ...change,
  };
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== null && value !== '') search.set(name, String(value));
  }
  return `/admin/appointments/new?${search.toString()}`;
}

export function NewAppointmentScreen(data: NewAppointmentData) {
  const { types, type, date, today, slots, q, matches, client } = data;
  const submit = useSubmit();
  const navigate = useNavigate();
  const chosen = useRef<string | null>(null);
  const fetcher = useAdminFetcher({
    onSuccess: () => {
      const day = chosen.current ? shopDateOf(new Date(chosen.current)) : date;
      void navigate(appointmentsHref({ view: 'day', date: day }));
    },
  });
  const outcome = fetcher.data as AppointmentOutcome | undefined;
  const errors = outcome && !outcome.ok ? (outcome.fieldErrors ?? {}) : {};
  const slotError =
    errors.startsAt ??
    (outcome && !outcome.ok && !outcome.fieldErrors ? outcome.message : undefined);
  const busy = fetcher.state !== 'idle';
  const autoSubmit = (event: FormEvent<HTMLFormElement>) => submit(event.currentTarget);

  return (
    <>
      <Link
        to={appointmentsHref({ view: 'day', date })}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline sm:min-h-8"
      >
        <ArrowLeftIcon className="size-4" aria-hidden /> All appointments
      </Link>
      <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">Book an appointment</h1>
      <p className="mt-2 text-muted-foreground">
        For a client on the phone or in the shop. Times are India time (Asia/Kolkata).
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-2 lg:items-start">
        <Section heading="1. Kind and day" padding="md">
          <Form method="get" className="mt-3 grid gap-3" onChange={autoSubmit}>
            {q && <input type="hidden" name="q" value={q} />}
            {client && <input type="hidden" name="customer" value={client.id} />}
            <FilterSelect
              id="book-type"
              name="type"
              label="Kind of appointment"
              defaultValue={type.key}
              options={types.map((t) => ({
                value: t.key,
                label: `${t.name} (${t.durationMinutes} min)`,
              }))}
            />
            <div className="grid gap-2">
              <Label htmlFor="book-date">Date</Label>
              <Input
                id="book-date"
                name="date"
                type="date"
                required
                min={today}
                defaultValue={date}
                key={date}
                className="h-11 sm:h-10"
              />
            </div>
            <div>
              <Button type="submit" variant="outline" className="min-h-11 sm:min-h-10">
                Show times
              </Button>
            </div>
          </Form>
        </Section>

        <Section heading="2. Client" padding="md">
          {client ? (
            <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
              <p className="min-w-0 break-words">
                <UserRoundCheckIcon aria-hidden className="mr-1 inline size-4 text-primary" />
                <span className="font-medium">{client.name}</span>
                <span className="block text-sm text-muted-foreground">
                  {formatIndianMobile(client.phone)}
                  {client.email ? ` · ${client.email}` : ''}
                  {client.hasAccount ? ' · has an account' : ''}
                </span>
              </p>
              <Link to={pageHref(data, { customer: null })} className={outlineLink}>
                Change client
              </Link>
            </div>
          ) : (
            <>
              <Form method="get" role="search" className="mt-3 flex flex-wrap items-end gap-2">
                <input type="hidden" name="type" value={type.key} />
                <input type="hidden" name="date" value={date} />
                <SearchField
                  id="client-q"
                  label="Find a client"
                  value={q}
                  maxLength={100}
                  placeholder="Name, phone or e-mail"
                  className="min-w-0 flex-1 basis-56"
                />
                <Button type="submit" variant="outline" className="min-h-11 sm:min-h-10">
                  <SearchIcon aria-hidden /> Search
                </Button>
              </Form>
              {q &&
                (matches.length === 0 ? (
                  <p className="mt-3 text-sm text-muted-foreground">
                    No client matches “{q}”. Enter a new client below.
                  </p>
                ) : (
                  <ul className="mt-3 divide-y divide-border" aria-label="Clients found">
                    {matches.map((match) => (
                      <li
                        key={match.id}
                        className="flex flex-wrap items-center justify-between gap-2 py-2"
                      >
                        <span className="min-w-0 break-words">
                          <span className="font-medium">{match.name}</span>
                          <span className="block text-sm text-muted-foreground">
                            {formatIndianMobile(match.phone)}
                            {match.email ? ` · ${match.email}` : ''}
                          </span>
                        </span>
                        <Link
                          to={pageHref(data, { customer: match.id })}
                          className={outlineLink}
                          aria-label={`Choose ${match.name}, ${formatIndianMobile(match.phone)}`}
                        >
                          Choose
                        </Link>
                      </li>
                    ))}
                  </ul>
                ))}
              {!q && (
                <p className="mt-3 text-sm text-muted-foreground">
                  Search the shop’s clients, or enter a new client below.
                </p>
              )}
            </>
          )}
        </Section>
      </div>

      <Section heading="3. Time and details" padding="md" className="mt-6">
        <p className="mt-1 text-sm text-muted-foreground">
          {type.name} on {formatShopDate(date)}
        </p>
        <fetcher.Form
          method="post"
          className="mt-4 grid gap-5"
          onSubmit={(event) => {
            chosen.current = new FormData(event.currentTarget).get('startsAt') as string | null;
          }}
        >
          <input type="hidden" name="intent" value="book-appointment" />
          <input type="hidden" name="typeId" value={type.id} />
          {client ? (
            <>
              <input type="hidden" name="client" value="existing" />
              <input type="hidden" name="customerId" value={client.id} />
              <FieldError id="customer-error" message={errors.customerId} />
            </>
          ) : (
            <fieldset className="grid gap-3 sm:grid-cols-3">
              <legend className="mb-2 text-sm font-medium">New client</legend>
              <input type="hidden" name="client" value="new" />
              <FormField
                id="client-name"
                name="name"
                label="Name"
                autoComplete="off"
                required
                maxLength={100}
                error={errors.name}
              />
              <FormField
                id="client-phone"
                name="phone"
                label="Phone"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                required
                placeholder="98250 12345"
                error={errors.phone}
              />
              <FormField
                id="client-email"
                name="email"
                label="E-mail (optional)"
                type="email"
                autoComplete="off"
                maxLength={254}
                error={errors.email}
              />
            </fieldset>
          )}
          <SlotChoices
            key={`${type.id}-${date}-${outcome?.nextSlots?.length ?? 0}`}
            slots={slots}
            nextSlots={outcome?.nextSlots}
            error={slotError}
            empty="No times on this day: the shop is closed, or the day has passed."
          />
          <div className="grid gap-2">
            <Label htmlFor="book-notes">Notes (optional)</Label>
            <textarea
              id="book-notes"
              name="notes"
              maxLength={1000}
              aria-invalid={errors.notes ? true : undefined}
              aria-describedby={errors.notes ? 'book-notes-error' : undefined}
              className="min-h-20 w-full rounded-md border border-border bg-white px-3 py-2 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive md:text-sm"
            />
            <FieldError id="book-notes-error" message={errors.notes} />
          </div>
          <div>
            <Button
              type="submit"
              disabled={busy || (slots.length === 0 && !outcome?.nextSlots?.length)}
              className="min-h-11 sm:min-h-10"
            >
              {busy ? 'Booking…' : 'Book appointment'}
            </Button>
          </div>
        </fetcher.Form>
      </Section>
    </>
  );
}
