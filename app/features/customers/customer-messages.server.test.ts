/**
 * Messages to a customer record on a real database: the channels their choice and their record
 * give, dedupe per channel, and the list the customer's admin page shows.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers, jobs, notifications } from '~/lib/schema.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { createTestJobs } from '../../../tests/support/test-jobs';
import {
  notificationsForCustomer,
  queueCustomerMessage,
  type CustomerMessage,
} from './customer-messages.server';

let database: TestDatabase;
const t0 = new Date('2026-11-27T04:30:00Z');

const message = (overrides: Partial<CustomerMessage> = {}): CustomerMessage => ({
  kind: 'appointment.confirmed',
  subject: 'Your consultation is booked',
  text: 'Dear Asha, see you on Saturday.',
  html: '<p>Dear Asha, see you on Saturday.</p>',
  whatsapp: { name: 'appointment_confirmation', language: 'en', params: ['Asha'], text: 'See you' },
  runAt: t0,
  ...overrides,
});

async function customer(values: Partial<typeof customers.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(customers)
    .values({ name: 'Asha Mehta', phone: '+919825011111', email: 'asha@example.com', ...values })
    .returning();
  return row!;
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
  await database.db.delete(customers);
});

describe(`messages to a customer on ${testDatabaseKind}`, () => {
  it('go out on the channels the customer chose, e-mail only when the record has one', async () => {
    const cases = [
      [{ notify: 'both' as const }, ['email:asha@example.com', 'whatsapp:+919825011111']],
      [{ notify: 'email' as const }, ['email:asha@example.com']],
      [{ notify: 'whatsapp' as const }, ['whatsapp:+919825011111']],
      [{ notify: 'both' as const, email: null }, ['whatsapp:+919825011111']],
      [{ notify: 'email' as const, email: null }, ['whatsapp:+919825011111']],
    ] as const;
    for (const [values, expected] of cases) {
      const record = await customer(values);
      await queueCustomerMessage(database.db, record, message());
      const rows = await notificationsForCustomer(database.db, record.id);
      expect(rows.map((row) => `${row.channel}:${row.recipient}`).sort()).toEqual(expected);
    }
  });

  it('queue each channel once per dedupe key, and list them newest first with their state', async () => {
    const record = await customer();
    const first = await queueCustomerMessage(
      database.db,
      record,
      message({ dedupeKey: 'appointment:1:r1:confirmed' }),
    );
    expect(first).toHaveLength(2);
    expect(
      await queueCustomerMessage(
        database.db,
        record,
        message({ dedupeKey: 'appointment:1:r1:confirmed' }),
      ),
    ).toEqual([]);
    await queueCustomerMessage(
      database.db,
      record,
      message({
        kind: 'appointment.reminder',
        subject: 'Reminder',
        runAt: new Date(t0.getTime() + 1),
      }),
    );
    const jobsRunner = createTestJobs(database.db, { now: () => new Date(t0.getTime() + 60_000) });
    expect(await jobsRunner.runDue()).toBe(4);
    const listed = await notificationsForCustomer(database.db, record.id);
    expect(listed).toHaveLength(4);
    expect(listed.map((row) => row.kind)).toEqual([
      'appointment.reminder',
      'appointment.reminder',
      'appointment.confirmed',
      'appointment.confirmed',
    ]);
    expect(listed.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    expect(await notificationsForCustomer(database.db, record.id, 1)).toHaveLength(1);
    const other = await customer({ phone: '+919825022222' });
    expect(await notificationsForCustomer(database.db, other.id)).toEqual([]);
  });
});
