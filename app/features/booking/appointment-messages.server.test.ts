import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueJob } from '~/lib/jobs/enqueue.server';
import {
  appointments,
  appointmentTypes,
  customers,
  jobs,
  notifications,
  siteSettings,
} from '~/lib/schema.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { createTestJobs, type RecordedMessage } from '../../../tests/support/test-jobs';
import { formatAppointmentTime, queueAppointmentReminders } from './appointment-messages.server';
import { manageUrl } from './manage-link.server';

let database: TestDatabase;
const publicUrl = 'https://shop.example';
const linkSecret = 'appointment-messages-test-secret';
/** Saturday 28 November 2026, 11:00 in Rajkot. */
const startsAt = new Date('2026-11-28T05:30:00Z');
const hour = 3_600_000;

let now = new Date(startsAt.getTime() - 72 * hour);
const clock = () => now;
/** What the recording channels of every worker were asked to send. */
const sent: RecordedMessage[] = [];
/** A new worker on the database (a new instance, or the same one restarted). */
const worker = () =>
  createTestJobs(database.db, { now: clock, publicUrl, linkSecret, sent }).worker;

async function typeId(key: string) {
  const [row] = await database.db
    .select({ id: appointmentTypes.id })
    .from(appointmentTypes)
    .where(eq(appointmentTypes.key, key));
  return row!.id;
}

async function bookedAppointment(
  customer: Partial<typeof customers.$inferInsert> = {},
  type = 'consultation',
  minutes = 45,
) {
  const [person] = await database.db
    .insert(customers)
    .values({ name: 'Asha Mehta', phone: '+919825011111', email: 'asha@example.com', ...customer })
    .returning();
  const [appointment] = await database.db
    .insert(appointments)
    .values({
      customerId: person!.id,
      typeId: await typeId(type),
      startsAt,
      endsAt: new Date(startsAt.getTime() + minutes * 60_000),
      source: 'online',
    })
    .returning();
  return appointment!;
}

/** An ICS attachment's properties (folded lines joined). */
function icsProps(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .replace(/\r\n[ \t]/g, '')
      .split('\r\n')
      .filter((line) => line.includes(':'))
      .map((line) => [
        line.slice(0, line.indexOf(':')).split(';')[0],
        line.slice(line.indexOf(':') + 1),
      ]),
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});
beforeEach(async () => {
  await database.db.delete(jobs);
  await database.db.delete(notifications);
  await database.db.delete(appointments);
  await database.db.delete(customers);
  await database.db.delete(siteSettings);
  sent.length = 0;
  now = new Date(startsAt.getTime() - 72 * hour);
});

describe(`appointment messages on ${testDatabaseKind}`, () => {
  it('show the time in Asia/Kolkata whatever the server zone', () => {
    expect(formatAppointmentTime(startsAt)).toBe('Sat 28 Nov 2026, 11:00 am');
    expect(formatAppointmentTime(new Date('2026-11-28T18:29:00Z'))).toBe(
      'Sat 28 Nov 2026, 11:59 pm',
    );
    expect(formatAppointmentTime(new Date('2026-11-28T18:30:00Z'))).toBe(
      'Sun 29 Nov 2026, 12:00 am',
    );
  });

  it('confirm a booking by e-mail with an .ics invite and by WhatsApp, each once', async () => {
    const appointment = await bookedAppointment();
    await enqueueJob(database.db, {
      kind: 'appointment.notify',
      payload: { appointmentId: appointment.id, event: 'confirmed', revision: 1 },
      runAt: now,
    });
    const first = worker();
    // The notify job, then the two messages it queued.
    expect(await first.runDue()).toBe(3);
    const link = manageUrl(publicUrl, linkSecret, appointment.id);

    expect(sent.map((entry) => entry.channel).sort()).toEqual(['email', 'whatsapp']);
    const email = sent.find((entry) => entry.channel === 'email')!.message;
    expect(email.to).toBe('asha@example.com');
    expect(email.subject).toBe('Your consultation is booked: Sat 28 Nov 2026, 11:00 am');
    expect(email.text).toContain('Dear Asha Mehta,');
    expect(email.text).toContain(
      'Your consultation at Rajkot Tailoring House is booked for Sat 28 Nov 2026, 11:00 am (45 minutes).',
    );
    expect(email.text).toContain(
      'Where: Rajkot Tailoring House, 12 Example Market Road, near Jubilee Garden, Rajkot, Gujarat 360001',
    );
    expect(email.text).toContain('Phone: +91 90000 00001');
    expect(email.text).toContain(`(up to 3 hours before): ${link}`);
    expect(email.html).toContain(`<a href="${link}"`);
    const [invite] = email.attachments!;
    expect(invite!.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(icsProps(invite!.content)).toMatchObject({
      METHOD: 'REQUEST',
      UID: `appointment-${appointment.id}@shop.example`,
      SEQUENCE: '1',
      DTSTART: '20261128T053000Z',
      DTEND: '20261128T061500Z',
      URL: link,
    });

    const whatsapp = sent.find((entry) => entry.channel === 'whatsapp')!.message;
    expect(whatsapp.to).toBe('+919825011111');
    expect(whatsapp.template).toEqual({
      name: 'appointment_confirmation',
      language: 'en',
      params: [
        'Asha Mehta',
        'Consultation',
        'Sat 28 Nov 2026, 11:00 am',
        'Rajkot Tailoring House, 12 Example Market Road, near Jubilee Garden, Rajkot, Gujarat 360001',
        link,
      ],
    });
    expect(whatsapp.text).toContain('Sat 28 Nov 2026, 11:00 am');
    // The invite rides on the e-mail only (issue 30 item 2: "A WhatsApp message never says
    // 'attached invite'").
    expect(email.text).toContain('The attached invite adds it to your calendar.');
    expect(whatsapp.text).not.toMatch(/attached invite/i);

    const rows = await database.db.select().from(notifications);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.status === 'sent' && row.appointmentId === appointment.id)).toBe(
      true,
    );
    expect(rows.every((row) => row.kind === 'appointment.confirmed')).toBe(true);

    // The same job again (a replay, or a crash after queuing) queues nothing new.
    await enqueueJob(database.db, {
      kind: 'appointment.notify',
      payload: { appointmentId: appointment.id, event: 'confirmed', revision: 1 },
      runAt: now,
    });
    expect(await worker().runDue()).toBe(1);
    expect(sent).toHaveLength(2);
  });

  it('use the channel the customer chose, and the template names from the settings', async () => {
    await database.db.insert(siteSettings).values({
      key: 'notifications',
      value: { language: 'en_US', templates: { appointmentConfirmation: 'booking_ok_v2' } },
    });
    const byWhatsapp = await bookedAppointment({ notify: 'whatsapp' });
    const byEmail = await bookedAppointment({ notify: 'email', phone: '+919825022222' });
    const noEmail = await bookedAppointment({
      notify: 'email',
      email: null,
      phone: '+919825033333',
    });
    for (const appointment of [byWhatsapp, byEmail, noEmail]) {
      await enqueueJob(database.db, {
        kind: 'appointment.notify',
        payload: { appointmentId: appointment.id, event: 'confirmed', revision: 1 },
        runAt: now,
      });
    }
    await worker().runDue();
    expect(sent.map((entry) => [entry.channel, entry.message.to]).sort()).toEqual([
      ['email', 'asha@example.com'],
      ['whatsapp', '+919825011111'],
      ['whatsapp', '+919825033333'],
    ]);
    const template = sent.find((entry) => entry.channel === 'whatsapp')!.message.template!;
    expect(template.name).toBe('booking_ok_v2');
    expect(template.language).toBe('en_US');
  });

  it('tell of a move with an updated invite, and of a cancellation with a CANCEL invite and the shop’s message', async () => {
    const appointment = await bookedAppointment();
    const movedTo = new Date('2026-11-30T09:00:00Z');
    await database.db
      .update(appointments)
      .set({ startsAt: movedTo, endsAt: new Date(movedTo.getTime() + 45 * 60_000), revision: 2 })
      .where(eq(appointments.id, appointment.id));
    // The confirmation of revision 1 comes late: it is not sent; the move's message is.
    await enqueueJob(database.db, {
      kind: 'appointment.notify',
      payload: { appointmentId: appointment.id, event: 'confirmed', revision: 1 },
      runAt: now,
    });
    await enqueueJob(database.db, {
      kind: 'appointment.notify',
      payload: { appointmentId: appointment.id, event: 'rescheduled', revision: 2 },
      runAt: now,
    });
    await worker().runDue();
    expect(sent).toHaveLength(2);
    const moved = sent.find((entry) => entry.channel === 'email')!.message;
    expect(moved.subject).toBe('Your consultation has moved to Mon 30 Nov 2026, 2:30 pm');
    expect(icsProps(moved.attachments![0]!.content)).toMatchObject({
      METHOD: 'REQUEST',
      UID: `appointment-${appointment.id}@shop.example`,
      SEQUENCE: '2',
      DTSTART: '20261130T090000Z',
    });
    expect(moved.text).toContain('The attached invite updates your calendar.');
    expect(sent.find((entry) => entry.channel === 'whatsapp')!.message.text).not.toMatch(
      /attached invite/i,
    );
    expect(sent.find((entry) => entry.channel === 'whatsapp')!.message.template).toMatchObject({
      name: 'appointment_update',
      params: [
        'Asha Mehta',
        'Your consultation has moved to Mon 30 Nov 2026, 2:30 pm.',
        `To reschedule or cancel: ${manageUrl(publicUrl, linkSecret, appointment.id)}`,
      ],
    });

    sent.length = 0;
    await database.db
      .update(appointments)
      .set({ status: 'cancelled', cancelReason: 'The master tailor is away.' })
      .where(eq(appointments.id, appointment.id));
    await enqueueJob(database.db, {
      kind: 'appointment.notify',
      payload: {
        appointmentId: appointment.id,
        event: 'cancelled',
        revision: 2,
        message: 'The master tailor is away.\nPlease book again.',
      },
      runAt: now,
    });
    await worker().runDue();
    const cancelled = sent.find((entry) => entry.channel === 'email')!.message;
    expect(cancelled.subject).toBe('Your consultation on Mon 30 Nov 2026, 2:30 pm is cancelled');
    expect(cancelled.text).toContain('A message from the shop: The master tailor is away.');
    expect(cancelled.text).toContain('To book another time: https://shop.example/book');
    expect(cancelled.text).not.toContain('/book/manage/');
    expect(cancelled.attachments![0]!.contentType).toContain('method=CANCEL');
    expect(icsProps(cancelled.attachments![0]!.content)).toMatchObject({
      METHOD: 'CANCEL',
      STATUS: 'CANCELLED',
      UID: `appointment-${appointment.id}@shop.example`,
    });
    const whatsappParams = sent.find((entry) => entry.channel === 'whatsapp')!.message.template!
      .params;
    expect(whatsappParams.every((param) => !/[\n\t]/.test(param))).toBe(true);
    expect(whatsappParams[2]).toContain('The master tailor is away. Please book again.');
  });

  it('send a due reminder exactly once across a restart, with the clock injected', async () => {
    const appointment = await bookedAppointment();
    await enqueueJob(database.db, {
      kind: 'appointment.reminder',
      payload: { appointmentId: appointment.id, revision: 1, window: '24h' },
      runAt: new Date(startsAt.getTime() - 24 * hour),
      dedupeKey: `appointment:${appointment.id}:r1:24h`,
    });
    // Queued twice (the booking retried): one job.
    expect(
      await enqueueJob(database.db, {
        kind: 'appointment.reminder',
        payload: { appointmentId: appointment.id, revision: 1, window: '24h' },
        runAt: new Date(startsAt.getTime() - 24 * hour),
        dedupeKey: `appointment:${appointment.id}:r1:24h`,
      }),
    ).toBeNull();

    const before = worker();
    before.start();
    expect(await before.runDue()).toBe(0);
    await before.stop();
    expect(sent).toEqual([]);

    // The instance restarts after the reminder's time.
    now = new Date(startsAt.getTime() - 24 * hour + 5_000);
    const after = worker();
    after.start();
    await expect.poll(() => sent.length).toBe(2);
    await after.stop();
    const reminder = sent.find((entry) => entry.channel === 'email')!.message;
    expect(reminder.subject).toBe(
      'Reminder: your consultation tomorrow, Sat 28 Nov 2026, 11:00 am',
    );
    expect(reminder.attachments).toBeUndefined();
    expect(sent.find((entry) => entry.channel === 'whatsapp')!.message.template!.name).toBe(
      'appointment_reminder',
    );

    // And again, later: nothing more.
    now = new Date(startsAt.getTime() - 2 * hour);
    expect(await worker().runDue()).toBe(0);
    expect(sent).toHaveLength(2);
    const rows = await database.db.select().from(notifications);
    expect(rows.map((row) => row.kind)).toEqual(['appointment.reminder', 'appointment.reminder']);
  });

  it('skip a reminder after a reschedule (revision changed), a cancellation, or the start', async () => {
    const moved = await bookedAppointment();
    const cancelled = await bookedAppointment({ phone: '+919825044444' });
    const started = await bookedAppointment({ phone: '+919825055555' }, 'trial', 30);
    await database.db
      .update(appointments)
      .set({
        revision: 2,
        startsAt: new Date(startsAt.getTime() + 48 * hour),
        endsAt: new Date(startsAt.getTime() + 49 * hour),
      })
      .where(eq(appointments.id, moved.id));
    await database.db
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(eq(appointments.id, cancelled.id));
    for (const [appointment, window] of [
      [moved, '24h'],
      [cancelled, '24h'],
      [started, '2h'],
    ] as const) {
      await enqueueJob(database.db, {
        kind: 'appointment.reminder',
        payload: { appointmentId: appointment.id, revision: 1, window },
        runAt: new Date(startsAt.getTime() - 24 * hour),
      });
    }
    // The worker was down until after the start.
    now = new Date(startsAt.getTime() + 60_000);
    expect(await worker().runDue()).toBe(3);
    expect(sent).toEqual([]);
    expect(await database.db.select().from(notifications)).toEqual([]);

    // The moved appointment's new reminder (revision 2) is sent.
    await enqueueJob(database.db, {
      kind: 'appointment.reminder',
      payload: { appointmentId: moved.id, revision: 2, window: '24h' },
      runAt: new Date(startsAt.getTime() + 24 * hour),
    });
    now = new Date(startsAt.getTime() + 24 * hour);
    await worker().runDue();
    expect(sent.map((entry) => entry.message.subject)).toContain(
      'Reminder: your consultation tomorrow, Mon 30 Nov 2026, 11:00 am',
    );
  });
  it('queue reminders 24 h before, and 2 h before for trials, once per revision, skipping windows already begun', async () => {
    const trial = await bookedAppointment({}, 'trial', 30);
    const booking = { id: trial.id, revision: 1, startsAt, typeKey: 'trial' };
    expect(await queueAppointmentReminders(database.db, booking, now)).toEqual(['24h', '2h']);
    expect(await queueAppointmentReminders(database.db, booking, now)).toEqual([]);
    const queued = await database.db
      .select({ runAt: jobs.runAt, dedupeKey: jobs.dedupeKey, payload: jobs.payload })
      .from(jobs)
      .orderBy(jobs.runAt);
    expect(queued).toEqual([
      {
        runAt: new Date(startsAt.getTime() - 24 * hour),
        dedupeKey: `appointment:${trial.id}:r1:24h`,
        payload: { appointmentId: trial.id, revision: 1, window: '24h' },
      },
      {
        runAt: new Date(startsAt.getTime() - 2 * hour),
        dedupeKey: `appointment:${trial.id}:r1:2h`,
        payload: { appointmentId: trial.id, revision: 1, window: '2h' },
      },
    ]);
    // Booked 3 h ahead: only the trial's 2 h reminder is still to come; a consultation gets none.
    const late = new Date(startsAt.getTime() - 3 * hour);
    expect(await queueAppointmentReminders(database.db, { ...booking, revision: 2 }, late)).toEqual(
      ['2h'],
    );
    expect(
      await queueAppointmentReminders(
        database.db,
        { ...booking, revision: 3, typeKey: 'consultation' },
        late,
      ),
    ).toEqual([]);
  });
});
