/**
 * Putting work on the durable job queue (DESIGN.md "The bespoke business": `lib/jobs`). A job
 * is a row of `jobs`: a kind, a JSON payload and the instant it is due. Queue it inside the
 * transaction of the change it follows, so the job exists exactly when the change does.
 * The worker (`lib/jobs/worker.server.ts`) claims due rows with `for update skip locked`.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { jobs } from '~/lib/schema.server';

/** A database handle or an open transaction. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** One job to queue. */
export interface NewJob {
  /** What the worker does with it, e.g. 'notification.send', 'appointment.reminder'. */
  kind: string;
  /** The handler's input; plain JSON. */
  payload: Record<string, unknown>;
  /** When it is due; now when absent. */
  runAt?: Date;
  /**
   * Queues the job only once per key (e.g. 'appointment:12:r3:reminder-24h'): a second
   * enqueue with the same key does nothing.
   */
  dedupeKey?: string;
  /** Attempts before the job is given up as failed (5 by default). */
  maxAttempts?: number;
}

/**
 * Queues `job`. Resolves to its id, or null when a job with its `dedupeKey` already exists.
 * @throws whatever the database throws (the caller's transaction then rolls back).
 */
export async function enqueueJob(db: DbOrTx, job: NewJob): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      runAt: job.runAt ?? sql`now()`,
      dedupeKey: job.dedupeKey,
      maxAttempts: job.maxAttempts ?? 5,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}
