/**
 * The promised delivery date's warning (issue 21 item 3, "Dates": "a warning on the admin list
 * when it is close or overdue"). Pure and client-safe: dates are Kolkata calendar days
 * ('YYYY-MM-DD', lib/shop-time), so the warning reads the same whatever the server's zone.
 */
import type { FulfilmentStatus } from '~/lib/schema-enums';

/**
 * How many days ahead a promised date starts to warn: a date today, tomorrow, or up to this
 * many days ahead is "due"; a date before today is "overdue". A documented constant rather
 * than a setting: the back office has no screen for it yet.
 */
export const PROMISED_WARNING_DAYS = 3;

/** A promised date's warning: its words and how loud it is. */
export interface PromisedWarning {
  tone: 'due' | 'overdue';
  /** 'Due today', 'Due tomorrow', 'Due in 2 days', 'Overdue by 1 day', 'Overdue by 4 days'. */
  text: string;
}

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'; negative when `to` is earlier). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The warning for an order promised on `promisedOn`, seen on the shop day `today`: none when
 * there is no date, when the order is delivered or cancelled, or when the date is more than
 * {@link PROMISED_WARNING_DAYS} days ahead.
 */
export function promisedWarning(input: {
  promisedOn: string | null;
  today: string;
  fulfilmentStatus: FulfilmentStatus | null;
  cancelled?: boolean;
}): PromisedWarning | null {
  const { promisedOn, today } = input;
  if (!promisedOn || input.fulfilmentStatus === 'delivered' || input.cancelled) return null;
  const days = daysBetween(today, promisedOn);
  if (Number.isNaN(days) || days > PROMISED_WARNING_DAYS) return null;
  if (days < 0) {
    const late = -days;
    return { tone: 'overdue', text: `Overdue by ${late} ${late === 1 ? 'day' : 'days'}` };
  }
  if (days === 0) return { tone: 'due', text: 'Due today' };
  if (days === 1) return { tone: 'due', text: 'Due tomorrow' };
  return { tone: 'due', text: `Due in ${days} days` };
}
