/**
 * The one-tap ticket page (issue 31 item 4: "A workshop user who scans it on a phone lands on a
 * page, light on a cheap phone, that moves the stage in one tap"): the order's number, the
 * garment, the customer's first name only, the stage, its due date and assignee, and one big
 * button "Move to <next stage>" (the ticket's version in a hidden field), with the alteration
 * beside it at a trial. Plain forms: it works before (and without) the page's script, at 375 px.
 * At a trial it records the outcome instead (issue 31 item 5: notes, "Fits" or "Alterations
 * needed"), shows the garment's trials so far, and during an alteration offers staff who book
 * to book the next trial on the order's page.
 */
import { Form, Link, useNavigation } from 'react-router';
import { formatShopDate } from '~/lib/shop-time';
import type { AdminOutcome } from '~/features/admin/shared/admin-action.server';
import type { StaffChoice, TicketCard } from '~/features/workshop/tickets.server';
import type { TrialRecord } from '~/features/workshop/trial-outcomes.server';
import { TrialFields, TrialHistory } from './trial-panel';

export function TicketScreen({
  ticket,
  trials,
  staff,
  mayBookTrial,
  mayOpenOrder,
  outcome,
}: {
  ticket: TicketCard;
  /** The garment's trials so far (issue 31 item 5). */
  trials: TrialRecord[];
  /** Who an alteration can go to; empty for a role that does not assign. */
  staff: StaffChoice[];
  /** The viewer may book the next trial (on the order's page). */
  mayBookTrial: boolean;
  /** The order number links to the order's page only for a role that may open it. */
  mayOpenOrder: boolean;
  /** The last move's answer, shown under the button. */
  outcome?: AdminOutcome;
}) {
  const busy = useNavigation().state !== 'idle';
  // At a trial the outcome is recorded (fits: on to ready; alterations: to the alteration).
  const atTrial = ticket.stage === 'trial' && ticket.choices.some((c) => c.stage === 'alteration');
  return (
    <div className="mx-auto grid w-full max-w-md gap-4 p-4">
      <p className="text-sm text-muted-foreground">
        Order{' '}
        {mayOpenOrder ? (
          <Link
            to={`/admin/orders/${encodeURIComponent(ticket.number)}`}
            className="font-mono text-primary underline"
          >
            {ticket.number}
          </Link>
        ) : (
          <span className="font-mono">{ticket.number}</span>
        )}
        {' · '}
        <Link to="/admin/workshop" className="text-primary underline">
          Production board
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">
        {ticket.garment}{' '}
        <span className="text-muted-foreground">for {ticket.customerFirstName}</span>
      </h1>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-base">
        <dt className="text-muted-foreground">Stage</dt>
        <dd className="font-semibold">{ticket.stageLabel}</dd>
        <dt className="text-muted-foreground">Due</dt>
        <dd>
          {ticket.dueOn ? (
            <time dateTime={ticket.dueOn}>{formatShopDate(ticket.dueOn)}</time>
          ) : (
            'No date'
          )}
        </dd>
        <dt className="text-muted-foreground">Assigned to</dt>
        <dd>{ticket.assigneeName ?? 'No one'}</dd>
      </dl>
      {ticket.cancelled && <p>This order was cancelled: its garments do not move.</p>}
      <TrialHistory trials={trials} name={ticket.garment} />
      {ticket.stage === 'alteration' && mayBookTrial && (
        <Link
          to={`/admin/orders/${encodeURIComponent(ticket.number)}#book-trial`}
          className="text-base text-primary underline"
        >
          Book the next trial
        </Link>
      )}
      {atTrial && (
        <Form method="post" className="rounded-xl border border-border p-3">
          <TrialFields
            garmentId={ticket.garmentId}
            version={ticket.version}
            assigneeId={ticket.assigneeId}
            staff={staff}
            name={ticket.garment}
            busy={busy}
            large
          />
        </Form>
      )}
      {!atTrial &&
        ticket.choices.map((choice, index) => (
          <Form method="post" key={choice.stage}>
            <input type="hidden" name="intent" value="move-ticket" />
            <input type="hidden" name="garmentId" value={ticket.garmentId} />
            <input type="hidden" name="toStage" value={choice.stage} />
            <input type="hidden" name="version" value={ticket.version} />
            <button
              type="submit"
              disabled={busy}
              className={
                index === 0
                  ? 'min-h-16 w-full rounded-xl bg-primary px-4 text-lg font-semibold text-primary-foreground disabled:opacity-60'
                  : 'min-h-12 w-full rounded-xl border border-border bg-background px-4 text-base font-medium disabled:opacity-60'
              }
            >
              Move to {choice.label}
            </button>
          </Form>
        ))}
      {!ticket.cancelled && ticket.choices.length === 0 && (
        <p className="text-muted-foreground">This garment has been delivered.</p>
      )}
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className="text-base">
          {outcome.message}
        </p>
      )}
    </div>
  );
}
