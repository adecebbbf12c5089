/**
 * The delivery calendar (issue 31 item 6, `/admin/workshop/calendar`): a day or a week (Monday
 * to Sunday) of the garments due, in Kolkata calendar days, and the garments at risk of missing
 * their promised date (`slipOf`, slip.ts).
 *
 * What is due, per order and day (an entry lists the order's garments concerned):
 * - 'trial': a garment's trial stage is due (its `work_ticket_stages.due_on`);
 * - 'trial-booked': a 'trial' appointment booked for the order (`appointments.order_id`),
 *   booked or attended, at its Kolkata time; it concerns every garment of the order;
 * - 'ready': a garment's ready stage is due;
 * - 'delivery': a garment's delivered stage is due (the order's promised date, which the stages'
 *   due dates follow when it changes).
 * An entry is done once each of its garments has reached that stage (or the appointment was
 * attended). Orders that are cancelled are left out.
 *
 * A viewer whose role does not open every ticket (the workshop) sees only the garments assigned
 * to them (issue 31 item 2), here and in the at-risk list. No surname, contact or price is read.
 */
import { and, asc, eq, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import {
  appointments,
  appointmentTypes,
  bespokeGarments,
  orders,
  user,
  workTickets,
  workTicketStages,
} from '~/lib/schema.server';
import type { GarmentType } from '~/lib/schema-enums';
import { addShopDays, shopDateOf, shopInstant, shopWeekday, type ShopDate } from '~/lib/shop-time';
import { readShopDate } from '~/lib/shop-time-input';
import { garmentLabel } from '~/features/bespoke/style-groups';
import { TRIAL_TYPE_KEY } from '~/features/bespoke/bespoke-orders.server';
import { slipOf, type SlipReason } from './slip';
import type { WorkStage } from './stages';
import { getWorkshopSettings } from './workshop-settings.server';
import { currentStageRow } from './board.server';

/* ------------------------------------------------------------------------------------------ */
/* The query                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** The calendar's two views. */
const CALENDAR_VIEWS = ['week', 'day'] as const;

/** The calendar's query, read. */
export interface CalendarQuery {
  view: (typeof CALENDAR_VIEWS)[number];
  /** The day shown, or a day of the week shown ('YYYY-MM-DD', Kolkata). */
  date: ShopDate;
}

const VIEW_MESSAGE = 'Please choose the day or the week view.';
const DATE_MESSAGE = 'Please give the date as YYYY-MM-DD, from 2000 to 2099.';

const blankIsNone = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const calendarQuerySchema = z.object({
  view: z.preprocess(blankIsNone, z.enum(CALENDAR_VIEWS, { error: VIEW_MESSAGE }).optional()),
  date: z.preprocess(
    blankIsNone,
    z
      .string({ error: DATE_MESSAGE })
      .refine((text) => readShopDate(text) !== null, DATE_MESSAGE)
      .optional(),
  ),
});

/**
 * The calendar's query from a URL (`view` 'week' (default) or 'day'; `date` a real day
 * 'YYYY-MM-DD' from 2000 to 2099, default `today`; empty values are the defaults).
 * @returns the query, or the first problem's message (the page answers it 400).
 */
export function parseCalendarQuery(
  search: URLSearchParams,
  today: ShopDate,
): { ok: true; query: CalendarQuery } | { ok: false; message: string } {
  const parsed = calendarQuerySchema.safeParse({
    view: search.get('view') ?? undefined,
    date: search.get('date') ?? undefined,
  });
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? DATE_MESSAGE };
  }
  return {
    ok: true,
    query: { view: parsed.data.view ?? 'week', date: parsed.data.date ?? today },
  };
}

/** The Monday of the week (Monday to Sunday) holding `date`. */
function mondayOf(date: ShopDate): ShopDate {
  return addShopDays(date, -((shopWeekday(date) + 6) % 7));
}

/* ------------------------------------------------------------------------------------------ */
/* The calendar                                                                               */
/* ------------------------------------------------------------------------------------------ */

/** What an entry says is due. */
export type DueKind = 'trial-booked' | 'trial' | 'ready' | 'delivery';

/** A garment in an entry or in the at-risk list. */
export interface CalendarGarment {
  garmentId: number;
  /** 'Shirt', 'Suit jacket', … */
  garment: string;
  /** Its place in its order (1, 2, …). */
  position: number;
  /** The stage it stands at, in the shop's words. */
  stageLabel: string;
  assigneeName: string | null;
}

/** One thing due on a day for one order. */
export interface CalendarEntry {
  kind: DueKind;
  /** The order's number (its page is /admin/orders/:number, for those who read orders). */
  number: string;
  /** The customer's first name only. */
  customerFirstName: string;
  /** The booked trial's time ('11:00 am', Kolkata), for 'trial-booked'. */
  time: string | null;
  garments: CalendarGarment[];
  /** Every garment has reached the stage (or the booked trial was attended). */
  done: boolean;
  /** The order has a garment at risk of missing its promised date. */
  atRisk: boolean;
}

/** A day of the calendar. */
interface CalendarDay {
  date: ShopDate;
  entries: CalendarEntry[];
}

/** A garment at risk, with why. */
export interface AtRiskGarment extends CalendarGarment {
  reason: SlipReason;
  /** The due date of the stage it stands at. */
  stageDueOn: ShopDate | null;
  /** When it would be done at the settings' pace. */
  forecastOn: ShopDate;
}

/** An order with garments at risk of missing its promised date. */
interface AtRiskOrder {
  number: string;
  customerFirstName: string;
  promisedOn: ShopDate;
  garments: AtRiskGarment[];
}

/** The calendar as its page shows it. */
export interface DeliveryCalendar {
  view: CalendarQuery['view'];
  /** The day asked for. */
  date: ShopDate;
  /** Today in Kolkata. */
  today: ShopDate;
  /** The days shown: one, or Monday to Sunday. */
  days: CalendarDay[];
  /** Every open order at risk (not only those of the days shown), promised date first. */
  atRisk: AtRiskOrder[];
  /** The viewer sees only the garments assigned to them. */
  ownOnly: boolean;
}

/** The customer's first name only. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

const KIND_ORDER: Record<DueKind, number> = { 'trial-booked': 0, trial: 1, ready: 2, delivery: 3 };
const STAGE_KIND: Partial<Record<WorkStage, DueKind>> = {
  trial: 'trial',
  ready: 'ready',
  delivered: 'delivery',
};

const timeOfDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  hour: 'numeric',
  minute: '2-digit',
});

/** What every part reads of a ticket. */
interface TicketRow {
  garmentId: number;
  number: string;
  customerName: string;
  current: WorkStage;
  assigneeName: string | null;
  garmentType: GarmentType;
  position: number;
}

/** The ticket columns every part reads. */
const ticketColumns = {
  garmentId: workTickets.garmentId,
  orderId: workTickets.orderId,
  current: workTickets.stage,
  assigneeName: user.name,
  garmentType: bespokeGarments.garmentType,
  position: bespokeGarments.position,
  number: orders.number,
  customerName: orders.customerName,
};

/**
 * The delivery calendar of `query` for `viewer`, as of `now` (its Kolkata day is today). With
 * `ownOnly`, only the garments assigned to `viewer.id`. See the module comment.
 */
export async function deliveryCalendar(
  db: Db,
  viewer: { id: string; ownOnly: boolean },
  query: CalendarQuery,
  now = new Date(),
): Promise<DeliveryCalendar> {
  const settings = await getWorkshopSettings(db);
  const today = shopDateOf(now);
  const from = query.view === 'week' ? mondayOf(query.date) : query.date;
  const to = query.view === 'week' ? addShopDays(from, 6) : from;
  const label = (stage: WorkStage) => settings.labels[stage];
  const reached = (current: WorkStage, stage: WorkStage) =>
    settings.order.indexOf(current) >= settings.order.indexOf(stage);

  const open: SQL[] = [ne(orders.status, 'cancelled')];
  if (viewer.ownOnly) open.push(eq(workTickets.assigneeId, viewer.id));

  const current = currentStageRow(db);

  const [dueRows, bookedRows, openRows] = await Promise.all([
    db
      .select({ ...ticketColumns, stage: workTicketStages.stage, dueOn: workTicketStages.dueOn })
      .from(workTicketStages)
      .innerJoin(workTickets, eq(workTickets.id, workTicketStages.ticketId))
      .innerJoin(bespokeGarments, eq(bespokeGarments.id, workTickets.garmentId))
      .innerJoin(orders, eq(orders.id, workTickets.orderId))
      .leftJoin(user, eq(user.id, workTickets.assigneeId))
      .where(
        and(
          inArray(workTicketStages.stage, ['trial', 'ready', 'delivered']),
          gte(workTicketStages.dueOn, from),
          lte(workTicketStages.dueOn, to),
          ...open,
        ),
      )
      .orderBy(asc(orders.number), asc(bespokeGarments.position)),
    db
      .select({
        ...ticketColumns,
        startsAt: appointments.startsAt,
        status: appointments.status,
      })
      .from(appointments)
      .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
      .innerJoin(orders, eq(orders.id, appointments.orderId))
      .innerJoin(workTickets, eq(workTickets.orderId, orders.id))
      .innerJoin(bespokeGarments, eq(bespokeGarments.id, workTickets.garmentId))
      .leftJoin(user, eq(user.id, workTickets.assigneeId))
      .where(
        and(
          eq(appointmentTypes.key, TRIAL_TYPE_KEY),
          inArray(appointments.status, ['booked', 'attended']),
          gte(appointments.startsAt, shopInstant(from)),
          lt(appointments.startsAt, shopInstant(addShopDays(to, 1))),
          ...open,
        ),
      )
      .orderBy(asc(appointments.startsAt), asc(orders.number), asc(bespokeGarments.position)),
    db
      .select({
        ...ticketColumns,
        promisedOn: orders.promisedOn,
        stageDueOn: current.dueOn,
        stageStartedAt: current.startedAt,
      })
      .from(workTickets)
      .innerJoin(bespokeGarments, eq(bespokeGarments.id, workTickets.garmentId))
      .innerJoin(orders, eq(orders.id, workTickets.orderId))
      .leftJoin(user, eq(user.id, workTickets.assigneeId))
      .leftJoinLateral(current, sql`true`)
      .where(and(ne(workTickets.stage, 'delivered'), ne(workTickets.stage, 'ready'), ...open))
      .orderBy(asc(orders.promisedOn), asc(orders.number), asc(bespokeGarments.position)),
  ]);

  const garmentOf = (row: TicketRow): CalendarGarment => ({
    garmentId: row.garmentId,
    garment: garmentLabel(row.garmentType),
    position: row.position,
    stageLabel: label(row.current),
    assigneeName: row.assigneeName ?? null,
  });

  // The garments at risk, by order.
  const atRisk = new Map<string, AtRiskOrder>();
  for (const row of openRows) {
    const slip = slipOf(
      {
        garmentType: row.garmentType,
        stage: row.current,
        promisedOn: row.promisedOn,
        stageDueOn: row.stageDueOn ?? null,
        stageStartedOn: row.stageStartedAt ? shopDateOf(row.stageStartedAt) : null,
      },
      settings,
      today,
    );
    if (!slip || row.promisedOn === null) continue;
    let order = atRisk.get(row.number);
    if (!order) {
      order = {
        number: row.number,
        customerFirstName: firstName(row.customerName),
        promisedOn: row.promisedOn,
        garments: [],
      };
      atRisk.set(row.number, order);
    }
    order.garments.push({
      ...garmentOf(row),
      reason: slip.reason,
      stageDueOn: row.stageDueOn ?? null,
      forecastOn: slip.forecastOn,
    });
  }

  // The entries, one per day, kind and order (and time, for booked trials).
  const entries = new Map<
    string,
    CalendarEntry & { date: ShopDate; at: string; seen: Set<number> }
  >();
  const add = (
    date: ShopDate,
    kind: DueKind,
    startsAt: Date | null,
    row: TicketRow,
    done: boolean,
  ) => {
    const at = startsAt?.toISOString() ?? '';
    const key = `${date} ${kind} ${at} ${row.number}`;
    let entry = entries.get(key);
    if (!entry) {
      entry = {
        date,
        kind,
        number: row.number,
        customerFirstName: firstName(row.customerName),
        time: startsAt ? timeOfDay.format(startsAt) : null,
        at,
        garments: [],
        done: true,
        atRisk: atRisk.has(row.number),
        seen: new Set(),
      };
      entries.set(key, entry);
    }
    // A stage visited again (a second trial) has a row of its own: one line per garment.
    if (entry.seen.has(row.garmentId)) return;
    entry.seen.add(row.garmentId);
    entry.garments.push(garmentOf(row));
    entry.done &&= done;
  };
  for (const row of dueRows) {
    const kind = STAGE_KIND[row.stage];
    if (kind && row.dueOn) add(row.dueOn, kind, null, row, reached(row.current, row.stage));
  }
  for (const row of bookedRows) {
    add(shopDateOf(row.startsAt), 'trial-booked', row.startsAt, row, row.status === 'attended');
  }

  const days: CalendarDay[] = [];
  for (let date = from; date <= to; date = addShopDays(date, 1)) {
    days.push({ date, entries: [] });
  }
  const byDate = new Map(days.map((day) => [day.date, day]));
  const sorted = [...entries.values()].sort(
    (a, b) =>
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.at.localeCompare(b.at) ||
      a.number.localeCompare(b.number),
  );
  for (const { date, at: _at, seen: _seen, ...entry } of sorted) {
    byDate.get(date)?.entries.push(entry);
  }

  return {
    view: query.view,
    date: query.date,
    today,
    days,
    atRisk: [...atRisk.values()],
    ownOnly: viewer.ownOnly,
  };
}
