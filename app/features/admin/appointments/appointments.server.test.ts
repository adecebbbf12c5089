/**
 * /admin/appointments and /admin/appointments/new through their loaders and actions, as an
 * administrator (the authorization table covers visitors and customers): unreadable queries
 * show the defaults, never an error; booking for a new or known client; move, cancel with a
 * message, attended and no-show; the core's refusals keep their status and message, and a slot
 * just taken answers 409 with the next free times.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appointments, appointmentSlots, auditLog, customers, jobs } from '~/lib/schema.server';
import { addShopDays, shopDateOf, shopInstant } from '~/lib/shop-time';
import {
  bookAppointment,
  listAppointmentTypes,
  SLOT_TAKEN_MESSAGE,
  slotsOn,
  type AppointmentType,
} from '~/features/booking/booking.server';
import {
  createTestApp,
  formPost,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../../tests/support/test-app';
import { testDatabaseKind } from '../../../../tests/support/test-db';
import * as appointmentsRoute from '~/routes/admin/appointments';
import * as newAppointmentRoute from '~/routes/admin/appointment-new';
import * as dashboardRoute from '~/routes/admin/dashboard';
import type {
  AppointmentOutcome,
  AppointmentsScreenData,
  NewAppointmentData,
} from './appointments.server';

let app: TestApp;
let admin: string;
let consultation: AppointmentType;
let measurement: AppointmentType;
let staffActor: { kind: 'staff'; actor: { id: string; email: string } };

const today = () => shopDateOf(new Date());
const later = () => addShopDays(today(), 3);

async function load(path: string) {
  const request = pageGet(path, admin);
  const route = path.startsWith('/admin/appointments/new')
    ? newAppointmentRoute
    : appointmentsRoute;
  return routeOutcome(() => route.loader({ request, context: app.context, params: {} } as never));
}

async function act(path: string, fields: Record<string, string>) {
  const request = formPost(path, fields, admin);
  const route = path === '/admin/appointments/new' ? newAppointmentRoute : appointmentsRoute;
  const outcome = await routeOutcome(() =>
    route.action({ request, context: app.context, params: {} } as never),
  );
  return { status: outcome.status, data: outcome.data as AppointmentOutcome };
}

/** The free staff slots of a type on a day. */
async function freeSlots(type: AppointmentType, date: string) {
  return (await slotsOn(app.database.db, type, date, new Date(), { staff: true })).filter(
    (slot) => slot.left > 0,
  );
}

async function auditCount() {
  const [row] = await app.database.db.select({ n: count() }).from(auditLog);
  return Number(row!.n);
}

async function bookDirect(type: AppointmentType, startsAt: string, phoneTail: number) {
  return bookAppointment(app.database.db, {
    type,
    startsAt: new Date(startsAt),
    customer: {
      guest: {
        name: `Client ${phoneTail}`,
        phone: `+9198250${String(10000 + phoneTail).slice(-5)}`,
      },
    },
    by: staffActor,
    now: new Date(),
  });
}

beforeAll(async () => {
  app = await createTestApp();
  const signed = await app.signedIn('admin');
  admin = signed.cookie;
  staffActor = { kind: 'staff', actor: { id: signed.userId, email: 'admin@example.com' } };
  const types = await listAppointmentTypes(app.database.db);
  consultation = types.find((t) => t.key === 'consultation')!;
  measurement = types.find((t) => t.key === 'measurement')!;
});
afterAll(() => app?.dispose());
beforeEach(async () => {
  const db = app.database.db;
  await db.delete(appointments);
  await db.delete(appointmentSlots);
  await db.delete(jobs);
  await db.delete(customers);
});

describe(`/admin/appointments on ${testDatabaseKind}`, () => {
  it.each([
    '/admin/appointments',
    '/admin/appointments?view=nope&date=2026-02-30&page=-1&status=lost&type=DROP%20TABLE',
    '/admin/appointments?view=week&date=0001-01-01',
    '/admin/appointments?view=day&date=99999-01-01',
    '/admin/appointments?view=list&page=99999999999&status=cancelled&type=nope',
    '/admin/appointments?view=list&page=abc',
    '/admin/appointments?move=abc&moveDate=9999-99-99',
    '/admin/appointments?move=999999999',
    '/admin/appointments?move=1&moveDate=2026-13-01',
    '/admin/appointments/new?type=nope&date=yesterday&customer=0&q=' + '%25'.repeat(300),
    '/admin/appointments/new?customer=99999999999&date=2027-02-29',
  ])('answers %s with its defaults, never an error', async (path) => {
    const outcome = await load(path);
    expect(outcome.status).toBe(200);
  });

  it('falls back to today and the day view on an unreadable query', async () => {
    const { data } = await load('/admin/appointments?view=x&date=2026-02-30');
    const screen = data as AppointmentsScreenData;
    expect(screen.query.view).toBe('day');
    expect(screen.query.date).toBe(today());
    expect(screen.days).toHaveLength(1);
  });

  it('books a new client by phone: the record, the appointment, its audit entry and the day and week views', async () => {
    const slot = (await freeSlots(consultation, later()))[0]!;
    const auditBefore = await auditCount();
    const { status, data } = await act('/admin/appointments/new', {
      intent: 'book-appointment',
      typeId: String(consultation.id),
      startsAt: slot.startsAt,
      client: 'new',
      name: '  Harsh Mehta ',
      phone: '098250 12345',
      email: '',
      notes: 'Wedding sherwani, wants to see raw silk',
    });
    expect(status, JSON.stringify(data)).toBe(200);
    expect(data).toMatchObject({ ok: true, intent: 'book-appointment' });
    expect(data.message).toContain('Booked Consultation for Harsh Mehta (+91 98250 12345)');
    const [client] = await app.database.db.select().from(customers);
    expect(client).toMatchObject({ name: 'Harsh Mehta', phone: '+919825012345', email: null });
    const [row] = await app.database.db.select().from(appointments);
    expect(row).toMatchObject({
      id: data.id,
      customerId: client!.id,
      source: 'staff',
      status: 'booked',
      notes: 'Wedding sherwani, wants to see raw silk',
    });
    expect(row!.startsAt.toISOString()).toBe(slot.startsAt);
    expect(await auditCount()).toBe(auditBefore + 1);

    const day = (await load(`/admin/appointments?view=day&date=${later()}`))
      .data as AppointmentsScreenData;
    expect(day.days[0]!.appointments.map((a) => a.customer.name)).toEqual(['Harsh Mehta']);
    const week = (await load(`/admin/appointments?view=week&date=${later()}`))
      .data as AppointmentsScreenData;
    expect(week.days).toHaveLength(7);
    expect(week.days.map((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay())).toEqual([
      1, 2, 3, 4, 5, 6, 0,
    ]);
    expect(week.days.find((d) => d.date === later())!.appointments).toHaveLength(1);
    const list = (await load('/admin/appointments?view=list&status=booked&type=consultation'))
      .data as AppointmentsScreenData;
    expect(list.list).toMatchObject({ total: 1, pages: 1 });
    const none = (await load('/admin/appointments?view=list&type=measurement'))
      .data as AppointmentsScreenData;
    expect(none.list!.total).toBe(0);
  });

  it('finds a known client by name or phone digits and books them', async () => {
    const [client] = await app.database.db
      .insert(customers)
      .values({ name: 'Nirav Shah', phone: '+919812345678', email: 'nirav@example.com' })
      .returning();
    for (const q of ['nirav', '98123', '+91 98123 45678', 'NIRAV@example']) {
      const found = (await load(`/admin/appointments/new?q=${encodeURIComponent(q)}`))
        .data as NewAppointmentData;
      expect(
        found.matches.map((m) => m.id),
        q,
      ).toEqual([client!.id]);
    }
    const chosen = (
      await load(`/admin/appointments/new?customer=${client!.id}&type=measurement&date=${later()}`)
    ).data as NewAppointmentData;
    expect(chosen.client).toMatchObject({ name: 'Nirav Shah', hasAccount: false });
    expect(chosen.type.key).toBe('measurement');
    expect(chosen.slots.length).toBeGreaterThan(0);

    const { status, data } = await act('/admin/appointments/new', {
      intent: 'book-appointment',
      typeId: String(measurement.id),
      startsAt: chosen.slots[0]!.startsAt,
      client: 'existing',
      customerId: String(client!.id),
    });
    expect(status, JSON.stringify(data)).toBe(200);
    const [row] = await app.database.db.select().from(appointments);
    expect(row!.customerId).toBe(client!.id);
    expect(await app.database.db.select().from(customers)).toHaveLength(1);
  });

  it('refuses a bad form with a message per field and books nothing', async () => {
    const slot = (await freeSlots(consultation, later()))[0]!;
    const base = {
      intent: 'book-appointment',
      typeId: String(consultation.id),
      startsAt: slot.startsAt,
    };
    const cases: [Record<string, string>, string, string][] = [
      [
        { client: 'new', name: 'A', phone: '12345' },
        'phone',
        'Please enter a 10-digit Indian mobile number',
      ],
      [{ client: 'new', name: ' ', phone: '9825012345' }, 'name', 'Please enter your full name'],
      [
        { client: 'new', name: 'A', phone: '9825012345', email: 'nope' },
        'email',
        'Please enter a valid email address',
      ],
      [{}, 'client', 'Please choose a client or enter a new one.'],
      [{ client: 'existing', customerId: 'x' }, 'customerId', 'Please choose a client.'],
      [
        { client: 'new', name: 'A', phone: '9825012345', startsAt: 'tomorrow' },
        'startsAt',
        'Please choose a time.',
      ],
      [
        { client: 'new', name: 'A', phone: '9825012345', notes: 'x'.repeat(1001) },
        'notes',
        'Notes must be at most 1000 characters.',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const { status, data } = await act('/admin/appointments/new', { ...base, ...fields });
      expect(status, field).toBe(422);
      expect(data.fieldErrors?.[field], field).toBe(message);
    }
    const gone = await act('/admin/appointments/new', {
      ...base,
      client: 'existing',
      customerId: '999999',
    });
    expect(gone.status).toBe(404);
    expect(gone.data.message).toBe('This client no longer exists.');
    const offGrid = await act('/admin/appointments/new', {
      ...base,
      startsAt: new Date(new Date(slot.startsAt).getTime() + 5 * 60_000).toISOString(),
      client: 'new',
      name: 'A',
      phone: '9825012345',
    });
    expect(offGrid.status).toBe(400);
    expect(offGrid.data.message).toBe(
      'That time is not offered. Please pick one of the times shown.',
    );
    expect(await app.database.db.select().from(appointments)).toHaveLength(0);
  });

  it('answers a slot just taken with 409, the message and the next free times', async () => {
    const slot = (await freeSlots(consultation, later()))[0]!;
    for (let n = 0; n < consultation.capacity; n++)
      await bookDirect(consultation, slot.startsAt, n);
    const { status, data } = await act('/admin/appointments/new', {
      intent: 'book-appointment',
      typeId: String(consultation.id),
      startsAt: slot.startsAt,
      client: 'new',
      name: 'Late Caller',
      phone: '9876500000',
    });
    expect(status).toBe(409);
    expect(data).toMatchObject({ ok: false, message: SLOT_TAKEN_MESSAGE });
    expect(data.fieldErrors?.startsAt).toBe(SLOT_TAKEN_MESSAGE);
    expect(data.nextSlots!.length).toBeGreaterThan(0);
    expect(new Date(data.nextSlots![0]!.startsAt) > new Date(slot.startsAt)).toBe(true);
    const rows = await app.database.db.select().from(appointments);
    expect(rows).toHaveLength(consultation.capacity);
  });

  it('moves an appointment through the move panel, and refuses a full slot with other times', async () => {
    const [first, second, third] = await freeSlots(consultation, later());
    const a = await bookDirect(consultation, first!.startsAt, 1);
    const panel = (await load(`/admin/appointments?view=day&date=${later()}&move=${a.id}`))
      .data as AppointmentsScreenData;
    expect(panel.move!.appointment.id).toBe(a.id);
    expect(panel.move!.date).toBe(later());
    expect(panel.move!.slots.map((s) => s.startsAt)).toContain(second!.startsAt);
    const elsewhere = (
      await load(`/admin/appointments?move=${a.id}&moveDate=${addShopDays(later(), 1)}`)
    ).data as AppointmentsScreenData;
    expect(elsewhere.move!.date).toBe(addShopDays(later(), 1));

    const auditBefore = await auditCount();
    const moved = await act('/admin/appointments', {
      intent: 'move-appointment',
      id: String(a.id),
      startsAt: second!.startsAt,
    });
    expect(moved.status, JSON.stringify(moved.data)).toBe(200);
    expect(moved.data.message).toMatch(/^Moved to /);
    const [row] = await app.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, a.id));
    expect(row!.startsAt.toISOString()).toBe(second!.startsAt);
    expect(row!.revision).toBe(2);
    expect(await auditCount()).toBe(auditBefore + 1);

    for (let n = 0; n < consultation.capacity; n++)
      await bookDirect(consultation, third!.startsAt, 10 + n);
    const full = await act('/admin/appointments', {
      intent: 'move-appointment',
      id: String(a.id),
      startsAt: third!.startsAt,
    });
    expect(full.status).toBe(409);
    expect(full.data.message).toBe(SLOT_TAKEN_MESSAGE);
    expect(full.data.nextSlots!.length).toBeGreaterThan(0);
    const [still] = await app.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, a.id));
    expect(still!.startsAt.toISOString()).toBe(second!.startsAt);

    const missing = await act('/admin/appointments', {
      intent: 'move-appointment',
      id: '999999',
      startsAt: third!.startsAt,
    });
    expect(missing.status).toBe(404);
  });

  it('cancels with a message of at most 500 characters, once', async () => {
    const slot = (await freeSlots(consultation, later()))[0]!;
    const a = await bookDirect(consultation, slot.startsAt, 2);
    const long = await act('/admin/appointments', {
      intent: 'cancel-appointment',
      id: String(a.id),
      message: 'x'.repeat(501),
    });
    expect(long.status).toBe(422);
    expect(long.data.fieldErrors?.message).toBe('The message must be at most 500 characters.');

    const done = await act('/admin/appointments', {
      intent: 'cancel-appointment',
      id: String(a.id),
      message: '  The tailor is away that day; please call us for another time. ',
    });
    expect(done.status, JSON.stringify(done.data)).toBe(200);
    expect(done.data.message).toContain('with your message');
    const [row] = await app.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, a.id));
    expect(row).toMatchObject({
      status: 'cancelled',
      cancelReason: 'The tailor is away that day; please call us for another time.',
    });
    const [counter] = await app.database.db
      .select()
      .from(appointmentSlots)
      .where(and(eq(appointmentSlots.typeId, consultation.id)));
    expect(counter!.booked).toBe(0);

    const again = await act('/admin/appointments', {
      intent: 'cancel-appointment',
      id: String(a.id),
    });
    expect(again.status).toBe(409);
    expect(again.data.message).toBe('This appointment was cancelled.');
    // A cancelled appointment has no move panel.
    const panel = (await load(`/admin/appointments?move=${a.id}`)).data as AppointmentsScreenData;
    expect(panel.move).toBeNull();
  });

  it('marks attended or no-show from the appointment’s day on, not before', async () => {
    const [todays, other] = await freeSlots(consultation, today());
    const future = (await freeSlots(consultation, later()))[0]!;
    const a = await bookDirect(consultation, todays!.startsAt, 3);
    const b = await bookDirect(consultation, other!.startsAt, 4);
    const c = await bookDirect(consultation, future.startsAt, 5);

    const early = await act('/admin/appointments', { intent: 'mark-attended', id: String(c.id) });
    expect(early.status).toBe(409);
    expect(early.data.message).toBe('An appointment can be marked on its day, not before.');

    const attended = await act('/admin/appointments', {
      intent: 'mark-attended',
      id: String(a.id),
    });
    expect(attended.status, JSON.stringify(attended.data)).toBe(200);
    expect(attended.data.message).toContain('Client 3: attended');
    const noShow = await act('/admin/appointments', { intent: 'mark-no-show', id: String(b.id) });
    expect(noShow.status).toBe(200);
    const rows = await app.database.db.select().from(appointments);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [a.id]: 'attended',
      [b.id]: 'no_show',
      [c.id]: 'booked',
    });
    const twice = await act('/admin/appointments', { intent: 'mark-no-show', id: String(a.id) });
    expect(twice.status).toBe(409);
    expect(twice.data.message).toBe('This appointment has already taken place.');
    const bad = await act('/admin/appointments', { intent: 'mark-attended', id: '-1' });
    expect(bad.status).toBe(422);

    // The dashboard lists today's appointments that are not cancelled, in time order.
    const dashboard = await routeOutcome(() =>
      dashboardRoute.loader({
        request: pageGet('/admin', admin),
        context: app.context,
        params: {},
      } as never),
    );
    const figures = (
      dashboard.data as { figures: { today: string; todaysAppointments: unknown[] } }
    ).figures;
    expect(figures.today).toBe(today());
    expect(figures.todaysAppointments).toMatchObject([
      { id: a.id, customerName: 'Client 3', typeName: 'Consultation', status: 'attended' },
      { id: b.id, customerName: 'Client 4', status: 'no_show' },
    ]);
  });

  it('shows times in Asia/Kolkata: a day view holds the appointments of that shop day only', async () => {
    const first = (await freeSlots(consultation, later()))[0]!;
    const next = (await freeSlots(consultation, addShopDays(later(), 1)))[0]!;
    await bookDirect(consultation, first.startsAt, 6);
    await bookDirect(consultation, next.startsAt, 7);
    const day = (await load(`/admin/appointments?date=${later()}`)).data as AppointmentsScreenData;
    expect(day.days[0]!.appointments.map((a) => a.startsAt)).toEqual([first.startsAt]);
    // The first slot starts at the shop's opening, 10:00 or 11:00 in Rajkot.
    expect([
      shopInstant(later(), 600).toISOString(),
      shopInstant(later(), 660).toISOString(),
    ]).toContain(first.startsAt);
  });
});
