/**
 * The booking pages' loaders and actions against a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): `/book` never fails on a bad query, books a guest, answers a taken slot
 * with the message and other times; the manage link refuses a forged token and, after the
 * cut-off, any change; `/account/appointments` lists the shopper's own. The clock is injected.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  appointments,
  appointmentSlots,
  appointmentTypes,
  customers,
  designs,
  jobs,
  requestLimits,
} from '~/lib/schema.server';
import { shopInstant } from '~/lib/shop-time';
import { CLIENT_IP_HEADER } from '~/lib/rate-limit.server';
import {
  createTestApp,
  insertSampleProduct,
  pageGet,
  routeOutcome,
  TEST_ORIGIN,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import { cutoffMessage, SLOT_TAKEN_MESSAGE } from './booking.server';
import { loadBookingPage, submitBooking, type BookingRefusal } from './booking-page.server';
import {
  appointmentCalendar,
  loadManagePage,
  submitManage,
  type ManageRefusal,
} from './manage-page.server';
import { manageToken } from './manage-link.server';
import { shopperAppointments } from './shopper-appointments.server';

let app: TestApp;
let productId: number;
/** A saved design (issue 21) the booking is about. */
const DESIGN_ID = 'Dsgn12abcdefghijklmnop';
// Wednesday 25 November 2026, 09:00 in Rajkot.
const now = shopInstant('2026-11-25', 9 * 60);
const friday11 = shopInstant('2026-11-27', 11 * 60).toISOString();
let clients = 0;

/** A POST of the booking form from a client address of its own (so limits do not add up). */
function post(path: string, fields: Record<string, string>, cookie?: string): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const headers: Record<string, string> = {
    origin: TEST_ORIGIN,
    [CLIENT_IP_HEADER]: `203.0.113.${++clients}`,
  };
  if (cookie) headers.cookie = cookie;
  return new Request(`${TEST_ORIGIN}${path}`, { method: 'POST', body, headers });
}

const guestFields = (n: number, time = friday11) => ({
  type: 'consultation',
  time,
  name: `Guest ${n}`,
  phone: `98250 ${String(10000 + n).slice(-5)}`,
  email: `Guest${n}@Example.com`,
  notes: 'Wedding in January',
});

async function book(fields: Record<string, string>, cookie?: string) {
  return routeOutcome(() => submitBooking(post('/book', fields, cookie), app.context, now));
}

function tokenOf(location: string | null | undefined): string {
  const match = /^\/book\/manage\/([^?]+)\?booked=1$/.exec(location ?? '');
  if (!match) throw new Error(`not a manage link: ${location}`);
  return match[1]!;
}

beforeAll(async () => {
  app = await createTestApp();
  productId = await insertSampleProduct(app.database.db, 150_000);
  await app.database.db.insert(designs).values({
    id: DESIGN_ID,
    garmentType: 'sherwani',
    options: {},
    estimatePaise: 2_000_000,
  });
});
afterAll(() => app.dispose());
beforeEach(async () => {
  const db = app.database.db;
  await db.delete(appointments);
  await db.delete(appointmentSlots);
  await db.delete(jobs);
  await db.delete(customers);
  await db.delete(requestLimits);
  await db
    .update(appointmentTypes)
    .set({ capacity: 2 })
    .where(eq(appointmentTypes.key, 'consultation'));
});

describe(`the booking page on ${testDatabaseKind}`, () => {
  it('falls back to an earlier step on bad query values, never an error', async () => {
    const bad = [
      '/book?type=%3Cscript%3E&date=2026-02-30&time=yesterday&product=99999999999&month=13',
      '/book?type=nope&product=-1&design=../../etc',
      '/book?type=consultation&date=1999-01-01&month=1999-01',
      '/book?type=consultation&time=2026-11-27T05:31:00.000Z',
      '/book?type=consultation&date=2026-11-27&time=2026-11-27T05:31:00.000Z',
      '/book?type=consultation&type=measurement&date[]=x',
    ];
    const steps = [];
    for (const path of bad) {
      const outcome = await routeOutcome(() => loadBookingPage(pageGet(path), app.context, now));
      expect(outcome.status).toBe(200);
      steps.push((outcome.data as { step: string }).step);
    }
    expect(steps).toEqual(['type', 'type', 'date', 'time', 'time', 'date']);
  });

  it('walks the steps from the query: type, month of free days, slots, chosen time', async () => {
    const page = await loadBookingPage(
      pageGet(
        `/book?type=consultation&product=${productId}&design=${DESIGN_ID}&date=2026-11-27&time=${friday11}`,
      ),
      app.context,
      now,
    );
    expect(page.step).toBe('details');
    if (page.step !== 'details') return;
    expect(page.product).toEqual({ id: productId, name: 'Linen' });
    expect(page.query).toMatchObject({ type: 'consultation', productId, designId: DESIGN_ID });
    expect(page.design).toEqual({
      id: DESIGN_ID,
      garmentLabel: 'Sherwani',
      fabricName: null,
      estimatePaise: 2_000_000,
    });
    expect(page.month.key).toBe('2026-11');
    expect(page.month.leadingBlanks).toBe(6); // 1 November 2026 is a Sunday
    expect(page.month.days.find((d) => d.date === '2026-11-24')!.freeSlots).toBe(0);
    expect(page.month.days.find((d) => d.date === '2026-11-27')!.freeSlots).toBe(10);
    expect(page.dateLabel).toBe('Friday, 27 November 2026');
    expect(page.chosen!.label).toBe('11:00 am');
    expect(page.shopper).toBeNull();
  });

  it('books a guest: stores the customer and the appointment with its context, then shows the manage page', async () => {
    const outcome = await book({
      ...guestFields(1),
      product: String(productId),
      design: DESIGN_ID,
    });
    expect(outcome.status).toBe(302);
    const token = tokenOf(outcome.location);
    const [stored] = await app.database.db
      .select()
      .from(appointments)
      .innerJoin(customers, eq(customers.id, appointments.customerId));
    expect(stored!.customers).toMatchObject({
      name: 'Guest 1',
      phone: '+919825010001',
      email: 'guest1@example.com',
      userId: null,
    });
    expect(stored!.appointments).toMatchObject({
      startsAt: new Date(friday11),
      source: 'online',
      notes: 'Wedding in January',
      context: { productId, productName: 'Linen', designId: DESIGN_ID },
    });
    const page = await loadManagePage(
      pageGet(`/book/manage/${token}?booked=1`),
      app.context,
      token,
      now,
    );
    expect(page.done).toBe('booked');
    expect(page.appointment).toMatchObject({
      typeName: 'Consultation',
      status: 'booked',
      dateLabel: 'Friday, 27 November 2026',
      timeLabel: '11:00 am – 11:45 am',
    });
    expect(page.place).toContain('Rajkot');
    expect(page.canChange).toBe(true);
    const ics = await appointmentCalendar(app.context, token);
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('DTSTART:20261127T053000Z');
    expect(ics).toContain('DTEND:20261127T061500Z');
  });

  it('refuses bad details with a message per field and books nothing', async () => {
    const outcome = await book({
      ...guestFields(2),
      phone: '12345',
      email: 'nope',
      name: ' ',
      notes: 'x'.repeat(501),
    });
    expect(outcome.status).toBe(400);
    const refusal = outcome.data as BookingRefusal;
    expect(refusal.errors).toEqual({
      name: 'Please enter your full name',
      phone: 'Please enter a 10-digit Indian mobile number',
      email: 'Please enter a valid email address',
      notes: 'Notes must be at most 500 characters',
    });
    expect(refusal.values.email).toBe('nope');
    const missingTime = await book({ ...guestFields(2), time: 'soon' });
    expect(missingTime.status).toBe(400);
    expect((missingTime.data as BookingRefusal).errors.time).toBe(
      'Please pick one of the times shown',
    );
    const unknownType = await book({ ...guestFields(2), type: 'haircut' });
    expect(unknownType.status).toBe(400);
    const offGrid = await book({
      ...guestFields(2),
      time: shopInstant('2026-11-27', 11 * 60 + 5).toISOString(),
    });
    expect(offGrid.status).toBe(400);
    expect(await app.database.db.select().from(appointments)).toHaveLength(0);
  });

  it('answers a taken slot with the message and the next free times, keeping the details', async () => {
    await app.database.db
      .update(appointmentTypes)
      .set({ capacity: 1 })
      .where(eq(appointmentTypes.key, 'consultation'));
    expect((await book(guestFields(3))).status).toBe(302);
    const outcome = await book(guestFields(4));
    expect(outcome.status).toBe(409);
    const refusal = outcome.data as BookingRefusal;
    expect(refusal.taken!.message).toBe(SLOT_TAKEN_MESSAGE);
    expect(refusal.taken!.nextSlots.slice(0, 2).map((s) => `${s.dateLabel} ${s.label}`)).toEqual([
      'Friday, 27 November 2026 12:00 pm',
      'Friday, 27 November 2026 1:00 pm',
    ]);
    expect(refusal.values).toMatchObject({ name: 'Guest 4', email: 'Guest4@Example.com' });
    // The page at that time now shows the slot as taken.
    const page = await loadBookingPage(
      pageGet(`/book?type=consultation&date=2026-11-27&time=${friday11}`),
      app.context,
      now,
    );
    expect(page.step).toBe('time');
    if (page.step === 'time') expect(page.notice).toBe(SLOT_TAKEN_MESSAGE);
  });

  it('refuses the same form sent twice at once: one booking, and a 409 with a message for the second', async () => {
    const outcomes = await Promise.all([book(guestFields(5)), book(guestFields(5))]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([302, 409]);
    const refusal = outcomes.find((o) => o.status === 409)!.data as BookingRefusal;
    expect(refusal.notice).toEqual({
      title: 'Already booked',
      description:
        'You already have an appointment at this time. The link in your confirmation message changes it.',
    });
    const stored = await app.database.db.select().from(appointments);
    expect(stored).toHaveLength(1);
    const [counter] = await app.database.db.select().from(appointmentSlots);
    expect(counter!.booked).toBe(1);
  });

  it('limits how many bookings one address sends', async () => {
    const fixed = (n: number) => {
      const request = post(
        '/book',
        guestFields(10 + n, shopInstant('2026-11-28', (10 + n) * 60).toISOString()),
      );
      request.headers.set(CLIENT_IP_HEADER, '198.51.100.7');
      return routeOutcome(() => submitBooking(request, app.context, now));
    };
    const statuses = [];
    for (let n = 0; n < 11; n++) statuses.push((await fixed(n % 10)).status);
    expect(statuses.slice(0, 10).every((s) => s === 302 || s === 409)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('fills in a signed-in shopper and books on their own record', async () => {
    const { cookie, userId } = await app.signedIn('user');
    const page = await loadBookingPage(
      pageGet('/book?type=consultation', cookie),
      app.context,
      now,
    );
    expect(page.shopper).toMatchObject({ name: 'Test user', phone: '' });
    const outcome = await book(
      { type: 'consultation', time: friday11, name: 'Ravi Patel', phone: '9825011111', notes: '' },
      cookie,
    );
    expect(outcome.status).toBe(302);
    const [record] = await app.database.db
      .select()
      .from(customers)
      .where(eq(customers.userId, userId));
    expect(record).toMatchObject({ name: 'Ravi Patel', phone: '+919825011111' });
    const list = await shopperAppointments(
      app.database.db,
      userId,
      'integration-test-link-secret',
      now,
    );
    expect(list.upcoming.map((a) => [a.typeName, a.dateLabel, a.canChange])).toEqual([
      ['Consultation', 'Friday, 27 November 2026', true],
    ]);
    expect(list.upcoming[0]!.managePath).toBe(`/book/manage/${tokenOf(outcome.location)}`);
    const other = await app.signedIn('user');
    const theirs = await shopperAppointments(
      app.database.db,
      other.userId,
      'integration-test-link-secret',
      now,
    );
    expect(theirs.upcoming).toHaveLength(0);
  });
});

describe(`the manage link on ${testDatabaseKind}`, () => {
  it('answers 404 to a malformed, forged or unknown token', async () => {
    const { location } = await book(guestFields(20));
    const real = tokenOf(location);
    const id = Number(real.split('.')[0]);
    for (const token of [
      'nope',
      `${id}.${'0'.repeat(32)}`,
      manageToken('another-secret', id),
      manageToken('integration-test-link-secret', id + 1000),
    ]) {
      const loaded = await routeOutcome(() =>
        loadManagePage(pageGet(`/book/manage/${token}`), app.context, token, now),
      );
      expect(loaded.status).toBe(404);
      const posted = await routeOutcome(() =>
        submitManage(post(`/book/manage/${token}`, { intent: 'cancel' }), app.context, token, now),
      );
      expect(posted.status).toBe(404);
      await expect(appointmentCalendar(app.context, token)).rejects.toMatchObject({
        init: { status: 404 },
      });
    }
    const [still] = await app.database.db.select().from(appointments);
    expect(still!.status).toBe('booked');
  });

  it('reschedules and cancels until the cut-off', async () => {
    const token = tokenOf((await book(guestFields(21))).location);
    const page = await loadManagePage(
      pageGet(`/book/manage/${token}?reschedule=1&date=2026-11-28`),
      app.context,
      token,
      now,
    );
    expect(page.reschedule!.date).toBe('2026-11-28');
    expect(page.reschedule!.slots![0]!.label).toBe('10:00 am');
    const saturday2 = shopInstant('2026-11-28', 14 * 60).toISOString();
    const moved = await routeOutcome(() =>
      submitManage(
        post(`/book/manage/${token}`, { intent: 'reschedule', time: saturday2 }),
        app.context,
        token,
        now,
      ),
    );
    expect(moved).toMatchObject({ status: 302, location: `/book/manage/${token}?rescheduled=1` });
    const after = await loadManagePage(pageGet(`/book/manage/${token}`), app.context, token, now);
    expect(after.appointment.dateLabel).toBe('Saturday, 28 November 2026');
    expect(after.appointment.timeLabel).toBe('2:00 pm – 2:45 pm');
    const cancelled = await routeOutcome(() =>
      submitManage(post(`/book/manage/${token}`, { intent: 'cancel' }), app.context, token, now),
    );
    expect(cancelled).toMatchObject({ status: 302, location: `/book/manage/${token}?cancelled=1` });
    const gone = await loadManagePage(pageGet(`/book/manage/${token}`), app.context, token, now);
    expect(gone.appointment.status).toBe('cancelled');
    expect(gone.canChange).toBe(false);
    expect(gone.cutoffNotice).toBeNull();
    const again = await routeOutcome(() =>
      submitManage(post(`/book/manage/${token}`, { intent: 'cancel' }), app.context, token, now),
    );
    expect(again.status).toBe(409);
    expect((again.data as ManageRefusal).message).toBe('This appointment was cancelled.');
  });

  it('refuses any change after the cut-off with its message', async () => {
    const token = tokenOf((await book(guestFields(22))).location);
    // Friday 27 November, 08:30: 2.5 hours before the 11:00 appointment (cut-off 3 h).
    const late = shopInstant('2026-11-27', 8 * 60 + 30);
    const page = await loadManagePage(
      pageGet(`/book/manage/${token}?reschedule=1&cancel=1`),
      app.context,
      token,
      late,
    );
    expect(page.canChange).toBe(false);
    expect(page.reschedule).toBeNull();
    expect(page.confirmCancel).toBe(false);
    expect(page.cutoffNotice).toBe(cutoffMessage(3));
    const attempts: Record<string, string>[] = [
      { intent: 'cancel' },
      { intent: 'reschedule', time: shopInstant('2026-11-28', 14 * 60).toISOString() },
    ];
    for (const fields of attempts) {
      const outcome = await routeOutcome(() =>
        submitManage(post(`/book/manage/${token}`, fields), app.context, token, late),
      );
      expect(outcome.status).toBe(409);
      expect((outcome.data as ManageRefusal).message).toBe(cutoffMessage(3));
    }
    const [still] = await app.database.db.select().from(appointments);
    expect(still).toMatchObject({ status: 'booked', startsAt: new Date(friday11) });
  });

  it('offers the next free times when the new slot was just taken', async () => {
    await app.database.db
      .update(appointmentTypes)
      .set({ capacity: 1 })
      .where(eq(appointmentTypes.key, 'consultation'));
    const saturday2 = shopInstant('2026-11-28', 14 * 60).toISOString();
    await book(guestFields(23, saturday2));
    const token = tokenOf((await book(guestFields(24))).location);
    const outcome = await routeOutcome(() =>
      submitManage(
        post(`/book/manage/${token}`, { intent: 'reschedule', time: saturday2 }),
        app.context,
        token,
        now,
      ),
    );
    expect(outcome.status).toBe(409);
    const refusal = outcome.data as ManageRefusal;
    expect(refusal.message).toBe(SLOT_TAKEN_MESSAGE);
    expect(refusal.nextSlots[0]!.label).toBe('3:00 pm');
    const bad = await routeOutcome(() =>
      submitManage(post(`/book/manage/${token}`, { intent: 'delete' }), app.context, token, now),
    );
    expect(bad.status).toBe(400);
  });
});
