/**
 * Booking against a real database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set):
 * capacity under concurrency, the offered times, reschedule and cancel with the cut-off, and
 * the jobs each change queues. The clock is injected.
 */
import { Refusal } from '~/lib/refusal';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  appointments,
  appointmentSlots,
  appointmentTypes,
  jobs,
  shopClosures,
  siteSettings,
  user,
} from '~/lib/schema.server';
import { shopInstant } from '~/lib/shop-time';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import {
  bookAppointment,
  SlotTaken,
  calendarDays,
  cancelAppointment,
  cutoffMessage,
  listAppointmentTypes,
  nextFreeSlots,
  recordAppointmentOutcome,
  rescheduleAppointment,
  slotsOn,
  SLOT_TAKEN_MESSAGE,
  type AppointmentType,
} from './booking.server';

let database: TestDatabase;
let consultation: AppointmentType;
let trial: AppointmentType;
const staff = { kind: 'staff' as const, actor: { id: 'admin-1', email: 'admin@example.com' } };
const customer = { kind: 'customer' as const };
// Wednesday 25 November 2026, 09:00 in Rajkot.
const now = shopInstant('2026-11-25', 9 * 60);
const guest = (n: number) => ({
  guest: {
    name: `Guest ${n}`,
    phone: `+9198250${String(10000 + n).slice(-5)}`,
    email: `guest${n}@example.com`,
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db
    .insert(user)
    .values({ id: 'admin-1', name: 'Admin', email: 'admin@example.com', role: 'admin' });
});
afterAll(() => database.dispose());
beforeEach(async () => {
  await database.db.delete(appointments);
  await database.db.delete(appointmentSlots);
  await database.db.delete(jobs);
  await database.db.delete(shopClosures);
  const types = await listAppointmentTypes(database.db);
  consultation = types.find((t) => t.key === 'consultation')!;
  trial = types.find((t) => t.key === 'trial')!;
});

describe(`booking appointments on ${testDatabaseKind}`, () => {
  it('offers the grid of the shop hours in Asia/Kolkata: 45 min + 15 min buffer from 10:00', async () => {
    // Friday 27 November: 10:00 to 20:00.
    const slots = await slotsOn(database.db, consultation, '2026-11-27', now);
    expect(slots.map((s) => s.label)).toEqual([
      '10:00 am',
      '11:00 am',
      '12:00 pm',
      '1:00 pm',
      '2:00 pm',
      '3:00 pm',
      '4:00 pm',
      '5:00 pm',
      '6:00 pm',
      '7:00 pm',
    ]);
    expect(slots[0]!.startsAt).toBe('2026-11-27T04:30:00.000Z');
    // Sunday 29 November: 11:00 to 18:00.
    const sunday = await slotsOn(database.db, consultation, '2026-11-29', now);
    expect(sunday[0]!.label).toBe('11:00 am');
    expect(sunday.at(-1)!.label).toBe('5:00 pm');
  });

  it('keeps online bookings at least 2 hours and at most 60 days ahead', async () => {
    const today = await slotsOn(database.db, consultation, '2026-11-25', now);
    expect(today[0]!.label).toBe('11:00 am');
    const later = await slotsOn(database.db, consultation, '2026-11-25', now, { staff: true });
    expect(later[0]!.label).toBe('10:00 am');
    expect(await slotsOn(database.db, consultation, '2027-01-24', now)).not.toHaveLength(0);
    expect(await slotsOn(database.db, consultation, '2027-01-25', now)).toHaveLength(0);
    const days = await calendarDays(database.db, consultation, now);
    expect(days[0]!.date).toBe('2026-11-25');
    expect(days.at(-1)!.date).toBe('2027-01-24');
    expect(days).toHaveLength(61);
  });

  it('leaves out closures and refuses a closed or off-grid time', async () => {
    await database.db.insert(shopClosures).values({
      startsAt: shopInstant('2026-11-27', 0),
      endsAt: shopInstant('2026-11-28', 0),
      reason: 'Holiday',
    });
    expect(await slotsOn(database.db, consultation, '2026-11-27', now)).toHaveLength(0);
    const days = await calendarDays(database.db, consultation, now);
    expect(days.find((d) => d.date === '2026-11-27')!.freeSlots).toBe(0);
    for (const startsAt of [
      shopInstant('2026-11-27', 600),
      shopInstant('2026-11-26', 615),
      shopInstant('2026-11-25', 600),
    ]) {
      await expect(
        bookAppointment(database.db, {
          type: consultation,
          startsAt,
          customer: guest(1),
          by: customer,
          now,
        }),
      ).rejects.toMatchObject({
        code: 'bad-request',
        message: 'That time is not offered. Please pick one of the times shown.',
      });
    }
  });

  it(`lets exactly capacity (${2}) of many simultaneous bookings take a slot; the others get the message and the next free times`, async () => {
    const startsAt = shopInstant('2026-11-26', 11 * 60);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, n) =>
        bookAppointment(database.db, {
          type: consultation,
          startsAt,
          customer: guest(n),
          by: customer,
          now,
        }),
      ),
    );
    const booked = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(booked).toHaveLength(consultation.capacity);
    expect(refused).toHaveLength(8 - consultation.capacity);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(SlotTaken);
      expect(r.reason.message).toBe(SLOT_TAKEN_MESSAGE);
      expect(r.reason.code).toBe('slot-taken');
      expect(r.reason.nextSlots[0].label).toBe('12:00 pm');
    }
    const [counter] = await database.db.select().from(appointmentSlots);
    expect(counter!.booked).toBe(consultation.capacity);
    const slot = (await slotsOn(database.db, consultation, '2026-11-26', now)).find(
      (s) => s.label === '11:00 am',
    );
    expect(slot!.left).toBe(0);
  });

  it('books one customer once per time: of two identical bookings sent at once, the second is refused and takes no place', async () => {
    const startsAt = shopInstant('2026-11-26', 12 * 60);
    const earlier = await bookAppointment(database.db, {
      type: consultation,
      startsAt: shopInstant('2026-11-26', 13 * 60),
      customer: guest(7),
      by: customer,
      now,
    });
    for (const who of [guest(8), { customerId: earlier.customerId }]) {
      const outcomes = await Promise.allSettled(
        [0, 1].map(() =>
          bookAppointment(database.db, {
            type: consultation,
            startsAt,
            customer: who,
            by: customer,
            now,
          }),
        ),
      );
      const booked = outcomes.filter((o) => o.status === 'fulfilled');
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(booked).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]!.reason).toBeInstanceOf(Refusal);
      expect(refused[0]!.reason).toMatchObject({
        code: 'already-booked',
        message:
          'You already have an appointment at this time. The link in your confirmation message changes it.',
      });
    }
    const [counter] = await database.db
      .select()
      .from(appointmentSlots)
      .where(eq(appointmentSlots.startsAt, startsAt));
    // Two customers, one place each; the capacity of 2 is taken, by no duplicate.
    expect(counter!.booked).toBe(2);
    const rows = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.startsAt, startsAt));
    expect(new Set(rows.map((row) => row.customerId)).size).toBe(2);
    // Once cancelled, the same customer may book that time again.
    const first = rows.find((row) => row.customerId === earlier.customerId)!;
    await cancelAppointment(database.db, { appointmentId: first.id, by: customer, now });
    await expect(
      bookAppointment(database.db, {
        type: consultation,
        startsAt,
        customer: { customerId: earlier.customerId },
        by: customer,
        now,
      }),
    ).resolves.toMatchObject({ status: 'booked' });
    // Staff booking that client at that time read the refusal in their words.
    await expect(
      bookAppointment(database.db, {
        type: trial,
        startsAt,
        customer: { customerId: earlier.customerId },
        by: staff,
        now,
      }),
    ).rejects.toMatchObject({
      code: 'already-booked',
      message: 'This client already has an appointment at this time.',
    });
    // Nor may one of their appointments be moved onto another's time.
    await expect(
      rescheduleAppointment(database.db, {
        appointmentId: earlier.id,
        startsAt,
        by: customer,
        now,
      }),
    ).rejects.toMatchObject({
      code: 'already-booked',
      message:
        'You already have an appointment at this time. The link in your confirmation message changes it.',
    });
  });

  it('queues the confirmation at once and the reminders 24 h (and 2 h for a trial) before', async () => {
    const startsAt = shopInstant('2026-11-27', 10 * 60);
    const a = await bookAppointment(database.db, {
      type: trial,
      startsAt,
      customer: guest(1),
      by: customer,
      now,
    });
    const queued = await database.db.select().from(jobs).where(eq(jobs.status, 'pending'));
    expect(queued.map((j) => [j.kind, j.runAt.toISOString(), j.dedupeKey]).sort()).toEqual(
      [
        ['appointment.notify', now.toISOString(), `appointment:${a.id}:r1:confirmed`],
        ['appointment.reminder', '2026-11-26T04:30:00.000Z', `appointment:${a.id}:r1:24h`],
        ['appointment.reminder', '2026-11-27T02:30:00.000Z', `appointment:${a.id}:r1:2h`],
      ].sort(),
    );
  });

  it('reschedules: moves the place, raises the revision and queues new reminders', async () => {
    const first = shopInstant('2026-11-27', 10 * 60);
    const second = shopInstant('2026-11-28', 14 * 60);
    const a = await bookAppointment(database.db, {
      type: consultation,
      startsAt: first,
      customer: guest(1),
      by: customer,
      now,
    });
    const moved = await rescheduleAppointment(database.db, {
      appointmentId: a.id,
      startsAt: second,
      by: customer,
      now,
    });
    expect(moved.revision).toBe(2);
    expect(moved.startsAt.toISOString()).toBe(second.toISOString());
    const counters = await database.db.select().from(appointmentSlots);
    expect(counters.map((c) => [c.startsAt.toISOString(), c.booked]).sort()).toEqual([
      [first.toISOString(), 0],
      [second.toISOString(), 1],
    ]);
    const keys = (await database.db.select({ key: jobs.dedupeKey }).from(jobs))
      .map((j) => j.key)
      .sort();
    expect(keys).toEqual(
      [
        `appointment:${a.id}:r1:24h`,
        `appointment:${a.id}:r1:confirmed`,
        `appointment:${a.id}:r2:24h`,
        `appointment:${a.id}:r2:rescheduled`,
      ].sort(),
    );
  });

  it('refuses a customer change after the cut-off (3 h by default), not a staff one', async () => {
    const startsAt = shopInstant('2026-11-25', 14 * 60);
    const a = await bookAppointment(database.db, {
      type: consultation,
      startsAt,
      customer: guest(1),
      by: customer,
      now,
    });
    const late = shopInstant('2026-11-25', 11 * 60 + 1);
    await expect(
      cancelAppointment(database.db, { appointmentId: a.id, by: customer, now: late }),
    ).rejects.toMatchObject({
      message: cutoffMessage(3),
    });
    await expect(
      rescheduleAppointment(database.db, {
        appointmentId: a.id,
        startsAt: shopInstant('2026-11-26', 600),
        by: customer,
        now: late,
      }),
    ).rejects.toMatchObject({ message: cutoffMessage(3) });
    const onTime = shopInstant('2026-11-25', 11 * 60);
    await database.db
      .insert(siteSettings)
      .values({ key: 'booking', value: { cutoffHours: 2 } })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: { cutoffHours: 2 } } });
    const cancelled = await cancelAppointment(database.db, {
      appointmentId: a.id,
      by: customer,
      now: onTime,
    });
    expect(cancelled.status).toBe('cancelled');
    await database.db.delete(siteSettings);
    const [counter] = await database.db.select().from(appointmentSlots);
    expect(counter!.booked).toBe(0);
    await expect(
      cancelAppointment(database.db, { appointmentId: a.id, by: staff, now: late }),
    ).rejects.toMatchObject({
      message: 'This appointment was cancelled.',
    });
  });

  it('lets staff cancel with a message, and mark attended on the day, audited', async () => {
    const a = await bookAppointment(database.db, {
      type: consultation,
      startsAt: shopInstant('2026-11-26', 600),
      customer: guest(1),
      by: staff,
      now,
    });
    await expect(
      recordAppointmentOutcome(database.db, {
        appointmentId: a.id,
        outcome: 'attended',
        actor: staff.actor,
        now,
      }),
    ).rejects.toMatchObject({ message: 'An appointment can be marked on its day, not before.' });
    const attended = await recordAppointmentOutcome(database.db, {
      appointmentId: a.id,
      outcome: 'attended',
      actor: staff.actor,
      now: shopInstant('2026-11-26', 605),
    });
    expect(attended.status).toBe('attended');
    const b = await bookAppointment(database.db, {
      type: consultation,
      startsAt: shopInstant('2026-11-26', 660),
      customer: guest(2),
      by: staff,
      now,
    });
    await cancelAppointment(database.db, {
      appointmentId: b.id,
      by: staff,
      now,
      message: 'Our master tailor is unwell',
    });
    const notice = (await database.db.select().from(jobs)).find(
      (j) => j.dedupeKey === `appointment:${b.id}:r2:cancelled`,
    );
    expect(notice!.payload).toMatchObject({
      event: 'cancelled',
      message: 'Our master tailor is unwell',
    });
  });

  it('refuses online booking of a type offered by phone only', async () => {
    await database.db
      .update(appointmentTypes)
      .set({ onlineBookable: false })
      .where(eq(appointmentTypes.id, trial.id));
    const phoneOnly = { ...trial, onlineBookable: false };
    await expect(
      bookAppointment(database.db, {
        type: phoneOnly,
        startsAt: shopInstant('2026-11-27', 600),
        customer: guest(1),
        by: customer,
        now,
      }),
    ).rejects.toMatchObject({ code: 'bad-request' });
    await database.db
      .update(appointmentTypes)
      .set({ onlineBookable: true })
      .where(eq(appointmentTypes.id, trial.id));
  });

  it('finds the next free slots after a full one', async () => {
    const next = await nextFreeSlots(
      database.db,
      consultation,
      shopInstant('2026-11-27', 1140),
      now,
      3,
    );
    expect(next.map((s) => s.startsAt)).toEqual([
      shopInstant('2026-11-28', 600).toISOString(),
      shopInstant('2026-11-28', 660).toISOString(),
      shopInstant('2026-11-28', 720).toISOString(),
    ]);
  });
});
