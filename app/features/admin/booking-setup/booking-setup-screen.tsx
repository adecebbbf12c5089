/**
 * /admin/appointments/setup (issue 20 item 2): each appointment type's duration, buffer,
 * capacity and whether it is offered online; closures and holidays (dates and times as the
 * shop's calendar and clock read them, Asia/Kolkata); and the booking rules. The shop hours
 * are the contact page's hours, edited in /admin/settings. Every outcome is toasted; a
 * refusal shows beside its field.
 */
import { CalendarOffIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { ConfirmDialog } from '~/features/admin/shared/confirm-dialog';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { formatShopDate, formatShopDateTime, shopDateOf, shopTimeKey } from '~/lib/shop-time';
import { CLOSURE_REASON_MAX_LENGTH, TYPE_LIMITS } from './booking-setup-rules';
import type { AppointmentTypeRow, BookingSetup, ClosureRow } from './booking-setup.server';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

export function BookingSetupScreen({ types, closures, rules, rulesVersion }: BookingSetup) {
  return (
    <>
      <Link to="/admin/appointments" className={`${linkClass} text-sm`}>
        Appointments
      </Link>
      <h1 className="mt-1 text-3xl font-semibold sm:text-4xl">Booking setup</h1>
      <p className="mt-2 text-muted-foreground">
        How the shop takes appointments. Slots are offered within the shop&rsquo;s opening hours,
        the contact page&rsquo;s hours:{' '}
        <Link to="/admin/settings" className={linkClass}>
          opening hours in Settings
        </Link>
        . All dates and times here are Rajkot time (IST).
      </p>

      <section aria-labelledby="types-heading" className="mt-8">
        <h2 id="types-heading" className="text-xl font-semibold">
          Appointment types
        </h2>
        <div className="mt-3 grid gap-4 xl:grid-cols-2">
          {types.map((type) => (
            <TypeForm key={`${type.id}-${type.version}`} type={type} />
          ))}
        </div>
      </section>

      <Closures closures={closures} />
      <RulesForm key={rulesVersion ?? 'defaults'} rules={rules} version={rulesVersion} />
    </>
  );
}

/** One type's numbers, saved over the version the page was loaded at. */
function TypeForm({ type }: { type: AppointmentTypeRow }) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  const id = (field: string) => `type-${type.id}-${field}`;
  const number = (
    field: 'durationMinutes' | 'bufferMinutes' | 'capacity',
    label: string,
    value: number,
    limits: { min: number; max: number },
    unit: string,
  ) => (
    <FormField
      id={id(field)}
      name={field}
      label={label}
      type="number"
      inputMode="numeric"
      min={limits.min}
      max={limits.max}
      step={1}
      required
      defaultValue={value}
      hint={`${limits.min}–${limits.max} ${unit}`}
      error={errors[field]}
    />
  );
  return (
    <Section heading={type.name} level={3} padding="md">
      <fetcher.Form method="post" className="mt-3 grid grid-cols-3 gap-x-3 gap-y-4" noValidate>
        <input type="hidden" name="intent" value="save-type" />
        <input type="hidden" name="id" value={type.id} />
        <input type="hidden" name="version" value={type.version} />
        <FormField
          id={id('name')}
          name="name"
          label="Name"
          defaultValue={type.name}
          maxLength={60}
          required
          error={errors.name}
          className="col-span-3"
        />
        <FormField
          id={id('description')}
          name="description"
          label="Description"
          defaultValue={type.description}
          maxLength={300}
          error={errors.description}
          className="col-span-3"
        />
        {number(
          'durationMinutes',
          'Duration',
          type.durationMinutes,
          TYPE_LIMITS.duration,
          'minutes',
        )}
        {number('bufferMinutes', 'Buffer after', type.bufferMinutes, TYPE_LIMITS.buffer, 'minutes')}
        {number('capacity', 'Capacity', type.capacity, TYPE_LIMITS.capacity, 'at once')}
        <label className="col-span-3 flex min-h-11 items-center gap-2 text-sm font-medium sm:col-span-2">
          <input
            type="checkbox"
            name="onlineBookable"
            defaultChecked={type.onlineBookable}
            className="size-4"
          />
          Offered online at /book
        </label>
        <div className="col-span-3 flex justify-end sm:col-span-1">
          <Button type="submit" disabled={busy} className="min-h-11 w-full sm:min-h-10 sm:w-auto">
            {busy ? 'Saving…' : `Save ${type.name}`}
          </Button>
        </div>
      </fetcher.Form>
    </Section>
  );
}

/** How a closure reads: whole days as days, otherwise from and to with their times. */
function closureText(closure: ClosureRow): string {
  if (shopTimeKey(closure.startsAt) === '00:00' && shopTimeKey(closure.endsAt) === '00:00') {
    const first = formatShopDate(shopDateOf(closure.startsAt));
    const last = formatShopDate(shopDateOf(new Date(new Date(closure.endsAt).getTime() - 1)));
    return first === last ? `${first}, all day` : `${first} to ${last}, all day`;
  }
  return `${formatShopDateTime(closure.startsAt)} to ${formatShopDateTime(closure.endsAt)}`;
}

function Closures({ closures }: { closures: ClosureRow[] }) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  const [removing, setRemoving] = useState<ClosureRow | null>(null);
  const remove = useAdminFetcher({ onSuccess: () => setRemoving(null) });
  return (
    <Section
      heading="Closures and holidays"
      description="No appointments are offered while the shop is closed. Leave the times empty to close whole days."
      padding="md"
      className="mt-8"
    >
      <fetcher.Form
        method="post"
        className="mt-4 grid grid-cols-2 gap-x-3 gap-y-4 lg:grid-cols-4"
        noValidate
        key={fetcher.data?.ok ? String(fetcher.data.id) : 'closure'}
      >
        <input type="hidden" name="intent" value="add-closure" />
        <FormField
          id="closure-from-date"
          name="fromDate"
          label="From date"
          type="date"
          required
          error={errors.fromDate}
        />
        <FormField
          id="closure-from-time"
          name="fromTime"
          label="From time (optional)"
          type="time"
          error={errors.fromTime}
        />
        <FormField
          id="closure-to-date"
          name="toDate"
          label="To date (optional)"
          type="date"
          hint="Empty: the same day."
          error={errors.toDate}
        />
        <FormField
          id="closure-to-time"
          name="toTime"
          label="To time (optional)"
          type="time"
          error={errors.toTime}
        />
        <FormField
          id="closure-reason"
          name="reason"
          label="Reason (optional)"
          maxLength={CLOSURE_REASON_MAX_LENGTH}
          placeholder="e.g. Diwali"
          error={errors.reason}
          className="col-span-2 lg:col-span-3"
        />
        <div className="col-span-2 flex items-end lg:col-span-1">
          <Button type="submit" disabled={busy} className="min-h-11 w-full sm:min-h-10">
            <CalendarOffIcon aria-hidden /> {busy ? 'Adding…' : 'Add closure'}
          </Button>
        </div>
      </fetcher.Form>

      <h3 className="mt-6 font-semibold">Coming closures</h3>
      {closures.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">None: the shop keeps its usual hours.</p>
      ) : (
        <ul className="mt-2 divide-y divide-border">
          {closures.map((closure) => (
            <li key={closure.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="text-sm">
                <span className="font-medium">{closureText(closure)}</span>
                {closure.reason && (
                  <span className="text-muted-foreground"> · {closure.reason}</span>
                )}
              </span>
              <Button
                variant="ghost"
                size="sm"
                className="min-h-11 sm:min-h-9"
                onClick={() => setRemoving(closure)}
                aria-label={`Remove the closure ${closureText(closure)}`}
              >
                <Trash2Icon aria-hidden /> Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this closure?"
        description={removing ? `${closureText(removing)}: its times are offered again.` : ''}
        confirmLabel="Remove closure"
        busy={remove.state !== 'idle'}
        onConfirm={() =>
          removing &&
          void remove.submit(
            { intent: 'remove-closure', id: String(removing.id) },
            { method: 'post' },
          )
        }
      />
    </Section>
  );
}

function RulesForm({ rules, version }: { rules: BookingSetup['rules']; version: string | null }) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  return (
    <Section heading="Booking rules" padding="md" className="mt-8">
      <fetcher.Form method="post" className="mt-4 grid gap-4 sm:grid-cols-3" noValidate>
        <input type="hidden" name="intent" value="save-rules" />
        <input type="hidden" name="version" value={version ?? ''} />
        <FormField
          id="rules-cutoff"
          name="cutoffHours"
          label="Changes allowed until (hours before)"
          type="number"
          inputMode="numeric"
          min={0}
          max={168}
          defaultValue={rules.cutoffHours}
          hint="Customers may reschedule or cancel online until then."
          error={errors.cutoffHours}
        />
        <FormField
          id="rules-lead"
          name="leadHours"
          label="Notice (hours ahead)"
          type="number"
          inputMode="numeric"
          min={0}
          max={168}
          defaultValue={rules.leadHours}
          hint="The earliest slot offered online."
          error={errors.leadHours}
        />
        <FormField
          id="rules-horizon"
          name="horizonDays"
          label="Book up to (days ahead)"
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          defaultValue={rules.horizonDays}
          hint="The latest day offered online."
          error={errors.horizonDays}
        />
        <div className="flex justify-end sm:col-span-3">
          <Button type="submit" disabled={busy} className="min-h-11 sm:min-h-10">
            {busy ? 'Saving…' : 'Save booking rules'}
          </Button>
        </div>
      </fetcher.Form>
    </Section>
  );
}
