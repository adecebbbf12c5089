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

/** The intents of a garment's ticket. */
export type TicketIntent = 'move-ticket' | 'assign-ticket';

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
  /** The fabric each garment holds or was cut from (issue 31 item 7). */
  fabric: GarmentFabric[];
}

/** Order `orderId`'s Tickets panel, or null when it has no tickets (a shop order). */
export async function ticketsPanel(db: Db, orderId: number): Promise<TicketsPanel | null> {
  const tickets = await ticketsOfOrder(db, orderId);
  if (tickets.length === 0) return null;
  return { tickets, staff: await staffChoices(db), fabric: await fabricOfOrder(db, orderId) };
}
