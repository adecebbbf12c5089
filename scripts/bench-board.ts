/**
 * `npm run bench -- --only board` (issue 31 item 3: the production board renders 500 open
 * tickets in under 1 s on the server): seeds a scratch in-memory database (PGlite) with 100
 * bespoke orders of five garments each (500 open tickets spread over the stages, a quarter of
 * them the viewer's) and 300 delivered ones, then times the board's loader
 * (`loadBoardPage`: filters, the one board query, the staff) and the server render of its
 * screen, unfiltered and with each filter. Prints the median and slowest of BENCH_RUNS runs
 * (default 20) against the 1 s budget; asserts nothing.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '~/lib/db.server';
import { bespokeGarments, orders, user, workTickets } from '~/lib/schema.server';
import { GARMENT_TYPES, type WorkStage } from '~/lib/schema-enums';
import { addShopDays, shopDateOf } from '~/lib/shop-time';
import { openTickets } from '~/features/workshop/tickets.server';
import { loadBoardPage } from '~/features/admin/workshop/board.server';
import { BoardScreen } from '~/features/admin/workshop/board-screen';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const BUDGET_MS = 1_000;
const OPEN = 500;
const DELIVERED = 300;
const PER_ORDER = 5;
const OPEN_STAGES: WorkStage[] = [
  'measured',
  'cutting',
  'stitching',
  'finishing',
  'trial',
  'ready',
];

/** Seeds the scratch database; resolves to the viewer's id. */
async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<string> {
  const now = new Date();
  const today = shopDateOf(now);
  const staff = ['owner', 'cutter', 'tailor', 'finisher'].map((name) => ({
    id: `bench-${name}`,
    name: `Bench ${name}`,
    email: `${name}@bench.test`,
    role: 'admin',
  }));
  await db.insert(user).values(staff);
  const total = OPEN + DELIVERED;
  for (let first = 0; first < total; first += PER_ORDER) {
    const index = first / PER_ORDER;
    const promisedOn = addShopDays(today, (index % 40) - 5);
    const [order] = await db
      .insert(orders)
      .values({
        number: `RT-BENCH-${String(index + 1).padStart(4, '0')}`,
        kind: 'bespoke',
        amountPaise: 2_500_000,
        customerName: `Customer${index} Surname`,
        email: `customer${index}@bench.test`,
        phone: '+919825011111',
        address: '1 Yagnik Road',
        city: 'Rajkot',
        state: 'Gujarat',
        pincode: '360001',
        provider: 'sandbox',
        promisedOn,
      })
      .returning({ id: orders.id });
    const garments = await db
      .insert(bespokeGarments)
      .values(
        Array.from({ length: PER_ORDER }, (_, position) => ({
          orderId: order!.id,
          position: position + 1,
          garmentType: GARMENT_TYPES[(index + position) % GARMENT_TYPES.length]!,
          fabricName: 'Cream cotton',
          fabricPricePerMetrePaise: 80_000,
          consumptionCm: 250,
          options: [],
          quotePaise: 500_000,
          pricePaise: 500_000,
        })),
      )
      .returning({ id: bespokeGarments.id, garmentType: bespokeGarments.garmentType });
    await openTickets(db, { id: order!.id, promisedOn }, garments, now);
    const ids = garments.map((garment) => garment.id);
    const stage: WorkStage = first >= OPEN ? 'delivered' : OPEN_STAGES[index % OPEN_STAGES.length]!;
    await db
      .update(workTickets)
      .set({ stage, assigneeId: staff[index % staff.length]!.id })
      .where(inArray(workTickets.garmentId, ids));
  }
  return staff[0]!.id;
}

/** Median and slowest of `runs` timings of `task`, in ms, after one warm-up. */
async function time(task: () => Promise<unknown>): Promise<{ median: number; max: number }> {
  await task();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    median: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10,
    max: Math.round(times.at(-1)! * 10) / 10,
  };
}

/** Seeds, times the board and prints a table. */
export async function benchBoard(): Promise<void> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    const seeded = performance.now();
    const viewer = { id: await seed(database.db), role: 'admin' as const };
    console.log(
      `Seeded ${OPEN} open and ${DELIVERED} delivered tickets in ${Math.round(performance.now() - seeded)} ms`,
    );
    const all = await loadBoardPage(
      database.db,
      viewer,
      new URL('http://bench.test/admin/workshop'),
    );
    const queries = ['', '?person=me', '?garment=shirt', `?week=${all.board.thisWeek}`];
    const rows = [];
    for (const query of queries) {
      const url = new URL(`http://bench.test/admin/workshop${query}`);
      const page = await loadBoardPage(database.db, viewer, url);
      const loader = await time(() => loadBoardPage(database.db, viewer, url));
      const Stub = createRoutesStub([
        { path: '/admin/workshop', Component: () => createElement(BoardScreen, page) },
      ]);
      const render = await time(async () =>
        renderToString(createElement(Stub, { initialEntries: [`/admin/workshop${query}`] })),
      );
      const worst = loader.max + render.max;
      rows.push({
        board: `/admin/workshop${query}`,
        cards: page.board.total,
        'loader median ms': loader.median,
        'loader max ms': loader.max,
        'render median ms': render.median,
        'render max ms': render.max,
        [`≤ ${BUDGET_MS} ms`]: worst <= BUDGET_MS ? 'yes' : `NO (${Math.round(worst)})`,
      });
    }
    console.log(`\nProduction board (PGlite, ${RUNS} runs each after a warm-up)`);
    console.table(rows);
  } finally {
    await database.close();
  }
}
