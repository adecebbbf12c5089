/**
 * The Tickets panel of a bespoke order's page (issue 31 item 1): each garment with its stage,
 * the stage's due date and its assignee (a choice of staff), and buttons that move it to the
 * next stage. At a trial, the trial's outcome instead (issue 31 item 5: notes, who alters it,
 * "Fits" or "Alterations needed"), the garment's trials so far, and during an alteration a link
 * to book the next trial (the order's Trials section). Each move carries the ticket's version, so
 * a move over someone else's is refused; every outcome is a toast.
 */
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { formatShopDate } from '~/lib/shop-time';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import type { StaffChoice, TicketView } from '~/features/workshop/tickets.server';
import type { TrialRecord } from '~/features/workshop/trial-outcomes.server';
import type { GarmentFabric } from '~/features/workshop/fabric.server';
import type { TicketsPanel as TicketsPanelData } from './workshop.server';
import { TrialFields, TrialHistory } from './trial-panel';

export function TicketsPanel({ panel }: { panel: TicketsPanelData }) {
  return (
    <Section heading="Tickets" padding="md">
      <p className="mt-1 text-sm text-muted-foreground">
        Each garment moves through the workshop on its own; the order follows the garment furthest
        behind. Stages and their days are in the{' '}
        <Link to="/admin/workshop/settings" className="text-primary underline">
          workshop settings
        </Link>
        .
      </p>
      <ul aria-label="Work tickets" className="mt-3 grid gap-3">
        {panel.tickets.map((ticket) => (
          <TicketRow
            key={ticket.garmentId}
            ticket={ticket}
            staff={panel.staff}
            trials={panel.trials[ticket.garmentId] ?? []}
            fabric={panel.fabric.find((row) => row.garmentId === ticket.garmentId) ?? null}
          />
        ))}
      </ul>
    </Section>
  );
}

function TicketRow({
  ticket,
  staff,
  trials,
  fabric,
}: {
  ticket: TicketView;
  staff: StaffChoice[];
  trials: TrialRecord[];
  fabric: GarmentFabric | null;
}) {
  const name = `${ticket.position}. ${ticket.garment}`;
  // At a trial the outcome is recorded (fits: on to ready; alterations: to the alteration).
  const atTrial = ticket.stage === 'trial' && ticket.choices.some((c) => c.stage === 'alteration');
  return (
    <li className="grid gap-3 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">
          <Link
            to={`/admin/workshop/garments/${ticket.garmentId}`}
            className="text-primary underline"
          >
            {name}
          </Link>
        </h3>
        <p className="text-sm">
          At <strong>{ticket.stageLabel}</strong>
          {ticket.dueOn && (
            <span className="text-muted-foreground">
              {' '}
              · due <time dateTime={ticket.dueOn}>{formatShopDate(ticket.dueOn)}</time>
            </span>
          )}
        </p>
      </div>
      {fabric && <FabricRow fabric={fabric} name={name} />}
      <div className="flex flex-wrap items-end gap-3">
        <AssignForm ticket={ticket} staff={staff} name={name} />
        {ticket.stage === 'alteration' && (
          <a href="#book-trial" className="min-h-11 content-center text-sm text-primary underline">
            Book the next trial <span className="sr-only">for {name}</span>
          </a>
        )}
        {!atTrial &&
          ticket.choices.map((choice) => (
            <MoveButton
              key={choice.stage}
              ticket={ticket}
              stage={choice.stage}
              label={`Move ${name} to ${choice.label}`}
              text={`Move to ${choice.label}`}
              secondary={choice.stage === 'alteration'}
            />
          ))}
      </div>
      {atTrial && <TrialForm ticket={ticket} staff={staff} name={name} />}
      <TrialHistory trials={trials} name={name} />
    </li>
  );
}

function TrialForm({
  ticket,
  staff,
  name,
}: {
  ticket: TicketView;
  staff: StaffChoice[];
  name: string;
}) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post" className="rounded-md border border-border p-3">
      <TrialFields
        garmentId={ticket.garmentId}
        version={ticket.version}
        assigneeId={ticket.assigneeId}
        staff={staff}
        name={name}
        busy={fetcher.state !== 'idle'}
      />
    </fetcher.Form>
  );
}

function MoveButton({
  ticket,
  stage,
  label,
  text,
  secondary,
}: {
  ticket: TicketView;
  stage: string;
  label: string;
  text: string;
  secondary: boolean;
}) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="move-ticket" />
      <input type="hidden" name="garmentId" value={ticket.garmentId} />
      <input type="hidden" name="toStage" value={stage} />
      <input type="hidden" name="version" value={ticket.version} />
      <Button
        type="submit"
        variant={secondary ? 'outline' : 'default'}
        disabled={fetcher.state !== 'idle'}
        aria-label={label}
        className="min-h-11 sm:min-h-10"
      >
        {text}
      </Button>
    </fetcher.Form>
  );
}

function AssignForm({
  ticket,
  staff,
  name,
}: {
  ticket: TicketView;
  staff: StaffChoice[];
  name: string;
}) {
  const fetcher = useAdminFetcher();
  const id = `assignee-${ticket.garmentId}`;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="assign-ticket" />
      <input type="hidden" name="garmentId" value={ticket.garmentId} />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Assigned to <span className="sr-only">({name})</span>
        </label>
        <select
          id={id}
          name="assigneeId"
          defaultValue={ticket.assigneeId ?? ''}
          key={ticket.assigneeId ?? ''}
          className="h-11 rounded-md border border-border bg-white px-3 text-base sm:h-10 md:text-sm"
        >
          <option value="">No one</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      </div>
      <Button
        type="submit"
        variant="outline"
        disabled={fetcher.state !== 'idle'}
        aria-label={`Assign ${name}`}
        className="min-h-11 sm:min-h-10"
      >
        Assign
      </Button>
    </fetcher.Form>
  );
}

/**
 * The fabric a garment holds (issue 31 item 7): while reserved, a field to change its metres;
 * once cut, what was taken (and what the stock lacked).
 */
function FabricRow({ fabric, name }: { fabric: GarmentFabric; name: string }) {
  const fetcher = useAdminFetcher();
  const id = `fabric-${fabric.garmentId}`;
  const metres = (fabric.lengthCm / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 });
  const error =
    fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors?.metres ?? null) : null;
  if (fabric.state === 'cut') {
    return (
      <p className="text-sm">
        Fabric: {metres} m of {fabric.fabricName} cut
        {fabric.shortCm > 0 &&
          ` (the stock lacked ${(fabric.shortCm / 100).toLocaleString('en-IN')} m)`}
      </p>
    );
  }
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
      <input type="hidden" name="intent" value="set-fabric-length" />
      <input type="hidden" name="garmentId" value={fabric.garmentId} />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Metres of {fabric.fabricName} reserved <span className="sr-only">({name})</span>
        </label>
        <input
          id={id}
          name="metres"
          inputMode="decimal"
          defaultValue={metres}
          key={fabric.lengthCm}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-11 w-24 rounded-md border border-border bg-white px-3 text-base sm:h-10 md:text-sm"
        />
      </div>
      <Button
        type="submit"
        variant="outline"
        disabled={fetcher.state !== 'idle'}
        aria-label={`Save the metres of ${name}`}
        className="min-h-11 sm:min-h-10"
      >
        Save metres
      </Button>
      {error && (
        <p id={`${id}-error`} className="w-full text-sm text-destructive">
          {error}
        </p>
      )}
    </fetcher.Form>
  );
}
