/**
 * /admin/style-options (issue 21 item 1): the style options per garment and group (filter,
 * add, edit with picture, retire, delete), the pairs not made together, and the bespoke prices.
 * Every outcome is toasted; a refusal shows beside its field.
 */
import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { StylePicture } from '~/features/bespoke/style-drawing';
import { garmentLabel, STYLE_GROUP_LABELS } from '~/features/bespoke/style-groups';
import { formatRupeesExact, paiseToDecimal } from '~/lib/money';
import { GARMENT_TYPES, STYLE_OPTION_GROUPS } from '~/lib/schema-enums';
import type { StyleOptionRow, StyleOptionsAdmin } from './style-options.server';

const selectClass = 'h-10 rounded-md border border-input bg-white px-3 text-sm';

export function StyleOptionsScreen(page: StyleOptionsAdmin) {
  return (
    <>
      <h1 className="text-3xl font-semibold sm:text-4xl">Style options</h1>
      <p className="mt-2 text-muted-foreground">
        What the configurator at{' '}
        <Link to="/bespoke" className="text-primary underline">
          /bespoke
        </Link>{' '}
        offers on each garment, what each choice adds to the price, and which pairs are not made
        together. Pictures come from the{' '}
        <Link to="/admin/media" className="text-primary underline">
          media library
        </Link>
        ; an option without one shows its drawing.
      </p>
      <Form
        method="get"
        className="mt-6 flex flex-wrap items-end gap-3"
        aria-label="Filter style options"
      >
        <div className="grid gap-1">
          <Label htmlFor="filter-garment">Garment</Label>
          <select
            id="filter-garment"
            name="garment"
            defaultValue={page.filter.garment}
            className={selectClass}
          >
            <option value="">All garments</option>
            {GARMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {garmentLabel(type)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="filter-group">Group</Label>
          <select
            id="filter-group"
            name="group"
            defaultValue={page.filter.group}
            className={selectClass}
          >
            <option value="">All groups</option>
            {STYLE_OPTION_GROUPS.map((group) => (
              <option key={group} value={group}>
                {STYLE_GROUP_LABELS[group]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </Form>

      <Section heading={`Options (${page.options.length})`} padding="md" className="mt-6">
        <ul className="mt-3 grid gap-2">
          {page.options.map((option) => (
            <li key={`${option.id}-${option.version}`}>
              <details className="rounded-md border border-border">
                <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-3 px-3 py-2">
                  <StylePicture
                    group={option.group}
                    code={option.code}
                    imageKey={option.imageKey}
                    alt=""
                    className="size-10"
                  />
                  <span className="font-medium">{option.name}</span>
                  <span className="text-sm text-muted-foreground">
                    {STYLE_GROUP_LABELS[option.group]} ·{' '}
                    {option.pricePaise > 0
                      ? `+ ${formatRupeesExact(option.pricePaise)}`
                      : 'included'}
                    {!option.isActive && ' · retired'}
                  </span>
                </summary>
                <div className="border-t border-border p-3">
                  <OptionForm option={option} pictures={page.pictures} />
                  <DeleteOption option={option} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      </Section>

      <Section heading="Add an option" padding="md" className="mt-6">
        <OptionForm pictures={page.pictures} />
      </Section>

      <Conflicts page={page} />
      <Prices page={page} />
    </>
  );
}

function OptionForm({
  option,
  pictures,
}: {
  option?: StyleOptionRow;
  pictures: StyleOptionsAdmin['pictures'];
}) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const key = option ? `o${option.id}` : 'new';
  const id = (field: string) => `${key}-${field}`;
  return (
    <fetcher.Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value="save-option" />
      {option && <input type="hidden" name="id" value={option.id} />}
      {option && <input type="hidden" name="version" value={option.version} />}
      <div className="grid gap-1">
        <Label htmlFor={id('group')}>Group</Label>
        <select
          id={id('group')}
          name="group"
          defaultValue={option?.group ?? 'button'}
          className={selectClass}
        >
          {STYLE_OPTION_GROUPS.map((group) => (
            <option key={group} value={group}>
              {STYLE_GROUP_LABELS[group]}
            </option>
          ))}
        </select>
      </div>
      <FormField
        id={id('code')}
        name="code"
        label="Code (in links)"
        defaultValue={option?.code}
        maxLength={40}
        required
        error={errors.code}
        hint="like horn-brown"
      />
      <FormField
        id={id('name')}
        name="name"
        label="Name"
        defaultValue={option?.name}
        maxLength={80}
        required
        error={errors.name}
      />
      <FormField
        id={id('description')}
        name="description"
        label="Description"
        defaultValue={option?.description}
        maxLength={300}
        error={errors.description}
      />
      <FormField
        id={id('price')}
        name="price"
        label="Extra price (₹)"
        inputMode="decimal"
        defaultValue={option && option.pricePaise > 0 ? paiseToDecimal(option.pricePaise) : '0'}
        error={errors.price}
        hint="0 when included"
      />
      <FormField
        id={id('displayOrder')}
        name="displayOrder"
        label="Order"
        type="number"
        min={0}
        max={100000}
        defaultValue={option?.displayOrder ?? 0}
        error={errors.displayOrder}
      />
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium">Made on</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {GARMENT_TYPES.map((type) => (
            <label key={type} className="flex min-h-9 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="garmentTypes"
                value={type}
                defaultChecked={option?.garmentTypes.includes(type)}
                className="size-4"
              />
              {garmentLabel(type)}
            </label>
          ))}
        </div>
        {errors.garmentTypes && (
          <p className="mt-1 text-sm text-destructive">{errors.garmentTypes}</p>
        )}
      </fieldset>
      <div className="grid gap-1">
        <Label htmlFor={id('imageKey')}>Picture</Label>
        <select
          id={id('imageKey')}
          name="imageKey"
          defaultValue={option?.imageKey ?? ''}
          className={selectClass}
        >
          <option value="">The drawing</option>
          {option?.imageKey && !pictures.some((p) => p.imageKey === option.imageKey) && (
            <option value={option.imageKey}>The current picture</option>
          )}
          {pictures.map((picture) => (
            <option key={picture.imageKey} value={picture.imageKey}>
              {picture.title}
            </option>
          ))}
        </select>
        {errors.imageKey && <p className="text-sm text-destructive">{errors.imageKey}</p>}
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name="isActive"
          defaultChecked={option?.isActive ?? true}
          className="size-4"
        />
        Active (offered in the configurator)
      </label>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          {option ? `Save ${option.name}` : 'Add the option'}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function DeleteOption({ option }: { option: StyleOptionRow }) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post" className="mt-3">
      <input type="hidden" name="intent" value="delete-option" />
      <input type="hidden" name="id" value={option.id} />
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== 'idle'}>
        Delete {option.name}
      </Button>
    </fetcher.Form>
  );
}

function Conflicts({ page }: { page: StyleOptionsAdmin }) {
  const add = useAdminFetcher();
  const remove = useAdminFetcher();
  const errors = add.data && !add.data.ok ? (add.data.fieldErrors ?? {}) : {};
  return (
    <Section heading="Not made together" padding="md" className="mt-6">
      <ul className="mt-3 grid gap-2">
        {page.conflicts.map((conflict) => (
          <li
            key={conflict.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-sm"
          >
            <span>
              <span className="font-medium">
                {conflict.one} + {conflict.other}
              </span>
              : {conflict.reason}
            </span>
            <remove.Form method="post">
              <input type="hidden" name="intent" value="remove-conflict" />
              <input type="hidden" name="id" value={conflict.id} />
              <Button
                type="submit"
                variant="outline"
                size="sm"
                aria-label={`Remove ${conflict.one} + ${conflict.other}`}
              >
                Remove
              </Button>
            </remove.Form>
          </li>
        ))}
      </ul>
      <add.Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="add-conflict" />
        {(['optionId', 'otherOptionId'] as const).map((field, index) => (
          <div key={field} className="grid gap-1">
            <Label htmlFor={`conflict-${field}`}>
              {index === 0 ? 'This option' : 'is not made with'}
            </Label>
            <select id={`conflict-${field}`} name={field} className={selectClass} defaultValue="">
              <option value="" disabled>
                Choose…
              </option>
              {page.all.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
            {errors[field] && <p className="text-sm text-destructive">{errors[field]}</p>}
          </div>
        ))}
        <FormField
          id="conflict-reason"
          name="reason"
          label="Reason shoppers read"
          maxLength={200}
          error={errors.reason}
          className="sm:col-span-2"
        />
        <div>
          <Button type="submit" disabled={add.state !== 'idle'}>
            Add the pair
          </Button>
        </div>
      </add.Form>
    </Section>
  );
}

function Prices({ page }: { page: StyleOptionsAdmin }) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  return (
    <Section heading="Bespoke prices" padding="md" className="mt-6">
      <p className="mt-1 text-sm text-muted-foreground">
        A garment&rsquo;s estimate is its making price, plus the fabric&rsquo;s price a metre × the
        metres used, plus its options. Prices include GST. The metres used are also what a confirmed
        order reserves of a catalogue fabric for the workshop.
      </p>
      <fetcher.Form
        method="post"
        className="mt-4 grid gap-4"
        noValidate
        key={page.pricesVersion ?? 'defaults'}
      >
        <input type="hidden" name="intent" value="save-prices" />
        <input type="hidden" name="version" value={page.pricesVersion ?? ''} />
        <FormField
          id="advancePercent"
          name="advancePercent"
          label="Advance asked (%)"
          type="number"
          min={1}
          max={100}
          defaultValue={page.prices.advancePercent}
          error={errors.advancePercent}
          className="max-w-xs"
        />
        <FormField
          id="lowStockMetres"
          name="lowStockMetres"
          label="Low fabric stock below (m)"
          hint="A fabric sold by the metre warns on the dashboard when what is left after its reserved metres falls below this."
          inputMode="decimal"
          defaultValue={String(page.prices.lowStockCm / 100)}
          error={errors.lowStockMetres}
          className="max-w-xs"
        />
        <div className="grid gap-3 sm:grid-cols-2">
          {GARMENT_TYPES.map((type) => (
            <fieldset
              key={type}
              className="grid grid-cols-2 gap-3 rounded-md border border-border p-3"
            >
              <legend className="px-1 text-sm font-semibold">{garmentLabel(type)}</legend>
              <FormField
                id={`base_${type}`}
                name={`base_${type}`}
                label="Making (₹)"
                inputMode="decimal"
                defaultValue={paiseToDecimal(page.prices.garments[type].basePricePaise)}
                error={errors[`base_${type}`]}
              />
              <FormField
                id={`metres_${type}`}
                name={`metres_${type}`}
                label="Fabric (m)"
                inputMode="decimal"
                defaultValue={String(page.prices.garments[type].consumptionCm / 100)}
                error={errors[`metres_${type}`]}
              />
            </fieldset>
          ))}
        </div>
        <div>
          <Button type="submit" disabled={fetcher.state !== 'idle'}>
            Save bespoke prices
          </Button>
        </div>
      </fetcher.Form>
    </Section>
  );
}
