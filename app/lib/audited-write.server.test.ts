/**
 * The audited write on a real database: its steps in one transaction (the change and its audit
 * entry together), the refusals for a missing row and a stale write rolling everything back,
 * and a check that settles without a change or an entry.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, contactMessages, user } from '~/lib/schema.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/test-db';
import { auditedWrite, sameVersion, type Tx } from './audited-write.server';
import type { Actor } from '~/lib/audit.server';
import { Refusal } from '~/lib/refusal';

let database: TestDatabase;
const admin: Actor = { id: 'admin-1', email: 'owner@example.com' };
let messageId: number;

const statusOf = async () =>
  (
    await database.db
      .select({ status: contactMessages.status })
      .from(contactMessages)
      .where(eq(contactMessages.id, messageId))
  )[0]?.status;

const entries = () => database.db.select().from(auditLog);

/** Reads the message `id` in the transaction; undefined when there is none. */
const readMessage = (id: number) => (tx: Tx) =>
  tx
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .then(([row]) => row);

/** Marks the message read in the transaction and resolves to its new status. */
const markRead = async (tx: Tx) => {
  await tx.update(contactMessages).set({ status: 'read' }).where(eq(contactMessages.id, messageId));
  return 'read' as const;
};

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
  const [row] = await database.db
    .insert(contactMessages)
    .values({ name: 'Asha', email: 'asha@example.com', message: 'Hello', status: 'new' })
    .returning({ id: contactMessages.id });
  messageId = row!.id;
});

describe(`auditedWrite on ${testDatabaseKind}`, () => {
  it('writes the change and its audit entry, and answers from before and after', async () => {
    const answer = await auditedWrite(database.db, admin, {
      read: readMessage(messageId),
      missing: () => new Refusal('not-found', 'Gone.'),
      write: markRead,
      audit: (before, after) => ({
        action: 'message.mark-read',
        entity: 'message',
        entityId: before.id,
        summary: `Marked ${before.name} ${after}`,
        before: { status: before.status },
        after: { status: after },
      }),
      answer: (before, after) => `${before.name}: ${before.status} to ${after}`,
    });
    expect(answer).toBe('Asha: new to read');
    expect(await statusOf()).toBe('read');
    const [entry] = await entries();
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'message.mark-read',
      entityId: String(messageId),
      summary: 'Marked Asha read',
      before: { status: 'new' },
      after: { status: 'read' },
    });
  });

  it('refuses with `missing` when nothing is read, writing nothing', async () => {
    let wrote = false;
    const write = auditedWrite(database.db, admin, {
      read: readMessage(messageId + 1),
      missing: () => new Refusal('not-found', 'This message no longer exists.'),
      write: async () => (wrote = true),
      audit: () => ({ action: 'x', entity: 'message', entityId: null, summary: 'x' }),
      answer: () => 'done',
    });
    await expect(write).rejects.toMatchObject({
      message: 'This message no longer exists.',
      code: 'not-found',
    });
    expect(wrote).toBe(false);
    expect(await entries()).toEqual([]);
  });

  it('answers what `check` settles without writing or recording anything', async () => {
    let wrote = false;
    const answer = await auditedWrite(database.db, admin, {
      read: readMessage(messageId),
      check: (before) => (before.status === 'new' ? 'Already new.' : undefined),
      write: async () => (wrote = true),
      audit: () => ({ action: 'x', entity: 'message', entityId: null, summary: 'x' }),
      answer: () => 'changed',
    });
    expect(answer).toBe('Already new.');
    expect(wrote).toBe(false);
    expect(await entries()).toEqual([]);
  });

  it('refuses with `stale` when the write matched no row, rolling back what it did', async () => {
    const write = auditedWrite(database.db, admin, {
      read: readMessage(messageId),
      write: async (tx) => {
        await markRead(tx);
        return undefined;
      },
      stale: () => new Refusal('conflict', 'Changed by someone else.'),
      audit: () => ({ action: 'x', entity: 'message', entityId: null, summary: 'x' }),
      answer: () => 'done',
    });
    await expect(write).rejects.toMatchObject({
      message: 'Changed by someone else.',
      code: 'conflict',
    });
    expect(await statusOf()).toBe('new');
    expect(await entries()).toEqual([]);
  });
});

describe('sameVersion', () => {
  it('compares a row’s updated_at with the version an editor opened, to the millisecond', () => {
    const updatedAt = new Date('2025-03-10T06:30:00.123Z');
    expect(sameVersion(updatedAt, '2025-03-10T06:30:00.123Z')).toBe(true);
    expect(sameVersion(updatedAt, '2025-03-10T12:00:00.123+05:30')).toBe(true);
    expect(sameVersion(updatedAt, '2025-03-10T06:30:00.124Z')).toBe(false);
    expect(sameVersion(updatedAt, 'not a date')).toBe(false);
  });
});
