/**
 * Jobs that failed for good, for the back office (issue 28 item 3: "a job that can never
 * succeed is marked failed with its reason, and the back office shows it"): those of one order
 * (its order page) and the latest of all (the dashboard), each with what it was for, its
 * reason (`last_error`) and the order it concerns. A job concerns an order when its payload
 * names the order (`orderId`: the invoice) or one of the order's payment rows (`paymentId`:
 * a credit note or refund voucher, a payment link's cancellation).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { jobs, orders, payments } from '~/lib/schema.server';

/** A failed job as the back office lists it. */
export interface FailedJobView {
  id: number;
  /** What the job was for, in words. */
  what: string;
  /** Why it failed, as the job recorded it. */
  reason: string;
  attempts: number;
  /** ISO 8601; null only for a job failed before finished_at existed. */
  failedAt: string | null;
  /** The order it concerns, when it concerns one. */
  orderNumber: string | null;
}

/** What each kind of job does, in words; other kinds show their name. */
const JOB_LABELS: Record<string, string> = {
  'invoice.issue': 'Tax invoice',
  'credit-note.issue': 'Credit note of a refund',
  'receipt-voucher.issue': 'Receipt voucher of an advance',
  'payment-link.cancel': 'Cancelling a payment link',
  'notification.send': 'Message to a customer',
};

/** The number of the order a job's payload names, or null (a correlated subquery). */
const orderNumberOfJob = sql<string | null>`(
  select ${orders.number} from ${orders}
  where ${orders.id}::text = ${jobs.payload} ->> 'orderId'
     or ${orders.id} = (
       select ${payments.orderId} from ${payments}
       where ${payments.id}::text = ${jobs.payload} ->> 'paymentId'
     )
  limit 1
)`;

const columns = {
  id: jobs.id,
  kind: jobs.kind,
  lastError: jobs.lastError,
  attempts: jobs.attempts,
  finishedAt: jobs.finishedAt,
  orderNumber: orderNumberOfJob,
};

function toView(row: {
  id: number;
  kind: string;
  lastError: string | null;
  attempts: number;
  finishedAt: Date | null;
  orderNumber: string | null;
}): FailedJobView {
  return {
    id: row.id,
    what: JOB_LABELS[row.kind] ?? row.kind,
    reason: row.lastError ?? 'No reason was recorded.',
    attempts: row.attempts,
    failedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
    orderNumber: row.orderNumber,
  };
}

/** The failed jobs of order `orderId`, newest first. */
export async function failedJobsOfOrder(db: Db, orderId: number): Promise<FailedJobView[]> {
  const rows = await db
    .select(columns)
    .from(jobs)
    .where(
      and(
        eq(jobs.status, 'failed'),
        sql`(${jobs.payload} ->> 'orderId' = ${String(orderId)}
          or ${jobs.payload} ->> 'paymentId' in (
            select ${payments.id}::text from ${payments} where ${payments.orderId} = ${orderId}
          ))`,
      ),
    )
    .orderBy(desc(jobs.finishedAt), desc(jobs.id))
    .limit(50);
  return rows.map(toView);
}

/** The latest `limit` failed jobs of the shop, newest first (the dashboard's list). */
export async function recentFailedJobs(db: Db, limit = 10): Promise<FailedJobView[]> {
  const rows = await db
    .select(columns)
    .from(jobs)
    .where(eq(jobs.status, 'failed'))
    .orderBy(desc(jobs.finishedAt), desc(jobs.id))
    .limit(limit);
  return rows.map(toView);
}
