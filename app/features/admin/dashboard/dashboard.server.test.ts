/**
 * The dashboard's figures on a real database, with the clock fixed: each period's orders,
 * paid revenue, new customers and new messages counted exactly, including the shop's midnight
 * (Asia/Kolkata) as the start of "today" and the rolling 7- and 30-day windows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, contactMessages, orders, products, user } from '~/lib/schema.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../../tests/support/test-db';
import { dashboardFigures, firstWords, periodStarts } from './dashboard.server';
import { startOfShopDay } from '~/lib/shop-time';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** 10 March 2025, 12:00 IST. Shop midnight is 2025-03-09T18:30:00Z. */
const now = new Date('2025-03-10T06:30:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
/** 23:59 IST on 9 March: yesterday. */
const yesterday2359 = new Date('2025-03-09T18:29:00Z');
/** 00:01 IST on 10 March: today. */
const today0001 = new Date('2025-03-09T18:31:00Z');

let database: TestDatabase;
let orderCount = 0;

async function order(values: {
  status: 'created' | 'paid' | 'failed' | 'cancelled';
  amountPaise: number;
  createdAt: Date;
  paidAt?: Date;
}): Promise<string> {
  orderCount += 1;
  const number = `RT-TEST-${String(orderCount).padStart(3, '0')}`;
  await database.db.insert(orders).values({
    number,
    customerName: `Customer ${orderCount}`,
    email: `customer${orderCount}@example.com`,
    phone: '+919825012345',
    address: '12 Market Road',
    city: 'Rajkot',
    state: 'Gujarat',
    pincode: '360001',
    provider: 'sandbox',
    ...values,
    paidAt: values.paidAt ?? (values.status === 'paid' ? values.createdAt : null),
    updatedAt: values.createdAt,
  });
  return number;
}

async function person(id: string, role: 'user' | 'admin', createdAt: Date) {
  await database.db
    .insert(user)
    .values({ id, name: id, email: `${id}@example.com`, role, createdAt, updatedAt: createdAt });
}

async function message(createdAt: Date, values: { subject?: string; message?: string } = {}) {
  const [row] = await database.db
    .insert(contactMessages)
    .values({
      name: 'Asha Mehta',
      email: 'asha@example.com',
      message: values.message ?? 'Do you stitch bandhgalas?',
      subject: values.subject ?? null,
      createdAt,
    })
    .returning({ id: contactMessages.id });
  return row!.id;
}

let orderNumbers: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  orderNumbers = {
    // Older first, so that insertion order never explains the recent-orders order.
    sixtyDays: await order({ status: 'created', amountPaise: 11_000, createdAt: ago(60 * DAY) }),
    fiftyDays: await order({ status: 'created', amountPaise: 12_000, createdAt: ago(50 * DAY) }),
    failedOld: await order({ status: 'failed', amountPaise: 90_000, createdAt: ago(40 * DAY) }),
    eightDays: await order({ status: 'paid', amountPaise: 300_000, createdAt: ago(8 * DAY) }),
    justOverWeek: await order({
      status: 'paid',
      amountPaise: 70_000,
      createdAt: ago(7 * DAY + MINUTE),
    }),
    cancelled: await order({ status: 'cancelled', amountPaise: 45_000, createdAt: ago(2 * DAY) }),
    yesterday: await order({ status: 'paid', amountPaise: 1_000_000, createdAt: yesterday2359 }),
    today: await order({ status: 'paid', amountPaise: 250_000, createdAt: today0001 }),
    unpaid: await order({ status: 'created', amountPaise: 400_000, createdAt: ago(60 * MINUTE) }),
    future: await order({
      status: 'paid',
      amountPaise: 999_900,
      createdAt: new Date(now.getTime() + 60 * MINUTE),
    }),
    // Placed 20 days ago, paid a minute past midnight today: revenue counts on the payment day.
    paidLater: await order({
      status: 'paid',
      amountPaise: 5_000,
      createdAt: ago(20 * DAY),
      paidAt: today0001,
    }),
  };

  await person('customer-today', 'user', today0001);
  await person('customer-yesterday', 'user', yesterday2359);
  await person('customer-20-days', 'user', ago(20 * DAY));
  await person('customer-40-days', 'user', ago(40 * DAY));
  await person('admin-today', 'admin', ago(MINUTE));

  await message(ago(5 * MINUTE), { subject: 'Wedding suit fitting' });
  await message(yesterday2359, {
    message:
      'Hello, I would like to know whether you can stitch a three piece suit for my brother before the wedding next month',
  });
  await message(ago(10 * DAY), { subject: '   ' });
  await message(ago(45 * DAY));
  await message(ago(60 * DAY));
  await message(ago(61 * DAY));

  const [shirts, retired] = await database.db
    .insert(categories)
    .values([
      { name: 'Shirts', slug: 'shirts' },
      { name: 'Retired', slug: 'retired', isActive: false },
    ])
    .returning({ id: categories.id });
  await database.db.insert(products).values([
    { slug: 'linen', name: 'Linen', categoryId: shirts!.id, pricePaise: 100 },
    { slug: 'cotton', name: 'Cotton', categoryId: shirts!.id, pricePaise: 100 },
    { slug: 'old', name: 'Old', categoryId: retired!.id, pricePaise: 100, isActive: false },
  ]);
});

afterAll(async () => {
  await database.dispose();
});

describe('the shop day (Asia/Kolkata)', () => {
  it('starts at midnight India time, whatever the UTC date is', () => {
    expect(startOfShopDay(now).toISOString()).toBe('2025-03-09T18:30:00.000Z');
    // 23:59:59 IST on 9 March belongs to 9 March.
    expect(startOfShopDay(new Date('2025-03-09T18:29:59Z')).toISOString()).toBe(
      '2025-03-08T18:30:00.000Z',
    );
    // Midnight itself starts the new day.
    expect(startOfShopDay(new Date('2025-03-09T18:30:00Z')).toISOString()).toBe(
      '2025-03-09T18:30:00.000Z',
    );
    // 01:30 IST on 11 March is still 10 March in UTC.
    expect(startOfShopDay(new Date('2025-03-10T20:00:00.500Z')).toISOString()).toBe(
      '2025-03-10T18:30:00.000Z',
    );
  });

  it('rolls the 7- and 30-day periods back from now', () => {
    const starts = periodStarts(now);
    expect(starts.week.toISOString()).toBe('2025-03-03T06:30:00.000Z');
    expect(starts.month.toISOString()).toBe('2025-02-08T06:30:00.000Z');
  });

  it('shortens a long message to its first words', () => {
    expect(firstWords('Short  and\nsweet')).toBe('Short and sweet');
    expect(firstWords('one two three four', 9)).toBe('one two…');
  });
});

describe(`dashboard figures on ${testDatabaseKind}`, () => {
  it('counts each period exactly, with the Kolkata midnight as the start of today', async () => {
    const figures = await dashboardFigures(database.db, now);
    expect(figures.asOf).toBe(now.toISOString());
    expect(
      figures.periods.map(({ key, label, since, ...counts }) => ({ key, label, since, counts })),
    ).toEqual([
      {
        key: 'today',
        label: 'Today',
        since: '2025-03-09T18:30:00.000Z',
        // 00:01 IST and an hour ago; not 23:59 IST yesterday, not the order after `now`.
        // Revenue: the order paid at 00:01 and the older order paid at 00:01.
        counts: { orders: 2, paidRevenuePaise: 255_000, newCustomers: 1, newMessages: 1 },
      },
      {
        key: 'week',
        label: 'Last 7 days',
        since: '2025-03-03T06:30:00.000Z',
        counts: {
          orders: 4,
          paidRevenuePaise: 1_000_000 + 250_000 + 5_000,
          newCustomers: 2,
          newMessages: 2,
        },
      },
      {
        key: 'month',
        label: 'Last 30 days',
        since: '2025-02-08T06:30:00.000Z',
        counts: {
          orders: 7,
          paidRevenuePaise: 1_000_000 + 250_000 + 5_000 + 70_000 + 300_000,
          newCustomers: 3,
          newMessages: 3,
        },
      },
    ]);
  });

  it('moves an order from today to yesterday across the midnight', async () => {
    // One minute before midnight, neither 00:01 order nor the later ones exist yet; the
    // 23:59 order is today's.
    const figures = await dashboardFigures(database.db, new Date('2025-03-09T18:29:30Z'));
    const today = figures.periods[0]!;
    expect(today.since).toBe('2025-03-08T18:30:00.000Z');
    expect([today.orders, today.paidRevenuePaise, today.newCustomers, today.newMessages]).toEqual([
      1, 1_000_000, 1, 1,
    ]);
  });

  it('lists the latest 8 orders and 5 messages, newest first, none from after now', async () => {
    const figures = await dashboardFigures(database.db, now);
    expect(figures.recentOrders.map((row) => row.number)).toEqual([
      orderNumbers.unpaid,
      orderNumbers.today,
      orderNumbers.yesterday,
      orderNumbers.cancelled,
      orderNumbers.justOverWeek,
      orderNumbers.eightDays,
      orderNumbers.paidLater,
      orderNumbers.failedOld,
    ]);
    expect(figures.recentOrders[0]).toEqual({
      number: orderNumbers.unpaid,
      customerName: 'Customer 9',
      amountPaise: 400_000,
      status: 'created',
      createdAt: ago(60 * MINUTE).toISOString(),
    });
    expect(figures.recentMessages.map((row) => [row.topic, row.status, row.createdAt])).toEqual([
      ['Wedding suit fitting', 'new', ago(5 * MINUTE).toISOString()],
      [
        'Hello, I would like to know whether you can stitch a three…',
        'new',
        yesterday2359.toISOString(),
      ],
      ['Do you stitch bandhgalas?', 'new', ago(10 * DAY).toISOString()],
      ['Do you stitch bandhgalas?', 'new', ago(45 * DAY).toISOString()],
      ['Do you stitch bandhgalas?', 'new', ago(60 * DAY).toISOString()],
    ]);
  });

  it('counts products and categories, all and active', async () => {
    const figures = await dashboardFigures(database.db, now);
    expect(figures.products).toEqual({ total: 3, active: 2 });
    expect(figures.categories).toEqual({ total: 2, active: 1 });
  });
});
