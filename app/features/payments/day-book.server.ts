/**
 * The day book and the cash count on the database (issue 29 item 4; decision 019,
 * docs/decisions/019-day-book.md): a shop day's settled `payments` rows (Asia/Kolkata, by
 * `settled_at`, whatever the server's zone), the drawer's opening float from the last count
 * before the day, and the counts staff record (`cash_counts`: a recount adds a row, the
 * latest is the day's, each with its audit entry). The grouping and totals are the pure rules
 * of `day-book.ts`.
 */
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { cashCounts, orders, payments } from '~/lib/schema.server';
import { formatRupeesExact, readRupees } from '~/lib/money';
import {
  addShopDays,
  formatShopDate,
  shopDateOf,
  shopInstant,
  type ShopDate,
} from '~/lib/shop-time';
import { shopDateField } from '~/lib/shop-time-input';
import {
  cashDifference,
  dayBookOf,
  openingFloat,
  type DayBook,
  type DayBookEntry,
} from './day-book';
import type { Actor } from '~/lib/audit.server';
import { Refusal } from '~/lib/refusal';
import { auditedWrite, type Tx } from '~/lib/audited-write.server';

type DbOrTx = Db | Tx;

/** The most a drawer count may hold: ₹1 crore. */
const MAX_COUNT_PAISE = 1_000_000_000;

const COUNT_PROBLEMS = {
  missing: 'Please enter the cash counted in rupees.',
  unreadable: 'Please enter the cash counted in rupees, for example 12500 or 12,500.50.',
  decimals: 'Please enter at most two decimals (paise).',
  notPositive: 'The cash counted cannot be less than zero.',
  tooHigh: 'This amount is too large for a cash drawer.',
} as const;

/**
 * Rupees typed for a drawer, read into integer paise: zero is a real count (an empty drawer),
 * a negative amount is refused. `problems` gives the message of each refusal.
 */
function drawerRupees(problems: Record<keyof typeof COUNT_PROBLEMS, string>) {
  return z.string({ error: problems.missing }).transform((typed, ctx) => {
    const text = typed.slice(0, 40);
    const reading = readRupees(text, MAX_COUNT_PAISE);
    if (reading.ok) return reading.paise;
    // readRupees refuses zero with the negatives; an empty drawer is counted as ₹0.
    if (reading.problem === 'notPositive' && !text.trim().startsWith('-')) return 0;
    ctx.addIssue({ code: 'custom', message: problems[reading.problem] });
    return z.NEVER;
  });
}

/**
 * The 'record-cash-count' form of /admin/day-book: the shop day, the cash counted in rupees
 * (paise exactly; ₹0 allowed), optionally what stays in the drawer for the next day (at most
 * what was counted; empty: all of it) and a note.
 */
export const cashCountSchema = z
  .object({
    day: shopDateField('Please choose the day whose cash was counted.'),
    counted: drawerRupees(COUNT_PROBLEMS),
    kept: z
      .string()
      .optional()
      .transform((typed) => (typed?.trim() ? typed : undefined))
      .pipe(
        drawerRupees({
          ...COUNT_PROBLEMS,
          missing: 'Please enter the cash kept in the drawer in rupees.',
          unreadable:
            'Please enter the cash kept in the drawer in rupees, for example 2000 or 2,000.50.',
          notPositive: 'The cash kept cannot be less than zero.',
        }).optional(),
      ),
    note: z
      .string()
      .trim()
      .max(300, 'Please keep the note under 300 characters.')
      .optional()
      .default(''),
  })
  .superRefine((input, ctx) => {
    if (input.kept !== undefined && input.kept > input.counted) {
      ctx.addIssue({
        code: 'custom',
        path: ['kept'],
        message: 'The cash kept in the drawer cannot be more than the cash counted.',
      });
    }
  });

/** A recorded count, as the page lists it. */
export interface CashCountRow {
  id: number;
  countedPaise: number;
  expectedPaise: number;
  /** What stayed in the drawer for the next day; null: all of it. */
  keptPaise: number | null;
  note: string;
  recordedByEmail: string;
  /** ISO 8601. */
  createdAt: string;
}

/** What /admin/day-book shows for one shop day. */
export interface DayBookView {
  date: ShopDate;
  /** The shop's today, so the page offers no count of a day to come. */
  today: ShopDate;
  book: DayBook;
  /** The day's settled rows, in the order they were settled. */
  entries: DayBookEntry[];
  /** Where the opening float comes from: the day of the last count before, if any. */
  openingFrom: { day: ShopDate; recordedByEmail: string } | null;
  /** The day's counts, latest first (the first is the day's count). */
  counts: CashCountRow[];
}

/** The half-open range of instants of a shop day: [its midnight, the next midnight). */
function dayRange(date: ShopDate) {
  return { from: shopInstant(date), to: shopInstant(addShopDays(date, 1)) };
}

/** The settled rows of a shop day, with their order numbers, in the order they settled. */
async function dayEntries(db: DbOrTx, date: ShopDate): Promise<DayBookEntry[]> {
  const { from, to } = dayRange(date);
  const rows = await db
    .select({
      id: payments.id,
      orderNumber: orders.number,
      kind: payments.kind,
      method: payments.method,
      status: payments.status,
      amountPaise: payments.amountPaise,
      recordedByEmail: payments.recordedByEmail,
      settledAt: payments.settledAt,
      reference: payments.reference,
      reason: payments.reason,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.status, 'succeeded'),
        gte(payments.settledAt, from),
        lt(payments.settledAt, to),
      ),
    )
    .orderBy(asc(payments.settledAt), asc(payments.id));
  return rows.map(({ settledAt, reason, reference, ...row }) => ({
    ...row,
    settledAt: settledAt!.toISOString(),
    reference: row.kind === 'refund' ? reason : reference,
  }));
}

/**
 * The float the drawer opens `date` with (decision 019): the last count recorded for an
 * earlier day (what was kept, or all that was counted) plus the cash received less refunded
 * on the days after that count's day and before `date`; ₹0 with no earlier count.
 */
async function openingOf(db: DbOrTx, date: ShopDate) {
  const [last] = await db
    .select()
    .from(cashCounts)
    .where(lt(cashCounts.day, date))
    .orderBy(desc(cashCounts.day), desc(cashCounts.id))
    .limit(1);
  if (!last) return { openingPaise: 0, from: null };
  const [moved] = await db
    .select({ paise: sql<string | null>`sum(${payments.amountPaise})` })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'succeeded'),
        eq(payments.method, 'cash'),
        gte(payments.settledAt, shopInstant(addShopDays(last.day, 1))),
        lt(payments.settledAt, shopInstant(date)),
      ),
    );
  return {
    openingPaise: openingFloat(last, Number(moved?.paise ?? 0)),
    from: { day: last.day, recordedByEmail: last.recordedByEmail },
  };
}

/** The day book of `date` as it stands: its rows grouped and the drawer. */
async function bookOf(db: DbOrTx, date: ShopDate) {
  const [entries, opening] = await Promise.all([dayEntries(db, date), openingOf(db, date)]);
  return { entries, opening, book: dayBookOf(entries, opening.openingPaise) };
}

/**
 * The day book of a shop day (Asia/Kolkata): its settled receipts and refunds by method and
 * by who recorded them, the drawer (opening float, cash in and out, expected) and its counts,
 * latest first. `now` decides today.
 */
export async function getDayBook(
  db: Db,
  date: ShopDate,
  now: Date = new Date(),
): Promise<DayBookView> {
  const [{ entries, opening, book }, counts] = await Promise.all([
    bookOf(db, date),
    db.select().from(cashCounts).where(eq(cashCounts.day, date)).orderBy(desc(cashCounts.id)),
  ]);
  return {
    date,
    today: shopDateOf(now),
    book,
    entries,
    openingFrom: opening.from,
    counts: counts.map((row) => ({
      id: row.id,
      countedPaise: row.countedPaise,
      expectedPaise: row.expectedPaise,
      keptPaise: row.keptPaise,
      note: row.note,
      recordedByEmail: row.recordedByEmail,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Records the cash counted in the drawer for a shop day (issue 29 item 4: "staff can record
 * the counted cash and see the difference"), with the expected cash at that moment and the
 * audit entry, in one transaction. A recount adds a row; earlier ones stay as history.
 * @returns the toast: 'Cash count of Thursday, 26 November 2026 recorded: Short by ₹100.'
 * @throws Refusal 'invalid' on 'day' for a day after today (the shop's).
 */
export async function recordCashCount(
  db: Db,
  actor: Actor,
  input: z.output<typeof cashCountSchema>,
  now: Date = new Date(),
): Promise<{ message: string; id: number }> {
  return auditedWrite(db, actor, {
    read: async (tx) => (await bookOf(tx, input.day)).book.drawer,
    check: () => {
      if (input.day > shopDateOf(now)) {
        throw new Refusal('invalid', 'The cash of a day still to come cannot be counted.', 'day');
      }
      return undefined;
    },
    write: async (tx, drawer) => {
      const [row] = await tx
        .insert(cashCounts)
        .values({
          day: input.day,
          countedPaise: input.counted,
          expectedPaise: drawer.expectedPaise,
          keptPaise: input.kept ?? null,
          note: input.note,
          recordedById: actor.id,
          recordedByEmail: actor.email,
        })
        .returning();
      return row;
    },
    audit: (drawer, row) => ({
      action: 'cash.count',
      entity: 'cash-count',
      entityId: row.id,
      summary: `Counted ${formatRupeesExact(row.countedPaise)} in the drawer for ${input.day} (expected ${formatRupeesExact(drawer.expectedPaise)})`,
      before: null,
      after: {
        day: row.day,
        countedPaise: row.countedPaise,
        expectedPaise: row.expectedPaise,
        keptPaise: row.keptPaise,
        note: row.note,
      },
    }),
    answer: (drawer, row) => ({
      message: `Cash count of ${formatShopDate(input.day)} recorded: ${cashDifference(row.countedPaise, drawer.expectedPaise).text}.`,
      id: row.id,
    }),
  });
}
