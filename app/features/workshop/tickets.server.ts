/**
 * Work tickets (issue 31 item 1, "A work ticket per garment"): the workshop's commands and
 * queries over `work_tickets` and `work_ticket_stages`, which this folder owns.
 *
 * - Each garment of a bespoke order gets a ticket in the transaction that stores it
 *   (`workshopHooks`, handed to the bespoke orders' commands by the back office), at 'measured',
 *   with a row per planned stage and its due date worked back from the order's promised date
 *   (`stageDueDates`); a garment stored before the workshop gets one from `openMissingTickets`.
 * - `moveTicket` moves a ticket over the version its page saw (a lost race is refused), records
 *   when each stage started and ended and who moved it, writes the audit entry, and moves the
 *   order with its least advanced ticket through the orders' `followTickets`.
 * - `assignTicket` gives a ticket (and its stages still to come) to a staff member.
 */
import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { recordAudit, type Actor, type DbOrTx } from '~/lib/audit.server';
import type { Tx } from '~/lib/audited-write.server';
import { Refusal } from '~/lib/refusal';
import { bespokeGarments, orders, user, workTickets, workTicketStages } from '~/lib/schema.server';
import { FULFILMENT_STATUSES, type FulfilmentStatus, type GarmentType } from '~/lib/schema-enums';
import type { GarmentHooks } from '~/features/bespoke/bespoke-orders.server';
import { garmentLabel } from '~/features/bespoke/style-groups';
import { followTickets, type OrderMailSite } from '~/features/orders/orders-commands.server';
import { balanceOf } from '~/features/payments/ledger.server';
import {
  canMoveStage,
  fulfilmentOfTickets,
  plannedStages,
  shopperProgress,
  stageChoices,
  stageDueDates,
  type WorkshopSettings,
  type WorkStage,
} from './stages';
import { getWorkshopSettings } from './workshop-settings.server';
import { noteTrialOutcome, type TrialNotes } from './trial-outcomes.server';
import { creditFinishedStages } from './wages.server';
import { consumeAtCutting, reserveOrderFabric } from './fabric.server';

/** The refusal of a move that lost a race (issue 31 item 1: "two people … cannot both win"). */
export const MOVED_JUST_NOW =
  'Someone else moved this garment just now; the page shows where it is now.';

const TICKET_GONE = 'This garment has no work ticket.';

/** Who moves or assigns a ticket: the audit's actor, with the name the stage records. */
export interface WorkshopActor extends Actor {
  name: string;
}

/* ------------------------------------------------------------------------------------------ */
/* Opening tickets                                                                            */
/* ------------------------------------------------------------------------------------------ */

/**
 * Opens a ticket for each garment of order `order` that has none (garment ids, types), in the
 * caller's transaction: at stage `at` ('measured' for a new garment), with a row per planned
 * stage (`plannedStages`) and its due date worked back from `order.promisedOn`
 * ('YYYY-MM-DD', Kolkata) with the workshop's durations; the row of `at` is started at `now`.
 * A garment that has a ticket already keeps it (garment_id is unique).
 * @returns how many tickets were opened.
 */
export async function openTickets(
  tx: DbOrTx,
  order: { id: number; promisedOn: string | null },
  garments: readonly { id: number; garmentType: GarmentType }[],
  now: Date,
  at: WorkStage = 'measured',
  settings?: WorkshopSettings,
): Promise<number> {
  if (garments.length === 0) return 0;
  const rules = settings ?? (await getWorkshopSettings(tx));
  const planned = plannedStages(rules);
  let opened = 0;
  for (const garment of garments) {
    const [ticket] = await tx
      .insert(workTickets)
      .values({
        garmentId: garment.id,
        orderId: order.id,
        stage: at,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: workTickets.garmentId })
      .returning({ id: workTickets.id });
    if (!ticket) continue;
    opened += 1;
    const due = stageDueDates(garment.garmentType, order.promisedOn, rules);
    const stages = planned.includes(at) ? planned : [...planned, at];
    await tx.insert(workTicketStages).values(
      stages.map((stage, index) => ({
        ticketId: ticket.id,
        stage,
        position: index + 1,
        dueOn: due.get(stage) ?? null,
        startedAt: stage === at ? now : null,
      })),
    );
  }
  return opened;
}

/**
 * Works the due dates of order `orderId`'s stages not ended yet out again from a new promised
 * date ('YYYY-MM-DD' or null for none), in the caller's transaction (the promised date's edit).
 */
async function replanDueDates(
  tx: DbOrTx,
  orderId: number,
  promisedOn: string | null,
): Promise<void> {
  const settings = await getWorkshopSettings(tx);
  const rows = await tx
    .select({
      id: workTicketStages.id,
      stage: workTicketStages.stage,
      garmentType: bespokeGarments.garmentType,
    })
    .from(workTicketStages)
    .innerJoin(workTickets, eq(workTickets.id, workTicketStages.ticketId))
    .innerJoin(bespokeGarments, eq(bespokeGarments.id, workTickets.garmentId))
    .where(and(eq(workTickets.orderId, orderId), isNull(workTicketStages.endedAt)));
  for (const row of rows) {
    const due = stageDueDates(row.garmentType, promisedOn, settings).get(row.stage) ?? null;
    await tx.update(workTicketStages).set({ dueOn: due }).where(eq(workTicketStages.id, row.id));
  }
}

/**
 * The workshop's part in the bespoke orders' garment changes (`GarmentHooks`): a ticket for each
 * garment stored, due dates worked out again when the promised date changes. The back office
 * passes it to `createBespokeOrder`, `addGarment` and `updateBespokeOrder`.
 */
export const workshopHooks: GarmentHooks = {
  garmentsAdded: async (tx, order, garments, now) => {
    await openTickets(tx, order, garments, now);
    await reserveOrderFabric(
      tx,
      order.id,
      now,
      garments.map((garment) => garment.id),
    );
  },
  promisedDateChanged: (tx, orderId, promisedOn) => replanDueDates(tx, orderId, promisedOn),
};

/** The stage a garment stored before the workshop stands at, from its order's fulfilment. */
const STAGE_OF_FULFILMENT: Record<FulfilmentStatus, WorkStage> = {
  confirmed: 'measured',
  measuring: 'measured',
  cutting: 'cutting',
  stitching: 'stitching',
  fitting: 'trial',
  ready: 'ready',
  delivered: 'delivered',
};

/**
 * Opens a ticket for every bespoke garment that has none (the garments stored before the
 * workshop, issue 31 item 1), at the stage its order's fulfilment stands for, with due dates
 * from the order's promised date. Idempotent: run at every start, it opens nothing the second
 * time. Resolves to how many tickets were opened.
 */
export async function openMissingTickets(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const missing = await tx
      .select({
        id: bespokeGarments.id,
        garmentType: bespokeGarments.garmentType,
        orderId: orders.id,
        promisedOn: orders.promisedOn,
        fulfilmentStatus: orders.fulfilmentStatus,
      })
      .from(bespokeGarments)
      .innerJoin(orders, eq(orders.id, bespokeGarments.orderId))
      .leftJoin(workTickets, eq(workTickets.garmentId, bespokeGarments.id))
      .where(isNull(workTickets.id))
      .orderBy(asc(bespokeGarments.id));
    if (missing.length === 0) return 0;
    const settings = await getWorkshopSettings(tx);
    let opened = 0;
    for (const garment of missing) {
      const at = garment.fulfilmentStatus
        ? STAGE_OF_FULFILMENT[garment.fulfilmentStatus]
        : 'measured';
      opened += await openTickets(
        tx,
        { id: garment.orderId, promisedOn: garment.promisedOn },
        [garment],
        now,
        at,
        settings,
      );
    }
    return opened;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Moving and assigning                                                                       */
/* ------------------------------------------------------------------------------------------ */

/** A ticket as a move or an assignment reads it, with its garment and order. */
async function readTicket(tx: Tx, garmentId: number) {
  const [row] = await tx
    .select({
      id: workTickets.id,
      stage: workTickets.stage,
      version: workTickets.version,
      assigneeId: workTickets.assigneeId,
      orderId: workTickets.orderId,
      garmentType: bespokeGarments.garmentType,
      position: bespokeGarments.position,
      number: orders.number,
      orderStatus: orders.status,
    })
    .from(workTickets)
    .innerJoin(bespokeGarments, eq(bespokeGarments.id, workTickets.garmentId))
    .innerJoin(orders, eq(orders.id, workTickets.orderId))
    .where(eq(workTickets.garmentId, garmentId));
  return row;
}

/** 'Shirt (garment 2) of order RT-…', for the audit's summaries. */
const garmentWords = (ticket: { garmentType: GarmentType; position: number; number: string }) =>
  `${garmentLabel(ticket.garmentType)} (garment ${ticket.position}) of order ${ticket.number}`;

/** What a move answers: the toast's message, the stage reached and the ticket's new version. */
export interface MovedTicket {
  message: string;
  stage: WorkStage;
  version: number;
  /** The order's fulfilment step, when the move changed it. */
  orderStatus: FulfilmentStatus | null;
}

/**
 * Moves garment `garmentId`'s ticket to `toStage` over the version its page saw
 * (`expectedVersion`), in one transaction: the ticket's stage and version (raised by one; the
 * update names the version, so of two moves made from the same page one wins), the stage left
 * ended and the stage reached started at now with who moved it (`actor`'s id and name), the
 * audit entry ('workshop.move', entity 'garment'), and the order's fulfilment following its least
 * advanced ticket (`followTickets`: the milestone messages, e.g. 'Ready for trial' and 'Ready for
 * pickup' with the balance due, go out as for a move by hand). `site` is where those messages
 * link to. Which moves are allowed: `canMoveStage` (forward, trial ↔ alteration, the skipped
 * trial honoured). A move out of a trial records that visit's outcome (`noteTrialOutcome`, with
 * `trial`'s notes and alteration worker when the trial form sent them; issue 31 item 5).
 * @throws Refusal 'not-found' for a garment without a ticket; 'conflict' "Someone else moved this
 *   garment just now…" when the version is not the ticket's, "This order was cancelled…" for a
 *   cancelled order, or a move the rules do not allow.
 */
export async function moveTicket(
  db: Db,
  input: {
    garmentId: number;
    toStage: WorkStage;
    expectedVersion: number;
    actor: WorkshopActor;
    /** The trial form's notes and alteration worker (issue 31 item 5, `noteTrialOutcome`). */
    trial?: TrialNotes;
  },
  site: OrderMailSite,
  now = new Date(),
): Promise<MovedTicket> {
  const { actor } = input;
  return db.transaction(async (tx) => {
    const found = await readTicket(tx, input.garmentId);
    if (!found) throw new Refusal('not-found', TICKET_GONE);
    // Moves of one order's garments take turns (the order row's lock), so the order's step is
    // worked out from every garment's stage as committed, never from a stale one.
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.id, found.orderId))
      .for('update');
    const ticket = (await readTicket(tx, input.garmentId)) ?? found;
    if (ticket.version !== input.expectedVersion) throw new Refusal('conflict', MOVED_JUST_NOW);
    if (ticket.orderStatus === 'cancelled') {
      throw new Refusal('conflict', 'This order was cancelled: its garments do not move.');
    }
    const settings = await getWorkshopSettings(tx);
    const labels = settings.labels;
    if (!canMoveStage(ticket.stage, input.toStage, settings)) {
      throw new Refusal(
        'conflict',
        `This garment is at “${labels[ticket.stage]}”; it cannot move to “${labels[input.toStage]}”.`,
        'toStage',
      );
    }
    const [moved] = await tx
      .update(workTickets)
      .set({
        stage: input.toStage,
        version: sql`${workTickets.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(workTickets.id, ticket.id), eq(workTickets.version, input.expectedVersion)))
      .returning({ version: workTickets.version });
    if (!moved) throw new Refusal('conflict', MOVED_JUST_NOW);

    await tx
      .update(workTicketStages)
      .set({ endedAt: now })
      .where(
        and(
          eq(workTicketStages.ticketId, ticket.id),
          isNotNull(workTicketStages.startedAt),
          isNull(workTicketStages.endedAt),
        ),
      );
    await creditFinishedStages(tx, ticket, input.garmentId, actor.id, now);
    const rows = await tx
      .select({
        id: workTicketStages.id,
        stage: workTicketStages.stage,
        position: workTicketStages.position,
        dueOn: workTicketStages.dueOn,
        startedAt: workTicketStages.startedAt,
      })
      .from(workTicketStages)
      .where(eq(workTicketStages.ticketId, ticket.id))
      .orderBy(asc(workTicketStages.position));
    const reached = {
      startedAt: now,
      movedById: actor.id,
      movedByName: actor.name,
      assigneeId: ticket.assigneeId,
    };
    const waiting = rows.find((row) => row.stage === input.toStage && row.startedAt === null);
    if (waiting) {
      await tx.update(workTicketStages).set(reached).where(eq(workTicketStages.id, waiting.id));
    } else {
      // A stage visited again (a second trial, another alteration) gets a row of its own.
      const earlier = rows.filter((row) => row.stage === input.toStage).at(-1);
      await tx.insert(workTicketStages).values({
        ticketId: ticket.id,
        stage: input.toStage,
        position: (rows.at(-1)?.position ?? 0) + 1,
        dueOn: earlier?.dueOn ?? null,
        ...reached,
      });
    }

    await noteTrialOutcome(tx, {
      ticketId: ticket.id,
      from: ticket.stage,
      to: input.toStage,
      assigneeId: ticket.assigneeId,
      trial: input.trial,
      actor,
      now,
    });
    await consumeAtCutting(tx, input.garmentId, input.toStage, now);
    await recordAudit(tx, actor, {
      action: 'workshop.move',
      entity: 'garment',
      entityId: input.garmentId,
      summary: `Moved the ${garmentWords(ticket)} to ${labels[input.toStage]} (from ${labels[ticket.stage]})`,
      before: { stage: ticket.stage, version: ticket.version },
      after: { stage: input.toStage, version: moved.version },
    });

    const stages = await tx
      .select({ stage: workTickets.stage })
      .from(workTickets)
      .where(eq(workTickets.orderId, ticket.orderId));
    const status = fulfilmentOfTickets(
      stages.map((row) => row.stage),
      FULFILMENT_STATUSES,
    );
    const orderStatus =
      status === null
        ? null
        : await followTickets(tx, actor, { orderId: ticket.orderId, status }, site, {
            balanceDuePaise: async (inner, order) => (await balanceOf(inner, order)).balancePaise,
          });
    return {
      message: `The ${garmentLabel(ticket.garmentType).toLowerCase()} is now at ${labels[input.toStage]}.`,
      stage: input.toStage,
      version: moved.version,
      orderStatus,
    };
  });
}

/**
 * Assigns garment `garmentId`'s ticket to staff member `assigneeId` (an account whose role is
 * not 'user', not banned), or to no one (null): the ticket and its stages not ended yet. Does not
 * raise the ticket's version (a move's page stays valid). Audited 'workshop.assign'.
 * @throws Refusal 'not-found' for a garment without a ticket; 'invalid' for someone who is not
 *   staff.
 */
export async function assignTicket(
  db: Db,
  input: { garmentId: number; assigneeId: string | null; actor: WorkshopActor },
  now = new Date(),
): Promise<string> {
  return db.transaction(async (tx) => {
    const ticket = await readTicket(tx, input.garmentId);
    if (!ticket) throw new Refusal('not-found', TICKET_GONE);
    let name = 'no one';
    if (input.assigneeId !== null) {
      const [staff] = await tx
        .select({ name: user.name })
        .from(user)
        .where(and(eq(user.id, input.assigneeId), ne(user.role, 'user'), eq(user.banned, false)));
      if (!staff) {
        throw new Refusal('invalid', 'Please choose a member of staff.', 'assigneeId');
      }
      name = staff.name;
    }
    if (ticket.assigneeId === input.assigneeId) return 'Nothing changed.';
    await tx
      .update(workTickets)
      .set({ assigneeId: input.assigneeId, updatedAt: now })
      .where(eq(workTickets.id, ticket.id));
    await tx
      .update(workTicketStages)
      .set({ assigneeId: input.assigneeId })
      .where(and(eq(workTicketStages.ticketId, ticket.id), isNull(workTicketStages.endedAt)));
    await recordAudit(tx, input.actor, {
      action: 'workshop.assign',
      entity: 'garment',
      entityId: input.garmentId,
      summary: `Assigned the ${garmentWords(ticket)} to ${name}`,
      before: { assigneeId: ticket.assigneeId },
      after: { assigneeId: input.assigneeId },
    });
    return input.assigneeId === null
      ? `The ${garmentLabel(ticket.garmentType).toLowerCase()} is assigned to no one.`
      : `The ${garmentLabel(ticket.garmentType).toLowerCase()} is assigned to ${name}.`;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Reading                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** A choice of stage to move to: its key and the shop's name for it. */
interface StageChoice {
  stage: WorkStage;
  label: string;
}

/** A garment's ticket as the back office shows it. */
export interface TicketView {
  garmentId: number;
  /** The garment's place in its order (1, 2, …). */
  position: number;
  garmentType: GarmentType;
  garment: string;
  stage: WorkStage;
  stageLabel: string;
  /** The current stage's due date ('YYYY-MM-DD', Kolkata), or null. */
  dueOn: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  version: number;
  /** The one-tap moves: the next stage, and the alteration at a trial. */
  choices: StageChoice[];
}

/** The tickets of the orders `orderIds` (or one ticket, by garment), in garment order. */
async function ticketViews(
  db: DbOrTx,
  where: ReturnType<typeof eq>,
  settings: WorkshopSettings,
): Promise<(TicketView & { orderId: number })[]> {
  const rows = await db
    .select({
      garmentId: workTickets.garmentId,
      orderId: workTickets.orderId,
      position: bespokeGarments.position,
      garmentType: bespokeGarments.garmentType,
      stage: workTickets.stage,
      version: workTickets.version,
      assigneeId: workTickets.assigneeId,
      assigneeName: user.name,
      dueOn: sql<string | null>`(
        select s.due_on::text from ${workTicketStages} s
        where s.ticket_id = ${workTickets.id} and s.stage = ${workTickets.stage}
        order by (s.started_at is not null and s.ended_at is null) desc, s.position desc
        limit 1)`,
    })
    .from(workTickets)
    .innerJoin(bespokeGarments, eq(bespokeGarments.id, workTickets.garmentId))
    .leftJoin(user, eq(user.id, workTickets.assigneeId))
    .where(where)
    .orderBy(asc(bespokeGarments.position), asc(bespokeGarments.id));
  return rows.map((row) => ({
    ...row,
    garment: garmentLabel(row.garmentType),
    stageLabel: settings.labels[row.stage],
    choices: stageChoices(row.stage, settings).map((stage) => ({
      stage,
      label: settings.labels[stage],
    })),
  }));
}

/** Order `orderId`'s tickets for its page in the back office, in garment order. */
export async function ticketsOfOrder(db: Db, orderId: number): Promise<TicketView[]> {
  const settings = await getWorkshopSettings(db);
  return (await ticketViews(db, eq(workTickets.orderId, orderId), settings)).map(
    ({ orderId: _order, ...view }) => view,
  );
}

/** Whether order `orderId` has work tickets (its fulfilment then follows them). */
export async function orderHasTickets(db: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: workTickets.id })
    .from(workTickets)
    .where(eq(workTickets.orderId, orderId))
    .limit(1);
  return row !== undefined;
}

/** A member of staff a ticket can be given to. */
export interface StaffChoice {
  id: string;
  name: string;
}

/**
 * The accounts a ticket can be assigned to: every account whose role is not 'user' (the owner
 * and, with the staff roles, counter and workshop staff), not banned, by name.
 */
export async function staffChoices(db: Db): Promise<StaffChoice[]> {
  return db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(and(ne(user.role, 'user'), eq(user.banned, false)))
    .orderBy(asc(user.name), asc(user.id));
}

/** The one-tap ticket page (issue 31 item 4): what a workshop phone shows of a garment. */
export interface TicketCard extends TicketView {
  number: string;
  /** The customer's first name only: no contact, no surname. */
  customerFirstName: string;
  /** The order was cancelled: the ticket does not move. */
  cancelled: boolean;
}

/** Garment `garmentId`'s ticket for its one-tap page, or null when it has none. */
export async function ticketCard(db: Db, garmentId: number): Promise<TicketCard | null> {
  const settings = await getWorkshopSettings(db);
  const [view] = await ticketViews(db, eq(workTickets.garmentId, garmentId), settings);
  if (!view) return null;
  const [order] = await db
    .select({ number: orders.number, customerName: orders.customerName, status: orders.status })
    .from(orders)
    .where(eq(orders.id, view.orderId));
  if (!order) return null;
  const { orderId: _order, ...ticket } = view;
  const cancelled = order.status === 'cancelled';
  return {
    ...ticket,
    choices: cancelled ? [] : ticket.choices,
    number: order.number,
    customerFirstName: order.customerName.trim().split(/\s+/)[0] ?? '',
    cancelled,
  };
}

/** A garment's progress as the shopper reads it (issue 31 item 1). */
export interface GarmentProgress {
  position: number;
  garment: string;
  /** 'In making', 'Ready for trial', 'Being altered', 'Ready for pickup' or 'Delivered'. */
  progress: string;
}

/**
 * Order `orderId`'s garments with their progress in the shopper's words (`shopperProgress`: no
 * internal stage names), in garment order; empty for an order without tickets.
 */
export async function garmentProgressOf(db: Db, orderId: number): Promise<GarmentProgress[]> {
  const rows = await db
    .select({
      position: bespokeGarments.position,
      garmentType: bespokeGarments.garmentType,
      stage: workTickets.stage,
    })
    .from(workTickets)
    .innerJoin(bespokeGarments, eq(bespokeGarments.id, workTickets.garmentId))
    .where(eq(workTickets.orderId, orderId))
    .orderBy(asc(bespokeGarments.position), asc(bespokeGarments.id));
  return rows.map((row) => ({
    position: row.position,
    garment: garmentLabel(row.garmentType),
    progress: shopperProgress(row.stage),
  }));
}
