/**
 * The back office's work tickets (issue 31 item 1 and the one-tap page of item 4): the forms
 * that move a garment's ticket to a stage and assign it, wired to the workshop's commands
 * (features/workshop/tickets.server.ts, which hold the rules, the version check and the audit),
 * and the Tickets panel of a bespoke order's page.
 */
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { adminHandler, type AnyAdminHandler } from '~/features/admin/shared/admin-action.server';
import type { OrderMailSite } from '~/features/orders/orders-commands.server';
import {
  assignTicket,
  moveTicket,
  staffChoices,
  ticketsOfOrder,
  type StaffChoice,
  type TicketView,
} from '~/features/workshop/tickets.server';
import { WORK_STAGES } from '~/features/workshop/stages';
import { ticketCardFor } from '~/features/workshop/ticket-access.server';
import {
  fabricLengthSchema,
  fabricOfOrder,
  setGarmentFabricLength,
  type GarmentFabric,
} from '~/features/workshop/fabric.server';
import { Refusal } from '~/lib/refusal';
import { TRIAL_OUTCOMES } from '~/lib/schema-enums';
import { mayDo, type SessionUser } from '~/features/account/session.server';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import { recordTrialOutcome } from '~/features/workshop/trials.server';
import {
  TRIAL_NOTES_MAX,
  trialHistoryOf,
  type TrialRecord,
} from '~/features/workshop/trial-outcomes.server';

const GARMENT_GONE = 'This garment could not be found.';
const OUT_OF_DATE = 'This page is out of date. Reload it and try again.';

const garmentIdField = z.coerce
  .number<string>({ error: GARMENT_GONE })
  .int(GARMENT_GONE)
  .positive(GARMENT_GONE)
  .max(2_147_483_647, GARMENT_GONE);

/** The form of 'move-ticket': the garment, the stage to move it to, the ticket's version seen. */
const moveTicketSchema = z.object({
  garmentId: garmentIdField,
  toStage: z.enum(WORK_STAGES, { error: 'Please choose the stage to move the garment to.' }),
  version: z.coerce
    .number<string>({ error: OUT_OF_DATE })
    .int(OUT_OF_DATE)
    .min(1, OUT_OF_DATE)
    .max(2_147_483_647, OUT_OF_DATE),
});

/** The form of 'assign-ticket': the garment and a staff account's id, or '' for no one. */
const assignTicketSchema = z.object({
  garmentId: garmentIdField,
  assigneeId: z
    .string()
    .trim()
    .max(100, 'Please choose a member of staff.')
    .optional()
    .transform((value) => value || null),
});

/**
 * The form of 'record-trial' (issue 31 item 5): the garment, the ticket's version seen, the
 * outcome (the button pressed), the notes and, for an alteration, who alters it ('' or absent:
 * the garment's current assignee).
 */
const recordTrialSchema = z.object({
  garmentId: garmentIdField,
  version: moveTicketSchema.shape.version,
  outcome: z.enum(TRIAL_OUTCOMES, { error: 'Please choose: fits, or alterations needed.' }),
  notes: z
    .string()
    .trim()
    .max(TRIAL_NOTES_MAX, `Please keep the notes under ${TRIAL_NOTES_MAX} characters.`)
    .optional()
    .transform((value) => value ?? ''),
  alterationAssigneeId: z
    .string()
    .trim()
    .max(100, 'Please choose a member of staff.')
    .optional()
    .transform((value) => value || undefined),
});

/** The intents of a garment's ticket. */
export type TicketIntent = 'move-ticket' | 'assign-ticket' | 'record-trial';

/**
 * The action handlers of the tickets, by intent, for `runAdminAction` (the order's page and the
 * one-tap ticket page). `site()` gives where the order's milestone messages link to, read only
 * when a move is made.
 */
export function ticketHandlers(deps: {
  db: Db;
  site: () => Promise<OrderMailSite>;
}): Record<TicketIntent, AnyAdminHandler> {
  return {
    'move-ticket': adminHandler(moveTicketSchema, async (input, admin) => {
      // A workshop member moves only their own garments; another's answers as unknown.
      if (!(await ticketCardFor(deps.db, admin, input.garmentId))) {
        throw new Refusal('not-found', GARMENT_GONE);
      }
      const moved = await moveTicket(
        deps.db,
        {
          garmentId: input.garmentId,
          toStage: input.toStage,
          expectedVersion: input.version,
          actor: { id: admin.id, email: admin.email, name: admin.name },
        },
        await deps.site(),
      );
      return { message: moved.message, id: input.garmentId };
    }),
    'record-trial': adminHandler(recordTrialSchema, async (input, admin) => {
      // A workshop member records the trials of their own garments only.
      const ticket = await ticketCardFor(deps.db, admin, input.garmentId);
      if (!ticket) throw new Refusal('not-found', GARMENT_GONE);
      // Giving the alteration to someone else is an assignment: the roles that assign.
      const other =
        input.alterationAssigneeId !== undefined &&
        input.alterationAssigneeId !== ticket.assigneeId;
      if (other && !mayDo(admin, { ticket: ['assign'] })) {
        throw new Refusal('forbidden', 'You may not give this garment to someone else.');
      }
      const moved = await recordTrialOutcome(
        deps.db,
        {
          garmentId: input.garmentId,
          expectedVersion: input.version,
          outcome: input.outcome,
          notes: input.notes,
          alterationAssigneeId: input.alterationAssigneeId,
          actor: { id: admin.id, email: admin.email, name: admin.name },
        },
        await deps.site(),
      );
      return { message: moved.message, id: input.garmentId };
    }),
    'assign-ticket': adminHandler(assignTicketSchema, (input, admin) =>
      assignTicket(deps.db, {
        garmentId: input.garmentId,
        assigneeId: input.assigneeId,
        actor: { id: admin.id, email: admin.email, name: admin.name },
      }),
    ),
  };
}

/**
 * The action handler of a garment's fabric (issue 31 item 7): 'set-fabric-length' changes the
 * metres a garment holds (features/workshop/fabric.server.ts holds the rule and the audit).
 */
export function fabricHandlers(db: Db): Record<'set-fabric-length', AnyAdminHandler> {
  return {
    'set-fabric-length': adminHandler(fabricLengthSchema, async (input, admin) => ({
      message: await setGarmentFabricLength(db, admin, input),
      id: input.garmentId,
    })),
  };
}

/** The Tickets panel of a bespoke order: its garments' tickets and the staff to assign. */
export interface TicketsPanel {
  tickets: TicketView[];
  staff: StaffChoice[];
  /** Each garment's trial outcomes, oldest first, by garment id (issue 31 item 5). */
  trials: Record<number, TrialRecord[]>;
  /** The fabric each garment holds or was cut from (issue 31 item 7). */
  fabric: GarmentFabric[];
}

/** Order `orderId`'s Tickets panel, or null when it has no tickets (a shop order). */
export async function ticketsPanel(db: Db, orderId: number): Promise<TicketsPanel | null> {
  const tickets = await ticketsOfOrder(db, orderId);
  if (tickets.length === 0) return null;
  const [staff, trials, fabric] = await Promise.all([
    staffChoices(db),
    trialHistoryOf(
      db,
      tickets.map((ticket) => ticket.garmentId),
    ),
    fabricOfOrder(db, orderId),
  ]);
  return { tickets, staff, trials: Object.fromEntries(trials), fabric };
}

/**
 * What the one-tap page shows of garment `garmentId`'s trials for `viewer` (issue 31 item 5):
 * the outcomes so far, the staff an alteration can go to (empty for a role that does not
 * assign: the alteration then stays with the garment's assignee), and whether the viewer may
 * book the next trial (on the order's page, which needs `orders: edit`) and open the order's
 * page at all (`orders: read`; the workshop may not).
 */
export async function ticketTrials(
  db: Db,
  viewer: Pick<SessionUser, 'role'>,
  garmentId: number,
): Promise<{
  trials: TrialRecord[];
  staff: StaffChoice[];
  mayBookTrial: boolean;
  mayOpenOrder: boolean;
}> {
  const mayAssign = mayDo(viewer, { ticket: ['assign'] });
  const [history, staff] = await Promise.all([
    trialHistoryOf(db, [garmentId]),
    mayAssign ? staffChoices(db) : Promise.resolve([]),
  ]);
  return {
    trials: history.get(garmentId) ?? [],
    staff,
    mayBookTrial: mayDo(viewer, { orders: ['edit'] }),
    mayOpenOrder: mayDo(viewer, PAGE_PERMISSIONS['/admin/orders/:number']),
  };
}
