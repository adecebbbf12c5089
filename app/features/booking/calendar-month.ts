/**
 * The month grid of the booking date picker (issue 20 item 2: "a date picker that marks
 * available days"): one month of shop days in weeks starting on Monday, each day marked with
 * its free slots, and the months before and after it that have bookable days.
 */
import { addShopDays, shopWeekday, type ShopDate } from '~/lib/shop-time';

/** A day's free slots, as `calendarDays` gives them. */
export interface DayAvailability {
  date: ShopDate;
  freeSlots: number;
}

/** One cell of the grid. */
interface MonthDay {
  date: ShopDate;
  /** Day of the month, 1 to 31. */
  day: number;
  /** Free slots that day; 0 when full, closed, past or beyond the horizon. */
  freeSlots: number;
}

/** A month of the picker. */
export interface CalendarMonth {
  /** 'YYYY-MM'. */
  key: string;
  /** 'November 2026'. */
  label: string;
  /** Empty cells before the first day (0 when the month starts on a Monday). */
  leadingBlanks: number;
  days: MonthDay[];
  /** The neighbouring months within the bookable span, or null. */
  previous: string | null;
  next: string | null;
}

const monthName = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  month: 'long',
  year: 'numeric',
});

function monthLabel(key: string): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return monthName.format(new Date(Date.UTC(year, month - 1, 1)));
}

function shiftMonth(key: string, by: number): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  const shifted = new Date(Date.UTC(year, month - 1 + by, 1));
  return shifted.toISOString().slice(0, 7);
}

/**
 * The month `wanted` ('YYYY-MM') of the bookable span `days` (today to the horizon, in order).
 * A month outside the span falls back to the first month with a free day (or the first month).
 */
export function calendarMonth(days: readonly DayAvailability[], wanted?: string): CalendarMonth {
  const first = days[0]?.date.slice(0, 7) ?? '1970-01';
  const last = days.at(-1)?.date.slice(0, 7) ?? first;
  const firstFree = days.find((day) => day.freeSlots > 0)?.date.slice(0, 7) ?? first;
  const key = wanted && wanted >= first && wanted <= last ? wanted : firstFree;
  const free = new Map(days.map((day) => [day.date, day.freeSlots]));
  const start: ShopDate = `${key}-01`;
  const cells: MonthDay[] = [];
  for (let date = start; date.startsWith(key); date = addShopDays(date, 1)) {
    cells.push({ date, day: Number(date.slice(8)), freeSlots: free.get(date) ?? 0 });
  }
  return {
    key,
    label: monthLabel(key),
    leadingBlanks: (shopWeekday(start) + 6) % 7,
    days: cells,
    previous: key > first ? shiftMonth(key, -1) : null,
    next: key < last ? shiftMonth(key, 1) : null,
  };
}
