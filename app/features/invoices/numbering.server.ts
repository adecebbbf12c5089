/**
 * Invoice and credit-note numbers (issue 21 item 5, Rule 46: "a consecutive serial number not
 * exceeding sixteen characters, unique for a financial year"). Each series ('invoice',
 * 'credit_note') has one `invoice_counters` row per financial year; `allocateNumber` raises it
 * with one upsert in the caller's transaction, the one that inserts the document. The row lock
 * the upsert takes makes a concurrent issue wait for this transaction to end, so numbers have no
 * gaps (a rolled-back issue gives its number back) and no duplicates.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import { invoiceCounters } from '~/lib/schema.server';
import { shopDateOf } from '~/lib/shop-time';
import { financialYearOf } from './tax';

/** The highest sequence a number has room for (6 digits). */
const MAX_SEQUENCE = 999_999;

/** A number as printed, and what the row keeps of it. */
export interface AllocatedNumber {
  /** e.g. 'RT/26-27/000123'. */
  number: string;
  series: string;
  /** e.g. '2026-27'. */
  financialYear: string;
  sequence: number;
}

/**
 * Takes the next number of `series` for the financial year of `issuedAt` (its Kolkata date),
 * printed with `prefix`: `${prefix}/${'26-27'}/${6-digit sequence}`.
 * Must run inside the transaction that inserts the document.
 * @throws Error when the year's series has run out of 6-digit numbers, or the number would
 *   pass 16 characters (a prefix longer than the settings allow).
 */
export async function allocateNumber(
  tx: DbOrTx,
  series: string,
  prefix: string,
  issuedAt: Date,
): Promise<AllocatedNumber> {
  const year = financialYearOf(shopDateOf(issuedAt));
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, financialYear: year.label, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.financialYear],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  const sequence = row!.lastNumber;
  if (sequence > MAX_SEQUENCE) {
    throw new Error(`The ${series} series of ${year.label} has used all its numbers`);
  }
  const number = `${prefix}/${year.short}/${String(sequence).padStart(6, '0')}`;
  if (number.length > 16) throw new Error(`The number ${number} passes 16 characters`);
  return { number, series, financialYear: year.label, sequence };
}
