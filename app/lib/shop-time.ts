/**
 * The shop's clock: Rajkot keeps India Standard Time (Asia/Kolkata, UTC+05:30, no daylight
 * saving). "Today" on the back office starts at midnight there, and every date and time the
 * back office shows is written in that zone, whatever the server's or browser's zone is.
 */

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
