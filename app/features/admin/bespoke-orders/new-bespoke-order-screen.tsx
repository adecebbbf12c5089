/**
 * /admin/orders/new (issue 21 item 3): a bespoke order for a client, made in steps that each
 * keep their state in the URL: the client (searched, or given by a client's or an
 * appointment's page), an optional saved design (its garment, fabric and options), the
 * garment, then the order's form (fabric, options, measurements, price, billing address,
 * promised date, notes). A created order opens its own page (the action redirects).
 */
import { ArrowLeftIcon, SearchIcon } from 'lucide-react';
import { useId } from 'react';
import { Form, Link } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { FieldError, FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { formatIndianMobile } from '~/features/customers/contact-fields';
import { GARMENTS } from '~/features/measurements/garments';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { formatRupees } from '~/lib/money';
import { formatShopDateTime } from '~/lib/shop-time';
import { cn } from '~/lib/utils';
import type { NewBespokeOrderData } from './bespoke-orders.server';
import { FabricSearch, GarmentChooser, GarmentFields } from './garment-fields';

const linkClass = 'text-primary underline';

export function NewBespokeOrderScreen({ data }: { data: NewBespokeOrderData }) {
  const { client, garment, appointment } = data;
  const keep = {
    customer: client ? String(client.id) : null,
    appointment: appointment ? String(appointment.id) : null,
    design: data.designId,
    garment: garment?.garmentType ?? null,
    fabric: garment?.fabricQuery ?? null,
  };
  return (
    <>
      <p className="text-sm">
        <Link
          to="/admin/orders"
          className="inline-flex min-h-11 items-center gap-1 text-primary underline sm:min-h-0"
        >
          <ArrowLeftIcon aria-hidden className="size-4" /> All orders
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold">New bespoke order</h1>
      <p className="mt-1 text-muted-foreground">
        For a client: from a saved design, an appointment, or from scratch. The server quotes each
        garment; the client pays the advance from their order page or at the counter.
      </p>

      <div className="mt-6 grid max-w-3xl gap-4">
        <Section heading="1. Client" padding="md">
          <div className="mt-3">
            {client ? (
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p>
                  <span className="font-medium">{client.name}</span> ·{' '}
                  {formatIndianMobile(client.phone)}
                  {client.email ? ` · ${client.email}` : ''}
                  <span className="block text-sm text-muted-foreground">
                    {client.hasAccount
                      ? 'Has an account: the order shows in their account.'
                      : 'No account: they are told by their chosen channels.'}
                  </span>
                  {appointment && (
                    <span className="block text-sm text-muted-foreground">
                      From the {appointment.typeName.toLowerCase()} on{' '}
                      {formatShopDateTime(appointment.startsAt)}.
                    </span>
                  )}
                </p>
                <Link to="/admin/orders/new" className={linkClass}>
                  Choose another client
                </Link>
              </div>
            ) : (
              <ClientSearch data={data} />
            )}
          </div>
        </Section>

        {client && (
          <Section heading="2. Garment" padding="md">
            <div className="mt-3 grid gap-4">
              <SavedDesigns data={data} keep={keep} />
              <DesignLookup data={data} keep={keep} />
              {!data.designFound && (
                <GarmentChooser
                  id="new-order-garment"
                  current={garment?.garmentType ?? null}
                  keep={{ ...keep, garment: null, fabric: null }}
                />
              )}
              {garment && (
                <FabricSearch id="new-order-fabric" query={garment.fabricQuery} keep={keep} />
              )}
            </div>
          </Section>
        )}

        {client && garment && <OrderForm data={data} />}
      </div>
    </>
  );
}

function ClientSearch({ data }: { data: NewBespokeOrderData }) {
  return (
    <>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <FormField
          id="client-q"
          name="q"
          label="Find the client"
          defaultValue={data.q}
          maxLength={100}
          placeholder="Name, phone or e-mail"
          className="min-w-48 flex-1"
        />
        <Button type="submit" className="min-h-11 sm:min-h-10">
          <SearchIcon aria-hidden /> Search
        </Button>
      </Form>
      {data.q && (
        <ul className="mt-3 grid gap-2" aria-label="Clients found">
          {data.matches.length === 0 && (
            <li className="text-sm text-muted-foreground">
              No client matches.{' '}
              <Link to="/admin/customers" className={linkClass}>
                Add the client
              </Link>{' '}
              first.
            </li>
          )}
          {data.matches.map((match) => (
            <li key={match.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {match.name} · {formatIndianMobile(match.phone)}
                {match.email ? ` · ${match.email}` : ''}
              </span>
              <Link
                to={`/admin/orders/new?customer=${match.id}`}
                className={cn(
                  buttonVariants({ variant: 'outline', size: 'sm' }),
                  'min-h-11 sm:min-h-9',
                )}
              >
                Choose <span className="sr-only">{match.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The client's saved designs, each to start the order from (issue 30 item 3). */
function SavedDesigns({
  data,
  keep,
}: {
  data: NewBespokeOrderData;
  keep: Record<string, string | null>;
}) {
  if (data.designs.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        This client has no saved designs. Paste a design’s share link below, or choose a garment.
      </p>
    );
  }
  const link = (designId: string) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...keep, garment: null, fabric: null })) {
      if (value && name !== 'design') query.set(name, value);
    }
    query.set('design', designId);
    return `/admin/orders/new?${query.toString()}`;
  };
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">Saved designs</h3>
      <ul className="grid gap-2" aria-label="Saved designs of this client">
        {data.designs.map((design) => {
          const label = GARMENTS[design.garmentType].label;
          const inUse = design.id === data.designId;
          return (
            <li
              key={design.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3 text-sm"
            >
              <span>
                <span className="font-medium">{design.name || label}</span>
                {design.name ? ` · ${label}` : ''} · {design.fabricName ?? 'fabric no longer sold'}{' '}
                · estimate {formatRupees(design.estimatePaise)}
                <span className="block text-muted-foreground">
                  Saved {formatShopDateTime(design.createdAt)}
                  {design.fromAppointment ? ' · booked with an appointment' : ''}
                </span>
              </span>
              {inUse ? (
                <span className="font-medium">In use</span>
              ) : (
                <Link
                  to={link(design.id)}
                  preventScrollReset
                  className={cn(
                    buttonVariants({ variant: 'outline', size: 'sm' }),
                    'min-h-11 sm:min-h-9',
                  )}
                >
                  Use this design{' '}
                  <span className="sr-only">
                    ({label}, saved {formatShopDateTime(design.createdAt)})
                  </span>
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function DesignLookup({
  data,
  keep,
}: {
  data: NewBespokeOrderData;
  keep: Record<string, string | null>;
}) {
  const id = useId();
  const kept = { ...keep, design: null, garment: null, fabric: null };
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" preventScrollReset>
      {Object.entries(kept).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <div className="grid min-w-48 flex-1 gap-2">
        <Label htmlFor={id}>Design share link or id (optional)</Label>
        <input
          id={id}
          name="design"
          defaultValue={data.designQuery}
          maxLength={500}
          autoComplete="off"
          aria-invalid={data.designError ? true : undefined}
          aria-describedby={`${id}-hint ${id}-error`}
          className="h-11 rounded-md border border-border bg-white px-3 text-base sm:h-10 md:text-sm"
        />
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {data.designFound
            ? `Using the saved design: ${GARMENTS[data.garment?.garmentType ?? 'shirt'].label}, its fabric and options.`
            : 'Paste the design’s link (…/d/…) or its id to start from its garment, fabric and options.'}
        </p>
        <FieldError id={`${id}-error`} message={data.designError ?? undefined} />
      </div>
      <Button type="submit" variant="outline" className="min-h-11 sm:min-h-10">
        Use design
      </Button>
    </Form>
  );
}

function OrderForm({ data }: { data: NewBespokeOrderData }) {
  // A created order redirects to its page; a refusal is toasted with its fields marked.
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined;
  const busy = fetcher.state !== 'idle';
  const last = data.lastAddress;
  const client = data.client!;
  return (
    <Section heading="3. Order" padding="md">
      <fetcher.Form method="post" className="mt-3 grid gap-4">
        <input type="hidden" name="intent" value="create-bespoke-order" />
        <input type="hidden" name="customerId" value={client.id} />
        {data.appointment && (
          <input type="hidden" name="appointmentId" value={data.appointment.id} />
        )}
        <GarmentFields
          key={`${data.garment!.garmentType}:${data.garment!.fabricQuery}:${data.designId ?? ''}`}
          garment={data.garment!}
          errors={errors}
          measurementLink={`/admin/customers/${client.id}/measurements`}
        />
        <fieldset className="grid gap-3 rounded-md border border-border p-3">
          <legend className="px-1 text-sm font-semibold">Billing address</legend>
          <FormField
            id="order-address"
            name="address"
            label="Address"
            defaultValue={last?.address ?? ''}
            maxLength={300}
            autoComplete="street-address"
            error={errors?.address}
          />
          {/* Issue 32 item 1: line 2 and a landmark. */}
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              id="order-address-line2"
              name="addressLine2"
              label="Address line 2 (optional)"
              defaultValue={last?.addressLine2 ?? ''}
              maxLength={200}
              autoComplete="address-line2"
              error={errors?.addressLine2}
            />
            <FormField
              id="order-landmark"
              name="landmark"
              label="Landmark (optional)"
              defaultValue={last?.landmark ?? ''}
              maxLength={100}
              error={errors?.landmark}
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField
              id="order-city"
              name="city"
              label="City"
              defaultValue={last?.city ?? 'Rajkot'}
              maxLength={80}
              error={errors?.city}
            />
            <FormField
              id="order-state"
              name="state"
              label="State (place of supply)"
              defaultValue={last?.state ?? 'Gujarat'}
              maxLength={60}
              error={errors?.state}
            />
            <FormField
              id="order-pincode"
              name="pincode"
              label="PIN code"
              defaultValue={last?.pincode ?? ''}
              inputMode="numeric"
              maxLength={6}
              error={errors?.pincode}
            />
            <FormField
              id="order-gstin"
              name="gstin"
              label="Buyer’s GSTIN (optional, for a business)"
              autoComplete="off"
              maxLength={15}
              error={errors?.gstin}
            />
            <FormField
              id="order-gstin-name"
              name="gstinName"
              label="Legal name for the GSTIN (optional)"
              maxLength={200}
              error={errors?.gstinName}
            />
          </div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            id="order-promised"
            name="promisedOn"
            type="date"
            label="Promised delivery date"
            min={data.today}
            error={errors?.promisedOn}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="order-notes">Notes for the workshop (optional)</Label>
          <textarea
            id="order-notes"
            name="notes"
            maxLength={1000}
            rows={3}
            className="rounded-md border border-border bg-white px-3 py-2 text-base md:text-sm"
          />
          <FieldError id="order-notes-error" message={errors?.notes} />
        </div>
        <Button
          type="submit"
          disabled={busy}
          className="min-h-11 sm:min-h-10 sm:justify-self-start"
        >
          {busy ? 'Creating…' : 'Create order'}
        </Button>
      </fetcher.Form>
    </Section>
  );
}
