/**
 * /admin/workshop/dues (issue 31 item 8): a Kolkata month's dues per worker — brought forward,
 * the stages credited (count and rupees), what was paid, and what is carried forward — with the
 * month's lines. The owner sees every worker and records a payment to one; a workshop member
 * sees their own month ("My month") and no form.
 */
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { formatRupeesExact } from '~/lib/money';
import { formatShopDate } from '~/lib/shop-time';
import { WORKER_PAYMENT_METHODS } from '~/lib/schema-enums';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { WORKER_PAYMENT_METHOD_LABELS } from '~/features/workshop/wages';
import type { MonthDues, Worker, WorkerMonth } from '~/features/workshop/wages.server';

export function DuesScreen({
  all,
  mayPay,
  today,
  dues,
  workers,
}: {
  all: boolean;
  mayPay: boolean;
  today: string;
  dues: MonthDues;
  workers: Worker[];
}) {
  return (
    <>
      <h1 className="text-3xl font-semibold sm:text-4xl">
        {all ? 'Workers’ dues' : 'My month'}: {dues.label}
      </h1>
      <nav aria-label="Months" className="mt-2 mb-6 flex flex-wrap gap-4 text-sm">
        <Link to={`?month=${dues.previous}`} className="underline">
          Previous month
        </Link>
        <Link to={`?month=${dues.next}`} className="underline">
          Next month
        </Link>
        <a href={`/admin/workshop/dues.csv?month=${dues.month}`} className="underline" download>
          Download CSV
        </a>
        {all && (
          <Link to="/admin/workshop/piece-rates" className="underline">
            Piece rates
          </Link>
        )}
      </nav>
      {dues.workers.length === 0 ? (
        <p>No workers yet: give a member of staff the workshop role first.</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Dues of {dues.label}, by worker</caption>
              <thead>
                <tr className="text-left">
                  <th scope="col" className="p-2">
                    Worker
                  </th>
                  <th scope="col" className="p-2 text-right">
                    Brought forward
                  </th>
                  <th scope="col" className="p-2 text-right">
                    Stages
                  </th>
                  <th scope="col" className="p-2 text-right">
                    Earned
                  </th>
                  <th scope="col" className="p-2 text-right">
                    Paid
                  </th>
                  <th scope="col" className="p-2 text-right">
                    Carried forward
                  </th>
                </tr>
              </thead>
              <tbody>
                {dues.workers.map((row) => (
                  <tr key={row.worker.id} className="border-t border-border">
                    <th scope="row" className="p-2 text-left font-medium">
                      {row.worker.name}
                    </th>
                    <td className="p-2 text-right">{formatRupeesExact(row.broughtForwardPaise)}</td>
                    <td className="p-2 text-right">{row.creditCount}</td>
                    <td className="p-2 text-right">{formatRupeesExact(row.creditsPaise)}</td>
                    <td className="p-2 text-right">{formatRupeesExact(row.paymentsPaise)}</td>
                    <td className="p-2 text-right font-semibold">
                      {formatRupeesExact(row.carriedForwardPaise)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-6 grid gap-4">
            {dues.workers.map((row) => (
              <WorkerLines key={row.worker.id} row={row} open={!all} />
            ))}
          </div>
        </>
      )}
      {mayPay && workers.length > 0 && <PaymentForm workers={workers} today={today} />}
    </>
  );
}

function WorkerLines({ row, open }: { row: WorkerMonth; open: boolean }) {
  if (row.credits.length === 0 && row.payments.length === 0) return null;
  return (
    <details open={open} className="rounded-xl border border-border bg-white p-4">
      <summary className="cursor-pointer font-medium">
        {row.worker.name}: {row.creditCount} {row.creditCount === 1 ? 'stage' : 'stages'},{' '}
        {row.payments.length} {row.payments.length === 1 ? 'payment' : 'payments'}
      </summary>
      {row.credits.length > 0 && (
        <ul
          className="mt-3 grid gap-1 text-sm"
          aria-label={`Stages credited to ${row.worker.name}`}
        >
          {row.credits.map((line, index) => (
            <li key={index} className="flex flex-wrap justify-between gap-2">
              <span>
                {formatShopDate(line.earnedOn)}: {line.garment}, {line.stageLabel} (order{' '}
                {line.orderNumber})
              </span>
              <span>{formatRupeesExact(line.amountPaise)}</span>
            </li>
          ))}
        </ul>
      )}
      {row.payments.length > 0 && (
        <ul className="mt-3 grid gap-1 text-sm" aria-label={`Payments to ${row.worker.name}`}>
          {row.payments.map((line, index) => (
            <li key={index} className="flex flex-wrap justify-between gap-2">
              <span>
                {formatShopDate(line.paidOn)}: paid by {WORKER_PAYMENT_METHOD_LABELS[line.method]}
                {line.reference ? ` (${line.reference})` : ''}
              </span>
              <span>{formatRupeesExact(line.amountPaise)}</span>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

function PaymentForm({ workers, today }: { workers: Worker[]; today: string }) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  return (
    <section className="mt-8" aria-labelledby="worker-payment-heading">
      <h2 id="worker-payment-heading" className="font-serif text-xl font-semibold">
        Record a payment to a worker
      </h2>
      <fetcher.Form
        method="post"
        noValidate
        className="mt-3 grid gap-4 rounded-xl border border-border bg-white p-4 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="record-worker-payment" />
        <div className="grid gap-1">
          <label htmlFor="worker-payment-worker" className="text-sm font-medium">
            Worker
          </label>
          <select
            id="worker-payment-worker"
            name="workerId"
            className="h-11 rounded-md border border-border bg-white px-3 text-base sm:h-10 md:text-sm"
          >
            {workers.map((worker) => (
              <option key={worker.id} value={worker.id}>
                {worker.name}
              </option>
            ))}
          </select>
          {errors.workerId && (
            <p role="alert" className="text-sm text-destructive">
              {errors.workerId}
            </p>
          )}
        </div>
        <FormField
          id="worker-payment-amount"
          name="amount"
          label="Amount paid (₹)"
          inputMode="decimal"
          required
          error={errors.amount}
        />
        <div className="grid gap-1">
          <label htmlFor="worker-payment-method" className="text-sm font-medium">
            Paid by
          </label>
          <select
            id="worker-payment-method"
            name="method"
            className="h-11 rounded-md border border-border bg-white px-3 text-base sm:h-10 md:text-sm"
          >
            {WORKER_PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {WORKER_PAYMENT_METHOD_LABELS[method]}
              </option>
            ))}
          </select>
        </div>
        <FormField
          id="worker-payment-reference"
          name="reference"
          label="Reference (optional)"
          maxLength={100}
          error={errors.reference}
        />
        <FormField
          id="worker-payment-day"
          name="paidOn"
          label="Paid on"
          type="date"
          defaultValue={today}
          max={today}
          required
          error={errors.paidOn}
        />
        <div className="flex items-end justify-end">
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? 'Recording…' : 'Record payment'}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}
