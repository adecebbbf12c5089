/**
 * The configurator's screen (`/bespoke`, issue 21 item 2): garment → fabric → style options →
 * summary, each step a URL and a plain GET form or link, so the whole path works without
 * JavaScript, at 375 px and with a keyboard and screen reader (radio groups in fieldsets with
 * legends; each option's drawing is its radio's picture, named by the option).
 */
import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, Section } from '~/components/ui/card';
import { HydrateLater } from '~/components/ui/hydrate-later';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { ResponsiveImage } from '~/features/media/responsive-image';
import { formatRupees, formatRupeesExact } from '~/lib/money';
import { cn } from '~/lib/utils';
import type { ConfiguratorPage, ConfiguratorRefusal, Refusal } from './configurator.server';
import { designHref, type DesignState } from './configurator';
import { StylePicture } from './style-drawing';

const STEPS = [
  ['garment', 'Garment'],
  ['fabric', 'Fabric'],
  ['style', 'Style'],
  ['summary', 'Summary'],
] as const;

/** The whole `/bespoke` page for its loader data and, after a refused action, its answer. */
export function ConfiguratorScreen({
  page,
  refusal,
}: {
  page: ConfiguratorPage;
  refusal?: ConfiguratorRefusal;
}) {
  const current = STEPS.findIndex(([step]) => step === page.step);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-semibold sm:text-4xl">Design your garment</h1>
      <p className="mt-2 text-muted-foreground">
        Choose the garment, the fabric and every detail; we show the price before you book a
        measurement at our Rajkot shop.
      </p>
      <ol className="mt-6 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Design steps">
        {STEPS.map(([step, label], index) => (
          <li
            key={step}
            aria-current={index === current ? 'step' : undefined}
            className={cn(
              'flex items-center gap-1.5',
              index === current ? 'font-semibold text-foreground' : 'text-muted-foreground',
            )}
          >
            <span
              className={cn(
                'inline-flex size-6 items-center justify-center rounded-full text-xs',
                index <= current ? 'bg-primary text-primary-foreground' : 'bg-muted',
              )}
            >
              {index + 1}
            </span>
            {label}
          </li>
        ))}
      </ol>
      {'garmentLabel' in page && <Chosen page={page} />}
      <div className="mt-6 grid gap-6">
        {page.step === 'garment' && <GarmentStep page={page} />}
        {page.step === 'fabric' && <FabricStep page={page} />}
        {page.step === 'style' && <StyleStep page={page} />}
        {page.step === 'summary' && <SummaryStep page={page} refusal={refusal} />}
      </div>
    </div>
  );
}

/** What is chosen so far, each with a link back to change it. */
function Chosen({ page }: { page: Exclude<ConfiguratorPage, { step: 'garment' }> }) {
  const fabric = 'fabric' in page ? page.fabric : null;
  const stock = 'fabricStock' in page ? page.fabricStock : null;
  return (
    <Card padding="sm" className="mt-6 grid gap-1 text-sm sm:flex sm:flex-wrap sm:gap-x-6">
      <p>
        Garment: <span className="font-semibold">{page.garmentLabel}</span>{' '}
        <Link to={designHref({ options: {} })} className="text-primary underline">
          Change<span className="sr-only"> garment</span>
        </Link>
      </p>
      {fabric && (
        <p>
          Fabric: <span className="font-semibold">{fabric.name}</span>{' '}
          <Link to={designHref(page.state, 'fabric')} className="text-primary underline">
            Change<span className="sr-only"> fabric</span>
          </Link>
        </p>
      )}
      {stock && (
        <p className={stock.inStock ? 'text-emerald-900' : 'font-semibold text-destructive'}>
          {stock.text}
        </p>
      )}
    </Card>
  );
}

function GarmentStep({ page }: { page: Extract<ConfiguratorPage, { step: 'garment' }> }) {
  return (
    <Section heading="1. Choose the garment" padding="md">
      <Form method="get" className="mt-4 grid gap-4">
        <fieldset>
          <legend className="sr-only">Garment</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {page.garments.map((garment, index) => (
              <label
                key={garment.type}
                className="flex min-h-11 items-center gap-3 rounded-md border border-border px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
              >
                <input
                  type="radio"
                  name="garment"
                  value={garment.type}
                  required
                  defaultChecked={
                    page.state.garment ? page.state.garment === garment.type : index === 0
                  }
                  className="size-4"
                />
                <span className="grow font-medium">{garment.label}</span>
                <span className="text-sm text-muted-foreground">
                  making from {formatRupees(garment.basePricePaise)}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" className="justify-self-start">
          Next: fabric
        </Button>
      </Form>
    </Section>
  );
}

function FabricStep({ page }: { page: Extract<ConfiguratorPage, { step: 'fabric' }> }) {
  const { query } = page;
  const keep = { garment: page.state.garment, options: page.state.options };
  return (
    <Section heading="2. Choose the fabric" padding="md">
      <Form
        method="get"
        role="search"
        aria-label="Fabric search"
        className="mt-4 grid gap-3 sm:grid-cols-4"
      >
        <input type="hidden" name="garment" value={page.state.garment} />
        <input type="hidden" name="step" value="fabric" />
        {Object.entries(page.state.options).map(([group, code]) => (
          <input key={group} type="hidden" name={group} value={code} />
        ))}
        <div className="grid gap-1 sm:col-span-4">
          <Label htmlFor="fabric-q">Search fabrics</Label>
          <Input id="fabric-q" name="q" type="search" defaultValue={query.q} maxLength={100} />
        </div>
        <Filter
          id="fabric-kind"
          name="kind"
          label="Fabric type"
          value={query.kind}
          choices={page.kinds.map((k) => [k.slug, k.name])}
        />
        <Filter
          id="fabric-colour"
          name="colour"
          label="Colour"
          value={query.colour}
          choices={page.colours.map((c) => [c, c])}
        />
        <Filter
          id="fabric-band"
          name="band"
          label="Price a metre"
          value={query.band}
          choices={page.bands.map((b) => [b.key, b.label])}
        />
        <Button type="submit" variant="outline" className="self-end">
          Show fabrics
        </Button>
      </Form>
      <p className="mt-4 text-sm text-muted-foreground" role="status">
        {page.total === 0
          ? 'No fabric matches; try fewer words or filters.'
          : `${page.total} fabric${page.total === 1 ? '' : 's'}, page ${query.page} of ${page.pageCount}`}
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {page.fabrics.map((fabric, index) => (
          <li key={fabric.id}>
            <HydrateLater>
              <Card padding="none" interactive asChild>
                <Link
                  to={designHref({ ...keep, fabricId: fabric.id })}
                  className="group block overflow-hidden"
                  aria-current={fabric.id === page.state.fabricId ? 'true' : undefined}
                >
                  <div className="aspect-square overflow-hidden">
                    <ResponsiveImage
                      imageKey={fabric.imageKey}
                      placeholder={fabric.imagePlaceholder}
                      alt=""
                      width={400}
                      height={400}
                      sizes="(min-width: 1024px) 240px, (min-width: 640px) 30vw, 45vw"
                      priority={index === 0}
                      className="size-full object-cover"
                    />
                  </div>
                  <div className="p-3 text-sm">
                    <p className="font-medium">
                      <span className="sr-only">Choose </span>
                      {fabric.name}
                    </p>
                    <p className="text-muted-foreground">
                      {fabric.fabricType} · {formatRupees(fabric.pricePerMetrePaise)} a metre
                    </p>
                  </div>
                </Link>
              </Card>
            </HydrateLater>
          </li>
        ))}
      </ul>
      {page.pageCount > 1 && (
        <nav aria-label="Fabric pages" className="mt-4 flex gap-4 text-sm">
          {query.page > 1 && (
            <Link
              className="text-primary underline"
              to={designHref(keep, 'fabric', { ...query, page: query.page - 1 })}
            >
              Previous page
            </Link>
          )}
          {query.page < page.pageCount && (
            <Link
              className="text-primary underline"
              to={designHref(keep, 'fabric', { ...query, page: query.page + 1 })}
            >
              Next page
            </Link>
          )}
        </nav>
      )}
    </Section>
  );
}

function Filter({
  id,
  name,
  label,
  value,
  choices,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  choices: (readonly [string, string])[];
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className="h-11 rounded-md border border-input bg-white px-3 text-sm"
      >
        <option value="">Any</option>
        {choices.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function Refusals({ refusals, id }: { refusals: Refusal[]; id?: string }) {
  if (refusals.length === 0) return null;
  return (
    <div role="alert" id={id} className="rounded-md bg-red-50 px-4 py-3 text-red-900">
      <p className="font-semibold">This combination is not made</p>
      <ul className="mt-1 list-disc pl-5">
        {refusals.map((refusal) => (
          <li key={`${refusal.group}-${refusal.message}`}>{refusal.message}</li>
        ))}
      </ul>
    </div>
  );
}

function HiddenDesign({ state }: { state: DesignState }) {
  return (
    <>
      <input type="hidden" name="garment" value={state.garment} />
      <input type="hidden" name="fabric" value={state.fabricId} />
    </>
  );
}

function StyleStep({ page }: { page: Extract<ConfiguratorPage, { step: 'style' }> }) {
  return (
    <Section heading="3. Choose the style" padding="md">
      <p className="mt-1 text-sm text-muted-foreground">
        Prices shown are added to the garment; the rest are included.
      </p>
      <Form method="get" className="mt-4 grid gap-6">
        <Refusals refusals={page.refusals} />
        <HiddenDesign state={page.state} />
        <input type="hidden" name="step" value="summary" />
        {page.groups.map((group) => (
          <HydrateLater key={group.group}>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-lg font-semibold">{group.label}</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
                {group.options.map((option) => {
                  const id = `opt-${group.group}-${option.code}`;
                  return (
                    <label
                      key={option.code}
                      htmlFor={id}
                      className="grid cursor-pointer grid-cols-[auto_1fr] items-start gap-2 rounded-md border border-border p-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                    >
                      <input
                        id={id}
                        type="radio"
                        name={group.group}
                        value={option.code}
                        defaultChecked={page.state.options[group.group] === option.code}
                        className="mt-1 size-4"
                      />
                      <span className="grid gap-1">
                        <StylePicture
                          group={group.group}
                          code={option.code}
                          imageKey={option.imageKey}
                          alt={option.name}
                          className="size-14"
                        />
                        {/* The picture names the option for a screen reader; this is for the eye. */}
                        <span aria-hidden className="font-medium">
                          {option.name}
                        </span>
                        <span className="text-xs text-muted-foreground">
                          {option.pricePaise > 0
                            ? `+ ${formatRupeesExact(option.pricePaise)}`
                            : 'Included'}
                        </span>
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          </HydrateLater>
        ))}
        <Button type="submit" className="justify-self-start">
          See the price
        </Button>
      </Form>
    </Section>
  );
}

function SummaryStep({
  page,
  refusal,
}: {
  page: Extract<ConfiguratorPage, { step: 'summary' }>;
  refusal?: ConfiguratorRefusal;
}) {
  const { estimate } = page;
  const refusals = refusal?.refusals.length ? refusal.refusals : page.refusals;
  return (
    <>
      <Section heading="4. Your design" padding="md">
        <div className="mt-4 grid gap-4">
          <Refusals refusals={refusals} />
          {refusal && refusal.refusals.length === 0 && (
            <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-red-900">
              {refusal.message}
            </p>
          )}
          {estimate ? (
            <dl
              className="grid max-w-md grid-cols-[1fr_auto] gap-x-4 gap-y-1"
              aria-label="Estimate"
            >
              <dt>Making ({page.garmentLabel})</dt>
              <dd className="text-right">{formatRupeesExact(estimate.basePaise)}</dd>
              <dt>
                Fabric: {(estimate.consumptionCm / 100).toLocaleString('en-IN')} m ×{' '}
                {formatRupeesExact(page.fabric.pricePerMetrePaise)}
              </dt>
              <dd className="text-right">{formatRupeesExact(estimate.fabricPaise)}</dd>
              <dt>Style options</dt>
              <dd className="text-right">{formatRupeesExact(estimate.optionsPaise)}</dd>
              <dt className="border-t border-border pt-1 font-semibold">Estimate</dt>
              <dd className="border-t border-border pt-1 text-right text-lg font-semibold">
                {formatRupeesExact(estimate.totalPaise)}
              </dd>
            </dl>
          ) : (
            <p>No price can be shown for this combination. Please change the style.</p>
          )}
          <p className="text-sm text-muted-foreground">
            An estimate, GST included; the final price is confirmed at your measurement.
          </p>
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="Your choices">
            {page.chosen.map((option) => (
              <li key={option.group} className="flex items-center gap-3">
                <StylePicture
                  group={option.group}
                  code={option.code}
                  imageKey={option.imageKey}
                  alt={option.name}
                  className="size-12"
                />
                <span className="text-sm">
                  <span className="text-muted-foreground">{option.groupLabel}: </span>
                  <span className="font-medium">{option.name}</span>
                  {option.pricePaise > 0 && ` (+ ${formatRupeesExact(option.pricePaise)})`}
                </span>
              </li>
            ))}
          </ul>
          <p>
            <Link to={designHref(page.state, 'style')} className="text-primary underline">
              Change the style
            </Link>
          </p>
        </div>
      </Section>
      {estimate && (
        <Section heading="What next" padding="md">
          <Form method="post" className="mt-4 flex flex-wrap gap-3">
            <HiddenDesign state={page.state} />
            {Object.entries(page.state.options).map(([group, code]) => (
              <input key={group} type="hidden" name={group} value={code} />
            ))}
            <Button type="submit" name="intent" value="book">
              Book a measurement
            </Button>
            <Button type="submit" name="intent" value="share" variant="outline">
              Send on WhatsApp
            </Button>
            <Button type="submit" name="intent" value="save" variant="outline">
              Save design
            </Button>
          </Form>
        </Section>
      )}
    </>
  );
}
