/**
 * The shop's clock: Rajkot keeps India Standard Time (Asia/Kolkata, UTC+05:30, no daylight
 * saving). "Today" on the back office starts at midnight there, and every date and time the
 * back office shows is written in that zone, whatever the server's or browser's zone is.
 */

import { TZDateMini as TZDate } from '@date-fns/tz';

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

/** A calendar day in the shop's zone, 'YYYY-MM-DD'. */
export type ShopDate = string;

const SHOP_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day written 'YYYY-MM-DD' (2026-02-30 is not). */
export function isShopDate(text: string): text is ShopDate {
  const match = SHOP_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1970 &&
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day
  );
}

function parts(date: ShopDate): [number, number, number] {
  const match = SHOP_DATE.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  return [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
}

/** The shop's calendar day an instant falls on, e.g. 2026-11-25T20:00:00Z -> '2026-11-26'. */
export function shopDateOf(instant: Date | string): ShopDate {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) throw new RangeError('Invalid date');
  const zoned = new TZDate(at.getTime(), SHOP_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${zoned.getFullYear()}-${pad(zoned.getMonth() + 1)}-${pad(zoned.getDate())}`;
}

const SHOP_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether `time` is a 24-hour 'HH:MM' time (00:00 to 23:59). */
export function isShopTime(time: string): boolean {
  return SHOP_TIME.test(time);
}

/**
 * The instant of a wall-clock time on a shop day in Asia/Kolkata, whatever the process's zone.
 * `time` is minutes after that day's midnight or 'HH:MM' (24-hour), e.g. ('2026-11-28', 660)
 * and ('2026-11-28', '11:00') -> 2026-11-28T05:30:00Z.
 * @throws RangeError when `date` is not a real 'YYYY-MM-DD' day or `time` not 'HH:MM'.
 */
export function shopInstant(date: ShopDate, time: number | string = 0): Date {
  if (!isShopDate(date)) throw new RangeError(`Not a date: ${date}`);
  let minutes: number;
  if (typeof time === 'number') {
    minutes = time;
  } else {
    const clock = SHOP_TIME.exec(time);
    if (!clock) throw new RangeError(`Not a time: ${time}`);
    minutes = Number(clock[1]) * 60 + Number(clock[2]);
  }
  // Whole hours and minutes, never an overflowing minute count: TZDate normalises an overflow
  // in the process's zone, which skips an hour on its daylight-saving day.
  const days = Math.floor(minutes / 1440);
  const rest = minutes - days * 1440;
  const [year, month, day] = parts(days === 0 ? date : addShopDays(date, days));
  return new Date(
    new TZDate(year, month, day, Math.floor(rest / 60), rest % 60, SHOP_TIME_ZONE).getTime(),
  );
}

/** The shop's clock time ('HH:MM', 24-hour) of an instant, e.g. 04:30Z -> '10:00'. */
export function shopTimeKey(instant: Date | string): string {
  const minutes = shopMinutesOf(new Date(instant));
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The shop day `days` after `date` (negative for before). */
export function addShopDays(date: ShopDate, days: number): ShopDate {
  const [year, month, day] = parts(date);
  const shifted = new Date(Date.UTC(year, month, day + days));
  return shifted.toISOString().slice(0, 10);
}

/** The weekday of a shop day, 0 = Sunday … 6 = Saturday. */
export function shopWeekday(date: ShopDate): number {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month, day)).getUTCDay();
}

/** Minutes after the shop's midnight of an instant, e.g. 05:30Z -> 660 (11:00 IST). */
function shopMinutesOf(instant: Date): number {
  const zoned = new TZDate(instant.getTime(), SHOP_TIME_ZONE);
  return zoned.getHours() * 60 + zoned.getMinutes();
}

const timeOfDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: SHOP_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});

/** An instant's time of day in the shop's zone: '11:00 am'. */
export function formatShopTime(instant: Date | string): string {
  return timeOfDay.format(new Date(instant));
}

const longDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A shop day for reading: '2026-11-28' -> 'Saturday, 28 November 2026'. */
export function formatShopDate(date: ShopDate): string {
  const [year, month, day] = parts(date);
  return longDay.format(new Date(Date.UTC(year, month, day)));
}
