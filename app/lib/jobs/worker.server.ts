/**
 * The worker of the durable job queue (DESIGN.md "The bespoke business": `lib/jobs`; issue 20
 * item 2, "reminders go out exactly once, across restarts and across two instances").
 *
 * Each instance runs one worker over the `jobs` table. A worker claims one due job at a time in
 * one statement: an `update … where id in (select … for update skip locked)` that takes a job
 * that is 'pending' with `run_at` <= now, or 'running' whose `locked_until` has passed (the
 * instance that claimed it stopped mid-way), marks it 'running' with `attempts + 1` and a new
 * `locked_until`. Two workers never claim one job: the row lock makes the second skip it, and
 * the claim is committed before the handler runs.
 *
 * The handler for the job's kind then runs. Success marks the job 'done' (`finished_at`); a
 * throw puts it back to 'pending' with `run_at` = now + backoff and `last_error`, or marks it
 * 'failed' after `max_attempts`; a kind with no handler fails at once with a clear error, and
 * so does a handler that throws a `PermanentJobError` (a job that can never succeed, issue 28
 * item 3): its message is kept as the reason (`last_error`), for the back office to show.
 *
 * Time is injected (`now: () => Date`) and passed to every statement as a parameter, never as
 * SQL `now()`, so tests move the clock. Works the same on PGlite and PostgreSQL.
 */
import { and, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { jobs } from '~/lib/schema.server';

/** Where a handler logs (pino's shape). */
export type JobLog = {
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
};

/** What a handler gets besides its payload. */
interface JobContext {
  /** The database (not a transaction: a handler opens its own when it needs one). */
  db: Db;
  /** The worker's clock at the moment the job was claimed. */
  now: Date;
  /** The worker's clock, for handlers that take time. */
  clock: () => Date;
  log: JobLog;
  /** The job's id. */
  jobId: number;
  /** This attempt's number, from 1. */
  attempt: number;
  /** The attempt after which a throw marks the job 'failed'. */
  maxAttempts: number;
}

/**
 * Runs one job. Resolving means done; throwing means "try again later" (with backoff) until
 * the attempts run out. `payload` is the JSON the job was queued with: parse it.
 */
type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

/**
 * What a handler throws when its job can never succeed, whatever the retries (a payload that
 * does not parse, a document the data forbids): the worker marks the job 'failed' at once,
 * with this message as its reason (`last_error`), instead of retrying it (issue 28 item 3).
 * The message is for staff: say what is wrong and what to do.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** Handlers by job kind, e.g. { 'notification.send': …, 'appointment.reminder': … }. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export interface WorkerOptions {
  db: Db;
  handlers: JobHandlers;
  log: JobLog;
  /** The clock; `() => new Date()` by default. */
  now?: () => Date;
  /** Wait between polls when nothing is due, in ms (2 000 by default). */
  pollMs?: number;
  /**
   * How long a claim holds, in ms (5 min by default): past it another worker takes the job
   * over, as from an instance that stopped mid-way. Longer than any handler runs.
   */
  lockMs?: number;
  /** The wait before attempt `attempt + 1` after attempt `attempt` failed, in ms. */
  backoffMs?: (attempt: number) => number;
  /**
   * Finished jobs ('done', 'failed', 'cancelled') are deleted this long after they finished,
   * in ms (30 days by default); checked at most hourly. The `notifications` rows stay; a
   * deleted job's `dedupe_key` is free again (keys name things that are long past by then).
   */
  keepFinishedMs?: number;
}

/** One worker over the queue. */
export interface Worker {
  /** Starts polling (does nothing when already started). */
  start(): void;
  /** Stops polling and resolves once the job being run (if any) has finished. */
  stop(): Promise<void>;
  /**
   * Runs every job due at the clock's now, one after another, and resolves to how many were
   * claimed. What tests call instead of waiting for a poll.
   */
  runDue(): Promise<number>;
}

/** Backoff by attempt: 30 s, 2 min, 10 min, 1 h, then 6 h. */
const BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;

/** The default backoff: `BACKOFF_MS[attempt - 1]`, 6 h from the fifth attempt on. */
function defaultBackoffMs(attempt: number): number {
  return BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0];
}

/** The longest `last_error` kept, in characters. */
const MAX_ERROR_CHARS = 2_000;

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, MAX_ERROR_CHARS);
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

/** Creates a worker; nothing runs until `start()` or `runDue()`. */
export function createWorker(options: WorkerOptions): Worker {
  const { db, handlers, log } = options;
  const clock = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 2_000;
  const lockMs = options.lockMs ?? 5 * 60_000;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const keepFinishedMs = options.keepFinishedMs ?? 30 * 24 * 3_600_000;
  let prunedAt = -Infinity;

  /** Deletes jobs finished more than `keepFinishedMs` before `now`, at most once an hour. */
  const prune = async (now: Date) => {
    if (now.getTime() - prunedAt < 3_600_000) return;
    prunedAt = now.getTime();
    await db
      .delete(jobs)
      .where(
        and(
          inArray(jobs.status, ['done', 'failed', 'cancelled']),
          isNotNull(jobs.finishedAt),
          lt(jobs.finishedAt, new Date(now.getTime() - keepFinishedMs)),
        ),
      );
  };

  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  /** Polling is on. */
  let started = false;
  /** `stop()` was called: a drain in progress ends after its current job. */
  let stopping = false;

  const claim = async (now: Date): Promise<ClaimedJob | undefined> => {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        or(
          and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)),
          and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now)),
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: new Date(now.getTime() + lockMs),
      })
      .where(inArray(jobs.id, due))
      .returning({
        id: jobs.id,
        kind: jobs.kind,
        payload: jobs.payload,
        attempts: jobs.attempts,
        maxAttempts: jobs.maxAttempts,
      });
    return row;
  };

  /** Writes the outcome, only while the claim is still ours (same attempt, still running). */
  const finish = (job: ClaimedJob, values: Partial<typeof jobs.$inferInsert>) =>
    db
      .update(jobs)
      .set(values)
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts)));

  const runOne = async (job: ClaimedJob, now: Date): Promise<void> => {
    const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
    if (!handler) {
      const message = `No handler for job kind '${job.kind}'`;
      log.error({ jobId: job.id, kind: job.kind }, message);
      await finish(job, {
        status: 'failed',
        lastError: message,
        finishedAt: now,
        lockedUntil: null,
      });
      return;
    }
    if (job.attempts > job.maxAttempts) {
      // Taken over after its last attempt was cut short: give up instead of trying again.
      await finish(job, {
        status: 'failed',
        lastError: 'Stopped during its last attempt',
        finishedAt: now,
        lockedUntil: null,
      });
      return;
    }
    try {
      await handler(job.payload, {
        db,
        now,
        clock,
        log,
        jobId: job.id,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
      });
      await finish(job, {
        status: 'done',
        finishedAt: clock(),
        lockedUntil: null,
        lastError: null,
      });
    } catch (error) {
      const lastError = errorText(error);
      const permanent = error instanceof PermanentJobError;
      if (permanent || job.attempts >= job.maxAttempts) {
        log.error(
          { jobId: job.id, kind: job.kind, attempts: job.attempts, err: error },
          permanent ? 'job cannot succeed; failed without retrying' : 'job failed; giving up',
        );
        await finish(job, { status: 'failed', lastError, finishedAt: clock(), lockedUntil: null });
        return;
      }
      const retryAt = new Date(clock().getTime() + backoffMs(job.attempts));
      log.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, retryAt, err: error },
        'job failed; retrying later',
      );
      await finish(job, { status: 'pending', runAt: retryAt, lastError, lockedUntil: null });
    }
  };

  const drain = async (): Promise<number> => {
    let count = 0;
    for (;;) {
      if (stopping) return count;
      const now = clock();
      const job = await claim(now);
      if (!job) {
        await prune(now);
        return count;
      }
      count += 1;
      await runOne(job, now);
    }
  };

  /** One drain at a time per worker; a second caller waits for it and then drains again. */
  const runDue = (): Promise<number> => {
    const next = current.then(drain, drain);
    current = next.catch(() => undefined);
    return next;
  };

  /** A poll failed (the database is away): logged once until a poll succeeds again. */
  let failing = false;
  const poll = () => {
    timer = undefined;
    if (!started) return;
    runDue()
      .then(() => {
        if (failing) log.info({}, 'job queue polling again');
        failing = false;
      })
      .catch((error: unknown) => {
        if (!failing) log.error({ err: error }, 'job queue poll failed; retrying quietly');
        failing = true;
      })
      .finally(() => {
        if (started) timer = setTimeout(poll, pollMs);
      });
  };

  return {
    start() {
      if (started) return;
      started = true;
      stopping = false;
      timer = setTimeout(poll, 0);
    },
    async stop() {
      started = false;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current;
    },
    runDue,
  };
}
