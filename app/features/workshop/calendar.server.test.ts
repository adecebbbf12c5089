/**
 * The delivery calendar (issue 31 item 6): a week (Monday to Sunday) and a day of the trials,
 * booked trials, ready and delivery dates on Kolkata days, the orders at risk of missing their
 * promised date on top, an entry done once its garments reached the stage, a workshop member's
 * own garments only and no order links for them, and the query's refusals (400).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, appointmentTypes, customers } from '~/lib/schema.server';
import { shopInstant } from '~/lib/shop-time';
import { seedStyleOptions } from '~/seed/seed.server';
import * as calendarRoute from '~/routes/admin/workshop-calendar';
import {
  createTestApp,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import { deliveryCalendar, parseCalendarQuery, type CalendarQuery } from './calendar.server';
import type { WorkStage } from './stages';
import { assignTicket, type WorkshopActor } from './tickets.server';
import { makeWorkshopOrder, moveGarment } from '../../../tests/support/workshop-orders';

let app: TestApp;
let owner: { cookie: string; userId: string };
let tailor: { cookie: string; userId: string };
let shopper: { cookie: string; userId: string };

/** Saturday 28 November 2026, 15:00 in Kolkata. */
const NOW = new Date('2026-11-28T09:30:00Z');
const TODAY = '2026-11-28';

const actor = (): WorkshopActor => ({
  id: owner.userId,
  email: 'owner@example.com',
  name: 'Master Tailor',
});
/** Order A: a shirt (the tailor's) and a trouser, promised Monday 30 November (at risk). */
const a = { number: '', shirt: 0, trouser: 0 };
/** Order B: a kurta promised 7 January 2027, with a trial booked today at 11:00. */
const b = { number: '', kurta: 0 };

async function makeOrder(customerId: number, promisedOn: string, types: string[]) {
  const { number, order, ids } = await makeWorkshopOrder(app.database.db, actor(), {
    customerId,
    types,
    promisedOn,
    now: NOW,
  });
  return { number, id: order.id, ids };
}

async function move(garmentId: number, toStage: WorkStage) {
  await moveGarment(app.database.db, actor(), garmentId, toStage, NOW);
}

const calendar = (query: Partial<CalendarQuery> = {}, viewer = { id: '', ownOnly: false }) =>
  deliveryCalendar(
    app.database.db,
    { ...viewer, id: viewer.id || owner.userId },
    { view: 'week', date: TODAY, ...query },
    NOW,
  );

/** A day's entries as "kind number: garments (done)". */
async function dayOf(date: string, query: Partial<CalendarQuery> = {}, ownOnly = false) {
  const shown = await calendar(query, { id: ownOnly ? tailor.userId : '', ownOnly });
  return (shown.days.find((day) => day.date === date)?.entries ?? []).map(
    (entry) =>
      `${entry.kind}${entry.time ? ` ${entry.time}` : ''} ${entry.number}: ${entry.garments
        .map((garment) => garment.garment)
        .join(', ')}${entry.done ? ' (done)' : ''}${entry.atRisk ? ' (at risk)' : ''}`,
  );
}

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  await seedStyleOptions(db);
  owner = await app.signedIn('admin', 'calendar-owner@example.com');
  tailor = await app.signedIn('workshop', 'calendar-tailor@example.com');
  shopper = await app.signedIn('user', 'calendar-shopper@example.com');
  const [client] = await db
    .insert(customers)
    .values({ name: 'Ravi Kumar Patel', phone: '+919825011112', notify: 'both' })
    .returning();

  const first = await makeOrder(client!.id, '2026-11-30', ['shirt', 'trouser']);
  const second = await makeOrder(client!.id, '2027-01-07', ['kurta']);
  Object.assign(a, { number: first.number, shirt: first.ids[0], trouser: first.ids[1] });
  Object.assign(b, { number: second.number, kurta: second.ids[0] });
  await assignTicket(db, { garmentId: a.shirt, assigneeId: tailor.userId, actor: actor() });

  const [trial] = await db.select().from(appointmentTypes).where(eq(appointmentTypes.key, 'trial'));
  await db.insert(appointments).values({
    customerId: client!.id,
    typeId: trial!.id,
    startsAt: shopInstant(TODAY, '11:00'),
    endsAt: shopInstant(TODAY, '11:30'),
    source: 'staff',
    orderId: second.id,
  });
});
afterAll(() => app?.dispose());

describe(`the delivery calendar on ${testDatabaseKind}`, () => {
  it('shows a week from Monday to Sunday, with trials due and booked, at-risk orders marked', async () => {
    const week = await calendar();
    expect(week.days.map((day) => day.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    // Order A: promised Mon 30, ready 1 day, alteration 2: its trials are due Friday 27.
    expect(await dayOf('2026-11-27')).toEqual([`trial ${a.number}: Shirt, Trouser (at risk)`]);
    expect(await dayOf(TODAY)).toEqual([`trial-booked 11:00 am ${b.number}: Kurta`]);
    const entry = week.days[4]!.entries[0]!;
    expect(entry).toMatchObject({ customerFirstName: 'Ravi', done: false });
    expect(entry.garments[0]).toMatchObject({
      garmentId: a.shirt,
      stageLabel: 'Measured',
      assigneeName: expect.any(String),
    });
    expect(entry.garments[1]!.assigneeName).toBeNull();
  });

  it('lists the orders that will miss their promised date, and not the others', async () => {
    const { atRisk } = await calendar();
    expect(atRisk.map((order) => order.number)).toEqual([a.number]);
    expect(atRisk[0]).toMatchObject({ customerFirstName: 'Ravi', promisedOn: '2026-11-30' });
    // Measured was due on the 21st (cutting 1, stitching 3, finishing 1 day before the trial).
    expect(atRisk[0]!.garments.map((garment) => [garment.garmentId, garment.reason])).toEqual([
      [a.shirt, 'stage-overdue'],
      [a.trouser, 'stage-overdue'],
    ]);
    expect(atRisk[0]!.garments[0]!.stageDueOn).toBe('2026-11-21');
  });

  it('shows a day, and the next week with ready and delivery', async () => {
    const day = await calendar({ view: 'day', date: '2026-11-30' });
    expect(day.days.map((entry) => entry.date)).toEqual(['2026-11-30']);
    expect(await dayOf('2026-11-30', { view: 'day', date: '2026-11-30' })).toEqual([
      `ready ${a.number}: Shirt, Trouser (at risk)`,
      `delivery ${a.number}: Shirt, Trouser (at risk)`,
    ]);
    const next = await calendar({ date: '2026-12-03' });
    expect(next.days[0]!.date).toBe('2026-11-30');
    expect(next.days[0]!.entries).toHaveLength(2);
  });

  it('shows a workshop member only their own garments', async () => {
    expect(await dayOf('2026-11-27', {}, true)).toEqual([`trial ${a.number}: Shirt (at risk)`]);
    expect(await dayOf(TODAY, {}, true)).toEqual([]);
    const { atRisk } = await calendar({}, { id: tailor.userId, ownOnly: true });
    expect(atRisk.flatMap((order) => order.garments.map((g) => g.garmentId))).toEqual([a.shirt]);
  });

  it('marks an entry done once every garment reached the stage', async () => {
    await move(a.trouser, 'trial');
    expect(await dayOf('2026-11-27')).toEqual([`trial ${a.number}: Shirt, Trouser (at risk)`]);
    await move(a.shirt, 'trial');
    expect(await dayOf('2026-11-27')).toEqual([
      `trial ${a.number}: Shirt, Trouser (done) (at risk)`,
    ]);
    await db().update(appointments).set({ status: 'attended' });
    expect(await dayOf(TODAY)).toEqual([`trial-booked 11:00 am ${b.number}: Kurta (done)`]);
  });

  it('reads its query, answers a bad one 400, and links orders only for those who read them', async () => {
    const parse = (query: string) => parseCalendarQuery(new URLSearchParams(query), TODAY);
    expect(parse('')).toEqual({ ok: true, query: { view: 'week', date: TODAY } });
    expect(parse('view=day&date=2026-12-01')).toEqual({
      ok: true,
      query: { view: 'day', date: '2026-12-01' },
    });
    expect(parse('view=month')).toEqual({
      ok: false,
      message: 'Please choose the day or the week view.',
    });
    expect(parse('date=2026-02-30')).toMatchObject({ ok: false, message: /YYYY-MM-DD/ });
    expect(parse('date=9999-12-31')).toMatchObject({ ok: false });

    const load = (query: string, cookie: string) =>
      routeOutcome(() =>
        calendarRoute.loader({
          request: pageGet(`/admin/workshop/calendar${query}`, cookie),
          context: app.context,
          params: {},
        } as never),
      );
    const page = await load('?view=day', owner.cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ linkOrders: true, calendar: { view: 'day' } });
    const theirs = await load('', tailor.cookie);
    expect(theirs.status).toBe(200);
    expect(theirs.data).toMatchObject({ linkOrders: false, calendar: { ownOnly: true } });
    expect((await load('?date=2026-13-01', owner.cookie)).status).toBe(400);
    expect((await load('', shopper.cookie)).status).toBe(302);
  });
});

const db = () => app.database.db;
