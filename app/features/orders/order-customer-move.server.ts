/**
 * The orders' part of merging two customer records (issue 30 items 1 and 4, decision 030): the
 * orders domain owns `orders` and moves its rows itself; `features/customers/customer-merge`
 * calls this through its {@link CustomerRowMover} list.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { CustomerRowMover } from '~/features/customers/customer-merge.server';
import { orders } from '~/lib/schema.server';

/**
 * Moves the merged record's orders to the kept record. Its bespoke orders follow the kept record
 * and its account (the shopper sees them, issue 21 item 3); when the account link moved, the kept
 * record's own bespoke orders join that account too. Shop orders of a moving account follow it
 * by `user_id` already. Sets `updated_at` to the merge's time.
 */
export const orderRowsMover: CustomerRowMover = {
  references: ['orders.customer_id'],
  move: async (tx, { fromId, toId, userId, accountMoves, at }) => {
    await tx
      .update(orders)
      .set({ customerId: toId, updatedAt: at })
      .where(eq(orders.customerId, fromId));
    if (accountMoves) {
      await tx
        .update(orders)
        .set({ userId, updatedAt: at })
        .where(
          and(
            eq(orders.customerId, toId),
            eq(orders.kind, 'bespoke'),
            sql`${orders.userId} is distinct from ${userId}`,
          ),
        );
    }
  },
};
