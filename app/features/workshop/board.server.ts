/**
 * The production board (issue 31 item 3, `/admin/workshop`): the open work tickets in one
 * query, a column per stage and a card per garment.
 *
 * - Columns: the workshop settings' stage order (`plannedStages`: without the trial and its
 *   alteration when the shop skips the trial), without 'delivered' (a delivered garment has left
 *   the workshop; the board shows open tickets only). A ticket standing at a stage the settings
 *   skip now (a trial when the trial was turned off) still shows, in that stage's column.
 * - Cards: tickets of orders that are not cancelled, each with its order's number, the
 *   customer's first name only, the garment, the due date of the stage it stands at, the
 *   assignee and its marks ('overdue' before today, 'due-today' on today, Kolkata calendar days).
 *   In each column the viewer's own cards come first, then by due date (undated last), order
 *   number and garment.
 * - Filters (`boardFiltersSchema`, read from the URL's query): person ('me', 'none' or a staff
 *   account's id), garment type, and due week as an ISO week ('2026-W48', what
 *   `<input type="week">` sends): the stage's due date from that Monday to that Sunday. All
 *   filters run in SQL.
 *
 * One query (the tickets with their garment, order and assignee, and the row of the stage each
 * stands at through a lateral join on `work_ticket_stages_ticket_idx`); the open tickets come
 * from the partial index `work_tickets_open_idx`.
 */
import { and, asc, desc, eq, gte, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { bespokeGarments, orders, user, workTickets, workTicketStages } from '~/lib/schema.server';
import { GARMENT_TYPES, type GarmentType } from '~/lib/schema-enums';
import { addShopDays, shopDateOf, type ShopDate } from '~/lib/shop-time';
import { garmentLabel } from '~/features/bespoke/style-groups';
import { plannedStages, stageChoices, type WorkStage } from './stages';
import { slipOf } from './slip';
import { getWorkshopSettings } from './workshop-settings.server';

/* ------------------------------------------------------------------------------------------ */
/* Filters                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/**
 * A lateral subquery (`current_stage`: `dueOn`, `startedAt`) of the stage row each ticket of the
 * outer query stands at: a stage visited again has several rows, and the open one wins, else the
 * latest. Shared by the board and the delivery calendar.
 */
export function currentStageRow(db: Db) {
  return db
    .select({ dueOn: workTicketStages.dueOn, startedAt: workTicketStages.startedAt })
    .from(workTicketStages)
    .where(
      and(
        eq(workTicketStages.ticketId, workTickets.id),
        eq(workTicketStages.stage, workTickets.stage),
      ),
    )
    .orderBy(
      desc(
        sql`(${workTicketStages.startedAt} is not null and ${workTicketStages.endedAt} is null)`,
      ),
      desc(workTicketStages.position),
    )
    .limit(1)
    .as('current_stage');
}

/** An ISO week as `<input type="week">` writes it: '2026-W48'. */
const ISO_WEEK = /^(\d{4})-W(\d{2})$/;

/**
 * The Monday of ISO week `week` of `year` ('YYYY-MM-DD'), or null when the year has no such
 * week (week 53 of a year of 52 weeks). Week 1 is the week holding 4 January.
 */
function mondayOfIsoWeek(year: number, week: number): ShopDate | null {
  if (week < 1 || week > 53) return null;
  const fourth = new Date(Date.UTC(year, 0, 4));
  const firstMonday = addShopDays(
    fourth.toISOString().slice(0, 10),
    -((fourth.getUTCDay() + 6) % 7),
  );
  const monday = addShopDays(firstMonday, (week - 1) * 7);
  // The week belongs to the year its Thursday falls in.
  return addShopDays(monday, 3).startsWith(`${year}-`) ? monday : null;
}

/** The ISO week ('2026-W48') a shop day falls in: the week of its Thursday's year. */
function isoWeekOf(date: ShopDate): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  const thursday = addShopDays(date, 3 - weekday);
  const year = thursday.slice(0, 4);
  const days =
    (Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${year}-01-01T00:00:00Z`)) / 86_400_000;
  return `${year}-W${String(Math.floor(days / 7) + 1).padStart(2, '0')}`;
}

const PERSON_MESSAGE = 'Please choose a member of staff, yourself or no one.';
const WEEK_MESSAGE = 'Please give the due week as a week of the year, e.g. 2026-W48.';

/** An empty query value is no filter. */
const blankIsNone = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * The board's filters from the URL's query (`person`, `garment`, `week`; each optional, an empty
 * value is no filter): person 'me', 'none' or a staff account's id (up to 100 characters);
 * garment a garment type; week an ISO week 'YYYY-Www' that exists. Refusals carry the message a
 * user reads.
 */
const boardFiltersSchema = z.object({
  person: z.preprocess(
    blankIsNone,
    z.string({ error: PERSON_MESSAGE }).trim().max(100, PERSON_MESSAGE).optional(),
  ),
  garment: z.preprocess(
    blankIsNone,
    z.enum(GARMENT_TYPES, { error: 'Please choose a garment type.' }).optional(),
  ),
  week: z.preprocess(
    blankIsNone,
    z
      .string({ error: WEEK_MESSAGE })
      .regex(ISO_WEEK, WEEK_MESSAGE)
      .refine((week) => {
        // zod runs this check after a failed regex too.
        const match = ISO_WEEK.exec(week);
        return match !== null && mondayOfIsoWeek(Number(match[1]), Number(match[2])) !== null;
      }, WEEK_MESSAGE)
      .optional(),
  ),
});

/** The board's filters, parsed. */
export type BoardFilters = z.output<typeof boardFiltersSchema>;

/**
 * The filters of a URL query (repeated keys: the first value).
 * @returns the filters, or the first problem's message.
 */
export function parseBoardFilters(
  query: URLSearchParams,
): { ok: true; filters: BoardFilters } | { ok: false; message: string } {
  const parsed = boardFiltersSchema.safeParse({
    person: query.get('person') ?? undefined,
    garment: query.get('garment') ?? undefined,
    week: query.get('week') ?? undefined,
  });
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? WEEK_MESSAGE };
  }
  return { ok: true, filters: parsed.data };
}

/* ------------------------------------------------------------------------------------------ */
/* The board                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** A card's mark: its stage is due before today, or today (Kolkata calendar days). */
type DueMark = 'overdue' | 'due-today';

/** One garment on the board. */
export interface BoardCard {
  garmentId: number;
  /** The order's number (its back-office page is /admin/orders/:number). */
  number: string;
  /** The customer's first name only: no surname, no contact. */
  customerFirstName: string;
  garmentType: GarmentType;
  garment: string;
  /** The garment's place in its order (1, 2, …). */
  position: number;
  stage: WorkStage;
  /** The due date of the stage it stands at ('YYYY-MM-DD', Kolkata), or null. */
  dueOn: string | null;
  mark: DueMark | null;
  /** It will miss its order's promised date (issue 31 item 6, `slipOf` in slip.ts). */
  atRisk: boolean;
  assigneeId: string | null;
  assigneeName: string | null;
  /** The viewer is its assignee. */
  mine: boolean;
  /** The ticket's version, which a move names. */
  version: number;
  /** The moves a button offers: the next stage, and the alteration at a trial. */
  choices: { stage: WorkStage; label: string }[];
}

/** A column: a stage, in the shop's words, and its cards. */
export interface BoardColumn {
  stage: WorkStage;
  label: string;
  cards: BoardCard[];
}

/** The board as its page shows it. */
export interface ProductionBoard {
  columns: BoardColumn[];
  /** How many cards the board shows. */
  total: number;
  /** Today in Kolkata ('YYYY-MM-DD'), which the marks were worked out against. */
  today: ShopDate;
  /** The due week's Monday and Sunday, when the board is filtered by week. */
  week: { from: ShopDate; to: ShopDate } | null;
  /** Today's ISO week ('2026-W48'), for a "Due this week" filter. */
  thisWeek: string;
}

/** The customer's first name only. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/**
 * The production board for viewer `viewerId` (the signed-in staff member), filtered by
 * `filters`, with marks against `now`'s Kolkata date. See the module comment for the columns,
 * the order of the cards and the filters.
 */
export async function productionBoard(
  db: Db,
  viewerId: string,
  filters: BoardFilters = {},
  now = new Date(),
): Promise<ProductionBoard> {
  const settings = await getWorkshopSettings(db);
  const today = shopDateOf(now);

  const current = currentStageRow(db);

  const where: SQL[] = [ne(workTickets.stage, 'delivered'), ne(orders.status, 'cancelled')];
  if (filters.person === 'me') where.push(eq(workTickets.assigneeId, viewerId));
  else if (filters.person === 'none') where.push(isNull(workTickets.assigneeId));
  else if (filters.person) where.push(eq(workTickets.assigneeId, filters.person));
  if (filters.garment) where.push(eq(bespokeGarments.garmentType, filters.garment));
  let week: ProductionBoard['week'] = null;
  if (filters.week) {
    const [, year, number] = ISO_WEEK.exec(filters.week)!;
    const from = mondayOfIsoWeek(Number(year), Number(number))!;
    week = { from, to: addShopDays(from, 6) };
    where.push(gte(current.dueOn, week.from), lte(current.dueOn, week.to));
  }

  const rows = await db
    .select({
      garmentId: workTickets.garmentId,
      stage: workTickets.stage,
      version: workTickets.version,
      assigneeId: workTickets.assigneeId,
      assigneeName: user.name,
      garmentType: bespokeGarments.garmentType,
      position: bespokeGarments.position,
      number: orders.number,
      customerName: orders.customerName,
      dueOn: current.dueOn,
      startedAt: current.startedAt,
      promisedOn: orders.promisedOn,
    })
    .from(workTickets)
    .innerJoin(bespokeGarments, eq(bespokeGarments.id, workTickets.garmentId))
    .innerJoin(orders, eq(orders.id, workTickets.orderId))
    .leftJoin(user, eq(user.id, workTickets.assigneeId))
    .leftJoinLateral(current, sql`true`)
    .where(and(...where))
    .orderBy(
      desc(sql`coalesce(${workTickets.assigneeId} = ${viewerId}, false)`),
      sql`${current.dueOn} asc nulls last`,
      asc(orders.number),
      asc(bespokeGarments.position),
      asc(workTickets.garmentId),
    );

  const planned = plannedStages(settings).filter((stage) => stage !== 'delivered');
  const shown = new Set<WorkStage>(planned);
  for (const row of rows) shown.add(row.stage);
  const columns: BoardColumn[] = settings.order
    .filter((stage) => shown.has(stage))
    .map((stage) => ({ stage, label: settings.labels[stage], cards: [] }));
  const byStage = new Map(columns.map((column) => [column.stage, column]));

  for (const row of rows) {
    const dueOn = row.dueOn ?? null;
    byStage.get(row.stage)?.cards.push({
      garmentId: row.garmentId,
      number: row.number,
      customerFirstName: firstName(row.customerName),
      garmentType: row.garmentType,
      garment: garmentLabel(row.garmentType),
      position: row.position,
      stage: row.stage,
      dueOn,
      mark:
        dueOn === null ? null : dueOn < today ? 'overdue' : dueOn === today ? 'due-today' : null,
      atRisk:
        slipOf(
          {
            garmentType: row.garmentType,
            stage: row.stage,
            promisedOn: row.promisedOn,
            stageDueOn: dueOn,
            stageStartedOn: row.startedAt ? shopDateOf(row.startedAt) : null,
          },
          settings,
          today,
        ) !== null,
      assigneeId: row.assigneeId,
      assigneeName: row.assigneeName ?? null,
      mine: row.assigneeId === viewerId,
      version: row.version,
      choices: stageChoices(row.stage, settings).map((stage) => ({
        stage,
        label: settings.labels[stage],
      })),
    });
  }
  return { columns, total: rows.length, today, week, thisWeek: isoWeekOf(today) };
}
