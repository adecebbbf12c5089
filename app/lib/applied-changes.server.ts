/**
 * Changes to a shopper's stored cart or wishlist applied at most once (issue 36 item 1). The
 * browser keeps each change it makes until the server answers, and sends it again on the next
 * page when the answer never came (a navigation cut it off): the server may already have it.
 * Each change carries an id the browser chose (a UUID); the first request with that id applies
 * the change and records the id in the same transaction, any later one only reads.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './db.server';
import { appliedChanges } from './schema.server';

/** How long an applied change's id is remembered (days); a browser retries within minutes. */
const APPLIED_CHANGE_DAYS = 30;

/** The optional `changeId` of a change request: a UUID the browser chose. */
export const changeIdField = z.uuid('The change id must be a UUID').optional();

/**
 * Runs `apply` once per `changeId` of `userId`, in one transaction with the record of the id:
 * a change id already recorded skips `apply`; without an id `apply` always runs. Whatever
 * `apply` throws rolls the record back too, so a refused change may be sent again.
 * @returns whether `apply` ran.
 */
export async function applyChangeOnce(
  db: Db,
  userId: string,
  changeId: string | undefined,
  apply: (db: Db) => Promise<void>,
): Promise<boolean> {
  if (!changeId) {
    await apply(db);
    return true;
  }
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(appliedChanges)
      .values({ userId, changeId })
      .onConflictDoNothing()
      .returning({ changeId: appliedChanges.changeId });
    if (recorded.length === 0) return false;
    await tx
      .delete(appliedChanges)
      .where(
        and(
          eq(appliedChanges.userId, userId),
          lt(appliedChanges.appliedAt, sql`now() - make_interval(days => ${APPLIED_CHANGE_DAYS})`),
        ),
      );
    await apply(tx);
    return true;
  });
}
