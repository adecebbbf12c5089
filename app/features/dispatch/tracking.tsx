/**
 * The dispatch as shoppers see it (issue 32 item 6: "The shopper's order page and the WhatsApp
 * messages carry the tracking link"): the stage with its meaning and, once shipped, the courier,
 * the AWB and "Track your parcel"; and the public tracking page of an AWB (stages and the
 * courier's scans, the delivery city only). Times in the shop's time zone.
 */
import { StepPills } from '~/components/ui/step-pills';
import { Section } from '~/components/ui/card';
import { formatShopDateTime } from '~/lib/shop-time';
import { cn } from '~/lib/utils';
import type { AwbTracking, DispatchEntry, OrderTracking } from './dispatch.server';
import { DISPATCH_STEPS, stagesOf, type DispatchMethod, type DispatchStage } from './stages';

/** The stages of a path with the reached ones ticked (returned to origin only once reached). */
function StageSteps({ method, stage }: { method: DispatchMethod; stage: DispatchStage }) {
  const path = stagesOf(method).filter((value) =>
    stage === 'rto' ? value !== 'delivered' : value !== 'rto',
  );
  return (
    <StepPills
      label="Dispatch stages"
      steps={path.map((value) => ({ key: value, label: DISPATCH_STEPS[value].label }))}
      reached={path.indexOf(stage)}
    />
  );
}

/** The link to a parcel's tracking, opening in this tab for the shop's own page. */
function TrackLink({ url }: { url: string }) {
  return (
    <a
      href={url}
      className="inline-flex min-h-11 items-center font-medium text-primary underline sm:min-h-0"
    >
      Track your parcel
    </a>
  );
}

/**
 * The shopper's "Dispatch" progress of an order (their page and the signed link's): the
 * stage, and once shipped the courier, AWB and tracking link. Nothing before staff first move it.
 */
export function OrderTrackingSection({
  tracking,
  className,
}: {
  tracking: OrderTracking | null;
  className?: string;
}) {
  if (!tracking) return null;
  const step = DISPATCH_STEPS[tracking.stage];
  return (
    <Section heading="Dispatch" className={cn('mt-8', className)}>
      <div className="mt-3">
        <p className="text-lg font-semibold">{step.label}</p>
        <p className="mt-1 text-muted-foreground">{step.description}</p>
        <StageSteps method={tracking.method} stage={tracking.stage} />
        {tracking.awb && (
          <p className="mt-4 text-sm">
            {tracking.courierName}, AWB <span className="font-mono">{tracking.awb}</span>
          </p>
        )}
        {tracking.trackingUrl && (
          <p className="mt-2">
            <TrackLink url={tracking.trackingUrl} />
          </p>
        )}
      </div>
    </Section>
  );
}

/** One entry's words: the stage reached, or the courier's own words. */
function entryWords(entry: DispatchEntry): string {
  if (entry.stage && (entry.source === 'staff' || !entry.status)) {
    return DISPATCH_STEPS[entry.stage].label;
  }
  return entry.status || (entry.stage ? DISPATCH_STEPS[entry.stage].label : '');
}

/** A shipment's timeline, oldest first: what happened, where, and when. */
export function DispatchTimeline({ entries, label }: { entries: DispatchEntry[]; label: string }) {
  if (entries.length === 0) return null;
  return (
    <ol className="grid gap-2 text-sm" aria-label={label}>
      {entries.map((entry, index) => (
        <li key={index} className="flex flex-wrap justify-between gap-x-4">
          <span className="font-medium">
            {entryWords(entry)}
            {entry.location && (
              <span className="font-normal text-muted-foreground">, {entry.location}</span>
            )}
          </span>
          <time dateTime={entry.at} className="text-muted-foreground">
            {formatShopDateTime(entry.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}

/** The public tracking page's content: the AWB, courier, city, stage and timeline. */
export function AwbTrackingView({ tracking }: { tracking: AwbTracking }) {
  const step = DISPATCH_STEPS[tracking.stage];
  return (
    <>
      <h1 className="text-3xl font-semibold break-all">
        Tracking <span className="font-mono">{tracking.awb}</span>
      </h1>
      <p className="mt-1 text-muted-foreground">
        {tracking.courierName} · to {tracking.city}
      </p>
      <Section heading={step.label} className="mt-8">
        <div className="mt-3">
          <p className="text-muted-foreground">{step.description}</p>
          <StageSteps method={tracking.method} stage={tracking.stage} />
        </div>
      </Section>
      <Section heading="History" className="mt-6">
        <div className="mt-3">
          <DispatchTimeline entries={tracking.entries} label="Tracking history" />
        </div>
      </Section>
    </>
  );
}
