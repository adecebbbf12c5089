/**
 * The period the invoice register and the GSTR-1 export are read for (issue 29 item 4): a
 * month, a GST quarter or a financial year, as the URL's `period` names it, in Kolkata dates.
 *
 * - '2026-11': a month (read by `shopMonthField`: 2000-01 to 2099-12);
 * - '2026-27-Q3': a quarter of the financial year 2026-27 (Q1 April–June, Q2 July–September,
 *   Q3 October–December, Q4 January–March), the periods a quarterly GSTR-1 is filed for;
 * - '2026-27': the financial year, April to March;
 * - 'all' (or nothing): every document.
 *
 * Anything else is refused by {@link registerPeriodSchema} with {@link BAD_PERIOD}, so the
 * register answers 400 with that sentence rather than a list of the wrong period.
 * Client-safe (zod/mini).
 */
import * as z from 'zod/mini';
import { shopMonthField } from '~/lib/shop-time-input';
import type { ShopDate } from '~/lib/shop-time';

/** The refusal of a `period` the register cannot read. */
export const BAD_PERIOD =
  'Please choose a month (2026-11), a quarter (2026-27-Q3) or a financial year (2026-27).';

/** A period of the register. */
export type RegisterPeriod =
  | { kind: 'all' }
  | { kind: 'month'; month: string }
  | { kind: 'quarter'; year: string; quarter: 1 | 2 | 3 | 4 }
  | { kind: 'year'; year: string };

const FINANCIAL_YEAR = /^(20\d{2})-(\d{2})$/;
const QUARTER = /^(20\d{2}-\d{2})-Q([1-4])$/;

/** Whether '2026-27' names a financial year (the second part is the first year + 1). */
function isFinancialYear(text: string): boolean {
  const match = FINANCIAL_YEAR.exec(text);
  return Boolean(match && (Number(match[1]) + 1) % 100 === Number(match[2]));
}

const monthField = shopMonthField(BAD_PERIOD);

/** The `period` query value read as a {@link RegisterPeriod}; refused with {@link BAD_PERIOD}. */
export const registerPeriodSchema = z.pipe(
  z.optional(z.string(BAD_PERIOD).check(z.trim(), z.maxLength(16, BAD_PERIOD))),
  z.transform((text: string | undefined, context): RegisterPeriod => {
    if (!text || text === 'all') return { kind: 'all' };
    if (isFinancialYear(text)) return { kind: 'year', year: text };
    const quarter = QUARTER.exec(text);
    if (quarter && isFinancialYear(quarter[1]!)) {
      return {
        kind: 'quarter',
        year: quarter[1]!,
        quarter: Number(quarter[2]) as 1 | 2 | 3 | 4,
      };
    }
    const month = z.safeParse(monthField, text);
    if (month.success) return { kind: 'month', month: month.data };
    context.issues.push({ code: 'custom', input: text, message: BAD_PERIOD });
    return z.NEVER;
  }),
);

/** The period's value in the URL ('all', '2026-27', '2026-27-Q3', '2026-11'). */
export function periodParam(period: RegisterPeriod): string {
  switch (period.kind) {
    case 'all':
      return 'all';
    case 'month':
      return period.month;
    case 'quarter':
      return `${period.year}-Q${period.quarter}`;
    case 'year':
      return period.year;
  }
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The first day of month `month` (1–12) of `year`. */
const firstOf = (year: number, month: number): ShopDate => `${year}-${pad(month)}-01`;

/**
 * The Kolkata days a period covers: from `from` (included) to `to` (excluded); null for 'all'.
 * '2026-11' → 2026-11-01 to 2026-12-01; '2026-27-Q4' → 2027-01-01 to 2027-04-01.
 */
export function periodDays(period: RegisterPeriod): { from: ShopDate; to: ShopDate } | null {
  if (period.kind === 'all') return null;
  if (period.kind === 'month') {
    const [year, month] = period.month.split('-').map(Number) as [number, number];
    return {
      from: firstOf(year, month),
      to: month === 12 ? firstOf(year + 1, 1) : firstOf(year, month + 1),
    };
  }
  const start = Number(period.year.slice(0, 4));
  if (period.kind === 'year') return { from: firstOf(start, 4), to: firstOf(start + 1, 4) };
  // Q1 starts in April (month 4), Q2 in July, Q3 in October, Q4 in January of the next year.
  const firstMonth = 4 + (period.quarter - 1) * 3;
  const from = firstMonth > 12 ? firstOf(start + 1, firstMonth - 12) : firstOf(start, firstMonth);
  const endMonth = firstMonth + 3;
  const to = endMonth > 12 ? firstOf(start + 1, endMonth - 12) : firstOf(start, endMonth);
  return { from, to };
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The period for reading: 'November 2026', 'Q3 2026-27 (October–December)', '2026-27'. */
export function periodLabel(period: RegisterPeriod): string {
  switch (period.kind) {
    case 'all':
      return 'all years';
    case 'month': {
      const [year, month] = period.month.split('-').map(Number) as [number, number];
      return `${MONTH_NAMES[month - 1]} ${year}`;
    }
    case 'quarter': {
      const first = (4 + (period.quarter - 1) * 3 - 1) % 12;
      return `Q${period.quarter} ${period.year} (${MONTH_NAMES[first]}–${MONTH_NAMES[(first + 2) % 12]})`;
    }
    case 'year':
      return `${period.year} (April–March)`;
  }
}

/**
 * The periods the register's filter offers for financial years `years` ('2026-27', newest
 * first): each year, then its quarters, then its months, as `{ value, label }` options.
 */
export function periodOptions(years: readonly string[]): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = [];
  for (const year of years) {
    if (!isFinancialYear(year)) continue;
    options.push({ value: year, label: periodLabel({ kind: 'year', year }) });
    for (const quarter of [1, 2, 3, 4] as const) {
      options.push({
        value: `${year}-Q${quarter}`,
        label: periodLabel({ kind: 'quarter', year, quarter }),
      });
    }
    const start = Number(year.slice(0, 4));
    for (let index = 0; index < 12; index += 1) {
      const month = ((index + 3) % 12) + 1;
      const value = `${month >= 4 ? start : start + 1}-${pad(month)}`;
      options.push({ value, label: periodLabel({ kind: 'month', month: value }) });
    }
  }
  return options;
}
