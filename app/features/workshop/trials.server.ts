/**
 * Recording a trial (issue 31 item 5, "At a trial, staff record the outcome for each garment:
 * fits, or alterations needed, with notes"): the trial form's command. It moves the garment's
 * ticket with `moveTicket` (the version the page saw, so a stale page is refused), and the move's
 * hook (`noteTrialOutcome`, trial-outcomes.server.ts) stores the outcome, gives the alteration
 * to its worker and audits it. What the customer is told (and not told) is documented there.
 */
import type { Db } from '~/lib/db.server';
import { Refusal } from '~/lib/refusal';
import type { TrialOutcome } from '~/lib/schema-enums';
import type { OrderMailSite } from '~/features/orders/orders-commands.server';
import { stageChoices } from './stages';
import { moveTicket, ticketCard, type MovedTicket, type WorkshopActor } from './tickets.server';
import { getWorkshopSettings } from './workshop-settings.server';

/** The trial form: the outcome, the notes and (for an alteration) who alters the garment. */
export interface TrialInput {
  garmentId: number;
  /** The ticket's version the page saw. */
  expectedVersion: number;
  outcome: TrialOutcome;
  /** Up to 1000 characters; '' for none. */
  notes: string;
  /** A staff account's id; undefined keeps the garment's current assignee. */
  alterationAssigneeId?: string;
  actor: WorkshopActor;
}

/**
 * Records garment `garmentId`'s trial: 'fits' moves its ticket to the stage after the trial
 * (ready, in the usual order), 'alteration' to its alteration stage, given to
 * `alterationAssigneeId` or the current assignee. `site` is where the order's milestone messages
 * link to (sent by the move only when the order's step advances). Resolves to the move, with a
 * message for the toast.
 * @throws Refusal as `moveTicket` does ('not-found', 'conflict' for a stale page or a garment
 *   not at its trial), and 'invalid' for an alteration worker who is not staff.
 */
export async function recordTrialOutcome(
  db: Db,
  input: TrialInput,
  site: OrderMailSite,
  now = new Date(),
): Promise<MovedTicket> {
  const card = await ticketCard(db, input.garmentId);
  if (!card) throw new Refusal('not-found', 'This garment has no work ticket.');
  const settings = await getWorkshopSettings(db);
  const toStage =
    input.outcome === 'alteration' ? 'alteration' : stageChoices('trial', settings)[0];
  if (!toStage || settings.skipTrial) {
    throw new Refusal('conflict', 'The workshop settings skip the trial.');
  }
  const moved = await moveTicket(
    db,
    {
      garmentId: input.garmentId,
      toStage,
      expectedVersion: input.expectedVersion,
      actor: input.actor,
      trial: { notes: input.notes, alterationAssigneeId: input.alterationAssigneeId },
    },
    site,
    now,
  );
  const garment = card.garment.toLowerCase();
  const stageName = settings.labels[toStage];
  return {
    ...moved,
    message:
      input.outcome === 'fits'
        ? `The ${garment} fits: it is now at ${stageName}.`
        : `The ${garment} needs alterations: it is now at ${stageName}. Book its next trial when it is done.`,
  };
}
