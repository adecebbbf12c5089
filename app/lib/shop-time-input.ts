/**
 * Dates, times and months as forms and URLs send them (issue 28 item 7): one reading for every
 * action and query that takes a shop day ('YYYY-MM-DD'), a month ('YYYY-MM') or an instant
 * (ISO 8601 with its zone), so none of them reaches the calendar code with a day it cannot
 * count (a time on 9999-12-31 in Kolkata is 10000-01-01, which answered 500).
 *
 * What is refused:
 * - anything not written in those forms, a day that is not in the calendar (31 February), a
 *   time without its zone ('2026-11-28T11:00', whose instant depends on the reader's zone);
 * - anything outside the shop's years, 2000 to 2099 in Asia/Kolkata, with
 *   {@link OUTSIDE_SHOP_YEARS}.
 *
 * A time written in another zone ('2026-11-28T00:00:00-05:00') is the instant it names.
 * Client-safe (zod/mini): the browser and the server check with the same schemas.
 */
import * as z from 'zod/mini';
import { addShopDays, shopInstant, type ShopDate } from './shop-time';

/** The first and last years a form or a URL may name, in the shop's calendar. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2099;

/** The refusal of a date, time or month outside the shop's years. */
export const OUTSIDE_SHOP_YEARS = `Please choose a date from ${FIRST_YEAR} to ${LAST_YEAR}.`;

/** The first instant of the shop's years (2000-01-01 00:00 in Kolkata), in ms. */
const EARLIEST = shopInstant(`${FIRST_YEAR}-01-01`).getTime();
/** The first instant after them (2100-01-01 00:00 in Kolkata), in ms. */
const AFTER_LAST = shopInstant(addShopDays(`${LAST_YEAR}-12-31`, 1)).getTime();

/** What reading a value gave: the value, or whether it was well formed but out of the years. */
type Reading<T> = { ok: true; value: T } | { ok: false; outOfYears: boolean };

const refused = { ok: false, outOfYears: false } as const;
const outOfYears = { ok: false, outOfYears: true } as const;

const inYears = (year: number) => year >= FIRST_YEAR && year <= LAST_YEAR;

/** Whether year, month (1–12) and day name a day of the proleptic Gregorian calendar. */
function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const probe = new Date(Date.UTC(2000, month - 1, day));
  probe.setUTCFullYear(year);
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function readDate(text: string): Reading<ShopDate> {
  const match = DATE.exec(text);
  if (!match) return refused;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isCalendarDay(year, month, day)) return refused;
  return inYears(year) ? { ok: true, value: text } : outOfYears;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

function readMonth(text: string): Reading<string> {
  const match = MONTH.exec(text);
  if (!match) return refused;
  return inYears(Number(match[1])) ? { ok: true, value: text } : outOfYears;
}

/** 'YYYY-MM-DDTHH:MM[:SS[.fraction]]' and a zone: 'Z' or '±HH:MM' (at most ±14:00). */
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(?:Z|[+-](?:0\d|1[0-3]):[0-5]\d|[+-]14:00)$/;

function readInstantText(text: string): Reading<Date> {
  const match = INSTANT.exec(text);
  if (!match) return refused;
  if (!isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]))) return refused;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return refused;
  return ms >= EARLIEST && ms < AFTER_LAST ? { ok: true, value: new Date(ms) } : outOfYears;
}

/**
 * A shop day 'YYYY-MM-DD' from a query or form value: a real day from 2000-01-01 to
 * 2099-12-31, else null.
 */
export function readShopDate(text: string | null | undefined): ShopDate | null {
  if (typeof text !== 'string') return null;
  const reading = readDate(text);
  return reading.ok ? reading.value : null;
}

/** A month 'YYYY-MM' from 2000-01 to 2099-12, else null. */
export function readShopMonth(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const reading = readMonth(text);
  return reading.ok ? reading.value : null;
}

/**
 * An instant written in ISO 8601 with its zone ('2026-11-28T05:30:00.000Z',
 * '2026-11-28T11:00+05:30') that falls on a shop day from 2000 to 2099, else null.
 */
export function readShopInstant(text: string | null | undefined): Date | null {
  if (typeof text !== 'string') return null;
  const reading = readInstantText(text);
  return reading.ok ? reading.value : null;
}

/**
 * A zod/mini schema of a trimmed text read by `read`: refused with `message` when malformed,
 * or with {@link OUTSIDE_SHOP_YEARS} when outside the shop's years.
 */
function readingField<T>(read: (text: string) => Reading<T>, message: string) {
  return z.pipe(
    z.string(message).check(z.trim()),
    z.transform((text: string, context) => {
      const reading = read(text);
      if (reading.ok) return reading.value;
      context.issues.push({
        code: 'custom',
        input: text,
        message: reading.outOfYears ? OUTSIDE_SHOP_YEARS : message,
      });
      return z.NEVER;
    }),
  );
}

/** A form field holding a shop day 'YYYY-MM-DD' (2000 to 2099); `message` when malformed. */
export const shopDateField = (message: string) => readingField(readDate, message);

/** A query or form field holding a month 'YYYY-MM' (2000 to 2099); `message` when malformed. */
export const shopMonthField = (message: string) => readingField(readMonth, message);

/**
 * A form field holding an instant in ISO 8601 with its zone, read as a Date on a shop day
 * from 2000 to 2099; `message` when malformed or without a zone.
 */
export const shopInstantField = (message: string) => readingField(readInstantText, message);
