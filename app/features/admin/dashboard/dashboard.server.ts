/**
 * The back office's dashboard (issue "Back office" item 1): what happened today, in the last
 * 7 days and in the last 30 days, the latest orders and messages, the catalogue's size, and
 * today's appointments (issue 20 item 2), and the return requests waiting for staff (issue 32).
 *
 * "Today" begins at midnight in the shop's time zone (Asia/Kolkata); the 7- and 30-day
 * periods are rolling (now minus 7 × 24 h, 30 × 24 h). Every period ends at `now`.
 */
import { bespokeOrdersDue, type DueBespokeOrder } from '~/features/bespoke/bespoke-orders.server';
import { count, desc, eq, lte, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { categories, contactMessages, orders, products, user } from '~/lib/schema.server';
import type { OrderStatus } from '~/features/orders/orders.server';
import type { MessageStatus } from '~/features/contact/message-status';
import { addShopDays, shopDateOf, shopInstant, startOfShopDay } from '~/lib/shop-time';
import { appointmentsBetween } from '~/features/booking/booking.server';
import type { AppointmentStatus } from '~/lib/schema-enums';
import { lowStockWarnings, type LowStockWarning } from '~/features/workshop/fabric.server';
import { returnsAwaitingStaff, type WaitingReturn } from '~/features/returns/returns.server';

/** The dashboard's periods, in the order the screen shows them. */
const DASHBOARD_PERIODS = [
  { key: 'today', label: 'Today' },
  { key: 'week', label: 'Last 7 days' },
  { key: 'month', label: 'Last 30 days' },
] as const;

/** 'today', 'week' (last 7 days) or 'month' (last 30 days). */
export type DashboardPeriodKey = (typeof DASHBOARD_PERIODS)[number]['key'];

/** How many of the latest orders the dashboard lists. */
const RECENT_ORDERS = 8;
/** How many of the latest messages the dashboard lists. */
const RECENT_MESSAGES = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What happened in one period. */
interface PeriodFigures {
  key: DashboardPeriodKey;
  label: string;
  /** Where the period starts (inclusive), ISO 8601; it ends at the `now` given. */
  since: string;
  /** Orders placed (created) in the period, whatever their status. */
  orders: number;
  /** The sum of `amount_paise` of orders paid in the period (by `paid_at`), in paise. */
  paidRevenuePaise: number;
  /** Shopper accounts (role 'user') created in the period. */
  newCustomers: number;
  /** Contact-form messages received in the period, whatever their status. */
  newMessages: number;
}

/** One of the latest orders. */
interface RecentOrder {
  number: string;
  customerName: string;
  amountPaise: number;
  status: OrderStatus;
  /** ISO 8601. */
  createdAt: string;
}

/** One of the latest contact-form messages. */
interface RecentMessage {
  id: number;
  name: string;
  /** The subject, or the message's first words ('…' when cut) when it has none. */
  topic: string;
  status: MessageStatus;
  /** ISO 8601. */
  createdAt: string;
}

/** One of today's appointments (not cancelled), for the "Today's appointments" card. */
interface TodaysAppointment {
  id: number;
  /** ISO 8601. */
  startsAt: string;
  typeName: string;
  customerName: string;
  status: AppointmentStatus;
}

/** How many rows exist and how many of them the shop shows. */
interface ActiveCount {
  total: number;
  active: number;
}

/** Everything the dashboard shows. */
export interface DashboardFigures {
  /** The `now` the figures were taken at, ISO 8601. */
  asOf: string;
  periods: PeriodFigures[];
  /** Newest first, at most {@link RECENT_ORDERS}. */
  recentOrders: RecentOrder[];
  /** Newest first, at most {@link RECENT_MESSAGES}. */
  recentMessages: RecentMessage[];
  products: ActiveCount;
  categories: ActiveCount;
  /** The shop day of `now` ('YYYY-MM-DD', Asia/Kolkata), for the link to its day view. */
  today: string;
  /** Today's appointments that are not cancelled, in time order. */
  todaysAppointments: TodaysAppointment[];
  /** Bespoke orders promised within a few days or overdue, not delivered (issue 21 item 3). */
  bespokeDue: DueBespokeOrder[];
  /** Fabrics running low, least available first (issue 31 item 7). */
  lowStock: LowStockWarning[];
  /** Return requests to decide or to receive, oldest first (issue 32 item 7). */
  returns: WaitingReturn[];
}

/** The start of each period at `now`: shop midnight, now − 7 days, now − 30 days. */
export function periodStarts(now: Date): Record<DashboardPeriodKey, Date> {
  return {
    today: startOfShopDay(now),
    week: new Date(now.getTime() - 7 * DAY_MS),
    month: new Date(now.getTime() - 30 * DAY_MS),
  };
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** `count(*) filter (where column in [since, now])` as a number. */
function countSince(column: AnyColumn, since: Date, now: Date) {
  return sql<number>`(count(*) filter (where ${column} >= ${at(since)} and ${column} <= ${at(now)}))::int`;
}

/** The first words of a text, up to about `max` characters, with '…' when cut. */
export function firstWords(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : flat.slice(0, max)).trimEnd()}…`;
}

/**
 * The dashboard's figures at `now` (given, so tests can fix the clock; the screen passes the
 * request's time). Counts are whole numbers; revenue is integer paise. Rows dated after `now`
 * are left out of everything but the catalogue counts.
 * @throws when the database fails.
 */
export async function dashboardFigures(db: Db, now: Date): Promise<DashboardFigures> {
  const starts = periodStarts(now);
  const today = shopDateOf(now);
  // A paid order counts on the day it was paid (created, for any row without a payment time).
  const paidAt = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
  const revenueSince = (since: Date) =>
    sql<number>`coalesce(sum(${orders.amountPaise}) filter (where ${orders.status} = 'paid' and ${paidAt} >= ${at(since)} and ${paidAt} <= ${at(now)}), 0)::float8`;
  const perPeriod = <T>(figure: (since: Date) => T) => ({
    today: figure(starts.today),
    week: figure(starts.week),
    month: figure(starts.month),
  });

  const [
    [orderFigures],
    [customerFigures],
    [messageFigures],
    recentOrders,
    recentMessages,
    productCounts,
    categoryCounts,
    appointmentsToday,
    bespokeDue,
    lowStock,
    returns,
  ] = await Promise.all([
    db
      .select({
        orders: perPeriod((since) => countSince(orders.createdAt, since, now)),
        revenue: perPeriod(revenueSince),
      })
      .from(orders),
    db
      .select(perPeriod((since) => countSince(user.createdAt, since, now)))
      .from(user)
      .where(eq(user.role, 'user')),
    db
      .select(perPeriod((since) => countSince(contactMessages.createdAt, since, now)))
      .from(contactMessages),
    db
      .select({
        number: orders.number,
        customerName: orders.customerName,
        amountPaise: orders.amountPaise,
        status: orders.status,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(lte(orders.createdAt, now))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(RECENT_ORDERS),
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        subject: contactMessages.subject,
        message: contactMessages.message,
        status: contactMessages.status,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(lte(contactMessages.createdAt, now))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(RECENT_MESSAGES),
    activeCount(db, products),
    activeCount(db, categories),
    appointmentsBetween(db, shopInstant(today, 0), shopInstant(addShopDays(today, 1), 0)),
    bespokeOrdersDue(db, today),
    lowStockWarnings(db),
    returnsAwaitingStaff(db),
  ]);

  const number = (value: number | string | undefined) => Number(value ?? 0);
  return {
    asOf: now.toISOString(),
    periods: DASHBOARD_PERIODS.map(({ key, label }) => ({
      key,
      label,
      since: starts[key].toISOString(),
      orders: number(orderFigures?.orders[key]),
      paidRevenuePaise: number(orderFigures?.revenue[key]),
      newCustomers: number(customerFigures?.[key]),
      newMessages: number(messageFigures?.[key]),
    })),
    recentOrders: recentOrders.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    recentMessages: recentMessages.map((row) => ({
      id: row.id,
      name: row.name,
      topic: row.subject?.trim() || firstWords(row.message),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
    products: productCounts,
    categories: categoryCounts,
    today,
    bespokeDue,
    lowStock,
    returns,
    todaysAppointments: appointmentsToday
      .filter((row) => row.status !== 'cancelled')
      .map((row) => ({
        id: row.id,
        startsAt: row.startsAt,
        typeName: row.type.name,
        customerName: row.customer.name,
        status: row.status,
      })),
  };
}

/** Rows of a catalogue table, all and active. */
async function activeCount(
  db: Db,
  table: typeof products | typeof categories,
): Promise<ActiveCount> {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`(count(*) filter (where ${table.isActive}))::int`,
    })
    .from(table);
  return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
}
