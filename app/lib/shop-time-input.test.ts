/**
 * Dates, times and months as forms and URLs send them (issue 28 item 7): the edges of the
 * shop's years (0001, 1999, 2000, 2099, 9999 and the last millisecond of 9999), days not in the
 * calendar (31 February, 29 February of a common year), malformed months, times without a zone
 * and times of other zones, read whatever the process's zone is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OUTSIDE_SHOP_YEARS,
  readShopDate,
  readShopInstant,
  readShopMonth,
  shopDateField,
  shopInstantField,
  shopMonthField,
} from './shop-time-input';

const originalZone = process.env.TZ;
const BAD = 'Please write it properly.';

/** The message a schema refuses `value` with, or null when it takes it. */
function refusal(
  schema: {
    safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
  },
  value: unknown,
): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : parsed.error!.issues[0]!.message;
}

describe.each(['UTC', 'America/New_York', 'Pacific/Kiritimati'])(
  'shop dates, times and months with TZ=%s',
  (zone) => {
    beforeAll(() => {
      process.env.TZ = zone;
    });
    afterAll(() => {
      process.env.TZ = originalZone;
    });

    it('reads a shop day of 2000 to 2099 and refuses the rest', () => {
      expect(readShopDate('2026-11-28')).toBe('2026-11-28');
      expect(readShopDate('2000-01-01')).toBe('2000-01-01');
      expect(readShopDate('2099-12-31')).toBe('2099-12-31');
      expect(readShopDate('2028-02-29')).toBe('2028-02-29');
      for (const bad of [
        '0001-01-01',
        '1999-12-31',
        '2100-01-01',
        '9999-12-31',
        '2026-02-31',
        '2027-02-29',
        '2026-04-31',
        '2026-13-01',
        '2026-00-10',
        '2026-11-00',
        '2026-11-28T00:00:00Z',
        '2026-11-8',
        '+02026-11-28',
        '',
        ' 2026-11-28x',
      ]) {
        expect(readShopDate(bad), bad).toBeNull();
      }
      expect(readShopDate(null)).toBeNull();
      expect(readShopDate(undefined)).toBeNull();
    });

    it('reads a month of 2000 to 2099 and refuses a malformed one', () => {
      expect(readShopMonth('2026-11')).toBe('2026-11');
      expect(readShopMonth('2099-12')).toBe('2099-12');
      for (const bad of [
        '2026-11x',
        '2026-11-99',
        '2026-12abc',
        '2026-13',
        '2026-00',
        '2026-1',
        '0001-01',
        '9999-12',
        '1999-12',
        '2026/11',
        '',
      ]) {
        expect(readShopMonth(bad), bad).toBeNull();
      }
    });

    it('reads an instant with its zone, in any zone, and refuses one without', () => {
      expect(readShopInstant('2026-11-28T05:30:00.000Z')?.toISOString()).toBe(
        '2026-11-28T05:30:00.000Z',
      );
      // The same instant written in Kolkata's zone and in New York's.
      expect(readShopInstant('2026-11-28T11:00+05:30')?.toISOString()).toBe(
        '2026-11-28T05:30:00.000Z',
      );
      expect(readShopInstant('2026-11-28T00:30:00-05:00')?.toISOString()).toBe(
        '2026-11-28T05:30:00.000Z',
      );
      expect(readShopInstant('2026-11-28T19:30:00+14:00')?.toISOString()).toBe(
        '2026-11-28T05:30:00.000Z',
      );
      for (const bad of [
        '2026-11-28T11:00:00',
        '2026-11-28T11:00',
        '2026-11-28',
        '2026-11-28 11:00:00Z',
        '2026-02-31T10:00:00Z',
        '2027-02-29T10:00:00Z',
        '2026-11-28T24:00:00Z',
        '2026-11-28T11:60:00Z',
        '2026-11-28T11:00:60Z',
        '2026-11-28T11:00:00+15:00',
        '2026-11-28T11:00:00+0530',
        '+002026-11-28T05:30:00Z',
        '1795838400000',
        'NaN',
        '',
      ]) {
        expect(readShopInstant(bad), bad).toBeNull();
      }
    });

    it("refuses instants outside the shop's years, at both edges, in Kolkata's calendar", () => {
      // The report's time: the last millisecond of 9999 in UTC is 10000-01-01 in Kolkata.
      expect(readShopInstant('9999-12-31T23:59:59.999Z')).toBeNull();
      expect(readShopInstant('9999-12-31T12:00:00+05:30')).toBeNull();
      expect(readShopInstant('0001-01-01T00:00:00Z')).toBeNull();
      // 2099-12-31 23:59 in Kolkata is the last minute taken; 2100-01-01 00:00 there is not.
      expect(readShopInstant('2099-12-31T18:29:00Z')?.toISOString()).toBe(
        '2099-12-31T18:29:00.000Z',
      );
      expect(readShopInstant('2099-12-31T18:30:00Z')).toBeNull();
      // 2000-01-01 00:00 in Kolkata is the first instant taken: 1999-12-31T18:30Z.
      expect(readShopInstant('1999-12-31T18:30:00Z')?.toISOString()).toBe(
        '1999-12-31T18:30:00.000Z',
      );
      expect(readShopInstant('1999-12-31T18:29:59.999Z')).toBeNull();
    });

    it("the schemas refuse with the caller's message, or the shop's years", () => {
      const date = shopDateField(BAD);
      expect(date.parse(' 2026-11-28 ')).toBe('2026-11-28');
      expect(refusal(date, '2026-02-31')).toBe(BAD);
      expect(refusal(date, '2026-11')).toBe(BAD);
      expect(refusal(date, 20261128)).toBe(BAD);
      expect(refusal(date, undefined)).toBe(BAD);
      expect(refusal(date, '9999-12-31')).toBe(OUTSIDE_SHOP_YEARS);
      expect(refusal(date, '0001-01-01')).toBe(OUTSIDE_SHOP_YEARS);

      const month = shopMonthField(BAD);
      expect(month.parse('2026-11')).toBe('2026-11');
      for (const bad of ['2026-11x', '2026-11-99', '2026-12abc']) {
        expect(refusal(month, bad), bad).toBe(BAD);
      }
      expect(refusal(month, '9999-12')).toBe(OUTSIDE_SHOP_YEARS);

      const instant = shopInstantField(BAD);
      expect(instant.parse('2026-11-28T05:30:00.000Z')).toEqual(
        new Date('2026-11-28T05:30:00.000Z'),
      );
      expect(refusal(instant, '2026-11-28T11:00:00')).toBe(BAD);
      expect(refusal(instant, '2026-02-31T10:00:00Z')).toBe(BAD);
      expect(refusal(instant, ['2026-11-28T05:30:00.000Z'])).toBe(BAD);
      expect(refusal(instant, '9999-12-31T23:59:59.999Z')).toBe(OUTSIDE_SHOP_YEARS);
      expect(refusal(instant, '0001-01-01T00:00:00Z')).toBe(OUTSIDE_SHOP_YEARS);
    });
  },
);
