/**
 * The shop's clock with the process in another zone (issue 20: "All times are correct with
 * TZ=America/New_York"): Node applies a change of `process.env.TZ` at once, so the zone is
 * switched before each test and the test checks that it took (New York is never +05:30).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addShopDays,
  formatShopDate,
  formatShopTime,
  isShopDate,
  isShopTime,
  shopDateOf,
  shopInstant,
  shopTimeKey,
  shopWeekday,
  startOfShopDay,
} from './shop-time';

const originalZone = process.env.TZ;

describe.each(['America/New_York', 'Pacific/Kiritimati', 'UTC'])(
  'the shop clock with TZ=%s',
  (zone) => {
    beforeAll(() => {
      process.env.TZ = zone;
    });
    afterAll(() => {
      process.env.TZ = originalZone;
    });

    it('runs in that zone', () => {
      const offset = new Date('2025-07-01T00:00:00Z').getTimezoneOffset();
      expect(offset).toBe({ 'America/New_York': 240, 'Pacific/Kiritimati': -840, UTC: 0 }[zone]);
    });

    it('turns a Kolkata date and time into the instant', () => {
      expect(shopInstant('2025-03-10', '10:00').toISOString()).toBe('2025-03-10T04:30:00.000Z');
      // New York changed to daylight time on 9 March 2025; Kolkata did not.
      expect(shopInstant('2025-03-09', '02:30').toISOString()).toBe('2025-03-08T21:00:00.000Z');
      expect(shopInstant('2025-11-02', '00:00').toISOString()).toBe('2025-11-01T18:30:00.000Z');
      expect(shopInstant('2025-03-10').toISOString()).toBe('2025-03-09T18:30:00.000Z');
      expect(shopInstant('2024-12-31', '23:59').toISOString()).toBe('2024-12-31T18:29:00.000Z');
    });

    it('reads an instant as the Kolkata date and time, across the UTC day', () => {
      expect(shopDateOf(new Date('2025-03-09T20:00:00Z'))).toBe('2025-03-10');
      expect(shopTimeKey(new Date('2025-03-09T20:00:00Z'))).toBe('01:30');
      expect(shopDateOf('2025-03-09T18:29:59Z')).toBe('2025-03-09');
      expect(shopTimeKey('2025-03-09T18:29:59Z')).toBe('23:59');
      expect(shopDateOf(startOfShopDay(new Date('2025-03-09T20:00:00Z')))).toBe('2025-03-10');
      expect(formatShopDate(shopDateOf('2025-03-09T20:00:00Z'))).toBe('Monday, 10 March 2025');
      expect(formatShopTime('2025-03-09T20:00:00Z')).toBe('1:30 am');
      expect(shopWeekday('2025-03-10')).toBe(1);
      expect(shopInstant('2025-03-09', 1440).toISOString()).toBe('2025-03-09T18:30:00.000Z');
    });

    it('round-trips every half hour of a day', () => {
      for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const instant = shopInstant('2025-03-09', time);
        expect([shopDateOf(instant), shopTimeKey(instant)]).toEqual(['2025-03-09', time]);
      }
    });
  },
);

describe('shop dates and times as typed', () => {
  it('accepts real dates and 24-hour times only', () => {
    expect(isShopDate('2024-02-29')).toBe(true);
    expect(isShopDate('2025-02-29')).toBe(false);
    expect(isShopDate('2025-13-01')).toBe(false);
    expect(isShopDate('10/03/2025')).toBe(false);
    expect(isShopTime('09:05')).toBe(true);
    expect(isShopTime('24:00')).toBe(false);
    expect(isShopTime('9:05')).toBe(false);
    expect(() => shopInstant('2025-02-30', '10:00')).toThrow(RangeError);
    expect(() => shopInstant('2025-02-28', '10:60')).toThrow(RangeError);
  });

  it('adds calendar days across months and years', () => {
    expect(addShopDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addShopDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addShopDays('2025-03-01', -1)).toBe('2025-02-28');
  });
});
