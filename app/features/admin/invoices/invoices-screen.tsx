/**
 * /admin/invoices (issue 21 item 5): the register of tax invoices and credit notes, newest
 * first, filtered by financial year, with the year's sums, a CSV for the accountant, and each
 * document's PDF. A table on a laptop, stacked cards on a phone.
 */
import { DownloadIcon, SettingsIcon } from 'lucide-react';
import { Form, Link } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { TableHead, type TableColumn } from '~/components/ui/table-head';
import { FilterSelect } from '~/features/admin/shared/filter-select';
import { Pagination } from '~/features/admin/shared/pagination';
import { formatDocumentDate } from '~/features/invoices/document';
import { formatRupeesExact } from '~/lib/money';
import { cn } from '~/lib/utils';
import type { RegisterRow, RegisterSums } from './invoices.server';

export interface InvoicesScreenProps {
  rows: RegisterRow[];
  total: number;
  sums: RegisterSums;
  years: string[];
  year: string | null;
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
const taxOf = (row: RegisterRow) => row.cgstPaise + row.sgstPaise + row.igstPaise;

export function InvoicesScreen({
  rows,
  total,
  sums,
  years,
  year,
  page,
  pages,
}: InvoicesScreenProps) {
  const exportHref = `/admin/invoices/export.csv${year ? `?year=${year}` : ''}`;
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
            id="invoices-year"
            name="year"
            label="Financial year"
            defaultValue={year ?? ''}
            className="w-auto min-w-44"
            options={[
              { value: '', label: 'All years' },
              ...years.map((value) => ({ value, label: `${value} (April–March)` })),
            ]}
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
          <DownloadIcon aria-hidden /> Download CSV{year ? ` for ${year}` : ''}
        </a>
      </div>

      <Card asChild padding="sm" className="mt-6">
        <dl
          className="grid gap-4 text-sm sm:grid-cols-3"
          aria-label={`Sums for ${year ?? 'all years'}`}
        >
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
            <dd className="text-lg font-semibold">
              {formatRupeesExact(sums.invoices.totalPaise - sums.creditNotes.totalPaise)}
            </dd>
            <dd className="text-muted-foreground">
              GST {formatRupeesExact(sums.invoices.taxPaise - sums.creditNotes.taxPaise)}
            </dd>
          </div>
        </dl>
      </Card>

      <p className="mt-6 text-sm text-muted-foreground" aria-live="polite">
        {total === 1 ? '1 document' : `${total.toLocaleString('en-IN')} documents`}
        {year ? ` in ${year}` : ''}
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
              Taxable {formatRupeesExact(row.taxablePaise)} · GST {formatRupeesExact(taxOf(row))}
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
                {formatRupeesExact(taxOf(row))}
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
