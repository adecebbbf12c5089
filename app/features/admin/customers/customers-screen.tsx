/**
 * The customers screen (/admin/customers): a search over names and e-mails, a role filter,
 * and the accounts, newest first, as a table on a laptop and as cards on a phone, each linking
 * to its account page.
 */
import { SearchIcon } from 'lucide-react';
import { Form, Link } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { TableHead, type TableColumn } from '~/components/ui/table-head';
import { formatRupees } from '~/lib/money';
import { cn } from '~/lib/utils';
import { CustomerBadges } from './customer-badges';
import { FilterSelect, SearchField } from '~/features/admin/shared/filter-select';
import { CUSTOMER_SEARCH_MAX_LENGTH, type CustomerRole } from './customer-rules';
import type { CustomerRow } from './customers.server';
import { Pagination } from '~/features/admin/shared/pagination';
import { formatShopDateTime } from '~/lib/shop-time';

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
  { value: 'user', label: 'Customers' },
];

const CUSTOMER_COLUMNS: TableColumn[] = [
  'Account',
  'Status',
  'Registered',
  { label: 'Orders', className: 'text-right' },
  { label: 'Paid', className: 'text-right' },
];

const customerPath = (id: string) => `/admin/customers/${encodeURIComponent(id)}`;

const orderCount = (n: number) => (n === 1 ? '1 order' : `${n.toLocaleString('en-IN')} orders`);

export function CustomersScreen({ rows, total, page, pages, q, role }: CustomersScreenProps) {
  const filtered = Boolean(q || role);
  return (
    <>
      <h1 className="text-3xl font-semibold sm:text-4xl">Customers</h1>
      <p className="mt-2 text-muted-foreground">
        Registered accounts, newest first. Open one to see its orders, change its role or ban it.
      </p>

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
        {total === 1 ? '1 account' : `${total.toLocaleString('en-IN')} accounts`}
        {q ? ` matching “${q}”` : ''}
      </p>

      {rows.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-border bg-white px-6 py-12 text-center text-muted-foreground">
          {total > 0
            ? 'There are no accounts on this page.'
            : filtered
              ? 'No accounts match this search.'
              : 'No accounts yet.'}
        </p>
      ) : (
        <>
          <CustomerTable rows={rows} />
          <CustomerCards rows={rows} />
        </>
      )}
      <Pagination page={page} pages={pages} label="Pages of customers" />
    </>
  );
}

/** Laptop and wider: one row per account. */
function CustomerTable({ rows }: { rows: CustomerRow[] }) {
  return (
    <Card padding="none" className="mt-4 hidden overflow-x-auto lg:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Customers</caption>
        <TableHead look="roomy" columns={CUSTOMER_COLUMNS} />
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.id} className="hover:bg-muted/30">
              <th scope="row" className="max-w-80 px-4 py-3 font-normal">
                <Link
                  to={customerPath(row.id)}
                  className="font-medium break-words text-primary underline-offset-4 hover:underline"
                >
                  {row.name}
                </Link>
                <span className="block break-all text-muted-foreground">{row.email}</span>
              </th>
              <td className="px-4 py-3">
                <CustomerBadges
                  role={row.role}
                  banned={row.banned}
                  emailVerified={row.emailVerified}
                />
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

/** Phones and tablets: one card per account, the whole card a link. */
function CustomerCards({ rows }: { rows: CustomerRow[] }) {
  return (
    <ul className="mt-4 grid gap-3 lg:hidden" aria-label="Customers">
      {rows.map((row) => (
        <li key={row.id}>
          <Card asChild padding="sm" interactive className="block">
            <Link to={customerPath(row.id)}>
              <span className="block font-semibold break-words text-primary">{row.name}</span>
              <span className="block text-sm break-all text-muted-foreground">{row.email}</span>
              <CustomerBadges
                role={row.role}
                banned={row.banned}
                emailVerified={row.emailVerified}
                className="mt-2"
              />
              <span className="mt-2 block text-sm text-muted-foreground">
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
