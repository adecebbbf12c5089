/**
 * The notifications' part of merging two customer records (issue 30 items 1 and 4, decision
 * 030): app/lib owns `notifications` and moves its rows itself. app/lib imports no feature, so
 * this has the shape of the customers domain's `CustomerRowMover` without naming it; the back
 * office hands it to the merge with the other domains' movers.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '~/lib/audited-write.server';
import { notifications } from '~/lib/schema.server';

/** Moves every message queued or sent for the merged record (`fromId`) to the kept one (`toId`). */
export const notificationRowsMover = {
  references: ['notifications.customer_id'] as const,
  move: async (tx: Tx, { fromId, toId }: { fromId: number; toId: number }): Promise<void> => {
    await tx
      .update(notifications)
      .set({ customerId: toId })
      .where(eq(notifications.customerId, fromId));
  },
};
