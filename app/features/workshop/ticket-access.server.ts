/**
 * Who opens which work ticket (issue 31 item 2: the workshop role sees "their own tickets, the
 * measurements and style of those garments"): staff whose role holds `ticket: read-all` (the
 * owner and the counter) open every ticket; a workshop member only the tickets assigned to
 * them. Everything else answers as if the garment did not exist (404), so a guessed garment id
 * tells nothing. The job card and the one-tap page both go through here.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { workTickets, workTicketStages } from '~/lib/schema.server';
import { mayDo, type SessionUser } from '~/features/account/session.server';
import type { JobCardTicket } from './job-card.server';
import { ticketCard, type TicketCard } from './tickets.server';
import { trialHistoryOf } from './trial-outcomes.server';

type Viewer = Pick<SessionUser, 'id' | 'role'>;

/** True when `viewer`'s role opens every ticket, not only those assigned to them. */
export function seesAllTickets(viewer: Viewer): boolean {
  return mayDo(viewer, { ticket: ['read-all'] });
}

/** True when `viewer` may open (and move) a ticket assigned to `assigneeId` (null: no one). */
function mayOpenTicket(viewer: Viewer, assigneeId: string | null): boolean {
  return seesAllTickets(viewer) || (assigneeId !== null && assigneeId === viewer.id);
}

/**
 * Garment `garmentId`'s ticket as `viewer` may see it on the one-tap page.
 * @returns null for no such ticket, and for a ticket that is not the viewer's to open.
 */
export async function ticketCardFor(
  db: Db,
  viewer: Viewer,
  garmentId: number,
): Promise<TicketCard | null> {
  const ticket = await ticketCard(db, garmentId);
  return ticket && mayOpenTicket(viewer, ticket.assigneeId) ? ticket : null;
}

/**
 * The work ticket's part of garment `garmentId`'s job card for `viewer`: its stage, assignee,
 * trial due date (the newest trial stage's), and at an alteration the last trial's notes (issue
 * 31 item 5: the notes visible to whoever alters it); delivery is the order's promised date, which the
 * card reads itself. `undefined` when the garment has no ticket (a card
 * without its ticket part, for staff who see every ticket).
 * @returns null when the viewer may not open it (answered 404).
 */
export async function jobCardTicketFor(
  db: Db,
  viewer: Viewer,
  garmentId: number,
): Promise<JobCardTicket | undefined | null> {
  const ticket = await ticketCard(db, garmentId);
  if (!ticket) return seesAllTickets(viewer) ? undefined : null;
  if (!mayOpenTicket(viewer, ticket.assigneeId)) return null;
  const [trial] = await db
    .select({ dueOn: workTicketStages.dueOn })
    .from(workTicketStages)
    .innerJoin(workTickets, eq(workTickets.id, workTicketStages.ticketId))
    .where(and(eq(workTickets.garmentId, garmentId), eq(workTicketStages.stage, 'trial')))
    .orderBy(desc(workTicketStages.position))
    .limit(1);
  return {
    stage: ticket.stageLabel,
    trialDueOn: trial?.dueOn ?? null,
    // Delivery is the order's promised date, which the card takes when none is given here.
    deliveryDueOn: null,
    assigneeName: ticket.assigneeName,
    alterationNotes:
      ticket.stage === 'alteration'
        ? ((await trialHistoryOf(db, [garmentId])).get(garmentId)?.at(-1)?.notes ?? null) || null
        : null,
  };
}
