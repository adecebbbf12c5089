/**
 * The customers screen (/admin/customers; issue 30 item 1, decision 029): everyone the shop
 * serves, with or without an account, newest first, as a table on a laptop and as cards on a
 * phone, each linking to the customer's one page; the one customer search (name, e-mail or
 * phone in any spelling), a filter by the account's role, and "Add a walk-in customer".
 */
import { PlusIcon, SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { Form, Link } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { TableHead, type TableColumn } from '~/components/ui/table-head';
import { formatRupees } from '~/lib/money';
import { cn } from '~/lib/utils';
import { CustomerBadges } from './customer-badges';
import { FilterSelect, SearchField } from '~/features/admin/shared/filter-select';
import { CUSTOMER_SEARCH_MAX_LENGTH, WALK_IN_LABEL } from './customer-rules';
import type { CustomerRole } from '~/features/account/roles';
import type { CustomerRow } from './customers.server';
import { Pagination } from '~/features/admin/shared/pagination';
import { formatShopDateTime } from '~/lib/shop-time';
import { formatIndianMobile } from '~/features/customers/contact-fields';
import { AddCustomerDialog } from './add-customer-dialog';

export interface CustomersScreenProps {
  rows: CustomerRow[];
  total: number;
  page: number;
  pages: number;
  q: string;
  role: CustomerRole | null;
}

const ROLE_FILTERS: { value: '' | CustomerRole; label: string }[] = [
  { value: '', label: 'Everyone' },
  { value: 'admin', label: 'Administrators' },
  { value: 'counter', label: 'Counter staff' },
  { value: 'workshop', label: 'Workshop staff' },
  { value: 'user', label: 'Customer accounts' },
];

const CUSTOMER_COLUMNS: TableColumn[] = [
  'Customer',
  'Phone',
  'Account',
  'Next appointment',
  'Since',
  { label: 'Orders', className: 'text-right' },
  { label: 'Paid', className: 'text-right' },
];

const customerPath = (key: string) => `/admin/customers/${encodeURIComponent(key)}`;

/** The record's next booked appointment, or 'None booked'. */
function NextAppointment({ row }: { row: CustomerRow }) {
  if (!row.nextAppointment) return <span className="text-muted-foreground">None booked</span>;
  return (
    <>
      {row.nextAppointment.type},{' '}
      <time dateTime={row.nextAppointment.startsAt}>
        {formatShopDateTime(row.nextAppointment.startsAt)}
      </time>
    </>
  );
}

/** The account's badges, or the walk-in's label. */
function AccountCell({ row, className }: { row: CustomerRow; className?: string }) {
  if (!row.account) {
    return <span className={cn('text-sm text-muted-foreground', className)}>{WALK_IN_LABEL}</span>;
  }
  return (
    <CustomerBadges
      role={row.account.role}
      banned={row.account.banned}
      emailVerified={row.account.emailVerified}
      className={className}
    />
  );
}

const orderCount = (n: number) => (n === 1 ? '1 order' : `${n.toLocaleString('en-IN')} orders`);

export function CustomersScreen({ rows, total, page, pages, q, role }: CustomersScreenProps) {
  const filtered = Boolean(q || role);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">Customers</h1>
          <p className="mt-2 text-muted-foreground">
            Everyone the shop serves, with or without an account: registered shoppers, walk-ins and
            phone customers. Open one for their measurements, appointments, orders and account.
          </p>
        </div>
        <Button className="min-h-11 sm:min-h-10" onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden /> Add a walk-in customer
        </Button>
      </div>

      <Form
        method="get"
        role="search"
        aria-label="Customers"
        className="mt-6 grid gap-3 sm:flex sm:flex-wrap sm:items-end"
      >
        <SearchField
          id="customer-search"
          label="Name, phone or e-mail"
          value={q}
          maxLength={CUSTOMER_SEARCH_MAX_LENGTH}
          placeholder="e.g. Patel, 98250 12345 or @gmail.com"
          autoComplete="off"
          className="sm:min-w-64 sm:flex-1"
        />
        <FilterSelect
          id="customer-role"
          name="role"
          label="Show"
          defaultValue={role ?? ''}
          key={role ?? ''}
          options={ROLE_FILTERS}
          className="w-auto min-w-44"
        />
        <div className="flex gap-2">
          <Button type="submit" className="min-h-11 flex-1 sm:min-h-10 sm:flex-none">
            <SearchIcon aria-hidden /> Search
          </Button>
          {filtered && (
            <Link
              to="/admin/customers"
              className={cn(
                buttonVariants({ variant: 'outline' }),
                'min-h-11 flex-1 sm:min-h-10 sm:flex-none',
              )}
            >
              Clear
            </Link>
          )}
        </div>
      </Form>

      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {total === 1 ? '1 customer' : `${total.toLocaleString('en-IN')} customers`}
        {q ? ` matching “${q}”` : ''}
      </p>

      {rows.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-border bg-white px-6 py-12 text-center text-muted-foreground">
          {total > 0
            ? 'There are no customers on this page.'
            : filtered
              ? 'No customers match this search.'
              : 'No customers yet. Add the first with “Add a walk-in customer”.'}
        </p>
      ) : (
        <>
          <CustomerTable rows={rows} />
          <CustomerCards rows={rows} />
        </>
      )}
      <Pagination page={page} pages={pages} label="Pages of customers" />
      <AddCustomerDialog open={adding} onOpenChange={setAdding} />
    </>
  );
}

/** Laptop and wider: one row per person. */
function CustomerTable({ rows }: { rows: CustomerRow[] }) {
  return (
    <Card padding="none" className="mt-4 hidden overflow-x-auto lg:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Customers</caption>
        <TableHead look="roomy" columns={CUSTOMER_COLUMNS} />
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.key} className="hover:bg-muted/30">
              <th scope="row" className="max-w-80 px-4 py-3 font-normal">
                <Link
                  to={customerPath(row.key)}
                  className="font-medium break-words text-primary underline-offset-4 hover:underline"
                >
                  {row.name}
                </Link>
                {row.email && (
                  <span className="block break-all text-muted-foreground">{row.email}</span>
                )}
              </th>
              <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                {row.phone ? (
                  formatIndianMobile(row.phone)
                ) : (
                  <span className="text-muted-foreground">No record yet</span>
                )}
              </td>
              <td className="px-4 py-3">
                <AccountCell row={row} />
              </td>
              <td className="px-4 py-3">
                <NextAppointment row={row} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <time dateTime={row.createdAt}>{formatShopDateTime(row.createdAt)}</time>
              </td>
              <td className="px-4 py-3 text-right tabular-nums">
                {row.orderCount.toLocaleString('en-IN')}
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                {formatRupees(row.paidTotalPaise)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** Phones and tablets: one card per person, the whole card a link. */
function CustomerCards({ rows }: { rows: CustomerRow[] }) {
  return (
    <ul className="mt-4 grid gap-3 lg:hidden" aria-label="Customers">
      {rows.map((row) => (
        <li key={row.key}>
          <Card asChild padding="sm" interactive className="block">
            <Link to={customerPath(row.key)}>
              <span className="block font-semibold break-words text-primary">{row.name}</span>
              {row.phone && (
                <span className="block text-sm tabular-nums">{formatIndianMobile(row.phone)}</span>
              )}
              {row.email && (
                <span className="block text-sm break-all text-muted-foreground">{row.email}</span>
              )}
              <AccountCell row={row} className="mt-2 block" />
              <span className="mt-2 block text-sm text-muted-foreground">
                Next: <NextAppointment row={row} />
              </span>
              <span className="mt-1 block text-sm text-muted-foreground">
                {orderCount(row.orderCount)} · {formatRupees(row.paidTotalPaise)} paid · since{' '}
                <time dateTime={row.createdAt}>{formatShopDateTime(row.createdAt)}</time>
              </span>
            </Link>
          </Card>
        </li>
      ))}
    </ul>
  );
}
