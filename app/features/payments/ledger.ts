/**
 * The payment ledger's rules (issue 21 items 4 and 6), pure and shared by the server and both
 * order pages: an order's balance computed from its payment rows (never stored), the labels of
 * methods and states. Amounts are integer paise.
 *
 * The balance: paid = Σ succeeded payments; refunded = −Σ succeeded refunds (`ledgerSums`, the
 * one sum of payment rows, in features/orders: decision 032). A refund is also a
 * credit note, so it lowers the order's value by what it returns:
 *   value after credit notes = total − refunded; net paid = paid − refunded;
 *   balance due = value − net paid = total − paid.
 * A negative balance means the customer paid more than the order's value (two online payments
 * captured at once): the back office shows it as an overpayment to refund.
 */
import { advanceDuePaise } from '~/features/bespoke/pricing';
import { formatRupees } from '~/lib/money';
import { fulfilmentIndex, type FulfilmentStatus } from '~/features/orders/fulfilment';
import { ledgerSums, type LedgerEntry } from '~/features/orders/ledger-sums';
import type { PAYMENT_METHODS } from '~/lib/schema-enums';

/** What an order's payment rows add up to, in paise. */
export interface OrderBalance {
  /** The order's amount (the sum of its lines or garments). */
  totalPaise: number;
  /** Σ succeeded payments. */
  paidPaise: number;
  /** What succeeded refunds returned (a positive number). */
  refundedPaise: number;
  /** paid − refunded. */
  netPaidPaise: number;
  /** The value after credit notes: total − refunded. */
  valuePaise: number;
  /** What is still due: total − paid; negative when overpaid. */
  balancePaise: number;
}

/**
 * The balance of an order of `totalPaise` from its payment rows (only succeeded rows count;
 * pending and failed ones are ignored).
 */
export function orderBalance(totalPaise: number, entries: readonly LedgerEntry[]): OrderBalance {
  const { paidPaise, refundedPaise, netPaidPaise } = ledgerSums(entries);
  return {
    totalPaise,
    paidPaise,
    refundedPaise,
    netPaidPaise,
    valuePaise: totalPaise - refundedPaise,
    balancePaise: totalPaise - paidPaise,
  };
}

/** What the shopper may pay online now on a bespoke order. */
export type OnlinePurpose = 'advance' | 'balance';

/**
 * Which online payment a bespoke order offers its owner (issue 21 item 4), or null:
 * 'advance' while no payment has succeeded; 'balance' once the order is ready (or delivered)
 * with a balance above zero. A cancelled or paid order offers nothing.
 */
export function onlineOffer(order: {
  kind: 'shop' | 'bespoke';
  status: string;
  fulfilmentStatus: FulfilmentStatus | null;
  balance: OrderBalance;
}): OnlinePurpose | null {
  if (order.kind !== 'bespoke' || order.status === 'cancelled' || order.status === 'paid') {
    return null;
  }
  if (order.balance.balancePaise <= 0) return null;
  if (order.balance.paidPaise === 0) return 'advance';
  if (fulfilmentIndex(order.fulfilmentStatus) >= fulfilmentIndex('ready')) return 'balance';
  return null;
}

/** How each method reads. */
export const METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  online: 'Online',
  payment_link: 'Payment link',
  cash: 'Cash',
  upi: 'UPI',
  cod: 'Cash on delivery',
};

/** How each state of a row reads. */
export const STATUS_LABELS = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
} as const;

/** The refusal of an amount above the balance (issue 21 item 4: overpayment is refused). */
export function overBalanceMessage(balancePaise: number): string {
  return `This is more than the balance of ${formatRupees(Math.max(0, balancePaise))}.`;
}

/** What pending rows hold of an order's balance, in paise (issue 28 item 2). */
export interface HeldPaise {
  /** Payment links sent and not yet paid. */
  linksPaise: number;
  /** Online payments the customer started within the hold (`ONLINE_HOLD_MS`). */
  onlinePaise: number;
}

/**
 * The refusal of an amount above what the balance leaves once the pending rows are counted
 * (issue 28 item 2: "a counter payment counts the pending links, just as a new link does"):
 * the free amount, then what holds the rest, e.g. 'This is more than the balance of ₹0.
 * (₹8,000 is already asked for by a link not yet paid.)'.
 */
export function heldBalanceMessage(balancePaise: number, held: HeldPaise): string {
  const reasons = [
    held.linksPaise > 0 &&
      `${formatRupees(held.linksPaise)} is already asked for by a link not yet paid.`,
    held.onlinePaise > 0 &&
      `${formatRupees(held.onlinePaise)} is being paid online by the customer now.`,
  ].filter(Boolean);
  const free = balancePaise - held.linksPaise - held.onlinePaise;
  return `${overBalanceMessage(free)} (${reasons.join(' ')})`;
}

/**
 * What the back office's counter payment box offers (issue 30 item 3: "The payment box offers
 * the agreed advance (a percentage from settings) or the balance, and refreshes after every
 * action"), worked out by the server from the ledger and sent by the loader. Amounts in paise.
 */
export interface CounterOffer {
  /**
   * The agreed advance while one is due: a bespoke order with no payment received yet, its
   * `percent` of the total (advanceDuePaise: rounded up to the rupee), never more than the
   * free balance; null otherwise (a shop order, an advance received, or nothing free).
   */
  advance: { percent: number; amountPaise: number } | null;
  /** The balance due: total − paid. */
  balancePaise: number;
  /** What pending payment links already ask for. */
  pendingLinksPaise: number;
  /** What the counter may take now: the balance less the pending links (never below 0). */
  freePaise: number;
  /** What the form starts with: the advance while one is due, else the free balance. */
  suggestedPaise: number;
}

/**
 * The counter's offer for an order of `kind` and `status` with `balance`, its pending link
 * rows (`rows`: payment rows as the ledger lists them) and the bespoke settings'
 * `advancePercent` (1–100). A cancelled order offers nothing (all 0, no advance).
 */
export function counterOffer(
  order: { kind: 'shop' | 'bespoke'; status: string },
  balance: OrderBalance,
  rows: readonly { method: string; status: string; kind: string; amountPaise: number }[],
  advancePercent: number,
): CounterOffer {
  const pendingLinksPaise = rows
    .filter(
      (row) => row.kind === 'payment' && row.method === 'payment_link' && row.status === 'pending',
    )
    .reduce((sum, row) => sum + row.amountPaise, 0);
  const open = order.status !== 'cancelled' && balance.balancePaise > 0;
  const balancePaise = Math.max(0, balance.balancePaise);
  const freePaise = open ? Math.max(0, balance.balancePaise - pendingLinksPaise) : 0;
  const advancePaise =
    open && order.kind === 'bespoke' && balance.paidPaise === 0 && freePaise > 0
      ? Math.min(freePaise, advanceDuePaise(balance.totalPaise, advancePercent))
      : 0;
  const advance = advancePaise > 0 ? { percent: advancePercent, amountPaise: advancePaise } : null;
  return {
    advance,
    balancePaise,
    pendingLinksPaise,
    freePaise,
    suggestedPaise: advance ? advance.amountPaise : freePaise,
  };
}
