/**
 * What an order's payment rows add up to: the one sum of the `payments` table (issue 30 item 4:
 * "The ledger is the only place that sums payments"; decisions 015 and 032). The ledger
 * (`features/payments`, `orderBalance`) builds an order's balance on it; the order pages and
 * lists, the invoices and the bespoke order's total read it through `ledgerSumsOf`
 * (`ledger-sums.server.ts`). It sits in `orders`, the lowest domain every one of them imports,
 * because `orders`, `invoices` and `bespoke` sit below `payments`. Amounts are integer paise.
 */

/** One payment row as far as the sums are concerned. */
export interface LedgerEntry {
  kind: 'payment' | 'refund';
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  /** > 0 for a payment, < 0 for a refund. */
  amountPaise: number;
}

/** An order's succeeded payment rows added up, in paise. */
export interface LedgerSums {
  /** Σ succeeded payments (refunds not subtracted). */
  paidPaise: number;
  /** What succeeded refunds returned (a positive number). */
  refundedPaise: number;
  /** paid − refunded. */
  netPaidPaise: number;
}

/**
 * The sums of an order's payment rows: only succeeded rows count; pending, failed and
 * cancelled ones are ignored. paid = Σ payments, refunded = −Σ refunds, net paid = paid −
 * refunded (decision 015).
 */
export function ledgerSums(entries: readonly LedgerEntry[]): LedgerSums {
  let paidPaise = 0;
  let refundedPaise = 0;
  for (const entry of entries) {
    if (entry.status !== 'succeeded') continue;
    if (entry.kind === 'payment') paidPaise += entry.amountPaise;
    else refundedPaise -= entry.amountPaise;
  }
  return { paidPaise, refundedPaise, netPaidPaise: paidPaise - refundedPaise };
}
