/**
 * Which appointment times the shop offers (issue 20 item 2), as pure rules over the weekly
 * hours, the type's duration and buffer, closures, bookings already made and the clock.
 *
 * Slots of a type follow a grid: the first starts at opening, each next one a duration plus
 * buffer later, and the last ends (buffer excluded) by closing. Slots of one type never
 * overlap, so a slot's counter holds exactly the customers served at once; the type's
 * capacity bounds it. All days and times are the shop's (Asia/Kolkata), whatever the zone of
 * the server or the browser.
 */
import {
  addShopDays,
  formatShopTime,
  shopDateOf,
  shopInstant,
  shopWeekday,
  type ShopDate,
} from '~/lib/shop-time';
import type { WeeklyHours } from './shop-hours';

/** What a slot's grid depends on, in minutes, and how many a slot takes. */
export interface SlotType {
  durationMinutes: number;
  bufferMinutes: number;
  capacity: number;
}

/** A span the shop takes no appointments in. */
export interface Closure {
  startsAt: Date;
  endsAt: Date;
}

/** One offered time. */
export interface Slot {
  /** ISO 8601 instants. */
  startsAt: string;
  endsAt: string;
  /** '11:00 am' in Asia/Kolkata. */
  label: string;
  /** Places left (capacity minus bookings); 0 when full. */
  left: number;
}

/** The span online bookings may fall in: from `earliest` (an instant) to `lastDate` inclusive. */
export interface BookingWindow {
  earliest: Date;
  lastDate: ShopDate;
}

/**
 * The window of online booking at `now`: at least `leadHours` ahead, at most `horizonDays`
 * shop days after today (issue 20: 2 h and 60 days by default).
 */
export function bookingWindow(
  now: Date,
  rules: { leadHours: number; horizonDays: number },
): BookingWindow {
  return {
    earliest: new Date(now.getTime() + rules.leadHours * 3_600_000),
    lastDate: addShopDays(shopDateOf(now), rules.horizonDays),
  };
}

/** The start instants of a type's grid on a shop day (none when the shop is closed). */
function gridStarts(date: ShopDate, hours: WeeklyHours, type: SlotType): Date[] {
  const open = hours[shopWeekday(date)];
  if (!open) return [];
  const step = type.durationMinutes + type.bufferMinutes;
  const starts: Date[] = [];
  for (let m = open.opens; m + type.durationMinutes <= open.closes; m += step) {
    starts.push(shopInstant(date, m));
  }
  return starts;
}

/** The input of {@link daySlots}. */
export interface DaySlotsInput {
  date: ShopDate;
  hours: WeeklyHours;
  type: SlotType;
  closures: readonly Closure[];
  /** Bookings per slot start, keyed by the start's epoch ms. */
  booked: ReadonlyMap<number, number>;
  /** Online bookings keep to this window; staff bookings pass none. */
  window?: BookingWindow;
}

/**
 * The slots of a type on a day: the grid, less slots outside the window or overlapping a
 * closure. Full slots stay in the list with `left` 0, so a page can show them as taken.
 */
export function daySlots(input: DaySlotsInput): Slot[] {
  const { date, type, window } = input;
  if (window && date > window.lastDate) return [];
  const slots: Slot[] = [];
  for (const start of gridStarts(date, input.hours, type)) {
    if (window && start < window.earliest) continue;
    const end = new Date(start.getTime() + type.durationMinutes * 60_000);
    const closed = input.closures.some((c) => c.startsAt < end && c.endsAt > start);
    if (closed) continue;
    const taken = input.booked.get(start.getTime()) ?? 0;
    slots.push({
      startsAt: start.toISOString(),
      endsAt: end.toISOString(),
      label: formatShopTime(start),
      left: Math.max(0, type.capacity - taken),
    });
  }
  return slots;
}

/** Whether `startsAt` is on the type's grid of its shop day (a time the shop could offer). */
export function isOnGrid(startsAt: Date, hours: WeeklyHours, type: SlotType): boolean {
  return gridStarts(shopDateOf(startsAt), hours, type).some(
    (start) => start.getTime() === startsAt.getTime(),
  );
}
