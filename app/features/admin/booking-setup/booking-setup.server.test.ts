/**
 * Booking setup on a real database: appointment types edited over their version with their
 * ranges refused in words; closures typed in Kolkata time stored at the right instant with the
 * process in New York; closures listed until they end and removed; the booking rules saved
 * to site_settings 'booking' and read back by getBookingSettings; audit entries throughout.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appointmentSlots, appointmentTypes, auditLog, shopClosures } from '~/lib/schema.server';
import { getBookingSettings } from '~/features/booking/booking-settings.server';
import * as setupRoute from '~/routes/admin/appointments-setup';
import {
  createTestApp,
  formPost,
  routeOutcome,
  type TestApp,
} from '../../../../tests/support/test-app';
import { testDatabaseKind } from '../../../../tests/support/test-db';
import {
  addClosureSchema,
  getBookingSetup,
  removeClosureSchema,
  saveBookingRules,
  saveRulesSchema,
  saveTypeSchema,
} from './booking-setup.server';
import {
  addClosure,
  removeClosure,
  saveAppointmentType,
} from '~/features/booking/booking-setup-commands.server';
import { Refusal } from '~/lib/refusal';
import type { Actor } from '~/lib/audit.server';

let app: TestApp;
let actor: Actor;
let adminCookie: string;
const now = new Date('2025-03-10T06:30:00Z');
const originalZone = process.env.TZ;

beforeAll(async () => {
  app = await createTestApp();
  const admin = await app.signedIn('admin', 'setup-admin@example.com');
  adminCookie = admin.cookie;
  actor = { id: admin.userId, email: 'setup-admin@example.com' };
});
afterAll(() => app?.dispose());
afterEach(() => {
  process.env.TZ = originalZone;
});

async function auditCount(action: string): Promise<number> {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.action, action));
  return Number(row!.n);
}

async function refusal(run: () => Promise<unknown>): Promise<Refusal> {
  const error = await run().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}

/** The field messages a form gets from `schema`. */
function messages(
  schema: {
    safeParse(input: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  form: Record<string, string>,
) {
  const issues = schema.safeParse(form).error?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe(`booking setup on ${testDatabaseKind}`, () => {
  it('lists the seeded types and saves one over its version', async () => {
    const setup = await getBookingSetup(app.database.db, now);
    expect(setup.types.map((type) => [type.key, type.durationMinutes])).toEqual([
      ['consultation', 45],
      ['measurement', 30],
      ['trial', 30],
      ['delivery', 15],
    ]);
    const measurement = setup.types.find((type) => type.key === 'measurement')!;
    const form = {
      id: String(measurement.id),
      version: measurement.version,
      name: 'Measurement',
      description: 'Every point taken by the master tailor',
      durationMinutes: '40',
      bufferMinutes: '10',
      capacity: '3',
      onlineBookable: 'on',
    };
    expect(await saveAppointmentType(app.database.db, actor, saveTypeSchema.parse(form), now)).toBe(
      'Saved Measurement.',
    );
    const [row] = await app.database.db
      .select()
      .from(appointmentTypes)
      .where(eq(appointmentTypes.id, measurement.id));
    expect(row).toMatchObject({ durationMinutes: 40, bufferMinutes: 10, capacity: 3 });

    const stale = await refusal(() =>
      saveAppointmentType(
        app.database.db,
        actor,
        saveTypeSchema.parse({ ...form, capacity: '9' }),
        now,
      ),
    );
    expect(stale.code).toBe('conflict');
    const [unchanged] = await app.database.db
      .select({ capacity: appointmentTypes.capacity })
      .from(appointmentTypes)
      .where(eq(appointmentTypes.id, measurement.id));
    expect(unchanged!.capacity).toBe(3);
    expect(await auditCount('appointment-type.update')).toBe(1);
  });

  it('says when a lower capacity leaves coming slots over it', async () => {
    const [trial] = await app.database.db
      .select()
      .from(appointmentTypes)
      .where(eq(appointmentTypes.key, 'trial'));
    await app.database.db.insert(appointmentSlots).values([
      { typeId: trial!.id, startsAt: new Date('2025-03-12T05:00:00Z'), booked: 2 },
      { typeId: trial!.id, startsAt: new Date('2025-03-01T05:00:00Z'), booked: 2 },
    ]);
    const answer = await saveAppointmentType(
      app.database.db,
      actor,
      saveTypeSchema.parse({
        id: String(trial!.id),
        version: trial!.updatedAt.toISOString(),
        name: trial!.name,
        durationMinutes: '30',
        bufferMinutes: '0',
        capacity: '1',
      }),
      now,
    );
    expect(answer).toBe(
      `Saved ${trial!.name}. 1 coming slot already holds more than 1; those bookings stand.`,
    );
    const [saved] = await app.database.db
      .select({ onlineBookable: appointmentTypes.onlineBookable })
      .from(appointmentTypes)
      .where(eq(appointmentTypes.id, trial!.id));
    expect(saved!.onlineBookable).toBe(false);
  });

  it('refuses numbers out of range with the field and range named', () => {
    const base = { id: '1', version: now.toISOString(), name: 'Consultation' };
    expect(
      messages(saveTypeSchema, {
        ...base,
        durationMinutes: '4',
        bufferMinutes: '241',
        capacity: '51',
      }),
    ).toEqual({
      durationMinutes: 'The duration must be a whole number from 5 to 480 minutes.',
      bufferMinutes: 'The buffer must be a whole number from 0 to 240 minutes.',
      capacity: 'The capacity must be a whole number from 1 to 50 customers at once.',
    });
    expect(
      messages(saveTypeSchema, {
        ...base,
        name: '',
        durationMinutes: '30.5',
        bufferMinutes: '-1',
        capacity: 'two',
      }),
    ).toEqual({
      name: 'Please enter the name.',
      durationMinutes: 'The duration must be a whole number from 5 to 480 minutes.',
      bufferMinutes: 'The buffer must be a whole number from 0 to 240 minutes.',
      capacity: 'The capacity must be a whole number from 1 to 50 customers at once.',
    });
  });

  it('stores closures typed in Kolkata time at the right instant with the process in New York', async () => {
    process.env.TZ = 'America/New_York';
    expect(new Date('2025-03-15T00:00:00Z').getTimezoneOffset()).toBe(240);
    const add = (form: Record<string, string>) =>
      addClosure(app.database.db, actor, addClosureSchema.parse(form), now);

    const day = await add({ fromDate: '2025-03-15', reason: 'Holi' });
    const afternoon = await add({ fromDate: '2025-03-20', fromTime: '14:00', toTime: '16:30' });
    const week = await add({ fromDate: '2025-10-20', toDate: '2025-10-24', reason: 'Diwali' });
    const evening = await add({ fromDate: '2025-03-21', fromTime: '17:00' });
    const rows = await app.database.db.select().from(shopClosures).orderBy(shopClosures.id);
    const stored = (id: number) => {
      const row = rows.find((closure) => closure.id === id)!;
      return [row.startsAt.toISOString(), row.endsAt.toISOString()];
    };
    expect(stored(day.id)).toEqual(['2025-03-14T18:30:00.000Z', '2025-03-15T18:30:00.000Z']);
    expect(stored(afternoon.id)).toEqual(['2025-03-20T08:30:00.000Z', '2025-03-20T11:00:00.000Z']);
    expect(stored(week.id)).toEqual(['2025-10-19T18:30:00.000Z', '2025-10-24T18:30:00.000Z']);
    expect(stored(evening.id)).toEqual(['2025-03-21T11:30:00.000Z', '2025-03-21T18:30:00.000Z']);
    expect(day.message).toBe('Closed 15 Mar 2025, 12:00 am to 16 Mar 2025, 12:00 am (Holi).');
    expect(await auditCount('closure.create')).toBe(4);
  });

  it('refuses closures that end before they start, run too long or are over', async () => {
    expect(messages(addClosureSchema, { fromDate: '2025-03-20', toDate: '2025-03-19' })).toEqual({
      toDate: 'The closure must end after it starts.',
    });
    expect(
      messages(addClosureSchema, { fromDate: '2025-03-20', fromTime: '16:00', toTime: '15:00' }),
    ).toEqual({ toTime: 'The closure must end after it starts.' });
    expect(messages(addClosureSchema, { fromDate: '2025-03-20', toDate: '2026-04-20' })).toEqual({
      toDate: 'A closure can last at most 366 days.',
    });
    expect(
      messages(addClosureSchema, { fromDate: '2025-02-30', fromTime: '25:00', toDate: 'soon' }),
    ).toEqual({
      fromDate: 'Please enter the first day of the closure as a date.',
      fromTime: 'Please enter the starting time as a 24-hour time, like 14:30.',
      toDate: 'Please enter the last day as a date.',
    });
    const over = await refusal(() =>
      addClosure(app.database.db, actor, addClosureSchema.parse({ fromDate: '2025-03-09' }), now),
    );
    expect([over.code, over.field]).toEqual(['invalid', 'toDate']);
  });

  it("refuses closure days outside the shop's years instead of failing (issue 28 item 7)", () => {
    const years = 'Please choose a date from 2000 to 2099.';
    expect(messages(addClosureSchema, { fromDate: '2099-12-31', toDate: '9999-12-31' })).toEqual({
      toDate: years,
    });
    expect(messages(addClosureSchema, { fromDate: '9999-12-31' })).toEqual({ fromDate: years });
    expect(messages(addClosureSchema, { fromDate: '0001-01-01', toDate: '2026-02-31' })).toEqual({
      fromDate: years,
      toDate: 'Please enter the last day as a date.',
    });
    // The last day of the years still closes, to the end of 2099 in Kolkata.
    expect(addClosureSchema.parse({ fromDate: '2099-12-31' }).endsAt.toISOString()).toBe(
      '2099-12-31T18:30:00.000Z',
    );
  });

  it('lists closures until they end, and removes one', async () => {
    const ending = await addClosure(
      app.database.db,
      actor,
      addClosureSchema.parse({ fromDate: '2025-03-10', toTime: '13:00' }),
      now,
    );
    const listed = async (at: Date) =>
      (await getBookingSetup(app.database.db, at)).closures.map((closure) => closure.id);
    expect(await listed(now)).toContain(ending.id);
    expect(await listed(new Date('2025-03-10T07:30:00Z'))).not.toContain(ending.id);
    const input = removeClosureSchema.parse({ id: String(ending.id) });
    expect(await removeClosure(app.database.db, actor, input)).toMatch(/^Removed the closure /);
    expect(await listed(now)).not.toContain(ending.id);
    expect((await refusal(() => removeClosure(app.database.db, actor, input))).code).toBe(
      'not-found',
    );
    expect(await auditCount('closure.delete')).toBe(1);
  });

  it('saves the booking rules over their version and refuses numbers out of range', async () => {
    const first = await getBookingSetup(app.database.db, now);
    expect(first.rulesVersion).toBeNull();
    expect(first.rules).toEqual({ cutoffHours: 3, leadHours: 2, horizonDays: 60 });
    const save = (form: Record<string, string>) =>
      saveBookingRules(app.database.db, actor, saveRulesSchema.parse(form));
    expect(await save({ version: '', cutoffHours: '6', leadHours: '4', horizonDays: '90' })).toBe(
      'Saved the booking rules.',
    );
    expect(await getBookingSettings(app.database.db)).toEqual({
      cutoffHours: 6,
      leadHours: 4,
      horizonDays: 90,
    });
    const stale = await refusal(() =>
      save({ version: '', cutoffHours: '1', leadHours: '1', horizonDays: '1' }),
    );
    expect(stale.code).toBe('conflict');
    const second = await getBookingSetup(app.database.db, now);
    expect(
      await save({
        version: second.rulesVersion!,
        cutoffHours: '0',
        leadHours: '2',
        horizonDays: '60',
      }),
    ).toBe('Saved the booking rules.');
    expect(await getBookingSettings(app.database.db)).toMatchObject({ cutoffHours: 0 });
    expect(
      messages(saveRulesSchema, { cutoffHours: '169', leadHours: 'x', horizonDays: '0' }),
    ).toEqual({
      cutoffHours: 'The cut-off is between 0 and 168 hours',
      leadHours: 'Enter the notice in hours',
      horizonDays: 'How far ahead is between 1 and 365 days',
    });
    expect(await auditCount('booking-settings.update')).toBe(2);
  });

  it('answers a bad form through the route with 422 and the field message', async () => {
    const outcome = await routeOutcome(() =>
      setupRoute.action({
        request: formPost(
          '/admin/appointments/setup',
          { intent: 'add-closure', fromDate: '2025-03-20', toDate: '2025-03-01' },
          adminCookie,
        ),
        context: app.context,
        params: {},
      } as never),
    );
    expect(outcome).toMatchObject({
      status: 422,
      data: { ok: false, fieldErrors: { toDate: 'The closure must end after it starts.' } },
    });
  });
});
