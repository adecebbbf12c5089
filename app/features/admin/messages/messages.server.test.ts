/**
 * The contact form's messages in the back office on a real database: newest-first pages of
 * 25, the status filter and counts, status changes with their audit entries in the same
 * transaction, and refusals (unknown id, bad id).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, contactMessages, user } from '~/lib/schema.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../../tests/support/test-db';
import {
  listMessages,
  MESSAGES_PAGE_SIZE,
  messageHandlers,
  messageIdSchema,
} from './messages.server';
import { setMessageStatus } from '~/features/contact/contact-commands.server';
import { Refusal } from '~/lib/refusal';
import type { Actor } from '~/lib/audit.server';

let database: TestDatabase;
const admin: Actor = { id: 'admin-1', email: 'owner@example.com' };
const base = new Date('2025-03-10T06:30:00Z').getTime();

/** Inserts a message received `minutesAgo` minutes before the base time. */
async function message(
  minutesAgo: number,
  values: { name?: string; status?: 'new' | 'read' | 'answered' } = {},
): Promise<number> {
  const [row] = await database.db
    .insert(contactMessages)
    .values({
      name: values.name ?? `Visitor ${minutesAgo}`,
      email: 'visitor@example.com',
      phone: '98250 12345',
      subject: 'Fitting',
      message: '<b>Not bold</b> & plain',
      status: values.status ?? 'new',
      createdAt: new Date(base - minutesAgo * 60_000),
    })
    .returning({ id: contactMessages.id });
  return row!.id;
}

const statusOf = async (id: number) =>
  (
    await database.db
      .select({ status: contactMessages.status })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
  )[0]?.status;

const auditOf = (id: number) =>
  database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(id)));

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(user).values({
    id: admin.id,
    name: 'Owner',
    email: admin.email,
    role: 'admin',
    emailVerified: true,
  });
});

afterAll(async () => {
  await database.dispose();
});

beforeEach(async () => {
  await database.db.delete(auditLog);
  await database.db.delete(contactMessages);
});

describe(`messages on ${testDatabaseKind}`, () => {
  it('lists newest first in pages of 25, with the status filter and counts', async () => {
    for (let minutes = 1; minutes <= 27; minutes += 1) {
      await message(minutes, { status: minutes % 3 === 0 ? 'read' : 'new' });
    }
    await message(100, { status: 'answered', name: 'Oldest' });

    const first = await listMessages(database.db, { page: 1 });
    expect(MESSAGES_PAGE_SIZE).toBe(25);
    expect(first.total).toBe(28);
    expect(first.counts).toEqual({ new: 18, read: 9, answered: 1 });
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0]).toMatchObject({
      name: 'Visitor 1',
      email: 'visitor@example.com',
      phone: '98250 12345',
      subject: 'Fitting',
      message: '<b>Not bold</b> & plain',
      status: 'new',
      createdAt: new Date(base - 60_000).toISOString(),
    });
    const times = first.rows.map((row) => row.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const second = await listMessages(database.db, { page: 2 });
    expect(second.rows.map((row) => row.name)).toEqual(['Visitor 26', 'Visitor 27', 'Oldest']);
    expect((await listMessages(database.db, { page: 3 })).rows).toEqual([]);

    const read = await listMessages(database.db, { page: 1, status: 'read' });
    expect(read.total).toBe(9);
    expect(read.rows.map((row) => row.name)).toEqual(
      [3, 6, 9, 12, 15, 18, 21, 24, 27].map((n) => `Visitor ${n}`),
    );
    const answered = await listMessages(database.db, { page: 1, status: 'answered' });
    expect(answered.rows.map((row) => row.name)).toEqual(['Oldest']);
  });

  it('marks a message read, answered and new again, each with its audit entry', async () => {
    const id = await message(5, { name: 'Asha Mehta' });
    const other = await message(6);

    expect(await setMessageStatus(database.db, admin, id, 'read')).toBe(
      'The message from Asha Mehta is marked as read.',
    );
    expect(await statusOf(id)).toBe('read');
    await setMessageStatus(database.db, admin, id, 'answered');
    expect(await statusOf(id)).toBe('answered');
    await setMessageStatus(database.db, admin, id, 'new');
    expect(await statusOf(id)).toBe('new');
    expect(await statusOf(other)).toBe('new');

    const entries = (await auditOf(id)).sort((a, b) => a.id - b.id);
    expect(
      entries.map(({ actorId, actorEmail, action, entity, entityId, summary, before, after }) => ({
        actorId,
        actorEmail,
        action,
        entity,
        entityId,
        summary,
        before,
        after,
      })),
    ).toEqual([
      {
        actorId: admin.id,
        actorEmail: admin.email,
        action: 'message.mark-read',
        entity: 'message',
        entityId: String(id),
        summary: 'Marked the message from Asha Mehta as read',
        before: { status: 'new' },
        after: { status: 'read' },
      },
      {
        actorId: admin.id,
        actorEmail: admin.email,
        action: 'message.mark-answered',
        entity: 'message',
        entityId: String(id),
        summary: 'Marked the message from Asha Mehta as answered',
        before: { status: 'read' },
        after: { status: 'answered' },
      },
      {
        actorId: admin.id,
        actorEmail: admin.email,
        action: 'message.mark-new',
        entity: 'message',
        entityId: String(id),
        summary: 'Marked the message from Asha Mehta as new',
        before: { status: 'answered' },
        after: { status: 'new' },
      },
    ]);
    expect(await auditOf(other)).toEqual([]);
  });

  it('changes nothing and records nothing when the status is already the one asked for', async () => {
    const id = await message(5, { name: 'Ravi', status: 'read' });
    expect(await setMessageStatus(database.db, admin, id, 'read')).toBe(
      'The message from Ravi is already read.',
    );
    expect(await statusOf(id)).toBe('read');
    expect(await auditOf(id)).toEqual([]);
  });

  it('answers 404 for an unknown message and records nothing', async () => {
    const error = await setMessageStatus(database.db, admin, 987_654, 'read').catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Refusal);
    expect(error).toMatchObject({ code: 'not-found', message: 'This message no longer exists.' });
    expect(await database.db.select().from(auditLog)).toEqual([]);
  });

  it('keeps the status when the audit entry cannot be written (one transaction)', async () => {
    const id = await message(5);
    // An actor that is not a user breaks the audit entry's foreign key.
    await expect(
      setMessageStatus(database.db, { id: 'nobody', email: 'x@example.com' }, id, 'answered'),
    ).rejects.toThrow();
    expect(await statusOf(id)).toBe('new');
    expect(await database.db.select().from(auditLog)).toEqual([]);
  });

  it('accepts only a positive whole id, and the handlers set the status of their intent', async () => {
    expect(messageIdSchema.safeParse({ id: '12' })).toEqual({ success: true, data: { id: 12 } });
    for (const id of ['0', '-3', '1.5', 'abc', '']) {
      expect(messageIdSchema.safeParse({ id }).success).toBe(false);
    }
    expect(messageIdSchema.safeParse({}).success).toBe(false);

    const id = await message(5, { name: 'Meera' });
    const handlers = messageHandlers(database.db);
    expect(Object.keys(handlers).sort()).toEqual(['mark-answered', 'mark-new', 'mark-read']);
    const session = { ...admin, name: 'Owner', role: 'admin' as const, createdAt: '' };
    await handlers['mark-answered'].run({ id }, session, new FormData());
    expect(await statusOf(id)).toBe('answered');
    await handlers['mark-read'].run({ id }, session, new FormData());
    expect(await statusOf(id)).toBe('read');
    await handlers['mark-new'].run({ id }, session, new FormData());
    expect(await statusOf(id)).toBe('new');
    expect((await auditOf(id)).map((row) => row.action).sort()).toEqual([
      'message.mark-answered',
      'message.mark-new',
      'message.mark-read',
    ]);
  });
});
