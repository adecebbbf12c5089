/**
 * One account in the back office (/admin/customers/:id): its details, its orders, and the
 * actions on it: make or remove administrator, ban (signing it out everywhere) or lift the
 * ban. Every change asks for a confirmation first and toasts its outcome; the server refuses
 * what the buttons already hint at (the last administrator, banning oneself).
 */
import { ArrowLeftIcon, BanIcon, ShieldCheckIcon, ShieldOffIcon, UnlockIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, Section } from '~/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '~/components/ui/dialog';
import { Label } from '~/components/ui/label';
import { TableHead, type TableColumn } from '~/components/ui/table-head';
import { OrderStatusBadge } from '~/features/orders/order-status';
import { formatRupees } from '~/lib/money';
import { cn } from '~/lib/utils';
import { CustomerBadges } from './customer-badges';
import { BAN_REASON_MAX_LENGTH } from './customer-rules';
import type { CustomerDetail, CustomerOrder } from './customers.server';
import { formatShopDateTime } from '~/lib/shop-time';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';

export interface CustomerScreenProps {
  customer: CustomerDetail;
  /** The signed-in administrator's id. */
  viewerId: string;
  /** The bespoke client record linked to this account, if any (/admin/clients/:id). */
  client: { id: number; name: string } | null;
}

export function CustomerScreen({ customer, viewerId, client }: CustomerScreenProps) {
  const isSelf = customer.id === viewerId;
  return (
    <>
      <Link
        to="/admin/customers"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline sm:min-h-8"
      >
        <ArrowLeftIcon className="size-4" aria-hidden /> All customers
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="min-w-0 text-3xl font-semibold break-words sm:text-4xl">{customer.name}</h1>
        <CustomerBadges
          role={customer.role}
          banned={customer.banned}
          emailVerified={customer.emailVerified}
        />
      </div>
      {isSelf && <p className="mt-1 text-sm text-muted-foreground">This is your own account.</p>}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Section heading="Details" padding="md">
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">E-mail</dt>
            <dd className="break-all">
              <a href={`mailto:${customer.email}`} className="text-primary hover:underline">
                {customer.email}
              </a>{' '}
              <span className="text-muted-foreground">
                ({customer.emailVerified ? 'verified' : 'not verified'})
              </span>
            </dd>
            <dt className="text-muted-foreground">Registered</dt>
            <dd>
              <time dateTime={customer.createdAt}>{formatShopDateTime(customer.createdAt)}</time>
            </dd>
            <dt className="text-muted-foreground">Signed in on</dt>
            <dd>
              {customer.activeSessions === 1
                ? '1 device'
                : `${customer.activeSessions.toLocaleString('en-IN')} devices`}
            </dd>
            <dt className="text-muted-foreground">Orders</dt>
            <dd>
              {customer.orderCount.toLocaleString('en-IN')} ·{' '}
              {formatRupees(customer.paidTotalPaise)} paid
            </dd>
            <dt className="text-muted-foreground">Bespoke client</dt>
            <dd>
              {client ? (
                <Link
                  to={`/admin/clients/${client.id}`}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  Client record: {client.name}
                </Link>
              ) : (
                <span className="text-muted-foreground">No client record</span>
              )}
            </dd>
            {customer.banned && (
              <>
                <dt className="text-muted-foreground">Ban reason</dt>
                <dd className="break-words whitespace-pre-wrap">
                  {customer.banReason || 'None given'}
                </dd>
              </>
            )}
          </dl>
        </Section>

        <CustomerActions customer={customer} isSelf={isSelf} />
      </div>

      <section aria-labelledby="customer-orders" className="mt-8">
        <h2 id="customer-orders" className="text-xl font-semibold">
          Orders
        </h2>
        {customer.orders.length === 0 ? (
          <p className="mt-3 rounded-2xl border border-dashed border-border bg-white px-6 py-10 text-center text-muted-foreground">
            No orders yet.
          </p>
        ) : (
          <>
            <OrderTable orders={customer.orders} />
            <OrderCards orders={customer.orders} />
          </>
        )}
      </section>
    </>
  );
}

/** What the confirmation dialog is open for. */
type Pending = 'make-admin' | 'remove-admin' | 'ban' | 'unban' | null;

function CustomerActions({ customer, isSelf }: { customer: CustomerDetail; isSelf: boolean }) {
  const [open, setOpen] = useState<Pending>(null);
  const isAdmin = customer.role === 'admin';
  const button = 'min-h-11 w-full justify-start sm:min-h-10';
  return (
    <Section heading="Access" padding="md">
      <div className="mt-3 grid gap-3">
        {isAdmin ? (
          <div>
            <Button
              variant="outline"
              className={button}
              disabled={customer.isLastAdmin}
              onClick={() => setOpen('remove-admin')}
            >
              <ShieldOffIcon aria-hidden /> Remove administrator
            </Button>
            {customer.isLastAdmin && <Hint>The shop must keep at least one administrator.</Hint>}
          </div>
        ) : (
          <div>
            <Button
              variant="outline"
              className={button}
              disabled={customer.banned}
              onClick={() => setOpen('make-admin')}
            >
              <ShieldCheckIcon aria-hidden /> Make administrator
            </Button>
            {customer.banned && (
              <Hint>Lift the ban before making this account an administrator.</Hint>
            )}
          </div>
        )}
        {customer.banned ? (
          <Button variant="outline" className={button} onClick={() => setOpen('unban')}>
            <UnlockIcon aria-hidden /> Lift ban
          </Button>
        ) : (
          <div>
            <Button
              variant="destructive"
              className={button}
              disabled={isSelf || customer.isLastAdmin}
              onClick={() => setOpen('ban')}
            >
              <BanIcon aria-hidden /> Ban
            </Button>
            {isSelf ? (
              <Hint>You cannot ban your own account.</Hint>
            ) : customer.isLastAdmin ? (
              <Hint>The last administrator cannot be banned.</Hint>
            ) : null}
          </div>
        )}
      </div>

      <ChangeDialog
        open={open === 'make-admin'}
        onClose={() => setOpen(null)}
        title={`Make ${customer.name} an administrator?`}
        description={`${customer.name} will be able to use the back office: the catalogue, orders, settings and other accounts.`}
        fields={{ intent: 'set-role', userId: customer.id, role: 'admin' }}
        confirmLabel="Make administrator"
        busyLabel="Saving…"
      />
      <ChangeDialog
        open={open === 'remove-admin'}
        onClose={() => setOpen(null)}
        title={
          isSelf ? 'Remove your administrator role?' : `Remove ${customer.name} as administrator?`
        }
        description={
          isSelf
            ? 'You will lose access to the back office at once. Another administrator would have to give it back.'
            : `${customer.name} will lose access to the back office and keep a customer account.`
        }
        fields={{ intent: 'set-role', userId: customer.id, role: 'user' }}
        confirmLabel="Remove administrator"
        busyLabel="Removing…"
        destructive
      />
      <ChangeDialog
        open={open === 'ban'}
        onClose={() => setOpen(null)}
        title={`Ban ${customer.name}?`}
        description="They will be signed out everywhere and cannot sign in."
        fields={{ intent: 'set-banned', userId: customer.id, banned: 'true' }}
        confirmLabel="Ban"
        busyLabel="Banning…"
        destructive
        reasonMaxLength={BAN_REASON_MAX_LENGTH}
      />
      <ChangeDialog
        open={open === 'unban'}
        onClose={() => setOpen(null)}
        title={`Lift the ban on ${customer.name}?`}
        description="They will be able to sign in again."
        fields={{ intent: 'set-banned', userId: customer.id, banned: 'false' }}
        confirmLabel="Lift ban"
        busyLabel="Saving…"
      />
    </Section>
  );
}

function Hint({ children }: { children: ReactNode }) {
  return <p className="mt-1 text-sm text-muted-foreground">{children}</p>;
}

/**
 * A confirmation that posts `fields` (and, for a ban, the optional reason). It stays open
 * while the request runs and closes on success; a refusal is toasted and leaves it open.
 */
function ChangeDialog({
  open,
  onClose,
  title,
  description,
  fields,
  confirmLabel,
  busyLabel,
  destructive,
  reasonMaxLength,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  fields: Record<string, string>;
  confirmLabel: string;
  busyLabel: string;
  destructive?: boolean;
  /** Set to ask for an optional reason of at most this many characters. */
  reasonMaxLength?: number;
}) {
  const fetcher = useAdminFetcher({ onSuccess: onClose });
  const busy = fetcher.state !== 'idle';
  const reasonError =
    fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors?.reason : undefined;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent role="alertdialog">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <fetcher.Form method="post" className="grid gap-4">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {reasonMaxLength !== undefined && (
            <div className="grid gap-2">
              <Label htmlFor="ban-reason">Reason (optional, only administrators see it)</Label>
              <textarea
                id="ban-reason"
                name="reason"
                maxLength={reasonMaxLength}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? 'ban-reason-error' : undefined}
                className={cn(
                  'min-h-24 w-full rounded-md border border-border bg-white px-3 py-2 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:text-sm',
                  reasonError && 'border-destructive',
                )}
              />
              {reasonError && (
                <p id="ban-reason-error" className="text-sm text-destructive">
                  {reasonError}
                </p>
              )}
            </div>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" className="min-h-11 sm:min-h-10">
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'default'}
              disabled={busy}
              className="min-h-11 sm:min-h-10"
            >
              {busy ? busyLabel : confirmLabel}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

const ORDER_COLUMNS: TableColumn[] = [
  'Order',
  'Placed',
  'Payment',
  { label: 'Amount', className: 'text-right' },
];

/** Laptop and wider: one row per order. */
function OrderTable({ orders }: { orders: CustomerOrder[] }) {
  return (
    <Card padding="none" className="mt-3 hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Orders of this account, newest first</caption>
        <TableHead look="roomy" columns={ORDER_COLUMNS} />
        <tbody className="divide-y divide-border">
          {orders.map((order) => (
            <tr key={order.number}>
              <th scope="row" className="px-4 py-3 font-mono font-medium">
                {order.number}
              </th>
              <td className="px-4 py-3 whitespace-nowrap">
                <time dateTime={order.createdAt}>{formatShopDateTime(order.createdAt)}</time>
              </td>
              <td className="px-4 py-3">
                <OrderStatusBadge status={order.status} />
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                {formatRupees(order.amountPaise)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** Phones: one card per order. */
function OrderCards({ orders }: { orders: CustomerOrder[] }) {
  return (
    <ul className="mt-3 grid gap-3 md:hidden" aria-label="Orders">
      {orders.map((order) => (
        <Card asChild padding="sm" key={order.number}>
          <li>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-mono font-medium break-all">{order.number}</span>
              <OrderStatusBadge status={order.status} />
            </div>
            <p className="mt-1 text-sm text-muted-foreground">
              <time dateTime={order.createdAt}>{formatShopDateTime(order.createdAt)}</time> ·{' '}
              <span className="font-medium text-foreground">{formatRupees(order.amountPaise)}</span>
            </p>
          </li>
        </Card>
      ))}
    </ul>
  );
}
