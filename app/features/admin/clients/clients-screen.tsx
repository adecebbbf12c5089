/**
 * The bespoke clients screen (/admin/clients; decision 013): a search over names, e-mails and
 * phones, the records newest first (a table on a laptop, cards on a phone), and "Add client"
 * for a walk-in or phone customer. A phone already on another record is answered with a notice
 * naming and linking that record; "Add anyway" adds a second record on the same phone.
 */
import { PlusIcon, SearchIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Form, Link, useFetcher, useNavigate } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog';
import { FieldError, FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { TableHead, type TableColumn } from '~/components/ui/table-head';
import { formatIndianMobile } from '~/features/customers/contact-fields';
import { SearchField } from '~/features/admin/shared/filter-select';
import { Pagination } from '~/features/admin/shared/pagination';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { formatShopDateTime } from '~/lib/shop-time';
import { cn } from '~/lib/utils';
import {
  CLIENT_NOTES_MAX_LENGTH,
  CLIENT_SEARCH_MAX_LENGTH,
  isSharedPhoneNotice,
} from './client-rules';
import type { ClientRow } from './clients.server';

export interface ClientsScreenProps {
  rows: ClientRow[];
  total: number;
  page: number;
  pages: number;
  q: string;
}

const COLUMNS: TableColumn[] = ['Client', 'Phone', 'E-mail', 'Account', 'Next appointment'];

const clientPath = (id: number) => `/admin/clients/${id}`;

/** The classes of the screens' text areas, matching `Input`. */
export const textareaClass =
  'min-h-24 w-full rounded-md border border-border bg-white px-3 py-2 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:text-sm';

export function ClientsScreen({ rows, total, page, pages, q }: ClientsScreenProps) {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">Bespoke clients</h1>
          <p className="mt-2 text-muted-foreground">
            Everyone the shop serves, with or without an account: walk-ins and phone customers too.
            Their appointments, measurements and messages hang on this record.
          </p>
        </div>
        <Button className="min-h-11 sm:min-h-10" onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden /> Add client
        </Button>
      </div>

      <Form
        method="get"
        role="search"
        aria-label="Clients"
        className="mt-6 grid gap-3 sm:flex sm:flex-wrap sm:items-end"
      >
        <SearchField
          id="client-search"
          label="Name, phone or e-mail"
          value={q}
          maxLength={CLIENT_SEARCH_MAX_LENGTH}
          placeholder="e.g. Patel, 98250 12345 or @gmail.com"
          autoComplete="off"
          className="sm:min-w-64 sm:flex-1"
        />
        <div className="flex gap-2">
          <Button type="submit" className="min-h-11 flex-1 sm:min-h-10 sm:flex-none">
            <SearchIcon aria-hidden /> Search
          </Button>
          {q && (
            <Link
              to="/admin/clients"
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
        {total === 1 ? '1 client' : `${total.toLocaleString('en-IN')} clients`}
        {q ? ` matching “${q}”` : ''}
      </p>

      {rows.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-border bg-white px-6 py-12 text-center text-muted-foreground">
          {total > 0
            ? 'There are no clients on this page.'
            : q
              ? 'No clients match this search.'
              : 'No clients yet. Add the first with “Add client”.'}
        </p>
      ) : (
        <>
          <ClientTable rows={rows} />
          <ClientCards rows={rows} />
        </>
      )}
      <Pagination page={page} pages={pages} label="Pages of clients" />
      <AddClientDialog open={adding} onOpenChange={setAdding} />
    </>
  );
}

function NextAppointment({ row }: { row: ClientRow }) {
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

/** Laptop and wider: one row per record. */
function ClientTable({ rows }: { rows: ClientRow[] }) {
  return (
    <Card padding="none" className="mt-4 hidden overflow-x-auto lg:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Bespoke clients, newest first</caption>
        <TableHead look="roomy" columns={COLUMNS} />
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.id} className="hover:bg-muted/30">
              <th scope="row" className="max-w-64 px-4 py-3 font-normal">
                <Link
                  to={clientPath(row.id)}
                  className="font-medium break-words text-primary underline-offset-4 hover:underline"
                >
                  {row.name}
                </Link>
              </th>
              <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                {formatIndianMobile(row.phone)}
              </td>
              <td className="max-w-64 px-4 py-3 break-all">
                {row.email ?? <span className="text-muted-foreground">None</span>}
              </td>
              <td className="px-4 py-3">{row.linked ? 'Linked' : 'No account'}</td>
              <td className="px-4 py-3">
                <NextAppointment row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** Phones and tablets: one card per record, the whole card a link. */
function ClientCards({ rows }: { rows: ClientRow[] }) {
  return (
    <ul className="mt-4 grid gap-3 lg:hidden" aria-label="Clients">
      {rows.map((row) => (
        <li key={row.id}>
          <Card asChild padding="sm" interactive className="block">
            <Link to={clientPath(row.id)}>
              <span className="block font-semibold break-words text-primary">{row.name}</span>
              <span className="block text-sm tabular-nums">{formatIndianMobile(row.phone)}</span>
              {row.email && (
                <span className="block text-sm break-all text-muted-foreground">{row.email}</span>
              )}
              <span className="mt-2 block text-sm text-muted-foreground">
                {row.linked ? 'Linked account' : 'No account'} · Next: <NextAppointment row={row} />
              </span>
            </Link>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/**
 * The "Add client" form in a dialog. A refusal because the phone is on another record shows
 * the records with that phone as links (read from this page's own search) and an "Add anyway"
 * box; a success opens the new record.
 */
function AddClientDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const fetcher = useAdminFetcher({ onSuccess: () => onOpenChange(false) });
  // The new record opens once the save and this page's reload are done (navigating while the
  // list still reloads can lose the navigation).
  const createdId = fetcher.data?.ok ? fetcher.data.id : undefined;
  useEffect(() => {
    if (fetcher.state === 'idle' && createdId !== undefined) {
      void navigate(clientPath(Number(createdId)));
    }
  }, [fetcher.state, createdId, navigate]);
  const matches = useFetcher<{ rows: ClientRow[] }>();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  const sharedPhone = isSharedPhoneNotice(errors.phone);
  const [phone, setPhone] = useState('');
  const { load } = matches;
  useEffect(() => {
    if (sharedPhone && phone) void load(`/admin/clients?q=${encodeURIComponent(phone)}`);
  }, [sharedPhone, phone, load]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>Add client</DialogTitle>
        <DialogDescription>
          A walk-in or phone customer. When they sign in with this e-mail verified, the record joins
          their account.
        </DialogDescription>
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="create-client" />
          <FormField
            id="client-name"
            name="name"
            label="Name"
            autoComplete="off"
            maxLength={100}
            required
            error={errors.name}
          />
          <FormField
            id="client-phone"
            name="phone"
            label="Mobile number"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="98250 12345"
            required
            hint="An Indian mobile; +91 is added."
            error={sharedPhone ? undefined : errors.phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
          />
          {sharedPhone && (
            <div
              role="status"
              className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
            >
              <p>{errors.phone}</p>
              {matches.data && matches.data.rows.length > 0 && (
                <ul className="grid gap-1">
                  {matches.data.rows.map((row) => (
                    <li key={row.id}>
                      <Link
                        to={clientPath(row.id)}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {row.name}
                      </Link>{' '}
                      <span className="text-muted-foreground">{formatIndianMobile(row.phone)}</span>
                    </li>
                  ))}
                </ul>
              )}
              <label className="flex min-h-11 items-center gap-2 font-medium">
                <input type="checkbox" name="sharedPhone" className="size-4" />
                Add anyway: someone else on the same phone
              </label>
            </div>
          )}
          <FormField
            id="client-email"
            name="email"
            label="E-mail (optional)"
            type="email"
            autoComplete="off"
            maxLength={254}
            error={errors.email}
          />
          <div className="grid gap-2">
            <Label htmlFor="client-notes">Notes (optional)</Label>
            <textarea
              id="client-notes"
              name="notes"
              maxLength={CLIENT_NOTES_MAX_LENGTH}
              aria-invalid={errors.notes ? true : undefined}
              aria-describedby={errors.notes ? 'client-notes-error' : undefined}
              className={textareaClass}
            />
            <FieldError id="client-notes-error" message={errors.notes} />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              type="button"
              variant="outline"
              className="min-h-11 sm:min-h-10"
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={busy} className="min-h-11 sm:min-h-10">
              {busy ? 'Adding…' : 'Add client'}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
