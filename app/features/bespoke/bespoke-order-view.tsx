/**
 * A bespoke order on the shopper's order page (issue 21 item 3: "The shopper sees the order,
 * its garments, options, dates … and timeline"): each garment with its fabric, options and
 * price, the trials booked and the promised delivery date. Payments are the payments panel's.
 */
import { Section } from '~/components/ui/card';
import { GARMENTS } from '~/features/measurements/garments';
import { formatRupees } from '~/lib/money';
import { formatShopDate, formatShopDateTime } from '~/lib/shop-time';
import { isStyleOptionGroup, STYLE_GROUP_LABELS } from './style-groups';
import type { ownBespokeDetail } from './bespoke-orders.server';

type ShopperBespoke = NonNullable<Awaited<ReturnType<typeof ownBespokeDetail>>>;

const TRIAL_STATUS: Record<string, string> = {
  booked: 'Booked',
  cancelled: 'Cancelled',
  attended: 'Done',
  no_show: 'Missed',
};

/** The garments (with the order's total) and the dates of a shopper's bespoke order. */
export function BespokeOrderView({
  bespoke,
  totalPaise,
}: {
  bespoke: ShopperBespoke;
  totalPaise: number;
}) {
  return (
    <>
      <Section heading="Your garments" className="mt-8">
        <ol className="mt-3 grid gap-4">
          {bespoke.garments.map((garment) => (
            <li key={garment.id} className="border-b border-border pb-4 last:border-b-0">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold">{GARMENTS[garment.garmentType].label}</h3>
                <span className="font-medium">{formatRupees(garment.pricePaise)}</span>
              </div>
              <p className="mt-1 text-sm">
                {garment.fabric.customerCloth ? (
                  <>
                    Fabric: your own cloth{garment.fabric.name ? ` (${garment.fabric.name})` : ''}
                  </>
                ) : (
                  <>
                    Fabric: {garment.fabric.name}
                    {garment.fabric.code ? ` (${garment.fabric.code})` : ''}
                  </>
                )}
              </p>
              {garment.options.length > 0 && (
                <ul className="mt-1 text-sm text-muted-foreground">
                  {garment.options.map((option) => (
                    <li key={option.group}>
                      {isStyleOptionGroup(option.group)
                        ? STYLE_GROUP_LABELS[option.group]
                        : option.group}
                      : {option.name}
                    </li>
                  ))}
                </ul>
              )}
              <p className="mt-1 text-sm text-muted-foreground">
                {garment.measurement
                  ? `Cut from your measurements of ${formatShopDateTime(garment.measurement.takenAt)}`
                  : 'We will take your measurements before cutting.'}
              </p>
            </li>
          ))}
        </ol>
        <p className="mt-3 flex justify-between border-t border-border pt-3 font-semibold">
          <span>Total</span>
          <span>{formatRupees(totalPaise)}</span>
        </p>
      </Section>
      <Section heading="Dates" className="mt-6">
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Delivery</dt>
          <dd>
            {bespoke.promisedOn
              ? `Promised for ${formatShopDate(bespoke.promisedOn)}`
              : 'We will tell you the date soon.'}
          </dd>
          <dt className="text-muted-foreground">Trials</dt>
          <dd>
            {bespoke.trials.length === 0 ? (
              'None booked yet.'
            ) : (
              <ul>
                {bespoke.trials.map((trial) => (
                  <li key={trial.id}>
                    <time dateTime={trial.startsAt}>{formatShopDateTime(trial.startsAt)}</time> (
                    {TRIAL_STATUS[trial.status] ?? trial.status})
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      </Section>
    </>
  );
}
