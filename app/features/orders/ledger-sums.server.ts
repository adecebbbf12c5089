/**
 * The sums of orders' payment rows read from the database (issue 30 item 4, decision 032): the
 * rows of each order, added up by `ledgerSums` (`ledger-sums.ts`), the one function that sums
 * the `payments` table. Callers that decide money read it in the transaction that locks the
 * order. Amounts are integer paise.
 */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '~/lib/audit.server';
import { payments } from '~/lib/schema.server';
import { ledgerSums, type LedgerEntry, type LedgerSums } from './ledger-sums';

/**
 * The sums of each order of `orderIds`, keyed by order id; an order with no payment row has
 * all sums 0. No query when `orderIds` is empty.
 */
export async function ledgerSumsOf(
  db: DbOrTx,
  orderIds: readonly number[],
): Promise<Map<number, LedgerSums>> {
  const ids = [...new Set(orderIds)];
  const byOrder = new Map<number, LedgerEntry[]>(ids.map((id) => [id, []]));
  if (ids.length > 0) {
    const rows = await db
      .select({
        orderId: payments.orderId,
        kind: payments.kind,
        status: payments.status,
        amountPaise: payments.amountPaise,
      })
      .from(payments)
      .where(inArray(payments.orderId, ids));
    for (const row of rows) byOrder.get(row.orderId)?.push(row);
  }
  return new Map([...byOrder].map(([id, entries]) => [id, ledgerSums(entries)]));
}

/** The sums of order `orderId` (all 0 when it has no payment row). */
export async function ledgerSumsOfOrder(db: DbOrTx, orderId: number): Promise<LedgerSums> {
  return (await ledgerSumsOf(db, [orderId])).get(orderId)!;
}
