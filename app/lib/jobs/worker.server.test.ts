import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '~/lib/schema.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { enqueueJob } from './enqueue.server';
import { createWorker, PermanentJobError, type JobHandlers, type JobLog } from './worker.server';

let database: TestDatabase;
const quiet: JobLog = { info() {}, warn() {}, error() {} };
const t0 = new Date('2026-11-27T04:30:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

/** A clock tests move by hand. */
function testClock(start = t0) {
  let now = start;
  return {
    now: () => now,
    set(next: Date) {
      now = next;
    },
  };
}

const jobRow = async (id: number) =>
  (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

/** A promise and the function that resolves it. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.dispose();
});

beforeEach(async () => {
  await database.db.delete(jobs);
});

describe(`the job queue's worker on ${testDatabaseKind}`, () => {
  it('runs a due job once and marks it done', async () => {
    const clock = testClock();
    const seen: unknown[] = [];
    const handlers: JobHandlers = {
      'test.note': async (payload, context) => {
        seen.push({ payload, now: context.now, attempt: context.attempt });
      },
    };
    const worker = createWorker({ db: database.db, handlers, log: quiet, now: clock.now });
    const id = (await enqueueJob(database.db, {
      kind: 'test.note',
      payload: { n: 1 },
      runAt: t0,
    }))!;

    expect(await worker.runDue()).toBe(1);
    expect(await worker.runDue()).toBe(0);
    clock.set(at(3_600_000));
    expect(await worker.runDue()).toBe(0);
    expect(seen).toEqual([{ payload: { n: 1 }, now: t0, attempt: 1 }]);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'done', attempts: 1, lastError: null, lockedUntil: null });
    expect(row.finishedAt).toEqual(t0);
  });

  it('marks a job that can never succeed failed at once, with its reason, and never runs it again (issue 28 item 3)', async () => {
    const clock = testClock();
    let runs = 0;
    const worker = createWorker({
      db: database.db,
      handlers: {
        'test.doomed': async () => {
          runs += 1;
          throw new PermanentJobError('Refund 7 is more than the customer paid.');
        },
      },
      log: quiet,
      now: clock.now,
    });
    const id = (await enqueueJob(database.db, { kind: 'test.doomed', payload: {}, runAt: t0 }))!;
    expect(await worker.runDue()).toBe(1);
    clock.set(at(24 * 3_600_000));
    expect(await worker.runDue()).toBe(0);
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'Refund 7 is more than the customer paid.',
      finishedAt: t0,
      lockedUntil: null,
    });
  });

  it('does not run a job before the clock reaches it', async () => {
    const clock = testClock();
    let runs = 0;
    const worker = createWorker({
      db: database.db,
      handlers: { 'test.later': async () => void (runs += 1) },
      log: quiet,
      now: clock.now,
    });
    await enqueueJob(database.db, { kind: 'test.later', payload: {}, runAt: at(10 * 60_000) });
    expect(await worker.runDue()).toBe(0);
    clock.set(at(10 * 60_000 - 1));
    expect(await worker.runDue()).toBe(0);
    expect(runs).toBe(0);
    clock.set(at(10 * 60_000));
    expect(await worker.runDue()).toBe(1);
    expect(runs).toBe(1);
  });

  it('retries a failing job with growing waits, then marks it failed', async () => {
    const clock = testClock();
    const attempts: number[] = [];
    const worker = createWorker({
      db: database.db,
      handlers: {
        'test.flaky': async (_payload, context) => {
          attempts.push(context.attempt);
          throw new Error(`provider down (attempt ${context.attempt})`);
        },
      },
      log: quiet,
      now: clock.now,
    });
    const id = (await enqueueJob(database.db, {
      kind: 'test.flaky',
      payload: {},
      runAt: t0,
      maxAttempts: 3,
    }))!;

    expect(await worker.runDue()).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'provider down (attempt 1)',
    });
    expect(row.runAt).toEqual(at(30_000));

    // Not before its backoff has passed.
    clock.set(at(29_999));
    expect(await worker.runDue()).toBe(0);
    clock.set(at(30_000));
    expect(await worker.runDue()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row.runAt).toEqual(at(30_000 + 120_000));

    clock.set(at(150_000));
    expect(await worker.runDue()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'provider down (attempt 3)',
    });
    expect(row.finishedAt).toEqual(at(150_000));

    clock.set(at(86_400_000));
    expect(await worker.runDue()).toBe(0);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('fails a job of an unknown kind at once, saying so', async () => {
    const worker = createWorker({ db: database.db, handlers: {}, log: quiet, now: () => t0 });
    const id = (await enqueueJob(database.db, { kind: 'test.nobody', payload: {}, runAt: t0 }))!;
    expect(await worker.runDue()).toBe(1);
    expect(await jobRow(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: "No handler for job kind 'test.nobody'",
    });
  });

  it('runs a due job exactly once across a restart, and lets a stopped worker finish its job', async () => {
    const clock = testClock();
    const runs: string[] = [];
    const release = deferred();
    const started = deferred();
    const handlersOf = (name: string, wait?: Promise<void>): JobHandlers => ({
      'test.reminder': async () => {
        runs.push(name);
        started.resolve();
        if (wait) await wait;
      },
    });
    const id = (await enqueueJob(database.db, {
      kind: 'test.reminder',
      payload: {},
      runAt: at(60 * 60_000),
    }))!;

    // Worker A polls before the job is due, then is stopped while running it.
    const a = createWorker({
      db: database.db,
      handlers: handlersOf('A', release.promise),
      log: quiet,
      now: clock.now,
      pollMs: 5,
    });
    a.start();
    expect(await a.runDue()).toBe(0);
    clock.set(at(60 * 60_000 + 1_000));
    await started.promise;
    const stopping = a.stop();
    release.resolve();
    await stopping;
    expect(runs).toEqual(['A']);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });

    // The instance comes back as worker B, on the same database: nothing is left to do.
    const b = createWorker({
      db: database.db,
      handlers: handlersOf('B'),
      log: quiet,
      now: clock.now,
    });
    expect(await b.runDue()).toBe(0);
    clock.set(at(3 * 60 * 60_000));
    expect(await b.runDue()).toBe(0);
    expect(runs).toEqual(['A']);
  });

  it('takes over a job whose worker stopped mid-way once its lock has passed, and ignores the late finish', async () => {
    const clock = testClock();
    const never = deferred();
    const runs: string[] = [];
    const id = (await enqueueJob(database.db, { kind: 'test.crash', payload: {}, runAt: t0 }))!;
    const crashed = createWorker({
      db: database.db,
      handlers: {
        'test.crash': async () => {
          runs.push('crashed');
          await never.promise;
          throw new Error('too late');
        },
      },
      log: quiet,
      now: clock.now,
      lockMs: 60_000,
    });
    const abandoned = crashed.runDue();
    await expect.poll(() => runs).toEqual(['crashed']);
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 1 });
    expect((await jobRow(id)).lockedUntil).toEqual(at(60_000));

    const other = createWorker({
      db: database.db,
      handlers: { 'test.crash': async () => void runs.push('other') },
      log: quiet,
      now: clock.now,
    });
    clock.set(at(59_999));
    expect(await other.runDue()).toBe(0);
    clock.set(at(60_001));
    expect(await other.runDue()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });

    // The first worker's handler ends after all (it throws): the outcome stays 'done'.
    never.resolve();
    await abandoned;
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    expect(runs).toEqual(['crashed', 'other']);
  });

  it('runs each of N jobs exactly once with two workers on the same database', async () => {
    const clock = testClock();
    const ran: number[] = [];
    const handlers: JobHandlers = {
      'test.many': async (payload) => {
        // Yield, so the two workers interleave.
        await new Promise((resolve) => setImmediate(resolve));
        ran.push((payload as { n: number }).n);
      },
    };
    const total = 40;
    for (let n = 0; n < total; n += 1) {
      await enqueueJob(database.db, { kind: 'test.many', payload: { n }, runAt: t0 });
    }
    const a = createWorker({ db: database.db, handlers, log: quiet, now: clock.now });
    const b = createWorker({ db: database.db, handlers, log: quiet, now: clock.now });
    const [byA, byB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(byA + byB).toBe(total);
    expect([...ran].sort((x, y) => x - y)).toEqual([...Array(total).keys()]);

    // Polling workers too.
    ran.length = 0;
    for (let n = 0; n < total; n += 1) {
      await enqueueJob(database.db, { kind: 'test.many', payload: { n }, runAt: t0 });
    }
    const c = createWorker({ db: database.db, handlers, log: quiet, now: clock.now, pollMs: 5 });
    const d = createWorker({ db: database.db, handlers, log: quiet, now: clock.now, pollMs: 5 });
    c.start();
    d.start();
    await expect.poll(() => ran.length, { timeout: 30_000 }).toBe(total);
    await Promise.all([c.stop(), d.stop()]);
    expect([...ran].sort((x, y) => x - y)).toEqual([...Array(total).keys()]);
    const states = await database.db.select({ status: jobs.status }).from(jobs);
    expect(states.every((row) => row.status === 'done')).toBe(true);
  });
  it('logs a database outage once while polling, and says when it polls again', async () => {
    let down = true;
    let polls = 0;
    const flaky = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'select') {
          polls += 1;
          if (down) {
            return () => {
              throw new Error('database away');
            };
          }
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const lines: { level: string; message?: string }[] = [];
    const log: JobLog = {
      info: (_fields, message) => lines.push({ level: 'info', message }),
      warn: (_fields, message) => lines.push({ level: 'warn', message }),
      error: (_fields, message) => lines.push({ level: 'error', message }),
    };
    const worker = createWorker({ db: flaky, handlers: {}, log, now: () => t0, pollMs: 5 });
    worker.start();
    await expect.poll(() => polls).toBeGreaterThan(5);
    down = false;
    await expect.poll(() => lines.length).toBe(2);
    await worker.stop();
    expect(lines).toEqual([
      { level: 'error', message: 'job queue poll failed; retrying quietly' },
      { level: 'info', message: 'job queue polling again' },
    ]);
  });
  it('deletes jobs a month after they finished, keeping the rest', async () => {
    const day = 24 * 3_600_000;
    const old = (await enqueueJob(database.db, { kind: 'test.old', payload: {}, runAt: t0 }))!;
    const recent = (await enqueueJob(database.db, {
      kind: 'test.recent',
      payload: {},
      runAt: t0,
    }))!;
    const waiting = (await enqueueJob(database.db, {
      kind: 'test.waiting',
      payload: {},
      runAt: at(90 * day),
    }))!;
    await database.db
      .update(jobs)
      .set({ status: 'done', finishedAt: at(-31 * day) })
      .where(eq(jobs.id, old));
    await database.db
      .update(jobs)
      .set({ status: 'failed', finishedAt: at(-29 * day) })
      .where(eq(jobs.id, recent));
    const worker = createWorker({ db: database.db, handlers: {}, log: quiet, now: () => t0 });
    expect(await worker.runDue()).toBe(0);
    const left = await database.db.select({ id: jobs.id }).from(jobs).orderBy(jobs.id);
    expect(left.map((row) => row.id)).toEqual([recent, waiting]);
  });
});
