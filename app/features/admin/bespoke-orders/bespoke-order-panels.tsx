/**
 * A bespoke order's panels on its back-office page (issue 21 item 3): the client, the garments
 * (fabric, options, the pinned measurement version, "Quoted ₹X, charged ₹Y: reason", a price
 * change and removal), adding a garment, the promised date and notes, and the trials (listed,
 * and booked from the trial times of a chosen day). Every outcome is a toast.
 */
import { useState } from 'react';
import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { FieldError, FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { GARMENTS } from '~/features/measurements/garments';
import { PromisedDate } from '~/features/bespoke/promised-date-badge';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { formatRupees, paiseToRupeesText } from '~/lib/money';
import type { FulfilmentStatus } from '~/lib/schema-enums';
import { formatShopDate, formatShopDateTime, formatShopTime } from '~/lib/shop-time';
import type { BespokeGarmentView } from '~/features/bespoke/bespoke-orders.server';
import type { BespokeOrderPanel } from './bespoke-orders.server';
import {
  FabricSearch,
  GarmentChooser,
  GarmentFields,
  groupLabel,
  type GarmentStart,
} from './garment-fields';

/** The order as the panels need it. */
interface PanelOrder {
  number: string;
  status: string;
  fulfilmentStatus: FulfilmentStatus | null;
  amountPaise: number;
}

const APPOINTMENT_STATUS: Record<string, string> = {
  booked: 'Booked',
  cancelled: 'Cancelled',
  attended: 'Attended',
  no_show: 'No-show',
};

/** The garments, with their price controls and the add-garment form. */
export function BespokeGarmentsPanel({
  order,
  panel,
}: {
  order: PanelOrder;
  panel: BespokeOrderPanel;
}) {
  const n = panel.garments.length;
  return (
    <Section heading={`Garments (${n})`} padding="md">
      <ol className="mt-3 grid gap-4" aria-label="Garments">
        {panel.garments.map((garment) => (
          <li key={garment.id} className="border-t border-border pt-4 first:border-t-0 first:pt-0">
            <Garment
              garment={garment}
              order={order}
              customerId={panel.customer?.id ?? null}
              removable={n > 1}
              editable={panel.garmentsEditable}
            />
          </li>
        ))}
      </ol>
      <p className="mt-4 flex justify-between border-t border-border pt-3 font-semibold">
        <span>Total</span>
        <span>{formatRupees(order.amountPaise)}</span>
      </p>
      {panel.garmentsEditable && panel.customer && <AddGarment order={order} panel={panel} />}
    </Section>
  );
}

/** The price line: the price, or "Quoted ₹X, charged ₹Y: reason" after an override. */
function PriceLine({ garment }: { garment: BespokeGarmentView }) {
  if (garment.overrideReason) {
    return (
      <p className="text-sm">
        Quoted {formatRupees(garment.quotePaise)}, charged{' '}
        <strong>{formatRupees(garment.pricePaise)}</strong>: {garment.overrideReason}
      </p>
    );
  }
  return (
    <p className="text-sm">
      Price <strong>{formatRupees(garment.pricePaise)}</strong> (the quote)
    </p>
  );
}

function Garment({
  garment,
  order,
  customerId,
  removable,
  editable,
}: {
  garment: BespokeGarmentView;
  order: PanelOrder;
  customerId: number | null;
  removable: boolean;
  /** The loader's `garmentsEditable`: the price and removal controls are shown. */
  editable: boolean;
}) {
  const label = GARMENTS[garment.garmentType].label;
  const { fabric } = garment;
  return (
    <article aria-label={`${label} ${garment.position}`} className="grid gap-2">
      <h3 className="font-semibold">
        {garment.position}. {label}
      </h3>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Fabric</dt>
        <dd>
          {fabric.customerCloth ? (
            // Issue 29 item 1: the customer's cloth is not sold; the garment is a service.
            <>
              The customer’s own cloth{fabric.name ? ` (${fabric.name})` : ''},{' '}
              {garment.consumptionCm / 100} m: making charge only, invoiced as a tailoring service
            </>
          ) : (
            <>
              {fabric.productId ? (
                <Link to={`/admin/products/${fabric.productId}`} className="text-primary underline">
                  {fabric.name}
                </Link>
              ) : (
                <>
                  {fabric.name} <span className="font-mono">({fabric.code})</span>
                </>
              )}
              , {formatRupees(fabric.pricePerMetrePaise)} a metre × {garment.consumptionCm / 100} m
            </>
          )}
        </dd>
        <dt className="text-muted-foreground">Options</dt>
        <dd>
          {garment.options.length === 0 ? (
            'None chosen yet'
          ) : (
            <ul>
              {garment.options.map((option) => (
                <li key={option.group}>
                  {groupLabel(option.group)}: {option.name}
                  {option.pricePaise > 0 ? ` (+${formatRupees(option.pricePaise)})` : ''}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt className="text-muted-foreground">Measurements</dt>
        <dd>
          {garment.measurement && customerId !== null ? (
            <Link
              to={`/admin/customers/${customerId}/measurements/${garment.garmentType}`}
              className="text-primary underline"
            >
              Version {garment.measurement.version},{' '}
              {formatShopDateTime(garment.measurement.takenAt)}
            </Link>
          ) : (
            'Not pinned'
          )}
        </dd>
        {garment.designId && (
          <>
            <dt className="text-muted-foreground">Design</dt>
            <dd className="font-mono text-xs break-all">{garment.designId}</dd>
          </>
        )}
      </dl>
      <PriceLine garment={garment} />
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {/* Issue 31 item 4: the workshop's printouts, without prices or contact. */}
        <a
          href={`/admin/workshop/garments/${garment.id}/card.pdf?size=a5`}
          className="text-primary underline"
          aria-label={`Job card (A5) of ${label} ${garment.position}`}
        >
          Job card (A5)
        </a>
        <a
          href={`/admin/workshop/garments/${garment.id}/card.pdf?size=80mm`}
          className="text-primary underline"
          aria-label={`Slip (80 mm) of ${label} ${garment.position}`}
        >
          Slip (80 mm)
        </a>
      </p>
      {editable && <GarmentControls garment={garment} order={order} removable={removable} />}
    </article>
  );
}

function GarmentControls({
  garment,
  order,
  removable,
}: {
  garment: BespokeGarmentView;
  order: PanelOrder;
  removable: boolean;
}) {
  const [open, setOpen] = useState(false);
  const price = useAdminFetcher({ onSuccess: () => setOpen(false) });
  const remove = useAdminFetcher();
  const errors = price.data?.ok === false ? price.data.fieldErrors : undefined;
  const label = GARMENTS[garment.garmentType].label;
  const id = `garment-${garment.id}`;
  return (
    <div className="flex flex-wrap items-start gap-2">
      {open ? (
        <price.Form method="post" className="grid w-full gap-3 rounded-md border border-border p-3">
          <input type="hidden" name="intent" value="set-garment-price" />
          <input type="hidden" name="number" value={order.number} />
          <input type="hidden" name="garmentId" value={garment.id} />
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              id={`${id}-price`}
              name="price"
              label={`Charge for the ${label.toLowerCase()} (₹)`}
              defaultValue={paiseToRupeesText(garment.pricePaise)}
              inputMode="decimal"
              maxLength={20}
              hint={`Quoted ${formatRupees(garment.quotePaise)}. Empty charges the quote.`}
              error={errors?.price}
            />
            <FormField
              id={`${id}-reason`}
              name="overrideReason"
              label="Reason"
              defaultValue={garment.overrideReason ?? ''}
              maxLength={300}
              error={errors?.overrideReason}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={price.state !== 'idle'} className="min-h-11 sm:min-h-9">
              Save price
            </Button>
            <Button
              type="button"
              variant="ghost"
              onClick={() => setOpen(false)}
              className="min-h-11 sm:min-h-9"
            >
              Cancel
            </Button>
          </div>
        </price.Form>
      ) : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setOpen(true)}
          className="min-h-11 sm:min-h-9"
        >
          Change price <span className="sr-only">of the {label.toLowerCase()}</span>
        </Button>
      )}
      {removable && !open && (
        <remove.Form method="post">
          <input type="hidden" name="intent" value="remove-garment" />
          <input type="hidden" name="number" value={order.number} />
          <input type="hidden" name="garmentId" value={garment.id} />
          <Button
            type="submit"
            variant="ghost"
            size="sm"
            disabled={remove.state !== 'idle'}
            className="min-h-11 sm:min-h-9"
          >
            Remove <span className="sr-only">the {label.toLowerCase()}</span>
          </Button>
        </remove.Form>
      )}
    </div>
  );
}

function AddGarment({ order, panel }: { order: PanelOrder; panel: BespokeOrderPanel }) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined;
  const form = panel.garmentForm;
  const keep = {
    trialDate: panel.trial && panel.trial.date !== panel.today ? panel.trial.date : null,
  };
  // Issue 30 item 3: from another garment of the order (its fabric) or a saved design.
  const starts: GarmentStart[] = [
    ...panel.garments.map((garment) => ({
      value: `garment-${garment.id}`,
      label: `The fabric of ${garment.position}. ${GARMENTS[garment.garmentType].label} (${garment.fabric.customerCloth ? 'customer’s own cloth' : garment.fabric.name})`,
    })),
    ...panel.designs.map((design) => ({
      value: `design-${design.id}`,
      label: `Saved design: ${design.name || GARMENTS[design.garmentType].label}, ${design.fabricName ?? 'fabric no longer sold'} (${formatShopDate(design.createdAt.slice(0, 10))})`,
    })),
  ];
  return (
    <div id="add-garment" className="mt-6 grid gap-4 border-t border-border pt-4">
      <h3 className="font-semibold">Add a garment</h3>
      <GarmentChooser
        id="add-garment-type"
        current={form?.garmentType ?? null}
        keep={keep}
        starts={starts}
        currentStart={panel.from}
      />
      {form && (
        <>
          <FabricSearch
            id="add-garment-fabric"
            query={form.fabricQuery}
            keep={{ ...keep, garment: form.garmentType, from: panel.from }}
          />
          <fetcher.Form method="post" className="grid gap-4">
            <input type="hidden" name="intent" value="add-garment" />
            <input type="hidden" name="number" value={order.number} />
            <GarmentFields
              key={`${form.garmentType}:${form.fabricQuery}:${panel.from ?? ''}`}
              garment={form}
              errors={errors}
              measurementLink={
                panel.customer ? `/admin/customers/${panel.customer.id}/measurements` : undefined
              }
            />
            <Button
              type="submit"
              disabled={fetcher.state !== 'idle'}
              className="min-h-11 sm:min-h-10 sm:justify-self-start"
            >
              Add garment
            </Button>
          </fetcher.Form>
        </>
      )}
    </div>
  );
}

/** The client, the promised date and notes, and the trials with their booking. */
export function BespokeDatesPanel({
  order,
  panel,
}: {
  order: PanelOrder;
  panel: BespokeOrderPanel;
}) {
  return (
    <>
      <Section heading="Client" padding="md">
        <p className="mt-3">
          {panel.customer ? (
            <Link to={`/admin/customers/${panel.customer.id}`} className="text-primary underline">
              {panel.customer.name}
            </Link>
          ) : (
            'The client record was deleted.'
          )}
        </p>
      </Section>
      <Section heading="Dates" padding="md">
        <div className="mt-3 grid gap-3">
          {panel.promisedOn ? (
            <PromisedDate
              promisedOn={panel.promisedOn}
              today={panel.today}
              fulfilmentStatus={order.fulfilmentStatus}
              cancelled={order.status === 'cancelled'}
              className="text-sm"
            />
          ) : (
            <p className="text-sm text-muted-foreground">No delivery date promised yet.</p>
          )}
          {order.status !== 'cancelled' && <DatesForm order={order} panel={panel} />}
        </div>
      </Section>
      <Section heading="Trials" padding="md">
        <div className="mt-3 grid gap-3">
          {panel.trials.length === 0 ? (
            <p className="text-sm text-muted-foreground">No trial booked yet.</p>
          ) : (
            <ul className="grid gap-1 text-sm" aria-label="Trials of this order">
              {panel.trials.map((trial) => (
                <li key={trial.id}>
                  <time dateTime={trial.startsAt}>{formatShopDateTime(trial.startsAt)}</time> ·{' '}
                  {trial.typeName} · {APPOINTMENT_STATUS[trial.status] ?? trial.status}
                </li>
              ))}
            </ul>
          )}
          {panel.trialBookable && panel.customer && panel.trial && (
            <TrialBooking order={order} trial={panel.trial} today={panel.today} />
          )}
        </div>
      </Section>
    </>
  );
}

function DatesForm({ order, panel }: { order: PanelOrder; panel: BespokeOrderPanel }) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined;
  return (
    <fetcher.Form method="post" className="grid gap-3 border-t border-border pt-3">
      <input type="hidden" name="intent" value="update-bespoke-order" />
      <input type="hidden" name="number" value={order.number} />
      <FormField
        id="bespoke-promised"
        name="promisedOn"
        type="date"
        label="Promised delivery date"
        defaultValue={panel.promisedOn ?? ''}
        error={errors?.promisedOn}
      />
      <div className="grid gap-2">
        <Label htmlFor="bespoke-notes">Notes for the workshop</Label>
        <textarea
          id="bespoke-notes"
          name="notes"
          defaultValue={panel.notes}
          maxLength={1000}
          rows={3}
          className="rounded-md border border-border bg-white px-3 py-2 text-base md:text-sm"
        />
        <FieldError id="bespoke-notes-error" message={errors?.notes} />
      </div>
      <Button
        type="submit"
        variant="outline"
        disabled={fetcher.state !== 'idle'}
        className="min-h-11 sm:min-h-9"
      >
        Save dates and notes
      </Button>
    </fetcher.Form>
  );
}

function TrialBooking({
  order,
  trial,
  today,
}: {
  order: PanelOrder;
  trial: NonNullable<BespokeOrderPanel['trial']>;
  today: string;
}) {
  const fetcher = useAdminFetcher();
  const free = trial.slots.filter((slot) => slot.left > 0);
  return (
    <div className="grid gap-3 border-t border-border pt-3">
      <h3 id="book-trial" className="text-sm font-semibold">
        Book a trial
      </h3>
      <Form method="get" className="flex flex-wrap items-end gap-2" preventScrollReset>
        <FormField
          id="trial-date"
          name="trialDate"
          type="date"
          label="Day"
          min={today}
          defaultValue={trial.date}
          className="min-w-40 flex-1"
        />
        <Button type="submit" variant="outline" className="min-h-11 sm:min-h-10">
          Show times
        </Button>
      </Form>
      {free.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No trial times are free on {formatShopDate(trial.date)}. Choose another day.
        </p>
      ) : (
        <fetcher.Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="book-trial" />
          <input type="hidden" name="number" value={order.number} />
          <fieldset>
            <legend className="text-sm">Times on {formatShopDate(trial.date)}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {free.map((slot, index) => (
                <label
                  key={slot.startsAt}
                  className="flex min-h-11 items-center gap-2 rounded-md border border-border px-3 text-sm sm:min-h-9"
                >
                  <input
                    type="radio"
                    name="startsAt"
                    value={slot.startsAt}
                    defaultChecked={index === 0}
                    className="size-4"
                  />
                  {formatShopTime(slot.startsAt)}
                </label>
              ))}
            </div>
          </fieldset>
          <Button
            type="submit"
            disabled={fetcher.state !== 'idle'}
            className="min-h-11 sm:min-h-9 sm:justify-self-start"
          >
            Book trial
          </Button>
        </fetcher.Form>
      )}
    </div>
  );
}
