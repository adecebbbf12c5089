/**
 * The pieces of the back office's bespoke-order forms (issue 21 item 3): the garment chooser
 * and fabric search (GET forms that keep the page's other query values), and a garment's
 * fields inside an order's POST form: fabric (catalogue or in-store code), the style options
 * of each group, the measurement version pinned, and an optional price override with its
 * reason. Each error sits under its field.
 */
import { SearchIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { FieldError, FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { GARMENTS } from '~/features/measurements/garments';
import { formatRupees } from '~/lib/money';
import { GARMENT_TYPES, type GarmentType } from '~/lib/schema-enums';
import { isStyleOptionGroup, STYLE_GROUP_LABELS } from '~/features/bespoke/style-groups';
import { formatShopDateTime } from '~/lib/shop-time';
import type { GarmentFormData } from './bespoke-orders.server';

/** The back office's select, as tall as a button on a phone. */
const selectClass =
  'h-11 w-full rounded-md border border-border bg-white px-3 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:h-10 md:text-sm';

/** A style group's heading ('Lapel', 'Buttons'); the group's key when it is not known. */
export const groupLabel = (group: string) =>
  isStyleOptionGroup(group) ? STYLE_GROUP_LABELS[group] : group;

/** Hidden copies of the page's query values, so a GET form keeps them. */
function KeptQuery({ keep }: { keep: Record<string, string | null | undefined> }) {
  return (
    <>
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
    </>
  );
}

/** Where an added garment may start from (`?from=`): a garment of the order, or a design. */
export interface GarmentStart {
  /** 'garment-<id>' or 'design-<id>'. */
  value: string;
  label: string;
}

/**
 * Chooses the garment type (`?garment=`), and, when `starts` are given, what it starts from
 * (`?from=`: another garment's fabric or a saved design), keeping the other query values.
 */
export function GarmentChooser({
  current,
  keep,
  id,
  starts,
  currentStart,
}: {
  current: GarmentType | null;
  keep: Record<string, string | null | undefined>;
  id: string;
  starts?: GarmentStart[];
  currentStart?: string | null;
}) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" preventScrollReset>
      <KeptQuery keep={keep} />
      {starts && starts.length > 0 && (
        <div className="grid min-w-48 flex-1 gap-2">
          <Label htmlFor={`${id}-from`}>Start from</Label>
          <select
            id={`${id}-from`}
            name="from"
            defaultValue={currentStart ?? ''}
            className={selectClass}
          >
            <option value="">Nothing: a new garment</option>
            {starts.map((start) => (
              <option key={start.value} value={start.value}>
                {start.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="grid min-w-48 flex-1 gap-2">
        <Label htmlFor={id}>Garment</Label>
        <select id={id} name="garment" defaultValue={current ?? ''} className={selectClass}>
          <option value="" disabled>
            Choose a garment
          </option>
          {GARMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {GARMENTS[type].label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline" className="min-h-11 sm:min-h-10">
        Choose garment
      </Button>
    </Form>
  );
}

/** Searches the catalogue's fabrics (`?fabric=`), keeping the other query values. */
export function FabricSearch({
  query,
  keep,
  id,
}: {
  query: string;
  keep: Record<string, string | null | undefined>;
  id: string;
}) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3" preventScrollReset>
      <KeptQuery keep={keep} />
      <FormField
        id={id}
        name="fabric"
        label="Search catalogue fabrics"
        defaultValue={query}
        maxLength={100}
        className="min-w-48 flex-1"
      />
      <Button type="submit" variant="outline" className="min-h-11 sm:min-h-10">
        <SearchIcon aria-hidden /> Find fabric
      </Button>
    </Form>
  );
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * A garment's fields for a POST form: `garmentType`, `designId`, the fabric (`fabricSource`
 * with `fabricProductId`, or `fabricCode`, `fabricName`, `fabricPrice`, or 'customer' with an
 * optional `fabricName`: the customer's own cloth, charged the making charge), `option-<group>`,
 * `measurementVersionId`, and `price` with `overrideReason`.
 */
export function GarmentFields({
  garment,
  errors,
  measurementLink,
}: {
  garment: GarmentFormData;
  errors?: Record<string, string>;
  /** The client's measurement page, for a garment never measured. */
  measurementLink?: string;
}) {
  const id = useId();
  const { initial } = garment;
  const from = initial.fromGarment ?? null;
  const [source, setSource] = useState<'catalogue' | 'store' | 'customer' | 'garment'>(
    from
      ? 'garment'
      : garment.fabrics.length > 0 || initial.fabricProductId !== null
        ? 'catalogue'
        : 'store',
  );
  const confirmed = garment.measurements.find((version) => version.confirmed);
  // Issue 30 item 3: the fabric a search found is selected and brought into view (keyed by
  // the search, this runs once per search).
  const fabricSelect = useRef<HTMLSelectElement>(null);
  const searched = garment.fabricQuery !== '' && garment.fabrics.length > 0;
  useEffect(() => {
    if (searched) fabricSelect.current?.focus();
  }, [searched]);
  const sources = [
    ...(from
      ? [
          [
            'garment',
            `Same as ${from.position}. ${GARMENTS[from.garmentType].label}: ${from.fabricName}`,
          ] as const,
        ]
      : []),
    ['catalogue', 'From the catalogue'] as const,
    ['store', 'In-store fabric code'] as const,
    ['customer', 'Customer’s own cloth'] as const,
  ];
  return (
    <div className="grid gap-4">
      <input type="hidden" name="garmentType" value={garment.garmentType} />
      {initial.designId && <input type="hidden" name="designId" value={initial.designId} />}
      {garment.garmentType === 'suit_jacket' && (
        <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
          <input type="checkbox" name="suitSet" value="on" className="size-4" />
          Take as a suit set: jacket, trouser and waistcoat of this fabric, each priced by the
          server
        </label>
      )}
      <Fieldset legend="Fabric">
        <div
          className="flex flex-wrap gap-4"
          role="radiogroup"
          aria-label="Where the fabric is from"
        >
          {sources.map(([value, text]) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
              <input
                type="radio"
                name="fabricSource"
                value={value}
                checked={source === value}
                onChange={() => setSource(value)}
                className="size-4"
              />
              {text}
            </label>
          ))}
        </div>
        {source === 'garment' && from ? (
          <p className="text-sm text-muted-foreground">
            <input type="hidden" name="fromGarmentId" value={from.id} />
            The fabric of garment {from.position}, {from.fabricName}; the server prices it for this
            garment’s own length and making charge.
          </p>
        ) : source === 'catalogue' ? (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-fabric`}>Catalogue fabric</Label>
            {garment.fabrics.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Search the catalogue’s fabrics above, or use an in-store fabric code.
              </p>
            ) : (
              <select
                ref={fabricSelect}
                id={`${id}-fabric`}
                name="fabricProductId"
                defaultValue={initial.fabricProductId ?? garment.fabrics[0]!.productId}
                aria-invalid={errors?.fabricProductId ? true : undefined}
                aria-describedby={`${id}-fabric-error`}
                className={selectClass}
              >
                {garment.fabrics.map((fabric) => (
                  <option key={fabric.productId} value={fabric.productId}>
                    {fabric.name} ({formatRupees(fabric.pricePerMetrePaise)} a metre)
                  </option>
                ))}
              </select>
            )}
            <FieldError id={`${id}-fabric-error`} message={errors?.fabricProductId} />
          </div>
        ) : source === 'customer' ? (
          <div className="grid gap-2">
            <p className="text-sm text-muted-foreground">
              Tailoring on the customer’s own cloth: no fabric is charged. The price is the making
              charge, {formatRupees(garment.makingChargePaise)}, plus any options, and the garment
              is invoiced as a tailoring service.
            </p>
            <FormField
              id={`${id}-cloth`}
              name="fabricName"
              label="The customer’s cloth (optional description)"
              maxLength={120}
              error={errors?.fabricName}
            />
          </div>
        ) : (
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField
              id={`${id}-code`}
              name="fabricCode"
              label="Fabric code"
              maxLength={40}
              error={errors?.fabricCode}
            />
            <FormField
              id={`${id}-name`}
              name="fabricName"
              label="Fabric name"
              maxLength={120}
              error={errors?.fabricName}
            />
            <FormField
              id={`${id}-price`}
              name="fabricPrice"
              label="Price per metre (₹)"
              inputMode="decimal"
              maxLength={20}
              error={errors?.fabricPrice}
            />
          </div>
        )}
      </Fieldset>

      <Fieldset legend="Style options">
        {garment.groups.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            The catalogue has no style options for this garment.
          </p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            {garment.groups.map((group) => {
              const field = `option-${group.group}`;
              return (
                <div key={group.group} className="grid content-start gap-2">
                  <Label htmlFor={`${id}-${field}`}>{groupLabel(group.group)}</Label>
                  <select
                    id={`${id}-${field}`}
                    name={field}
                    defaultValue={initial.options[group.group] ?? ''}
                    aria-invalid={errors?.[field] ? true : undefined}
                    aria-describedby={`${id}-${field}-error`}
                    className={selectClass}
                  >
                    <option value="">Settle at the fitting</option>
                    {group.options.map((option) => (
                      <option key={option.code} value={option.code}>
                        {option.name}
                        {option.pricePaise > 0 ? ` (+${formatRupees(option.pricePaise)})` : ''}
                      </option>
                    ))}
                  </select>
                  <FieldError id={`${id}-${field}-error`} message={errors?.[field]} />
                </div>
              );
            })}
          </div>
        )}
      </Fieldset>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-measurement`}>Measurements cut from</Label>
        {garment.measurements.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            This client has no {GARMENTS[garment.garmentType].label.toLowerCase()} measurements yet;
            the garment is saved without them.
            {measurementLink && (
              <>
                {' '}
                <a href={measurementLink} className="text-primary underline">
                  Record measurements
                </a>
              </>
            )}
          </p>
        ) : (
          <select
            id={`${id}-measurement`}
            name="measurementVersionId"
            defaultValue={confirmed?.id ?? ''}
            aria-invalid={errors?.measurementVersionId ? true : undefined}
            aria-describedby={`${id}-measurement-error`}
            className={selectClass}
          >
            {!confirmed && <option value="">None yet (no confirmed version)</option>}
            {garment.measurements.map((version) => (
              <option key={version.id} value={version.id}>
                Version {version.version}, {formatShopDateTime(version.takenAt)}
                {version.confirmed ? '' : ' (self-measured, not confirmed)'}
                {version.id === confirmed?.id ? ' (latest confirmed)' : ''}
              </option>
            ))}
          </select>
        )}
        <FieldError id={`${id}-measurement-error`} message={errors?.measurementVersionId} />
      </div>

      <Fieldset legend="Price">
        <p className="text-sm text-muted-foreground">
          The server quotes the garment from the settings, the fabric and the options. Leave the
          price empty to charge the quote.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            id={`${id}-override`}
            name="price"
            label="Charge instead (₹, optional)"
            inputMode="decimal"
            maxLength={20}
            error={errors?.price}
          />
          <FormField
            id={`${id}-reason`}
            name="overrideReason"
            label="Reason for a different price"
            maxLength={300}
            error={errors?.overrideReason}
          />
        </div>
      </Fieldset>
    </div>
  );
}
