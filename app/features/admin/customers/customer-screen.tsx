/**
 * One customer's page in the back office (/admin/customers/:id; issue 30 item 1, decision 029):
 * in one place, their contact details and notes, their account's status and roles (make or
 * remove administrator, ban or lift the ban, each confirmed first), measurements (with "Record
 * measurements"), saved designs, appointments ("Book a trial", "Book an appointment"), orders
 * ("New bespoke order"), payments, invoices and vouchers, and the messages sent to them.
 *
 * For an account that has no customer record yet the same actions are offered: the first one
 * staff take asks the server for the record (open-record: found by decision 017's rule or made
 * with the mobile number given here, audited), then goes on to the form prefilled with it.
 * A record with no account reads "Walk-in customer: no account". Every outcome is toasted.
 */
import {
  ArrowLeftIcon,
  BanIcon,
  CalendarPlusIcon,
  CombineIcon,
  RulerIcon,
  ScissorsIcon,
  ShieldCheckIcon,
  ShieldOffIcon,
  UnlockIcon,
} from 'lucide-react';
import { createContext, use, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { TableHead, type TableColumn } from '~/components/ui/table-head';
import { formatIndianMobile } from '~/features/customers/contact-fields';
import { GARMENTS } from '~/features/measurements/garments';
import { OrderBadges } from '~/features/orders/order-status';
import { METHOD_LABELS } from '~/features/payments/ledger';
import { formatRupees } from '~/lib/money';
import { formatShopDateTime } from '~/lib/shop-time';
import { cn } from '~/lib/utils';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { FilterSelect } from '~/features/admin/shared/filter-select';
import { CUSTOMER_ROLES, roleLabel } from '~/features/account/roles';
import { CustomerBadges } from './customer-badges';
import {
  BAN_REASON_MAX_LENGTH,
  customerStartPath,
  WALK_IN_LABEL,
  type CustomerStart,
} from './customer-rules';
import type { CustomerPage } from './customer-page.server';
import type {
  ActivityDocument,
  ActivityOrder,
  ActivityPayment,
  CustomerDetail,
} from './customers.server';
import {
  AccountLinkPanel,
  Appointments,
  DeletePanel,
  DetailsForm,
  Messages,
} from './record-panels';

export interface CustomerScreenProps extends CustomerPage {
  /** The signed-in staff member's id. */
  viewerId: string;
  /** What the viewer's role may do to the account (issue 31 item 2): give roles, ban. */
  may: { setRole: boolean; ban: boolean };
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
const actionClass = cn(
  buttonVariants({ variant: 'outline' }),
  'min-h-11 justify-start sm:min-h-10',
);

/** Starts `start` for this customer: a link with a record, the on-demand record without one. */
type Starter = (start: CustomerStart) => void;
const StarterContext = createContext<{ recordId: number | null; start: Starter; busy: boolean }>({
  recordId: null,
  start: () => undefined,
  busy: false,
});

/** "Record measurements", "Book a trial", …: a link to the form, or a button making the record. */
function StartAction({ start, children }: { start: CustomerStart; children: ReactNode }) {
  const starter = use(StarterContext);
  if (starter.recordId !== null) {
    return (
      <Link to={customerStartPath(start, starter.recordId)} className={actionClass}>
        {children}
      </Link>
    );
  }
  return (
    <Button
      type="button"
      variant="outline"
      className="min-h-11 justify-start sm:min-h-10"
      disabled={starter.busy}
      onClick={() => starter.start(start)}
    >
      {children}
    </Button>
  );
}

export function CustomerScreen({
  record,
  account,
  profiles,
  activity,
  suggestedPhone,
  viewerId,
  may,
}: CustomerScreenProps) {
  const name = record?.name ?? account?.name ?? '';
  const isSelf = account?.id === viewerId;
  const [phone, setPhone] = useState(suggestedPhone ? formatIndianMobile(suggestedPhone) : '');
  // The server answers open-record with a redirect to the form `next` names.
  const opener = useAdminFetcher();
  const start: Starter = (next) => {
    if (!account) return;
    void opener.submit(
      { intent: 'open-record', userId: account.id, phone, next },
      { method: 'post' },
    );
  };
  const phoneError = opener.data && !opener.data.ok ? opener.data.fieldErrors?.phone : undefined;
  return (
    <StarterContext value={{ recordId: record?.id ?? null, start, busy: opener.state !== 'idle' }}>
      <Link
        to="/admin/customers"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline sm:min-h-8"
      >
        <ArrowLeftIcon className="size-4" aria-hidden /> All customers
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="min-w-0 text-3xl font-semibold break-words sm:text-4xl">{name}</h1>
        {account ? (
          <CustomerBadges
            role={account.role}
            banned={account.banned}
            emailVerified={account.emailVerified}
          />
        ) : (
          <span className="rounded-full bg-muted px-3 py-1 text-sm">{WALK_IN_LABEL}</span>
        )}
      </div>
      {record && (
        <p className="mt-1 text-sm text-muted-foreground">
          Customer since{' '}
          <time dateTime={record.createdAt}>{formatShopDateTime(record.createdAt)}</time>
        </p>
      )}
      {isSelf && <p className="mt-1 text-sm text-muted-foreground">This is your own account.</p>}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-6">
          {record ? (
            <DetailsForm client={record} key={record.version} />
          ) : (
            <Section heading="Customer record" padding="md">
              <p className="mt-2 text-sm text-muted-foreground">
                No customer record yet. It is made for this account (or the record with its verified
                e-mail is linked) when you record measurements, book an appointment or start a
                bespoke order below. Its notes and messages live there.
              </p>
              <FormField
                id="record-phone"
                name="phone"
                label="Mobile number"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                placeholder="98250 12345"
                className="mt-4 max-w-sm"
                value={phone}
                onChange={(event) => setPhone(event.currentTarget.value)}
                hint={
                  suggestedPhone
                    ? 'The number they last gave at checkout. An Indian mobile; +91 is added.'
                    : 'For the new record: an Indian mobile; +91 is added.'
                }
                error={phoneError}
              />
            </Section>
          )}
          {account && <AccountDetails account={account} />}
        </div>
        <div className="grid content-start gap-6">
          {account && may.setRole && may.ban && (
            <CustomerActions customer={account} isSelf={isSelf} />
          )}
          {record && <AccountLinkPanel client={record} />}
        </div>
      </div>

      <Measurements recordId={record?.id ?? null} profiles={profiles} />
      <Designs designs={activity.designs} />
      {record ? (
        <Appointments client={record} actions={<BookActions />} />
      ) : (
        <Section heading="Appointments" padding="md" className="mt-8">
          <p className="mt-2 text-sm text-muted-foreground">No appointments yet.</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <BookActions />
          </div>
        </Section>
      )}
      <Orders orders={activity.orders} />
      <Money payments={activity.payments} documents={activity.documents} />
      {record ? (
        <Messages messages={record.messages} />
      ) : (
        <Section heading="Messages" padding="md" className="mt-8">
          <p className="mt-2 text-sm text-muted-foreground">No messages sent yet.</p>
        </Section>
      )}
      {record && (
        <Section heading="Merge" padding="md" className="mt-8 max-w-2xl">
          <p className="mt-2 text-sm text-muted-foreground">
            Two records for one person: move everything of the other record onto this one, with a
            preview of what moves.
          </p>
          <Link to={`/admin/customers/${record.id}/merge`} className={cn(actionClass, 'mt-3')}>
            <CombineIcon aria-hidden /> Merge with another record
          </Link>
        </Section>
      )}
      {record && <DeletePanel client={record} />}
    </StarterContext>
  );
}

function BookActions() {
  return (
    <>
      <StartAction start="trial">
        <CalendarPlusIcon aria-hidden /> Book a trial
      </StartAction>
      <StartAction start="appointment">
        <CalendarPlusIcon aria-hidden /> Book an appointment
      </StartAction>
    </>
  );
}

/** The account's e-mail, registration, devices and ban reason. */
function AccountDetails({ account }: { account: CustomerDetail }) {
  return (
    <Section heading="Account" padding="md">
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Name</dt>
        <dd className="break-words">{account.name}</dd>
        <dt className="text-muted-foreground">E-mail</dt>
        <dd className="break-all">
          <a href={`mailto:${account.email}`} className="text-primary hover:underline">
            {account.email}
          </a>{' '}
          <span className="text-muted-foreground">
            ({account.emailVerified ? 'verified' : 'not verified'})
          </span>
        </dd>
        <dt className="text-muted-foreground">Registered</dt>
        <dd>
          <time dateTime={account.createdAt}>{formatShopDateTime(account.createdAt)}</time>
        </dd>
        <dt className="text-muted-foreground">Signed in on</dt>
        <dd>
          {account.activeSessions === 1
            ? '1 device'
            : `${account.activeSessions.toLocaleString('en-IN')} devices`}
        </dd>
        {account.banned && (
          <>
            <dt className="text-muted-foreground">Ban reason</dt>
            <dd className="break-words whitespace-pre-wrap">{account.banReason || 'None given'}</dd>
          </>
        )}
      </dl>
    </Section>
  );
}

function Measurements({
  recordId,
  profiles,
}: {
  recordId: number | null;
  profiles: CustomerPage['profiles'];
}) {
  return (
    <Section heading="Measurements" padding="md" className="mt-8">
      {profiles.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No measurements recorded yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-border">
          {profiles.map((profile) => (
            <li
              key={profile.garment}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2"
            >
              <Link
                to={`/admin/customers/${recordId}/measurements/${profile.garment}`}
                className={cn(linkClass, 'min-h-11 content-center sm:min-h-8')}
              >
                {GARMENTS[profile.garment].label}
              </Link>
              <span className="text-sm text-muted-foreground">
                Version {profile.latest.version}, by {profile.latest.takenByName},{' '}
                <time dateTime={profile.latest.takenAt}>
                  {formatShopDateTime(profile.latest.takenAt)}
                </time>
                {profile.awaitingCheck && ' · self-measured, to check'}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <StartAction start="measurements">
          <RulerIcon aria-hidden /> Record measurements
        </StartAction>
        {recordId !== null && (
          <Link to={`/admin/customers/${recordId}/measurements`} className={actionClass}>
            <RulerIcon aria-hidden /> All measurements
          </Link>
        )}
      </div>
    </Section>
  );
}

function Designs({ designs }: { designs: CustomerPage['activity']['designs'] }) {
  return (
    <Section heading="Saved designs" padding="md" className="mt-8">
      {designs.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No saved designs.</p>
      ) : (
        <ul className="mt-2 divide-y divide-border">
          {designs.map((design) => (
            <li
              key={design.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2"
            >
              <Link
                to={`/d/${encodeURIComponent(design.id)}`}
                className={cn(linkClass, 'min-h-11 content-center sm:min-h-8')}
              >
                {design.name || GARMENTS[design.garmentType].label}
              </Link>
              <span className="text-sm text-muted-foreground">
                {GARMENTS[design.garmentType].label} · about {formatRupees(design.estimatePaise)} ·
                saved{' '}
                <time dateTime={design.createdAt}>{formatShopDateTime(design.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const ORDER_COLUMNS: TableColumn[] = [
  'Order',
  'Kind',
  'Placed',
  'Status',
  { label: 'Amount', className: 'text-right' },
];

function Orders({ orders }: { orders: ActivityOrder[] }) {
  return (
    <Section heading="Orders" padding="md" className="mt-8">
      {orders.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No orders yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Their orders, newest first</caption>
            <TableHead look="roomy" columns={ORDER_COLUMNS} />
            <tbody className="divide-y divide-border">
              {orders.map((order) => (
                <tr key={order.number}>
                  <th scope="row" className="px-4 py-3 font-mono font-medium">
                    <Link to={`/admin/orders/${order.number}`} className={linkClass}>
                      {order.number}
                    </Link>
                  </th>
                  <td className="px-4 py-3">{order.kind === 'bespoke' ? 'Bespoke' : 'Shop'}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <time dateTime={order.createdAt}>{formatShopDateTime(order.createdAt)}</time>
                  </td>
                  <td className="px-4 py-3">
                    <OrderBadges status={order.status} fulfilmentStatus={order.fulfilmentStatus} />
                  </td>
                  <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                    {formatRupees(order.amountPaise)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <StartAction start="order">
          <ScissorsIcon aria-hidden /> New bespoke order
        </StartAction>
      </div>
    </Section>
  );
}

const PAYMENT_STATUS_LABELS: Record<ActivityPayment['status'], string> = {
  pending: 'Pending',
  succeeded: 'Received',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const DOCUMENT_LABELS: Record<ActivityDocument['kind'], string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
  refund_voucher: 'Refund voucher',
  receipt_voucher: 'Receipt voucher',
};

/** Where a document's PDF is read (the order's admin downloads). */
const documentHref = (document: ActivityDocument) =>
  document.kind === 'invoice'
    ? `/admin/orders/${document.orderNumber}/invoice.pdf`
    : `/admin/orders/${document.orderNumber}/credit-notes/${document.id}`;

function Money({
  payments,
  documents,
}: {
  payments: ActivityPayment[];
  documents: ActivityDocument[];
}) {
  return (
    <Section heading="Payments, invoices and vouchers" padding="md" className="mt-8">
      <div className="mt-3 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="font-semibold">Payments and refunds</h3>
          {payments.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">No payments yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-border text-sm">
              {payments.map((payment) => (
                <li key={payment.id} className="flex flex-wrap justify-between gap-x-4 py-2">
                  <span>
                    {payment.kind === 'refund' ? 'Refund' : 'Payment'},{' '}
                    {METHOD_LABELS[payment.method]}, order{' '}
                    <Link to={`/admin/orders/${payment.orderNumber}`} className={linkClass}>
                      {payment.orderNumber}
                    </Link>{' '}
                    <span className="text-muted-foreground">
                      (
                      <time dateTime={payment.createdAt}>
                        {formatShopDateTime(payment.createdAt)}
                      </time>
                      , {PAYMENT_STATUS_LABELS[payment.status]})
                    </span>
                  </span>
                  <span className="tabular-nums">{formatRupees(payment.amountPaise)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="font-semibold">Invoices and vouchers</h3>
          {documents.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">No invoices or vouchers yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-border text-sm">
              {documents.map((document) => (
                <li key={document.id} className="flex flex-wrap justify-between gap-x-4 py-2">
                  <a href={documentHref(document)} className={linkClass}>
                    {DOCUMENT_LABELS[document.kind]} {document.number}
                  </a>
                  <span className="text-muted-foreground">
                    <time dateTime={document.issuedAt}>
                      {formatShopDateTime(document.issuedAt)}
                    </time>{' '}
                    · <span className="tabular-nums">{formatRupees(document.totalPaise)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Section>
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
        <RoleChooser customer={customer} />
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
/**
 * The account's role: Shopper, Owner, Counter or Workshop (issue 31 item 2, decision 034).
 * The server keeps the last owner and refuses a staff role to a banned account.
 */
function RoleChooser({ customer }: { customer: CustomerDetail }) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" className="grid gap-2" aria-label="The account’s role">
      <input type="hidden" name="intent" value="set-role" />
      <input type="hidden" name="userId" value={customer.id} />
      <FilterSelect
        id="customer-role"
        name="role"
        label="Role"
        options={CUSTOMER_ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
        defaultValue={customer.role}
        key={customer.role}
      />
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? 'Saving…' : 'Change role'}
      </Button>
    </fetcher.Form>
  );
}

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
