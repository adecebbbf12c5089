/**
 * /admin/day-book (issue 29 item 4): a shop day's receipts and refunds by method and by who
 * recorded them, the cash drawer (opening float, cash in and out, expected), the form to
 * record the counted cash and the day's counts with their difference (over or short). All
 * amounts come as integer paise and are shown to the paisa.
 */
import { useRef } from 'react';
import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { TableHead } from '~/components/ui/table-head';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { formatRupeesExact } from '~/lib/money';
import { addShopDays, formatShopDate, formatShopDateTime, formatShopTime } from '~/lib/shop-time';
import { cn } from '~/lib/utils';
import { METHOD_LABELS } from '~/features/payments/ledger';
import {
  cashDifference,
  type CashDifference,
  type DayBookGroup,
} from '~/features/payments/day-book';
import type { CashCountRow, DayBookView } from '~/features/payments/day-book.server';

const money = (paise: number) => formatRupeesExact(paise);

const DIFFERENCE_LOOK: Record<CashDifference['kind'], string> = {
  short: 'border-red-300 bg-red-50 text-red-900',
  over: 'border-amber-300 bg-amber-50 text-amber-950',
  balanced: 'border-emerald-300 bg-emerald-50 text-emerald-900',
};

/** The day chooser: a date field, the day before and the day after (never past today). */
function DayChooser({ date, today }: { date: string; today: string }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <FormField
          id="day-book-date"
          name="date"
          type="date"
          label="Day"
          defaultValue={date}
          max={today}
        />
        <Button type="submit" variant="outline">
          Show
        </Button>
      </Form>
      <Link
        to={`?date=${addShopDays(date, -1)}`}
        className="min-h-11 content-center text-sm text-primary underline"
      >
        Previous day
      </Link>
      {date < today && (
        <Link
          to={`?date=${addShopDays(date, 1)}`}
          className="min-h-11 content-center text-sm text-primary underline"
        >
          Next day
        </Link>
      )}
    </div>
  );
}

/** The drawer: opening float, cash in and out, expected, and the latest count against it. */
function CashDrawerSection({ view }: { view: DayBookView }) {
  const { drawer } = view.book;
  const latest = view.counts[0];
  const difference = latest ? cashDifference(latest.countedPaise, latest.expectedPaise) : null;
  const rows: [string, string, string?][] = [
    [
      'Opening float',
      money(drawer.openingPaise),
      view.openingFrom
        ? `Kept at the count of ${formatShopDate(view.openingFrom.day)}, with the cash moved since.`
        : 'No count before this day: the drawer opens at ₹0.',
    ],
    ['Cash received', money(drawer.receivedPaise)],
    ['Cash refunded', money(drawer.refundedPaise)],
    ['Expected in the drawer', money(drawer.expectedPaise)],
  ];
  return (
    <Section heading="Cash drawer" padding="md">
      <table className="mt-3 w-full text-sm">
        <tbody>
          {rows.map(([label, amount, note]) => (
            <tr key={label} className="border-t border-border">
              <th scope="row" className="py-2 pr-4 text-left font-medium">
                {label}
                {note && (
                  <span className="block text-xs font-normal text-muted-foreground">{note}</span>
                )}
              </th>
              <td className="py-2 text-right tabular-nums">{amount}</td>
            </tr>
          ))}
          {latest && (
            <tr className="border-t border-border">
              <th scope="row" className="py-2 pr-4 text-left font-medium">
                Counted
                <span className="block text-xs font-normal text-muted-foreground">
                  by {latest.recordedByEmail}, {formatShopDateTime(latest.createdAt)}
                </span>
              </th>
              <td className="py-2 text-right tabular-nums">{money(latest.countedPaise)}</td>
            </tr>
          )}
        </tbody>
      </table>
      {latest && difference ? (
        <>
          <p
            role="status"
            className={cn(
              'mt-3 rounded-md border px-3 py-2 font-semibold',
              DIFFERENCE_LOOK[difference.kind],
            )}
          >
            {difference.text}
          </p>
          {latest.expectedPaise !== drawer.expectedPaise && (
            <p className="mt-2 text-sm text-muted-foreground">
              Cash moved after this count (expected then {money(latest.expectedPaise)}, now{' '}
              {money(drawer.expectedPaise)}): count again to close the day.
            </p>
          )}
        </>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">No count recorded for this day yet.</p>
      )}
    </Section>
  );
}

/** The form that records the counted cash of the day. */
function CashCountForm({ date }: { date: string }) {
  const form = useRef<HTMLFormElement>(null);
  // A recorded count empties the form, so the same count is not sent twice by mistake.
  const fetcher = useAdminFetcher({ onSuccess: () => form.current?.reset() });
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  return (
    <Section heading="Count the cash" padding="md">
      <fetcher.Form ref={form} method="post" className="mt-3 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="record-cash-count" />
        <input type="hidden" name="day" value={date} />
        <FormField
          id="count-counted"
          name="counted"
          label="Cash counted (₹)"
          inputMode="decimal"
          autoComplete="off"
          required
          error={errors.counted ?? errors.day}
        />
        <FormField
          id="count-kept"
          name="kept"
          label="Kept in the drawer for the next day (₹)"
          inputMode="decimal"
          autoComplete="off"
          hint="Leave empty when all of it stays; the rest is taken to the bank."
          error={errors.kept}
        />
        <FormField
          id="count-note"
          name="note"
          label="Note"
          maxLength={300}
          className="sm:col-span-2"
          error={errors.note}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={fetcher.state !== 'idle'}>
            Record count
          </Button>
        </div>
      </fetcher.Form>
    </Section>
  );
}

/** One method's rows, by who recorded them. */
function MethodSection({ group }: { group: DayBookGroup }) {
  return (
    <Section
      heading={group.label}
      padding="md"
      description={`Net ${money(group.netPaise)} in ${group.count} ${group.count === 1 ? 'entry' : 'entries'}`}
    >
      {group.byRecorder.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">Nothing received or refunded.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <TableHead
              columns={[
                'Recorded by',
                { label: 'Receipts', className: 'text-right' },
                { label: 'Refunds', className: 'text-right' },
                { label: 'Net', className: 'text-right' },
              ]}
            />
            <tbody>
              {group.byRecorder.map((line) => (
                <tr key={line.recordedBy} className="border-t border-border">
                  <th scope="row" className="px-3 py-2 text-left font-medium break-all">
                    {line.recordedBy}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{money(line.receiptsPaise)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(line.refundsPaise)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(line.netPaise)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-border font-semibold">
                <th scope="row" className="px-3 py-2 text-left">
                  Total
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{money(group.receiptsPaise)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{money(group.refundsPaise)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{money(group.netPaise)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </Section>
  );
}

/** Every settled row of the day, in the order it settled. */
function EntriesSection({ view }: { view: DayBookView }) {
  return (
    <Section heading="Entries" padding="md" className="lg:col-span-2">
      {view.entries.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">No money moved on this day.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <TableHead
              columns={[
                'Time',
                'Order',
                'Method',
                'Recorded by',
                { label: 'Amount', className: 'text-right' },
                'Reference or reason',
              ]}
            />
            <tbody>
              {view.entries.map((entry) => (
                <tr key={entry.id} className="border-t border-border">
                  <td className="px-3 py-2 whitespace-nowrap">{formatShopTime(entry.settledAt)}</td>
                  <td className="px-3 py-2">
                    <Link
                      to={`/admin/orders/${encodeURIComponent(entry.orderNumber)}`}
                      className="text-primary underline"
                    >
                      {entry.orderNumber}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    {entry.kind === 'refund' ? 'Refund, ' : ''}
                    {METHOD_LABELS[entry.method]}
                  </td>
                  <td className="px-3 py-2 break-all">{entry.recordedByEmail ?? 'Online'}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(entry.amountPaise)}</td>
                  <td className="px-3 py-2 break-all">{entry.reference}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

/** The day's counts, latest first, each against what was expected when it was made. */
function CountsSection({ counts }: { counts: CashCountRow[] }) {
  if (counts.length === 0) return null;
  return (
    <Section heading="Counts of the day" padding="md" className="lg:col-span-2">
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <TableHead
            columns={[
              'Time',
              'Counted by',
              { label: 'Counted', className: 'text-right' },
              { label: 'Expected then', className: 'text-right' },
              'Difference',
              { label: 'Kept', className: 'text-right' },
              'Note',
            ]}
          />
          <tbody>
            {counts.map((count) => (
              <tr key={count.id} className="border-t border-border">
                <td className="px-3 py-2 whitespace-nowrap">{formatShopTime(count.createdAt)}</td>
                <td className="px-3 py-2 break-all">{count.recordedByEmail}</td>
                <td className="px-3 py-2 text-right tabular-nums">{money(count.countedPaise)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{money(count.expectedPaise)}</td>
                <td className="px-3 py-2">
                  {cashDifference(count.countedPaise, count.expectedPaise).text}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {count.keptPaise === null ? 'All' : money(count.keptPaise)}
                </td>
                <td className="px-3 py-2">{count.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

/** The whole day book of one shop day. */
export function DayBookScreen({ view }: { view: DayBookView }) {
  const { totals } = view.book;
  return (
    <>
      <h1 className="text-3xl font-semibold sm:text-4xl">Day book</h1>
      <p className="mt-1 mb-4 text-muted-foreground">
        {formatShopDate(view.date)}: receipts and refunds settled on this day (Asia/Kolkata), by
        method and by who recorded them.
      </p>
      <DayChooser date={view.date} today={view.today} />
      <p className="mt-4 text-sm">
        Day total: received <strong>{money(totals.receiptsPaise)}</strong>, refunded{' '}
        <strong>{money(totals.refundsPaise)}</strong>, net <strong>{money(totals.netPaise)}</strong>
        .
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <CashDrawerSection view={view} />
        {view.date <= view.today ? (
          <CashCountForm key={view.date} date={view.date} />
        ) : (
          <p className="text-sm text-muted-foreground">A day still to come cannot be counted.</p>
        )}
        {view.book.groups.map((group) => (
          <MethodSection key={group.method} group={group} />
        ))}
        <EntriesSection view={view} />
        <CountsSection counts={view.counts} />
      </div>
    </>
  );
}
