/**
 * The orders list of the back office: status filters (payment and fulfilment), the kind (shop
 * or bespoke), a search by order number, name, e-mail or phone, and the orders as a table on a
 * laptop and as stacked cards on a phone, each linking to the order's page. A bespoke order
 * shows its promised date, warned when close or overdue (issue 21 item 3).
 */
import { PlusIcon, SearchIcon, XIcon } from 'lucide-react';
import { Form, Link } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { SearchField } from '~/features/admin/shared/filter-select';
import { TableHead, type TableColumn } from '~/components/ui/table-head';
import { FulfilmentBadge, OrderStatusBadge } from '~/features/orders/order-status';
import { FULFILMENT_STATUSES } from '~/features/orders/fulfilment';
import { formatRupees } from '~/lib/money';
import { cn } from '~/lib/utils';
import {
  ORDER_FILTER_LABELS,
  PAYMENT_FILTERS,
  TO_CONFIRM,
  type OrderFilter,
} from './order-filters';
import type { AdminOrderPage, AdminOrderRow, OrderKind } from './orders.server';
import { PromisedDate } from '~/features/bespoke/promised-date-badge';
import { Pagination } from '~/features/admin/shared/pagination';
import { formatShopDateTime } from '~/lib/shop-time';

export interface OrdersScreenProps extends AdminOrderPage {
  filter: OrderFilter | null;
  kind: OrderKind | null;
  q: string;
  page: number;
  pages: number;
  /** The shop day the promised dates are read against ('YYYY-MM-DD', Kolkata). */
  today: string;
}

const KINDS: { value: OrderKind | null; label: string }[] = [
  { value: null, label: 'All kinds' },
  { value: 'shop', label: 'Shop' },
  { value: 'bespoke', label: 'Bespoke' },
];

/** The link to an order's page. */
const adminOrderPath = (number: string) => `/admin/orders/${encodeURIComponent(number)}`;

const FILTER_GROUPS: { label: string; filters: readonly OrderFilter[] }[] = [
  { label: 'Payment', filters: PAYMENT_FILTERS },
  { label: 'Fulfilment', filters: [TO_CONFIRM, ...FULFILMENT_STATUSES] },
];

export function OrdersScreen({
  rows,
  total,
  counts,
  filter,
  kind,
  q,
  page,
  pages,
  today,
}: OrdersScreenProps) {
  const searchFor = (value: OrderFilter | null, ofKind: OrderKind | null = kind, withQ = true) => {
    const next = new URLSearchParams();
    if (value) next.set('status', value);
    if (ofKind) next.set('kind', ofKind);
    if (q && withQ) next.set('q', q);
    const text = next.toString();
    return text ? `?${text}` : '';
  };
  const filterLink = (value: OrderFilter | null, label: string, n: number) => {
    const current = value === filter;
    return (
      <li key={label}>
        <Link
          to={{ pathname: '/admin/orders', search: searchFor(value) }}
          aria-current={current ? 'page' : undefined}
          className={cn(
            buttonVariants({ variant: current ? 'default' : 'outline', size: 'sm' }),
            'min-h-11 sm:min-h-9',
          )}
        >
          {label} <span className="opacity-80">({n})</span>
        </Link>
      </li>
    );
  };
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold sm:text-4xl">Orders</h1>
        <Link
          to="/admin/orders/new"
          className={cn(buttonVariants({ variant: 'default' }), 'min-h-11 sm:min-h-10')}
        >
          <PlusIcon aria-hidden /> New bespoke order
        </Link>
      </div>
      <p className="mt-2 text-muted-foreground">
        Every order, newest first. Open one to see its details and move it through tailoring.
      </p>

      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        {filter && <input type="hidden" name="status" value={filter} />}
        {kind && <input type="hidden" name="kind" value={kind} />}
        <SearchField
          id="orders-q"
          label="Search orders"
          value={q}
          maxLength={100}
          placeholder="Order number, name, e-mail or phone"
          className="min-w-0 flex-1 basis-64"
        />
        <Button type="submit" className="min-h-11 sm:min-h-10">
          <SearchIcon aria-hidden /> Search
        </Button>
        {q && (
          <Link
            to={{ pathname: '/admin/orders', search: searchFor(filter, kind, false) }}
            className={cn(buttonVariants({ variant: 'ghost' }), 'min-h-11 sm:min-h-10')}
          >
            <XIcon aria-hidden /> Clear search
          </Link>
        )}
      </Form>

      <nav aria-label="Filter orders by status" className="mt-6 grid gap-3">
        <ul className="flex flex-wrap gap-2" aria-label="Kind of order">
          {KINDS.map((choice) => {
            const current = choice.value === kind;
            return (
              <li key={choice.label}>
                <Link
                  to={{ pathname: '/admin/orders', search: searchFor(filter, choice.value) }}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    buttonVariants({ variant: current ? 'accent' : 'ghost', size: 'sm' }),
                    'min-h-11 sm:min-h-9',
                  )}
                >
                  {choice.label}
                </Link>
              </li>
            );
          })}
        </ul>
        <ul className="flex flex-wrap gap-2">{filterLink(null, 'All', counts.all)}</ul>
        {FILTER_GROUPS.map((group) => (
          <div key={group.label} className="grid gap-1.5">
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {group.label}
            </p>
            <ul className="flex flex-wrap gap-2">
              {group.filters.map((value) =>
                filterLink(value, ORDER_FILTER_LABELS[value], counts[value]),
              )}
            </ul>
          </div>
        ))}
      </nav>

      <p className="mt-6 text-sm text-muted-foreground" aria-live="polite">
        {total === 1 ? '1 order' : `${total.toLocaleString('en-IN')} orders`}
        {kind ? ` · ${kind === 'bespoke' ? 'Bespoke' : 'Shop'}` : ''}
        {filter ? ` · ${ORDER_FILTER_LABELS[filter]}` : ''}
        {q ? ` matching “${q}”` : ''}
      </p>

      {rows.length === 0 ? (
        <Card
          asChild
          padding="none"
          className="mt-4 border-dashed px-6 py-12 text-center text-muted-foreground"
        >
          <p>
            {total === 0
              ? q || filter
                ? 'No orders match.'
                : 'No orders yet.'
              : 'There are no orders on this page.'}
          </p>
        </Card>
      ) : (
        <>
          <OrderCards rows={rows} today={today} />
          <OrderTable rows={rows} today={today} />
        </>
      )}
      <Pagination page={page} pages={pages} label="Pages of orders" />
    </>
  );
}

/** Payment status, and the fulfilment step (or 'To confirm' for a paid order without one). */
function Statuses({ row }: { row: AdminOrderRow }) {
  return (
    <span className="flex flex-wrap gap-1">
      <OrderStatusBadge status={row.status} paidPaise={row.paidPaise} />
      {row.fulfilmentStatus ? (
        <FulfilmentBadge status={row.fulfilmentStatus} />
      ) : row.status === 'paid' ? (
        <span className="inline-block rounded-full border border-dashed border-amber-500 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">
          {ORDER_FILTER_LABELS[TO_CONFIRM]}
        </span>
      ) : null}
    </span>
  );
}

const items = (row: AdminOrderRow) => {
  const noun = row.kind === 'bespoke' ? 'garment' : 'item';
  return row.itemCount === 1 ? `1 ${noun}` : `${row.itemCount} ${noun}s`;
};

/** The 'Bespoke' tag beside a bespoke order's number. */
function KindTag({ row }: { row: AdminOrderRow }) {
  if (row.kind !== 'bespoke') return null;
  return (
    <span className="ml-2 inline-block rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-stone-800">
      Bespoke
    </span>
  );
}

/** A bespoke order's promised date and its warning. */
function Promised({ row, today }: { row: AdminOrderRow; today: string }) {
  return (
    <PromisedDate
      promisedOn={row.promisedOn}
      today={today}
      fulfilmentStatus={row.fulfilmentStatus}
      cancelled={row.status === 'cancelled'}
      className="text-sm"
    />
  );
}

/** Phones: one card per order. */
function OrderCards({ rows, today }: { rows: AdminOrderRow[]; today: string }) {
  return (
    <ol className="mt-4 grid gap-3 lg:hidden" aria-label="Orders">
      {rows.map((row) => (
        <li key={row.number}>
          <Card asChild padding="sm" interactive className="block">
            <Link to={adminOrderPath(row.number)}>
              <span className="flex flex-wrap items-baseline justify-between gap-2">
                <span>
                  <span className="font-mono font-semibold text-primary underline">
                    {row.number}
                  </span>
                  <KindTag row={row} />
                </span>
                <span className="font-semibold">{formatRupees(row.amountPaise)}</span>
              </span>
              <span className="mt-1 block text-sm break-words">
                {row.customerName} · {row.phone || 'no phone'}
              </span>
              <span className="mt-1 block text-sm text-muted-foreground">
                <time dateTime={row.createdAt}>{formatShopDateTime(row.createdAt)}</time> ·{' '}
                {items(row)}
                {row.city ? ` · ${row.city}` : ''}
              </span>
              {row.promisedOn && (
                <span className="mt-1 block">
                  <Promised row={row} today={today} />
                </span>
              )}
              <span className="mt-2 block">
                <Statuses row={row} />
              </span>
            </Link>
          </Card>
        </li>
      ))}
    </ol>
  );
}

const ORDER_COLUMNS: TableColumn[] = [
  'Order',
  'Placed',
  'Customer',
  { label: 'Items', className: 'text-right' },
  { label: 'Total', className: 'text-right' },
  'Status',
  'Promised',
];

/** Laptops: a table. */
function OrderTable({ rows, today }: { rows: AdminOrderRow[]; today: string }) {
  return (
    <Card padding="none" className="mt-4 hidden overflow-hidden lg:block">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Orders, newest first</caption>
        <TableHead columns={ORDER_COLUMNS} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.number} className="border-t border-border align-top hover:bg-muted/30">
              <th scope="row" className="px-3 py-3 font-normal">
                <Link
                  to={adminOrderPath(row.number)}
                  className="font-mono font-semibold whitespace-nowrap text-primary underline"
                >
                  {row.number}
                </Link>
                <KindTag row={row} />
              </th>
              <td className="px-3 py-3 whitespace-nowrap">
                <time dateTime={row.createdAt}>{formatShopDateTime(row.createdAt)}</time>
              </td>
              <td className="px-3 py-3">
                <span className="block font-medium break-words">{row.customerName}</span>
                <span className="block text-muted-foreground">
                  {row.phone}
                  {row.city ? ` · ${row.city}` : ''}
                </span>
              </td>
              <td className="px-3 py-3 text-right whitespace-nowrap">
                {row.kind === 'bespoke' ? items(row) : row.itemCount}
              </td>
              <td className="px-3 py-3 text-right font-medium whitespace-nowrap">
                {formatRupees(row.amountPaise)}
              </td>
              <td className="px-3 py-3">
                <Statuses row={row} />
              </td>
              <td className="px-3 py-3">
                {row.promisedOn ? <Promised row={row} today={today} /> : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
