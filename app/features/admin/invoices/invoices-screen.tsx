/**
 * /admin/invoices (issue 21 item 5, issue 29 item 4): the register of tax invoices and credit
 * notes, newest first, filtered by month, quarter or financial year, with the period's sums, a
 * CSV for the accountant, the GSTR-1 files of a month or quarter, and each document's PDF. A
 * table on a laptop, stacked cards on a phone.
 */
import { DownloadIcon, SettingsIcon } from 'lucide-react';
import { Form, Link } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { TableHead, type TableColumn } from '~/components/ui/table-head';
import { FilterSelect } from '~/features/admin/shared/filter-select';
import { Pagination } from '~/features/admin/shared/pagination';
import { formatDocumentDate } from '~/features/invoices/document';
import { GSTR1_SHEETS } from '~/features/invoices/gstr1';
import {
  periodLabel,
  periodOptions,
  periodParam,
  type RegisterPeriod,
} from '~/features/invoices/register-period';
import { formatRupeesExact } from '~/lib/money';
import { cn } from '~/lib/utils';
import type { RegisterRow, RegisterSums } from './invoices.server';

export interface InvoicesScreenProps {
  rows: RegisterRow[];
  total: number;
  sums: RegisterSums;
  years: string[];
  /** The financial year of today ('2026-27'), offered even before it has a document. */
  currentYear: string;
  period: RegisterPeriod;
  page: number;
  pages: number;
}

const orderPath = (number: string) => `/admin/orders/${encodeURIComponent(number)}`;

/** The PDF of a register row. */
function pdfPath(row: RegisterRow): string {
  return row.kind === 'invoice'
    ? `${orderPath(row.orderNumber)}/invoice.pdf`
    : `${orderPath(row.orderNumber)}/credit-notes/${row.id}`;
}

const KIND_LABELS: Record<RegisterRow['kind'], string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
  refund_voucher: 'Refund voucher',
  receipt_voucher: 'Receipt voucher',
};
const kindLabel = (row: RegisterRow) => KIND_LABELS[row.kind];

export function InvoicesScreen({
  rows,
  total,
  sums,
  years,
  currentYear,
  period,
  page,
  pages,
}: InvoicesScreenProps) {
  const param = periodParam(period);
  const query = period.kind === 'all' ? '' : `?period=${encodeURIComponent(param)}`;
  const exportHref = `/admin/invoices/export.csv${query}`;
  const label = periodLabel(period);
  const offered = [...new Set([currentYear, ...years])].sort().reverse();
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">Invoices</h1>
          <p className="mt-2 text-muted-foreground">
            Every tax invoice and credit note, newest first. Paid orders get theirs by themselves.
          </p>
        </div>
        <Link
          to="/admin/invoices/settings"
          className={cn(buttonVariants({ variant: 'outline' }), 'min-h-11 sm:min-h-10')}
        >
          <SettingsIcon aria-hidden /> Invoicing settings
        </Link>
      </div>

      <div className="mt-6 flex flex-wrap items-end gap-3">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <FilterSelect
            id="invoices-period"
            name="period"
            label="Period"
            defaultValue={param}
            className="w-auto min-w-56"
            options={[{ value: 'all', label: 'All years' }, ...periodOptions(offered)]}
          />
          <Button type="submit" variant="outline" className="min-h-11 sm:min-h-10">
            Show
          </Button>
        </Form>
        <a
          href={exportHref}
          download
          className={cn(buttonVariants({ variant: 'default' }), 'min-h-11 sm:min-h-10')}
        >
          <DownloadIcon aria-hidden /> Download CSV
          {period.kind === 'all' ? '' : ` for ${label}`}
        </a>
      </div>
      {period.kind === 'month' || period.kind === 'quarter' ? (
        <Gstr1Downloads query={query} label={label} />
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">
          Choose a month or a quarter for its GSTR-1 files.
        </p>
      )}

      <Card asChild padding="sm" className="mt-6">
        <dl className="grid gap-4 text-sm sm:grid-cols-3" aria-label={`Sums for ${label}`}>
          <div>
            <dt className="text-muted-foreground">
              Invoices ({sums.invoices.count.toLocaleString('en-IN')})
            </dt>
            <dd className="text-lg font-semibold">{formatRupeesExact(sums.invoices.totalPaise)}</dd>
            <dd className="text-muted-foreground">
              Taxable {formatRupeesExact(sums.invoices.taxablePaise)} · GST{' '}
              {formatRupeesExact(sums.invoices.taxPaise)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">
              Credit notes ({sums.creditNotes.count.toLocaleString('en-IN')})
            </dt>
            <dd className="text-lg font-semibold">
              {formatRupeesExact(sums.creditNotes.totalPaise)}
            </dd>
            <dd className="text-muted-foreground">
              Taxable {formatRupeesExact(sums.creditNotes.taxablePaise)} · GST{' '}
              {formatRupeesExact(sums.creditNotes.taxPaise)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Net of credit notes</dt>
            <dd className="text-lg font-semibold">{formatRupeesExact(sums.net.totalPaise)}</dd>
            <dd className="text-muted-foreground">GST {formatRupeesExact(sums.net.taxPaise)}</dd>
          </div>
        </dl>
      </Card>

      <p className="mt-6 text-sm text-muted-foreground" aria-live="polite">
        {total === 1 ? '1 document' : `${total.toLocaleString('en-IN')} documents`}
        {period.kind === 'all' ? '' : ` in ${label}`}
      </p>
      {rows.length === 0 ? (
        <Card
          asChild
          padding="none"
          className="mt-4 border-dashed px-6 py-12 text-center text-muted-foreground"
        >
          <p>{total === 0 ? 'No invoices yet.' : 'There are no documents on this page.'}</p>
        </Card>
      ) : (
        <>
          <RegisterCards rows={rows} />
          <RegisterTable rows={rows} />
        </>
      )}
      <Pagination page={page} pages={pages} label="Pages of invoices" />
    </>
  );
}

/** What each GSTR-1 file holds, for its link. */
const SHEET_LABELS: Record<(typeof GSTR1_SHEETS)[number], string> = {
  b2b: 'b2b: invoices to registered buyers',
  b2cl: 'b2cl: large inter-state invoices to consumers',
  b2cs: 'b2cs: other sales to consumers, by state and rate',
  cdnr: 'cdnr: credit notes to registered buyers',
  cdnur: 'cdnur: credit notes to consumers (large invoices)',
  at: 'at: advances received for services, taxed on receipt',
  atadj: 'atadj: those advances adjusted against invoices',
  'hsn-b2b': 'hsn(b2b): HSN summary, registered buyers',
  'hsn-b2c': 'hsn(b2c): HSN summary, consumers',
  docs: 'docs: documents issued',
};

/** The GSTR-1 files of the month or quarter shown: one CSV per sheet and the portal's JSON. */
function Gstr1Downloads({ query, label }: { query: string; label: string }) {
  return (
    <Card asChild padding="sm" className="mt-4">
      <section aria-labelledby="gstr1-heading">
        <h2 id="gstr1-heading" className="font-semibold">
          GSTR-1 for {label}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          The GST offline tool&rsquo;s sheets as CSV files (they open in a spreadsheet) and the JSON
          the GST portal takes, from the documents issued in this period.
        </p>
        <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
          {GSTR1_SHEETS.map((sheet) => (
            <li key={sheet}>
              <a
                href={`/admin/invoices/gstr1/${sheet}.csv${query}`}
                download
                className="text-primary underline"
              >
                {SHEET_LABELS[sheet]} (CSV)
              </a>
            </li>
          ))}
          <li>
            <a
              href={`/admin/invoices/gstr1/gstr1.json${query}`}
              download
              className="text-primary underline"
            >
              Portal JSON (all sections)
            </a>
          </li>
        </ul>
      </section>
    </Card>
  );
}

/** Phones: one card per document. */
function RegisterCards({ rows }: { rows: RegisterRow[] }) {
  return (
    <ol className="mt-4 grid gap-3 lg:hidden" aria-label="Invoices and credit notes">
      {rows.map((row) => (
        <li key={row.id}>
          <Card padding="sm">
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <a href={pdfPath(row)} className="font-mono font-semibold text-primary underline">
                {row.number}
              </a>
              <span className="font-semibold">{formatRupeesExact(row.totalPaise)}</span>
            </p>
            <p className="mt-1 text-sm">
              {kindLabel(row)} · {formatDocumentDate(row.issueDate)}
              {row.refersTo ? ` · against ${row.refersTo}` : ''}
            </p>
            <p className="mt-1 text-sm break-words">
              {row.customerName} ·{' '}
              <Link to={orderPath(row.orderNumber)} className="text-primary underline">
                {row.orderNumber}
              </Link>
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              Taxable {formatRupeesExact(row.taxablePaise)} · GST {formatRupeesExact(row.taxPaise)}
            </p>
          </Card>
        </li>
      ))}
    </ol>
  );
}

const COLUMNS: TableColumn[] = [
  'Number',
  'Date',
  'Order',
  'Customer',
  { label: 'Taxable', className: 'text-right' },
  { label: 'GST', className: 'text-right' },
  { label: 'Total', className: 'text-right' },
];

/** Laptops: a table. */
function RegisterTable({ rows }: { rows: RegisterRow[] }) {
  return (
    <Card padding="none" className="mt-4 hidden overflow-hidden lg:block">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Invoices and credit notes, newest first</caption>
        <TableHead columns={COLUMNS} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-border align-top hover:bg-muted/30">
              <th scope="row" className="px-3 py-3 font-normal">
                <a
                  href={pdfPath(row)}
                  className="font-mono font-semibold whitespace-nowrap text-primary underline"
                >
                  {row.number}
                </a>
                <span className="block text-muted-foreground">
                  {kindLabel(row)}
                  {row.refersTo ? `, against ${row.refersTo}` : ''}
                </span>
              </th>
              <td className="px-3 py-3 whitespace-nowrap">{formatDocumentDate(row.issueDate)}</td>
              <td className="px-3 py-3">
                <Link
                  to={orderPath(row.orderNumber)}
                  className="font-mono whitespace-nowrap text-primary underline"
                >
                  {row.orderNumber}
                </Link>
              </td>
              <td className="px-3 py-3">
                <span className="block break-words">{row.customerName}</span>
                <span className="block text-muted-foreground">{row.placeOfSupply}</span>
              </td>
              <td className="px-3 py-3 text-right whitespace-nowrap">
                {formatRupeesExact(row.taxablePaise)}
              </td>
              <td className="px-3 py-3 text-right whitespace-nowrap">
                {formatRupeesExact(row.taxPaise)}
              </td>
              <td className="px-3 py-3 text-right font-medium whitespace-nowrap">
                {row.kind !== 'invoice' ? '−' : ''}
                {formatRupeesExact(row.totalPaise)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
