/**
 * The Dispatch section of a shop order's page in the back office (issue 32 item 6): the stage
 * (to pack, packed, shipped, …, or ready for pickup, collected), "Ship" (books the courier and
 * stores the AWB), a button per later stage staff may set, the courier, AWB and tracking link
 * once shipped, the shipment's timeline, and links to print the packing slip and the courier's
 * label. Each press posts to the page's action; the outcome is a toast.
 */
import { Section } from '~/components/ui/card';
import { Button } from '~/components/ui/button';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import type { DispatchPanel } from '~/features/dispatch/dispatch.server';
import { DISPATCH_STEPS, type DispatchStage } from '~/features/dispatch/stages';
import { DispatchTimeline } from '~/features/dispatch/tracking';

const link = 'inline-flex min-h-11 items-center text-sm text-primary underline sm:min-h-0';

/** One button posting `intent` for the order (with `stage` for a manual move). */
function DispatchButton(props: {
  number: string;
  intent: 'move-dispatch' | 'ship-order';
  stage?: DispatchStage;
  label: string;
  primary?: boolean;
}) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="number" value={props.number} />
      {props.stage && <input type="hidden" name="stage" value={props.stage} />}
      <Button
        type="submit"
        size="sm"
        variant={props.primary ? 'default' : 'outline'}
        disabled={fetcher.state !== 'idle'}
        className="min-h-11 sm:min-h-9"
      >
        {fetcher.state !== 'idle' ? 'Saving…' : props.label}
      </Button>
    </fetcher.Form>
  );
}

/** The section; nothing for a bespoke order (`panel` null). */
export function DispatchSection({ panel }: { panel: DispatchPanel | null }) {
  if (!panel) return null;
  const base = `/admin/orders/${encodeURIComponent(panel.number)}`;
  return (
    <Section heading="Dispatch" padding="md">
      <div className="mt-3 grid gap-3">
        <p>
          <span className="text-sm text-muted-foreground">
            {panel.method === null
              ? 'By courier or collected from the shop'
              : panel.method === 'pickup'
                ? 'Collect from the shop'
                : 'By courier'}{' '}
            ·{' '}
          </span>
          <strong>
            {panel.dispatchable || panel.entries.length > 0
              ? DISPATCH_STEPS[panel.stage].label
              : 'Not ready to pack'}
          </strong>
        </p>
        {!panel.dispatchable && panel.entries.length === 0 && (
          <p className="text-sm text-muted-foreground">
            An order can be packed once it is paid in full.
          </p>
        )}
        {panel.awb && (
          <p className="text-sm">
            {panel.courierName}, AWB <span className="font-mono">{panel.awb}</span>
            {panel.trackingUrl && (
              <>
                {' · '}
                <a href={panel.trackingUrl} className="text-primary underline">
                  Tracking page
                </a>
              </>
            )}
          </p>
        )}
        {(panel.canShip || panel.next.length > 0) && (
          <div className="flex flex-wrap gap-2">
            {panel.next.includes('packed') && (
              <DispatchButton
                number={panel.number}
                intent="move-dispatch"
                stage="packed"
                label="Mark packed"
              />
            )}
            {panel.canShip && (
              <DispatchButton number={panel.number} intent="ship-order" label="Ship" primary />
            )}
            {panel.next
              .filter((stage) => stage !== 'packed')
              .map((stage) => (
                <DispatchButton
                  key={stage}
                  number={panel.number}
                  intent="move-dispatch"
                  stage={stage}
                  label={`Mark ${DISPATCH_STEPS[stage].label.toLowerCase()}`}
                />
              ))}
          </div>
        )}
        <DispatchTimeline entries={panel.entries} label="Dispatch history" />
        <p className="flex flex-wrap gap-x-4">
          {panel.kind === 'shop' && (
            <a href={`${base}/packing-slip.pdf`} className={link} target="_blank" rel="noreferrer">
              Print packing slip
            </a>
          )}
          {panel.awb && (
            <a href={`${base}/label.pdf`} className={link} target="_blank" rel="noreferrer">
              Print courier label
            </a>
          )}
        </p>
      </div>
    </Section>
  );
}
