/**
 * The day book on a real database (issue 29 item 4; PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): a day's totals equal the sum of that day's settled ledger rows, rows at
 * 23:59 and 00:01 in Kolkata fall on their own days whatever the server's zone, and the cash
 * count is stored with the expected cash, recounted with its history, audited, and carried
 * into the next day's opening float.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cashCounts, orders, payments, user } from '~/lib/schema.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { cashCountSchema, getDayBook, recordCashCount } from './day-book.server';
import { Refusal } from '~/lib/refusal';

let database: TestDatabase;
const ASHA = { id: 'day-book-asha', email: 'asha.daybook@example.com' };
const RAVI = { id: 'day-book-ravi', email: 'ravi.daybook@example.com' };
let orderId: number;

/** An instant given as Kolkata wall-clock time (+05:30). */
const ist = (dayTime: string) => new Date(`${dayTime}:00+05:30`);

type Row = {
  method: 'cash' | 'upi' | 'online' | 'payment_link';
  amountPaise: number;
  settledAt: Date | null;
  by?: { id: string; email: string } | null;
  status?: 'succeeded' | 'pending' | 'failed';
};

const ROWS: Row[] = [
  // 25 November, the last minute of the day in Kolkata (18:29 UTC).
  { method: 'cash', amountPaise: 110_000, settledAt: ist('2026-11-25T23:59'), by: ASHA },
  { method: 'online', amountPaise: 250_000, settledAt: ist('2026-11-25T23:59'), by: null },
  // 26 November, the first minute in Kolkata (still 25 November in UTC: 18:31).
  { method: 'cash', amountPaise: 220_000, settledAt: ist('2026-11-26T00:01'), by: RAVI },
  { method: 'upi', amountPaise: 330_000, settledAt: ist('2026-11-26T10:15'), by: ASHA },
  { method: 'payment_link', amountPaise: 440_000, settledAt: ist('2026-11-26T12:00'), by: ASHA },
  { method: 'online', amountPaise: 304_800, settledAt: ist('2026-11-26T19:30'), by: null },
  { method: 'cash', amountPaise: -50_000, settledAt: ist('2026-11-26T20:00'), by: RAVI },
  // 26 November, the last minute; then 27 November's first.
  { method: 'cash', amountPaise: 12_345, settledAt: ist('2026-11-26T23:59'), by: RAVI },
  { method: 'cash', amountPaise: 99_900, settledAt: ist('2026-11-27T00:01'), by: ASHA },
  // Not settled: never in a day book.
  { method: 'cash', amountPaise: 777_700, settledAt: null, by: ASHA, status: 'pending' },
  { method: 'online', amountPaise: 888_800, settledAt: null, by: null, status: 'failed' },
];

/** The sum of a Kolkata day's settled rows, as PostgreSQL's own calendar reads it. */
async function ledgerSum(day: string) {
  const [row] = await database.db
    .select({
      net: sql<string | null>`sum(${payments.amountPaise})`,
      count: sql<string>`count(*)`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'succeeded'),
        sql`(${payments.settledAt} at time zone 'Asia/Kolkata')::date = ${day}::date`,
      ),
    );
  return { net: Number(row?.net ?? 0), count: Number(row?.count) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  for (const person of [ASHA, RAVI]) {
    await database.db
      .insert(user)
      .values({ ...person, name: person.email, emailVerified: true, role: 'admin' });
  }
  const [order] = await database.db
    .insert(orders)
    .values({
      number: 'RT-DAYBOOK-1',
      kind: 'bespoke',
      status: 'created',
      amountPaise: 10_000_000,
      customerName: 'Kiran Patel',
      email: 'kiran@example.com',
      phone: '+91 98765 43210',
      address: '12 Yagnik Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360001',
      provider: 'sandbox',
    })
    .returning();
  orderId = order!.id;
  for (const row of ROWS) {
    await database.db.insert(payments).values({
      orderId,
      kind: row.amountPaise > 0 ? 'payment' : 'refund',
      method: row.method,
      status: row.status ?? 'succeeded',
      amountPaise: row.amountPaise,
      recordedById: row.by?.id ?? null,
      recordedByEmail: row.by?.email ?? null,
      reason: row.amountPaise < 0 ? 'One shirt returned' : '',
      settledAt: row.settledAt,
    });
  }
});
afterAll(() => database?.dispose());

const originalZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalZone;
});

describe(`the day book on ${testDatabaseKind}`, () => {
  describe.each(['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati'])(
    'with the server in TZ=%s',
    (zone) => {
      it.each([
        ['2026-11-25', 2],
        ['2026-11-26', 6],
        ['2026-11-27', 1],
        ['2026-11-28', 0],
      ])("%s: the totals are the sum of that day's %i settled rows", async (day, rows) => {
        process.env.TZ = zone;
        const view = await getDayBook(database.db, day, ist('2026-11-28T12:00'));
        const expected = await ledgerSum(day);
        expect(expected.count).toBe(rows);
        expect(view.entries).toHaveLength(rows);
        expect(view.book.totals.count).toBe(rows);
        expect(view.book.totals.netPaise).toBe(expected.net);
        expect(view.book.groups.reduce((sum, group) => sum + group.netPaise, 0)).toBe(expected.net);
      });

      it('puts 23:59 and 00:01 in Kolkata on their own days', async () => {
        process.env.TZ = zone;
        const on25 = await getDayBook(database.db, '2026-11-25');
        const on26 = await getDayBook(database.db, '2026-11-26');
        const on27 = await getDayBook(database.db, '2026-11-27');
        expect(on25.entries.map((e) => e.amountPaise)).toEqual([110_000, 250_000]);
        expect(on26.entries[0]).toMatchObject({ amountPaise: 220_000, method: 'cash' });
        expect(on26.entries.at(-1)).toMatchObject({ amountPaise: 12_345 });
        expect(on27.entries.map((e) => e.amountPaise)).toEqual([99_900]);
      });
    },
  );

  it('groups the 26th by method and by who recorded each row, with the cash drawer', async () => {
    const view = await getDayBook(database.db, '2026-11-26', ist('2026-11-26T21:00'));
    const cash = view.book.groups.find((group) => group.method === 'cash')!;
    expect(cash).toMatchObject({ receiptsPaise: 232_345, refundsPaise: 50_000, netPaise: 182_345 });
    expect(cash.byRecorder).toEqual([
      expect.objectContaining({ recordedBy: RAVI.email, receiptsPaise: 232_345 }),
    ]);
    expect(view.book.groups.find((g) => g.method === 'online')!.byRecorder).toEqual([
      expect.objectContaining({ recordedBy: 'Online', receiptsPaise: 304_800 }),
    ]);
    expect(view.entries.find((e) => e.kind === 'refund')).toMatchObject({
      orderNumber: 'RT-DAYBOOK-1',
      reference: 'One shirt returned',
    });
    expect(view.book.drawer).toEqual({
      openingPaise: 0,
      receivedPaise: 232_345,
      refundedPaise: 50_000,
      expectedPaise: 182_345,
    });
    expect(view.today).toBe('2026-11-26');
  });

  it('records a count with the expected cash, keeps every recount, audits each', async () => {
    const [auditBefore] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog);
    const first = await recordCashCount(
      database.db,
      RAVI,
      cashCountSchema.parse({ day: '2026-11-26', counted: '1,723.45', note: 'Evening count' }),
      ist('2026-11-26T21:00'),
    );
    expect(first.message).toBe('Cash count of Thursday, 26 November 2026 recorded: Short by ₹100.');
    const second = await recordCashCount(
      database.db,
      ASHA,
      cashCountSchema.parse({ day: '2026-11-26', counted: '1823.45', kept: '500' }),
      ist('2026-11-26T21:30'),
    );
    expect(second.message).toMatch(/recorded: Matches the expected cash\.$/);
    const view = await getDayBook(database.db, '2026-11-26');
    expect(view.counts).toEqual([
      expect.objectContaining({
        id: second.id,
        countedPaise: 182_345,
        expectedPaise: 182_345,
        keptPaise: 50_000,
        recordedByEmail: ASHA.email,
      }),
      expect.objectContaining({
        id: first.id,
        countedPaise: 172_345,
        expectedPaise: 182_345,
        keptPaise: null,
        note: 'Evening count',
        recordedByEmail: RAVI.email,
      }),
    ]);
    const [auditAfter] = await database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(auditAfter!.n).toBe(auditBefore!.n + 2);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'cash.count'));
    expect(entries.map((entry) => entry.actorEmail).sort()).toEqual([ASHA.email, RAVI.email]);
  });

  it('opens the next days with what was kept at the last count, plus the cash moved since', async () => {
    // The 27th opens with the ₹500 kept at the 26th's latest count.
    const on27 = await getDayBook(database.db, '2026-11-27');
    expect(on27.openingFrom).toEqual({ day: '2026-11-26', recordedByEmail: ASHA.email });
    expect(on27.book.drawer).toEqual({
      openingPaise: 50_000,
      receivedPaise: 99_900,
      refundedPaise: 0,
      expectedPaise: 149_900,
    });
    // Nobody counted the 27th: the 28th opens with the 26th's float and the 27th's cash.
    const on28 = await getDayBook(database.db, '2026-11-28');
    expect(on28.book.drawer.openingPaise).toBe(149_900);
    // Before any count, the drawer opens at ₹0.
    const on25 = await getDayBook(database.db, '2026-11-25');
    expect(on25.openingFrom).toBeNull();
    expect(on25.book.drawer.expectedPaise).toBe(110_000);
  });

  it('refuses to count a day still to come, and changes nothing', async () => {
    const before = await database.db.select().from(cashCounts);
    await expect(
      recordCashCount(
        database.db,
        ASHA,
        cashCountSchema.parse({ day: '2026-11-27', counted: '100' }),
        ist('2026-11-26T23:59'),
      ),
    ).rejects.toMatchObject(
      new Refusal('invalid', 'The cash of a day still to come cannot be counted.', 'day'),
    );
    expect(await database.db.select().from(cashCounts)).toEqual(before);
  });
});

describe('the cash count form', () => {
  it.each([
    [
      { day: '2026-11-26', counted: '0' },
      { counted: 0, note: '' },
    ],
    [{ day: '2026-11-26', counted: '₹ 12,500.50', kept: '' }, { counted: 1_250_050 }],
    [
      { day: '2026-11-26', counted: '200', kept: '200', note: '  ok ' },
      { kept: 20_000, note: 'ok' },
    ],
  ])('reads %j', (form, read) => {
    expect(cashCountSchema.parse(form)).toMatchObject(read);
  });

  it.each([
    [{ day: '2026-11-26', counted: '-5' }, 'counted', 'The cash counted cannot be less than zero.'],
    [{ day: '2026-11-26' }, 'counted', 'Please enter the cash counted in rupees.'],
    [
      { day: '2026-11-26', counted: '12.345' },
      'counted',
      'Please enter at most two decimals (paise).',
    ],
    [
      { day: '2026-11-26', counted: '100', kept: '150' },
      'kept',
      'The cash kept in the drawer cannot be more than the cash counted.',
    ],
    [{ day: '2026-02-30', counted: '100' }, 'day', 'Please choose the day whose cash was counted.'],
  ])('refuses %j on %s: %s', (form, field, message) => {
    const parsed = cashCountSchema.safeParse(form);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues).toContainEqual(
      expect.objectContaining({ path: [field], message }),
    );
  });
});
