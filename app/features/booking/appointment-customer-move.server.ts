/**
 * The booking domain's part of merging two customer records (issue 30 items 1 and 4, decision
 * 030): booking owns `appointments` and moves its rows itself; `features/customers/customer-merge`
 * calls this through its {@link CustomerRowMover} list. A booking clash (one booking per person
 * and time, decision 017) is refused by the merge's preview before this runs.
 */
import { eq } from 'drizzle-orm';
import type { CustomerRowMover } from '~/features/customers/customer-merge.server';
import { appointments } from '~/lib/schema.server';

/** Moves every appointment of the merged record to the kept one; `updated_at` is the merge's time. */
export const appointmentRowsMover: CustomerRowMover = {
  references: ['appointments.customer_id'],
  move: async (tx, { fromId, toId, at }) => {
    await tx
      .update(appointments)
      .set({ customerId: toId, updatedAt: at })
      .where(eq(appointments.customerId, fromId));
  },
};
