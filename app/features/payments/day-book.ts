/**
 * The day book's rules (issue 29 item 4, "a day book: each day's receipts and refunds by
 * method, by who recorded them, with the expected cash in the drawer"), pure and shared by the
 * server and the page. Amounts are integer paise; a receipt is > 0, a refund < 0 (as in the
 * `payments` ledger, decision 015). decision 019 (docs/decisions/019-day-book.md) says which rows
 * count and where the drawer's opening float comes from.
 *
 * - Only settled rows count ('succeeded', by their `settled_at` in the shop's day).
 * - Methods are grouped as the drawer and the bank see them: 'cash' (a cash receipt, or any
 *   refund handed back at the counter: cash and UPI payments are refunded in cash), 'upi' (UPI
 *   at the counter, with its reference), 'online' (the provider's checkout: card, UPI or net
 *   banking, the instrument chosen in the provider's window), 'payment_link' (a payment link,
 *   paid through the provider).
 * - Who recorded a row: its `recorded_by_email`, or 'Online' when nobody did (the provider's
 *   own confirmation of a checkout payment).
 * - Expected cash in the drawer = opening float + cash received − cash refunded.
 */
import { formatRupeesExact } from '~/lib/money';
import type { PAYMENT_METHODS } from '~/lib/schema-enums';

type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The day book's groups, in the order the page shows them, with their headings. */
const DAY_BOOK_METHODS: readonly { method: PaymentMethod; label: string }[] = [
  { method: 'cash', label: 'Cash' },
  { method: 'upi', label: 'UPI at the counter' },
  { method: 'online', label: 'Card or online' },
  { method: 'payment_link', label: 'Payment link' },
];

/** Who a row is shown under when no staff member recorded it (the provider confirmed it). */
export const ONLINE_RECORDER = 'Online';

/** One ledger row as the day book reads it. */
export interface DayBookEntry {
  id: number;
  orderNumber: string;
  kind: 'payment' | 'refund';
  method: PaymentMethod;
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  /** Paise: > 0 for a receipt, < 0 for a refund. */
  amountPaise: number;
  /** The staff member's e-mail; null for the provider's own confirmations. */
  recordedByEmail: string | null;
  /** When it was settled (ISO 8601). */
  settledAt: string;
  /** The counter's reference (UPI transaction id) or a refund's reason. */
  reference: string;
}

/** Money in and out, in paise (refunds as a positive amount). */
interface DayBookTotals {
  receiptsPaise: number;
  refundsPaise: number;
  /** receipts − refunds. */
  netPaise: number;
  /** How many rows. */
  count: number;
}

/** One person's rows within a method. */
interface DayBookRecorderLine extends DayBookTotals {
  /** An e-mail, or {@link ONLINE_RECORDER}. */
  recordedBy: string;
}

/** One method's rows of the day, by who recorded them (sorted by name, 'Online' last). */
export interface DayBookGroup extends DayBookTotals {
  method: PaymentMethod;
  label: string;
  byRecorder: DayBookRecorderLine[];
}

/** The cash drawer of the day, in paise. */
interface CashDrawer {
  openingPaise: number;
  receivedPaise: number;
  refundedPaise: number;
  /** opening + received − refunded. */
  expectedPaise: number;
}

/** A day's book: every method (empty ones too), the day's totals and the drawer. */
export interface DayBook {
  groups: DayBookGroup[];
  totals: DayBookTotals;
  drawer: CashDrawer;
}

function emptyTotals(): DayBookTotals {
  return { receiptsPaise: 0, refundsPaise: 0, netPaise: 0, count: 0 };
}

function add(totals: DayBookTotals, amountPaise: number) {
  if (amountPaise >= 0) totals.receiptsPaise += amountPaise;
  else totals.refundsPaise -= amountPaise;
  totals.netPaise += amountPaise;
  totals.count += 1;
}

/** Who a row is shown under: its recorder's e-mail, or 'Online'. */
function recorderOf(entry: Pick<DayBookEntry, 'recordedByEmail'>): string {
  return entry.recordedByEmail?.trim() || ONLINE_RECORDER;
}

/**
 * The day book of `entries` (the day's ledger rows; rows not 'succeeded' are left out) with
 * the drawer opening at `openingPaise` (decision 019: what was kept in it at the last count
 * before the day, plus the cash that moved since).
 * @returns every method of {@link DAY_BOOK_METHODS} in order, each with its people; the totals
 *   of all methods; the drawer (cash group only).
 * @throws RangeError when `openingPaise` is not a whole number of paise.
 */
export function dayBookOf(entries: readonly DayBookEntry[], openingPaise: number): DayBook {
  if (!Number.isSafeInteger(openingPaise)) {
    throw new RangeError(`not an amount of paise: ${openingPaise}`);
  }
  const groups = DAY_BOOK_METHODS.map(({ method, label }) => ({
    method,
    label,
    ...emptyTotals(),
    byRecorder: [] as DayBookRecorderLine[],
  }));
  const totals = emptyTotals();
  for (const entry of entries) {
    if (entry.status !== 'succeeded') continue;
    const group = groups.find((candidate) => candidate.method === entry.method);
    if (!group) continue;
    const recordedBy = recorderOf(entry);
    let line = group.byRecorder.find((candidate) => candidate.recordedBy === recordedBy);
    if (!line) {
      line = { recordedBy, ...emptyTotals() };
      group.byRecorder.push(line);
    }
    add(line, entry.amountPaise);
    add(group, entry.amountPaise);
    add(totals, entry.amountPaise);
  }
  for (const group of groups) {
    group.byRecorder.sort((a, b) => {
      if (a.recordedBy === ONLINE_RECORDER) return 1;
      if (b.recordedBy === ONLINE_RECORDER) return -1;
      return a.recordedBy.localeCompare(b.recordedBy);
    });
  }
  const cash = groups.find((group) => group.method === 'cash')!;
  return {
    groups,
    totals,
    drawer: {
      openingPaise,
      receivedPaise: cash.receiptsPaise,
      refundedPaise: cash.refundsPaise,
      expectedPaise: openingPaise + cash.netPaise,
    },
  };
}

/** A count against what the drawer should hold. */
export interface CashDifference {
  kind: 'short' | 'over' | 'balanced';
  /** |counted − expected|, in paise. */
  paise: number;
  /** 'Short by ₹100', 'Over by ₹12.50' or 'Matches the expected cash'. */
  text: string;
}

/**
 * How a counted drawer compares with the expected cash (both paise): short when less was
 * counted, over when more.
 */
export function cashDifference(countedPaise: number, expectedPaise: number): CashDifference {
  const difference = countedPaise - expectedPaise;
  if (difference === 0) return { kind: 'balanced', paise: 0, text: 'Matches the expected cash' };
  const paise = Math.abs(difference);
  return difference < 0
    ? { kind: 'short', paise, text: `Short by ${formatRupeesExact(paise)}` }
    : { kind: 'over', paise, text: `Over by ${formatRupeesExact(paise)}` };
}

/**
 * The float a day opens with (decision 019), from the last count recorded before the day:
 * what was kept in the drawer then (`keptPaise`, or all that was counted when not given), plus
 * the net cash of the days between that count's day and this one. No count before: ₹0.
 */
export function openingFloat(
  lastCount: { countedPaise: number; keptPaise: number | null } | null,
  cashSinceCountPaise: number,
): number {
  if (!lastCount) return 0;
  return (lastCount.keptPaise ?? lastCount.countedPaise) + cashSinceCountPaise;
}
