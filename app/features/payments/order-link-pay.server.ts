/**
 * "Pay" on an order's signed link (issue 30 item 2: "its balance with 'Pay' where one is due"):
 * a customer without an account pays the balance through a payment link, the ledger's own
 * path for money owed (decision 015; issue 21 item 4): Razorpay's short URL, or the sandbox's
 * `/pay/:linkId` page, settled by the same `payment_link.paid` webhook as a link the counter
 * sends. A link still pending is offered again rather than a second one made, so pressing
 * "Pay" twice never asks for the balance twice.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { payments } from '~/lib/schema.server';
import {
  balanceOf,
  freePaise,
  heldPaise,
  lockOrderByNumber,
  type LockedOrder,
} from './ledger.server';
import { makeProviderLink } from './provider-link.server';

/** Why the link's "Pay" cannot take a payment now; `status` is the HTTP status (409 or 503). */
export interface LinkPayRefusal {
  refusal: string;
  status: 409 | 503;
}

/**
 * The payment page for what order `number` owes now: the URL of its pending payment link, or
 * of a new one for the whole free balance (the balance less what pending links and online
 * payments hold). After paying, the provider returns the customer to `returnUrl` (the order's
 * link page).
 * @returns `{ url }`, or a LinkPayRefusal: 409 when the order is paid, cancelled or owes
 *   nothing free (less than ₹1), 503 when the provider refuses or does not answer.
 */
export async function payBalanceByLink(
  context: Pick<AppLoadContext, 'db' | 'payments' | 'env'>,
  number: string,
  returnUrl: string,
): Promise<{ url: string } | LinkPayRefusal> {
  const now = new Date();
  type Stored =
    { url: string } | LinkPayRefusal | { order: LockedOrder; amount: number; rowId: number };
  const stored = await context.db.transaction(async (tx): Promise<Stored> => {
    const order = await lockOrderByNumber(tx, number);
    if (!order || order.status === 'cancelled') {
      return { refusal: 'This order was cancelled: it takes no payments.', status: 409 as const };
    }
    if (order.status === 'paid') {
      return { refusal: 'This order is paid in full. Thank you!', status: 409 as const };
    }
    const [pending] = await tx
      .select({ url: payments.linkUrl })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          eq(payments.kind, 'payment'),
          eq(payments.method, 'payment_link'),
          eq(payments.status, 'pending'),
          isNotNull(payments.linkUrl),
        ),
      )
      .orderBy(desc(payments.id))
      .limit(1);
    if (pending?.url) return { url: pending.url };
    const amount = freePaise(await balanceOf(tx, order), await heldPaise(tx, order.id, now));
    if (amount < 100) {
      return {
        refusal: 'Nothing is due online now: a payment already under way holds the balance.',
        status: 409 as const,
      };
    }
    const [row] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        kind: 'payment',
        method: 'payment_link',
        status: 'pending',
        amountPaise: amount,
        provider: context.payments.name,
      })
      .returning({ id: payments.id });
    return { order, amount, rowId: row!.id };
  });
  if (!('rowId' in stored)) return stored;
  const { order, amount, rowId } = stored;
  const made = await makeProviderLink(context, {
    order,
    rowId,
    amountPaise: amount,
    returnUrl,
  });
  if (made.kind === 'refused') {
    console.warn('payment provider refused the order link payment', made.reason);
    return {
      refusal: 'The payment could not be started just now. Please try again in a minute.',
      status: 503,
    };
  }
  if (made.kind === 'withdrawn') {
    return { refusal: 'This order was paid in full or cancelled meanwhile.', status: 409 };
  }
  return { url: made.url };
}
