/**
 * The panels of a customer record on the customer's page (/admin/customers/:id; decisions 013
 * and 029): their contact details, notes and channel preference (a versioned edit), linking an
 * account (by its e-mail) or unlinking it, their appointments (each opening that day in
 * /admin/appointments), the messages sent to them, and deleting the record (refused while an
 * appointment is booked ahead). Every outcome is toasted.
 */
import { CalendarDaysIcon, Link2Icon, Trash2Icon, UnlinkIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, Section } from '~/components/ui/card';
import { FieldError, FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { TableHead, type TableColumn } from '~/components/ui/table-head';
import { formatIndianMobile } from '~/features/customers/contact-fields';
import { ConfirmDialog } from '~/features/admin/shared/confirm-dialog';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { NOTIFY_PREFERENCES, type AppointmentStatus } from '~/lib/schema-enums';
import { formatShopDateTime, shopDateOf } from '~/lib/shop-time';
import { cn } from '~/lib/utils';
import { CLIENT_NOTES_MAX_LENGTH, NOTIFY_LABELS } from './record-rules';
import { textareaClass } from './add-customer-dialog';
import type { ClientAppointment, ClientDetail, ClientMessage } from './records.server';

const STATUS_LABELS: Record<AppointmentStatus, string> = {
  booked: 'Booked',
  cancelled: 'Cancelled',
  attended: 'Attended',
  no_show: 'No-show',
};

const MESSAGE_STATUS_LABELS: Record<ClientMessage['status'], string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
};

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** The record's details and channel preference, saved over the version the page was loaded at. */
export function DetailsForm({ client }: { client: ClientDetail }) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  return (
    <Section heading="Details" padding="md">
      <fetcher.Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="update-client" />
        <input type="hidden" name="id" value={client.id} />
        <input type="hidden" name="version" value={client.version} />
        <FormField
          id="client-name"
          name="name"
          label="Name"
          defaultValue={client.name}
          maxLength={100}
          required
          autoComplete="off"
          error={errors.name}
        />
        <FormField
          id="client-phone"
          name="phone"
          label="Mobile number"
          type="tel"
          inputMode="tel"
          defaultValue={formatIndianMobile(client.phone)}
          required
          autoComplete="off"
          error={errors.phone}
          hint={
            client.samePhone.length > 0 ? (
              <>
                Same phone as{' '}
                {client.samePhone.map((other, index) => (
                  <span key={other.id}>
                    {index > 0 && ', '}
                    <Link to={`/admin/customers/${other.id}`} className={linkClass}>
                      {other.name}
                    </Link>
                  </span>
                ))}
                .
              </>
            ) : undefined
          }
        />
        <FormField
          id="client-email"
          name="email"
          label="E-mail (optional)"
          type="email"
          defaultValue={client.email ?? ''}
          maxLength={254}
          autoComplete="off"
          error={errors.email}
          className="sm:col-span-2"
        />
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor="client-notes">Notes</Label>
          <textarea
            id="client-notes"
            name="notes"
            defaultValue={client.notes}
            maxLength={CLIENT_NOTES_MAX_LENGTH}
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={errors.notes ? 'client-notes-error' : undefined}
            className={textareaClass}
          />
          <FieldError id="client-notes-error" message={errors.notes} />
        </div>
        <fieldset className="grid gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium">Send messages by</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-1">
            {NOTIFY_PREFERENCES.map((preference) => (
              <label
                key={preference}
                className="flex min-h-11 items-center gap-2 text-sm sm:min-h-8"
              >
                <input
                  type="radio"
                  name="notify"
                  value={preference}
                  defaultChecked={client.notify === preference}
                  className="size-4"
                />
                {NOTIFY_LABELS[preference]}
              </label>
            ))}
          </div>
          <FieldError id="client-notify-error" message={errors.notify} />
        </fieldset>
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" disabled={busy} className="min-h-11 sm:min-h-10">
            {busy ? 'Saving…' : 'Save details'}
          </Button>
        </div>
      </fetcher.Form>
    </Section>
  );
}

/** The linked account (with a link to its page and "Unlink"), or the form that links one. */
export function AccountLinkPanel({ client }: { client: ClientDetail }) {
  const link = useAdminFetcher();
  const [unlinking, setUnlinking] = useState(false);
  const unlink = useAdminFetcher({ onSuccess: () => setUnlinking(false) });
  const errors = link.data && !link.data.ok ? (link.data.fieldErrors ?? {}) : {};
  const { account } = client;
  return (
    <Section heading={account ? 'Linked account' : 'Link to an account'} padding="md">
      {account ? (
        <div className="mt-3 grid gap-3 text-sm">
          <p>
            <span className="block font-medium break-words">{account.name}</span>
            <span className="block break-all text-muted-foreground">
              {account.email} ({account.emailVerified ? 'verified' : 'not verified'})
            </span>
          </p>
          <Button
            variant="outline"
            className="min-h-11 justify-start sm:min-h-10"
            onClick={() => setUnlinking(true)}
          >
            <UnlinkIcon aria-hidden /> Unlink account
          </Button>
          <ConfirmDialog
            open={unlinking}
            onOpenChange={setUnlinking}
            title={`Unlink ${client.name} from ${account.email}?`}
            description={
              <>
                The record, its appointments and measurements stay; the account no longer sees them.
                If the record&rsquo;s e-mail was entered by staff or confirmed by the client and is
                the account&rsquo;s verified e-mail, the account links again when it next books or
                signs in: change the e-mail to keep them apart.
              </>
            }
            confirmLabel="Unlink"
            busy={unlink.state !== 'idle'}
            onConfirm={() =>
              void unlink.submit(
                { intent: 'unlink-account', id: String(client.id) },
                { method: 'post' },
              )
            }
          />
        </div>
      ) : (
        <link.Form method="post" className="mt-3 grid gap-3" noValidate>
          <input type="hidden" name="intent" value="link-account" />
          <input type="hidden" name="id" value={client.id} />
          <FormField
            id="link-email"
            name="email"
            label="Account e-mail"
            type="email"
            autoComplete="off"
            required
            error={errors.email}
            hint="When the shop has confirmed this is the same person (their phone)."
          />
          <Button
            type="submit"
            variant="outline"
            disabled={link.state !== 'idle'}
            className="min-h-11 justify-start sm:min-h-10"
          >
            <Link2Icon aria-hidden /> {link.state !== 'idle' ? 'Linking…' : 'Link account'}
          </Button>
        </link.Form>
      )}
    </Section>
  );
}

/** "Delete client", confirmed first; the server refuses while an appointment is booked ahead. */
export function DeletePanel({ client }: { client: ClientDetail }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const fetcher = useAdminFetcher({
    onSuccess: () => {
      setOpen(false);
      void navigate('/admin/customers', { replace: true });
    },
  });
  const booked = client.upcoming.filter((appointment) => appointment.status === 'booked').length;
  return (
    <Section heading="Delete this record" padding="md" className="mt-8 max-w-2xl">
      <p className="mt-2 text-sm text-muted-foreground">
        {booked > 0
          ? `${client.name} has ${booked === 1 ? 'an upcoming appointment' : `${booked} upcoming appointments`}: cancel or move ${booked === 1 ? 'it' : 'them'} before deleting the record.`
          : 'Deletes the record with its past appointments, measurements, photos and messages.'}
      </p>
      <Button
        variant="destructive"
        className="mt-3 min-h-11 sm:min-h-10"
        onClick={() => setOpen(true)}
      >
        <Trash2Icon aria-hidden /> Delete client
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${client.name}?`}
        description="Their past appointments, measurements, fitting photos and messages are deleted with the record. This cannot be undone."
        confirmLabel="Delete client"
        busy={fetcher.state !== 'idle'}
        onConfirm={() =>
          void fetcher.submit(
            { intent: 'delete-client', id: String(client.id) },
            { method: 'post' },
          )
        }
      />
    </Section>
  );
}

const dayLink = (startsAt: string) => `/admin/appointments?view=day&date=${shopDateOf(startsAt)}`;

function AppointmentList({ rows, empty }: { rows: ClientAppointment[]; empty: string }) {
  if (rows.length === 0) return <p className="mt-2 text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="mt-2 divide-y divide-border">
      {rows.map((row) => (
        <li
          key={row.id}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2"
        >
          <Link
            to={dayLink(row.startsAt)}
            className={cn(linkClass, 'min-h-11 content-center sm:min-h-8')}
          >
            {row.type}, <time dateTime={row.startsAt}>{formatShopDateTime(row.startsAt)}</time>
          </Link>
          <span className="rounded-full bg-muted px-2.5 py-0.5 text-sm">
            {STATUS_LABELS[row.status]}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function Appointments({
  client,
  actions,
}: {
  client: Pick<ClientDetail, 'upcoming' | 'past'>;
  actions?: ReactNode;
}) {
  return (
    <Section
      heading="Appointments"
      padding="md"
      className="mt-8"
      actions={
        <Link
          to="/admin/appointments"
          className={cn(linkClass, 'inline-flex items-center gap-1 text-sm')}
        >
          <CalendarDaysIcon className="size-4" aria-hidden /> Diary
        </Link>
      }
    >
      <div className="mt-3 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="font-semibold">Upcoming</h3>
          <AppointmentList rows={client.upcoming} empty="Nothing booked ahead." />
        </div>
        <div>
          <h3 className="font-semibold">Past</h3>
          <AppointmentList rows={client.past} empty="No past appointments." />
        </div>
      </div>
      {actions && <div className="mt-4 flex flex-wrap gap-2">{actions}</div>}
    </Section>
  );
}

const MESSAGE_COLUMNS: TableColumn[] = ['When', 'Channel', 'Message', 'To', 'Status', 'Sent'];

/** How a message's kind reads: 'appointment.reminder' -> 'Appointment reminder'. */
function kindLabel(kind: string): string {
  const words = kind.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const channelLabel = (channel: ClientMessage['channel']) =>
  channel === 'email' ? 'E-mail' : 'WhatsApp';

/** A WhatsApp recipient (E.164) read as '+91 98250 12345'; an e-mail address as it is. */
const recipientLabel = (message: ClientMessage) =>
  message.channel === 'whatsapp' ? formatIndianMobile(message.recipient) : message.recipient;

export function Messages({ messages }: { messages: ClientMessage[] }) {
  return (
    <section aria-labelledby="client-messages" className="mt-8">
      <h2 id="client-messages" className="text-xl font-semibold">
        Messages
      </h2>
      {messages.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-dashed border-border bg-white px-6 py-10 text-center text-muted-foreground">
          No messages sent yet.
        </p>
      ) : (
        <>
          <Card padding="none" className="mt-3 hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Messages to this client, newest first</caption>
              <TableHead look="roomy" columns={MESSAGE_COLUMNS} />
              <tbody className="divide-y divide-border">
                {messages.map((message) => (
                  <tr key={message.id}>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <time dateTime={message.createdAt}>
                        {formatShopDateTime(message.createdAt)}
                      </time>
                    </td>
                    <td className="px-4 py-3">{channelLabel(message.channel)}</td>
                    <td className="px-4 py-3">{kindLabel(message.kind)}</td>
                    <td className="max-w-56 px-4 py-3 break-words">{recipientLabel(message)}</td>
                    <td className="px-4 py-3">{MESSAGE_STATUS_LABELS[message.status]}</td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {message.sentAt ? (
                        <time dateTime={message.sentAt}>{formatShopDateTime(message.sentAt)}</time>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <ul className="mt-3 grid gap-3 md:hidden" aria-label="Messages">
            {messages.map((message) => (
              <Card asChild padding="sm" key={message.id}>
                <li>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium">{kindLabel(message.kind)}</span>
                    <span className="rounded-full bg-muted px-2.5 py-0.5 text-sm">
                      {MESSAGE_STATUS_LABELS[message.status]}
                    </span>
                  </div>
                  <p className="mt-1 text-sm break-words text-muted-foreground">
                    {channelLabel(message.channel)} to {recipientLabel(message)}
                  </p>
                  <p className="mt-1 text-sm text-muted-foreground">
                    Queued{' '}
                    <time dateTime={message.createdAt}>
                      {formatShopDateTime(message.createdAt)}
                    </time>
                    {message.sentAt && (
                      <>
                        {' '}
                        · sent{' '}
                        <time dateTime={message.sentAt}>{formatShopDateTime(message.sentAt)}</time>
                      </>
                    )}
                  </p>
                </li>
              </Card>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
