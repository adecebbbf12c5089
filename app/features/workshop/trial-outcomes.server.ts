/**
 * Trials and their outcomes (issue 31 item 5, "Trials and alterations"): `trial_outcomes`, which
 * this folder owns, holds one row per trial visit per garment: fits or alterations needed, the
 * notes for whoever alters it, who the alteration went to, who recorded it and when.
 *
 * - `noteTrialOutcome` is `moveTicket`'s hook (one call, inside the move's transaction): every
 *   move out of a trial records that visit's outcome, whether it came from the trial form (with
 *   notes and the alteration's worker) or from a plain move on the board ('fits' on to ready,
 *   'alteration' to the alteration, without notes). An alteration goes to the worker chosen
 *   (by default the garment's current assignee), who then holds the ticket and reads the notes.
 * - `trialHistoryOf` reads the outcomes back for the order's Tickets panel and the one-tap page.
 *
 * The customer hears nothing of this: trial and alteration both leave the order at its
 * 'fitting' step, and the order's milestone messages go out only when that step advances
 * (orders' `followTickets`). So "Ready for trial" is sent once, when the order's last garment
 * reaches its first trial; an alteration and the second trial after it send nothing, and the
 * customer learns of the next trial from its booking (the appointment's own message and
 * reminders, offered on the page once an alteration is recorded). "Ready for pickup" (with the
 * balance due) follows when every garment is ready.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Actor, DbOrTx } from '~/lib/audit.server';
import { Refusal } from '~/lib/refusal';
import { trialOutcomes, user, workTickets, workTicketStages } from '~/lib/schema.server';
import type { TrialOutcome, WorkStage } from '~/lib/schema-enums';

/** The longest trial notes kept (characters). */
export const TRIAL_NOTES_MAX = 1000;

/** What the trial form adds to a move out of a trial. */
export interface TrialNotes {
  /** "Shorten sleeves 1 cm": shown to whoever alters the garment; '' for none. */
  notes: string;
  /**
   * Who alters the garment (a staff account's id), for an alteration; undefined keeps the
   * garment's current assignee.
   */
  alterationAssigneeId?: string;
}

/** A move as `moveTicket` hands it to the hook, after the stage rows are written. */
export interface TrialMove {
  ticketId: number;
  from: WorkStage;
  to: WorkStage;
  /** The ticket's assignee before the move. */
  assigneeId: string | null;
  /** The trial form's part, when the move came from it. */
  trial?: TrialNotes;
  actor: Actor & { name: string };
  now: Date;
}

/**
 * Records the outcome of the trial a ticket leaves (`moveTicket`'s hook, in its transaction):
 * 'alteration' when it moves to its alteration, 'fits' otherwise, against the trial's stage row
 * (the visit; one outcome each). An alteration goes to `trial.alterationAssigneeId` (staff, not
 * banned) or stays with the current assignee: the ticket and its alteration row are given to
 * that worker. The row is the trial's record (who, when, what); the move itself is audited by
 * `moveTicket` ('workshop.move'). A move that does not leave a trial records nothing.
 * @throws Refusal 'conflict' when the trial form's outcome is sent for a garment no longer at
 *   its trial; 'invalid' (field `alterationAssigneeId`) for an assignee who is not staff.
 */
export async function noteTrialOutcome(tx: DbOrTx, move: TrialMove): Promise<void> {
  if (move.from !== 'trial') {
    if (move.trial) {
      throw new Refusal(
        'conflict',
        'This garment is not at its trial any more; the page shows where it is now.',
      );
    }
    return;
  }
  const [visit] = await tx
    .select({ id: workTicketStages.id })
    .from(workTicketStages)
    .where(
      and(
        eq(workTicketStages.ticketId, move.ticketId),
        eq(workTicketStages.stage, 'trial'),
        isNotNull(workTicketStages.startedAt),
      ),
    )
    .orderBy(desc(workTicketStages.position))
    .limit(1);
  if (!visit) return;
  const outcome: TrialOutcome = move.to === 'alteration' ? 'alteration' : 'fits';
  const notes = (move.trial?.notes ?? '').trim().slice(0, TRIAL_NOTES_MAX);
  let alterationBy: { id: string; name: string } | null = null;
  if (outcome === 'alteration') {
    const wanted = move.trial?.alterationAssigneeId ?? move.assigneeId;
    if (wanted !== null) {
      const [staff] = await tx
        .select({ id: user.id, name: user.name })
        .from(user)
        .where(and(eq(user.id, wanted), ne(user.role, 'user'), eq(user.banned, false)));
      if (!staff) {
        throw new Refusal('invalid', 'Please choose a member of staff.', 'alterationAssigneeId');
      }
      alterationBy = staff;
    }
    if ((alterationBy?.id ?? null) !== move.assigneeId) {
      await tx
        .update(workTickets)
        .set({ assigneeId: alterationBy?.id ?? null, updatedAt: move.now })
        .where(eq(workTickets.id, move.ticketId));
      await tx
        .update(workTicketStages)
        .set({ assigneeId: alterationBy?.id ?? null })
        .where(and(eq(workTicketStages.ticketId, move.ticketId), isNull(workTicketStages.endedAt)));
    }
  }
  await tx.insert(trialOutcomes).values({
    ticketId: move.ticketId,
    trialStageId: visit.id,
    outcome,
    notes,
    alterationAssigneeId: alterationBy?.id ?? null,
    recordedById: move.actor.id,
    recordedByName: move.actor.name,
    recordedAt: move.now,
  });
}

/** One trial visit's outcome as the back office shows it. */
export interface TrialRecord {
  /** 1 for the garment's first trial, 2 for the next, … */
  visit: number;
  outcome: TrialOutcome;
  notes: string;
  /** Who the alteration went to, or null ('fits', or no one). */
  alterationByName: string | null;
  recordedByName: string;
  /** ISO 8601. */
  recordedAt: string;
}

/**
 * The trial outcomes of garments `garmentIds`, oldest first, by garment id (a garment without
 * one is absent).
 */
export async function trialHistoryOf(
  db: DbOrTx,
  garmentIds: readonly number[],
): Promise<Map<number, TrialRecord[]>> {
  const history = new Map<number, TrialRecord[]>();
  if (garmentIds.length === 0) return history;
  const rows = await db
    .select({
      garmentId: workTickets.garmentId,
      outcome: trialOutcomes.outcome,
      notes: trialOutcomes.notes,
      alterationByName: user.name,
      recordedByName: trialOutcomes.recordedByName,
      recordedAt: trialOutcomes.recordedAt,
    })
    .from(trialOutcomes)
    .innerJoin(workTickets, eq(workTickets.id, trialOutcomes.ticketId))
    .leftJoin(user, eq(user.id, trialOutcomes.alterationAssigneeId))
    .where(inArray(workTickets.garmentId, [...garmentIds]))
    .orderBy(asc(trialOutcomes.recordedAt), asc(trialOutcomes.id));
  for (const row of rows) {
    const list = history.get(row.garmentId) ?? [];
    list.push({
      visit: list.length + 1,
      outcome: row.outcome,
      notes: row.notes,
      alterationByName: row.alterationByName,
      recordedByName: row.recordedByName,
      recordedAt: row.recordedAt.toISOString(),
    });
    history.set(row.garmentId, list);
  }
  return history;
}
