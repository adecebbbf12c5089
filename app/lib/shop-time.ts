/**
 * The shop's clock: Rajkot keeps India Standard Time (Asia/Kolkata, UTC+05:30, no daylight
 * saving). "Today" on the back office starts at midnight there, and every date and time the
 * back office shows is written in that zone, whatever the server's or browser's zone is.
 */

import { TZDateMini } from '@date-fns/tz';

/** The shop's IANA time zone. */
const SHOP_TIME_ZONE = 'Asia/Kolkata';

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * The instant the shop's day containing `now` began (00:00 in Asia/Kolkata), e.g.
 * 2025-03-10T04:00:00Z (09:30 IST) -> 2025-03-09T18:30:00Z.
 * @throws RangeError when `now` is an invalid date.
 */
export function startOfShopDay(now: Date): Date {
  const parts = Object.fromEntries(
    wallClock.formatToParts(now).map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const wallAsUtc = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  // The zone's offset at `now` in ms (+19_800_000 for IST), to the second.
  const offset = wallAsUtc - Math.floor(now.getTime() / 1000) * 1000;
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day) - offset);
}

const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: SHOP_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An instant (ISO 8601) as the shop reads it: '10 Mar 2025, 9:30 am' (Asia/Kolkata). */
export function formatShopDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/*
 * Kolkata wall-clock dates and times (issue 20: "always in Asia/Kolkata time, whatever the
 * server's time zone"): a date is written 'YYYY-MM-DD' and a time 'HH:MM' (24-hour), both as
 * the shop's calendar and clock read them. The arithmetic is @date-fns/tz's, never the
 * process's own zone.
 */

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_KEY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The year, month (1–12) and day of a 'YYYY-MM-DD' date, or null when it is no such date. */
function dateParts(date: string): { year: number; month: number; day: number } | null {
  const match = DATE_KEY.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1) return null;
  if (probe.getUTCDate() !== day || year < 1970) return null;
  return { year, month, day };
}

/** Whether `date` is a real calendar date written 'YYYY-MM-DD' (from 1970). */
export function isShopDate(date: string): boolean {
  return dateParts(date) !== null;
}

/** Whether `time` is a 24-hour 'HH:MM' time (00:00 to 23:59). */
export function isShopTime(time: string): boolean {
  return TIME_KEY.test(time);
}

/**
 * The instant at which the shop's clock reads `time` ('HH:MM', default '00:00') on `date`
 * ('YYYY-MM-DD'), e.g. ('2025-03-10', '10:00') -> 2025-03-10T04:30:00Z, whatever the
 * process's zone.
 * @throws RangeError when `date` or `time` is not a valid date or time.
 */
export function shopInstant(date: string, time = '00:00'): Date {
  const parts = dateParts(date);
  const clock = TIME_KEY.exec(time);
  if (!parts || !clock) throw new RangeError(`Not a shop date and time: ${date} ${time}`);
  const zoned = new TZDateMini(
    parts.year,
    parts.month - 1,
    parts.day,
    Number(clock[1]),
    Number(clock[2]),
    SHOP_TIME_ZONE,
  );
  return new Date(zoned.getTime());
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The shop's calendar date ('YYYY-MM-DD') of an instant, e.g. 2025-03-09T20:00:00Z (01:30 IST
 * on the 10th) -> '2025-03-10'.
 * @throws RangeError when `instant` is an invalid date.
 */
export function shopDateKey(instant: Date | string): string {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) throw new RangeError('Invalid date');
  const zoned = new TZDateMini(at.getTime(), SHOP_TIME_ZONE);
  return `${zoned.getFullYear()}-${pad(zoned.getMonth() + 1)}-${pad(zoned.getDate())}`;
}

/**
 * The shop's clock time ('HH:MM', 24-hour) of an instant, e.g. 2025-03-10T04:30:00Z -> '10:00'.
 * @throws RangeError when `instant` is an invalid date.
 */
export function shopTimeKey(instant: Date | string): string {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) throw new RangeError('Invalid date');
  const zoned = new TZDateMini(at.getTime(), SHOP_TIME_ZONE);
  return `${pad(zoned.getHours())}:${pad(zoned.getMinutes())}`;
}

/**
 * The calendar date `days` days after `date` ('YYYY-MM-DD'; negative goes back), e.g.
 * ('2025-02-28', 1) -> '2025-03-01'.
 * @throws RangeError when `date` is not a valid date.
 */
export function addShopDays(date: string, days: number): string {
  const parts = dateParts(date);
  if (!parts) throw new RangeError(`Not a shop date: ${date}`);
  const next = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

const dayOnly = new Intl.DateTimeFormat('en-IN', {
  timeZone: SHOP_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** An instant's day as the shop reads it: 'Mon, 10 Mar 2025' (Asia/Kolkata). */
export function formatShopDate(iso: string): string {
  const part = Object.fromEntries(
    dayOnly.formatToParts(new Date(iso)).map((piece) => [piece.type, piece.value]),
  ) as Record<'weekday' | 'day' | 'month' | 'year', string>;
  return `${part.weekday}, ${part.day} ${part.month} ${part.year}`;
}
