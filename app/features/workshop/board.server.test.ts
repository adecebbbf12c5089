/**
 * The production board (issue 31 item 3): a column per stage in the shop's order (no delivered;
 * no trial or alteration when the shop skips the trial), the viewer's own cards first, then by
 * due date, the "Overdue" and "Due today" marks on Kolkata dates, the filters (person, garment
 * type, ISO due week) and their refusals, a move through the board's action and the 409 of a
 * stale version, and the NOTIFY every open board listens to.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, workTickets, workTicketStages } from '~/lib/schema.server';
import { addShopDays, shopDateOf } from '~/lib/shop-time';
import { seedStyleOptions } from '~/seed/seed.server';
import * as boardRoute from '~/routes/admin/workshop-board';
import {
  createTestApp,
  formPost,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import { parseBoardFilters, productionBoard, type BoardFilters } from './board.server';
import type { WorkStage } from './stages';
import { workshopSettingsForm } from '../../../tests/support/workshop-settings-form';
import { makeWorkshopOrder } from '../../../tests/support/workshop-orders';
import { assignTicket, MOVED_JUST_NOW, type WorkshopActor } from './tickets.server';
import {
  getWorkshopSettingsForAdmin,
  saveWorkshopSettings,
  workshopSettingsFormSchema,
} from './workshop-settings.server';

let app: TestApp;
let admin: { cookie: string; userId: string };
let tailor: { cookie: string; userId: string };
let shopper: { cookie: string; userId: string };
let clientId: number;

/** Saturday 28 November 2026, 15:00 in Kolkata: the board's "now" (ISO week 2026-W48). */
const NOW = new Date('2026-11-28T09:30:00Z');
const TODAY = shopDateOf(NOW);

const actor = (): WorkshopActor => ({
  id: admin.userId,
  email: 'admin@example.com',
  name: 'Master Tailor',
});

/** The garments of the board's two orders, by name. */
const g = { suitShirt: 0, suitTrouser: 0, kurta: 0 };
const numbers = { first: '', second: '' };

/** A bespoke order of `types` for Ravi Patel, made as the back office makes it. */
async function makeOrder(types: string[]) {
  const { number, ids } = await makeWorkshopOrder(app.database.db, actor(), {
    customerId: clientId,
    types,
    promisedOn: addShopDays(TODAY, 40),
    now: NOW,
  });
  return { number, ids };
}

/** Sets the due date of the stage garment `garmentId` stands at. */
async function setDue(garmentId: number, dueOn: string) {
  const db = app.database.db;
  const [ticket] = await db.select().from(workTickets).where(eq(workTickets.garmentId, garmentId));
  await db
    .update(workTicketStages)
    .set({ dueOn })
    .where(
      and(eq(workTicketStages.ticketId, ticket!.id), eq(workTicketStages.stage, ticket!.stage)),
    );
}

const board = (filters: BoardFilters = {}, viewer = admin.userId) =>
  productionBoard(app.database.db, viewer, filters, NOW);

/** The cards of a column, as "garment id: mark". */
async function column(stage: WorkStage, filters: BoardFilters = {}, viewer?: string) {
  const shown = await board(filters, viewer);
  return shown.columns.find((entry) => entry.stage === stage)?.cards ?? [];
}

/** The ids of every card on the board. */
async function ids(filters: BoardFilters) {
  return (await board(filters)).columns.flatMap((entry) => entry.cards.map((c) => c.garmentId));
}

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  await seedStyleOptions(db);
  admin = await app.signedIn('admin', 'board-admin@example.com');
  tailor = await app.signedIn('admin', 'board-tailor@example.com');
  shopper = await app.signedIn('user', 'ravi@example.com');
  const [client] = await db
    .insert(customers)
    .values({
      name: 'Ravi Kumar Patel',
      phone: '+919825011111',
      email: 'ravi@example.com',
      notify: 'both',
      userId: shopper.userId,
    })
    .returning();
  clientId = client!.id;

  const first = await makeOrder(['shirt', 'trouser']);
  const second = await makeOrder(['kurta']);
  numbers.first = first.number;
  numbers.second = second.number;
  [g.suitShirt, g.suitTrouser] = first.ids as [number, number];
  g.kurta = second.ids[0]!;
  // The shirt is the viewer's and due in three days; the trouser the tailor's and overdue; the
  // kurta no one's and due today.
  await assignTicket(db, { garmentId: g.suitShirt, assigneeId: admin.userId, actor: actor() });
  await assignTicket(db, { garmentId: g.suitTrouser, assigneeId: tailor.userId, actor: actor() });
  await setDue(g.suitShirt, addShopDays(TODAY, 3));
  await setDue(g.suitTrouser, addShopDays(TODAY, -1));
  await setDue(g.kurta, TODAY);
});
afterAll(() => app?.dispose());

describe(`the production board on ${testDatabaseKind}`, () => {
  it('has a column per stage in the shop’s order, without delivered', async () => {
    const shown = await board();
    expect(shown.columns.map((entry) => entry.label)).toEqual([
      'Measured',
      'Cutting',
      'Stitching',
      'Finishing',
      'Trial',
      'Alteration',
      'Ready',
    ]);
    expect(shown.total).toBe(3);
    expect(shown.today).toBe('2026-11-28');
    expect(shown.thisWeek).toBe('2026-W48');
  });

  it('shows the viewer’s own cards first, then by due date, with the marks and no surname', async () => {
    const cards = await column('measured');
    expect(cards.map((card) => [card.garmentId, card.mine, card.mark])).toEqual([
      [g.suitShirt, true, null],
      [g.suitTrouser, false, 'overdue'],
      [g.kurta, false, 'due-today'],
    ]);
    expect(cards[0]).toMatchObject({
      number: numbers.first,
      customerFirstName: 'Ravi',
      garment: 'Shirt',
      dueOn: addShopDays(TODAY, 3),
      assigneeName: expect.any(String),
      choices: [{ stage: 'cutting', label: 'Cutting' }],
    });
    expect(cards[2]!.assigneeName).toBeNull();
    // Only the overdue trouser will miss its promised date (issue 31 item 6's slip rule).
    expect(cards.map((card) => card.atRisk)).toEqual([false, true, false]);
    // For the tailor, the trouser comes first.
    const theirs = await column('measured', {}, tailor.userId);
    expect(theirs.map((card) => card.garmentId)).toEqual([g.suitTrouser, g.kurta, g.suitShirt]);
  });

  it('filters by person, garment type and ISO due week', async () => {
    expect(await ids({ person: 'me' })).toEqual([g.suitShirt]);
    expect(await ids({ person: 'none' })).toEqual([g.kurta]);
    expect(await ids({ person: tailor.userId })).toEqual([g.suitTrouser]);
    expect(await ids({ garment: 'kurta' })).toEqual([g.kurta]);
    expect(await ids({ garment: 'sherwani' })).toEqual([]);
    // 2026-W48 runs from Monday 23 to Sunday 29 November: the trouser (27th), the kurta (28th).
    expect(await ids({ week: '2026-W48' })).toEqual([g.suitTrouser, g.kurta]);
    expect(await ids({ week: '2026-W49' })).toEqual([g.suitShirt]);
    expect(await ids({ week: '2026-W49', person: 'none' })).toEqual([]);
    expect((await board({ week: '2026-W49' })).week).toEqual({
      from: '2026-11-30',
      to: '2026-12-06',
    });
    // A week across the new year: 2026-W53 runs from 28 December 2026 to 3 January 2027.
    await setDue(g.kurta, '2027-01-03');
    try {
      expect(await ids({ week: '2026-W53' })).toEqual([g.kurta]);
    } finally {
      await setDue(g.kurta, TODAY);
    }
  });

  it('reads the filters from the URL and refuses bad ones with their message', async () => {
    const parse = (query: string) => parseBoardFilters(new URLSearchParams(query));
    expect(parse('person=me&garment=shirt&week=2026-W48')).toEqual({
      ok: true,
      filters: { person: 'me', garment: 'shirt', week: '2026-W48' },
    });
    expect(parse('person=&garment=&week=')).toEqual({ ok: true, filters: {} });
    expect(parse('week=2027-W53')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/week/),
    });
    expect(parse('week=2026-11-23')).toMatchObject({ ok: false });
    expect(parse('garment=cape')).toEqual({ ok: false, message: 'Please choose a garment type.' });
    expect(parse(`person=${'x'.repeat(101)}`)).toMatchObject({ ok: false });

    const load = (query: string, cookie = admin.cookie) =>
      routeOutcome(() =>
        boardRoute.loader({
          request: pageGet(`/admin/workshop${query}`, cookie),
          context: app.context,
          params: {},
        } as never),
      );
    const page = await load('?garment=kurta');
    expect(page.status).toBe(200);
    expect((page.data as { board: { total: number } }).board.total).toBe(1);
    expect((await load('?week=nonsense')).status).toBe(400);
    expect((await load('', shopper.cookie)).status).toBe(302);
  });

  it('moves a card through the board’s action and answers a stale version with 409', async () => {
    const post = (fields: Record<string, string>, cookie = admin.cookie) =>
      routeOutcome(() =>
        boardRoute.action({
          request: formPost('/admin/workshop', { intent: 'move-ticket', ...fields }, cookie),
          context: app.context,
          params: {},
        } as never),
      );
    const [kurta] = (await column('measured')).filter((card) => card.garmentId === g.kurta);
    const fields = {
      garmentId: String(g.kurta),
      toStage: 'cutting',
      version: String(kurta!.version),
    };
    expect((await post(fields, shopper.cookie)).status).toBe(403);
    const moved = await post(fields);
    expect(moved.status).toBe(200);
    expect(moved.data).toMatchObject({ ok: true, message: 'The kurta is now at Cutting.' });
    expect((await column('cutting')).map((card) => card.garmentId)).toEqual([g.kurta]);
    expect((await column('measured')).map((card) => card.garmentId)).not.toContain(g.kurta);

    // A second board still showing the old version drops the card on Stitching.
    const stale = await post({ ...fields, toStage: 'stitching' });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ ok: false, message: MOVED_JUST_NOW });
  });

  it('tells every open board when a ticket moves (NOTIFY on channel workshop)', async () => {
    const heard: string[] = [];
    let resolve: () => void = () => {};
    const arrived = new Promise<void>((done) => {
      resolve = done;
    });
    const stop = await app.database.listen('workshop', (payload) => {
      heard.push(payload);
      resolve();
    });
    try {
      await assignTicket(app.database.db, {
        garmentId: g.kurta,
        assigneeId: tailor.userId,
        actor: actor(),
      });
      await arrived;
      expect(JSON.parse(heard[0]!)).toEqual({ table: 'work_tickets', op: 'update' });
    } finally {
      await stop();
    }
  });

  it('leaves out the trial and its alteration when the shop skips the trial', async () => {
    const db = app.database.db;
    const form = (changes: Record<string, string>) =>
      workshopSettingsFormSchema.parse(workshopSettingsForm(changes));
    await saveWorkshopSettings(db, actor(), form({ skipTrial: 'on', 'label-stitching': 'Silai' }));
    try {
      expect((await board()).columns.map((entry) => entry.label)).toEqual([
        'Measured',
        'Cutting',
        'Silai',
        'Finishing',
        'Ready',
      ]);
    } finally {
      const { version } = await getWorkshopSettingsForAdmin(db);
      await saveWorkshopSettings(db, actor(), form({ version: version ?? '' }));
    }
  });
});
