/**
 * The shop's calendar whatever the process's zone (issue 20: "Test it with the process in
 * another zone"): these run in a child process with TZ=America/New_York, where the UTC,
 * New York and Kolkata calendar days differ around midnight and daylight saving changes.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const script = `
import { shopDateOf, shopInstant, addShopDays, shopWeekday, shopMinutesOf, formatShopTime, startOfShopDay, isShopDate } from './app/lib/shop-time.ts';
const out = {
  zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  offset: new Date('2026-11-25T12:00:00Z').getTimezoneOffset(),
  dateLateUtc: shopDateOf(new Date('2026-11-25T20:00:00Z')),
  dateEarlyUtc: shopDateOf(new Date('2026-11-25T18:29:00Z')),
  eleven: shopInstant('2026-11-28', 660).toISOString(),
  dstDay: shopInstant('2026-03-08', 600).toISOString(),
  next: addShopDays('2026-12-31', 1),
  back: addShopDays('2026-03-01', -1),
  weekday: shopWeekday('2026-11-29'),
  minutes: shopMinutesOf(new Date('2026-11-28T14:30:00Z')),
  time: formatShopTime('2026-11-28T14:30:00Z'),
  dayStart: startOfShopDay(new Date('2026-11-25T20:00:00Z')).toISOString(),
  leap: [isShopDate('2028-02-29'), isShopDate('2026-02-29'), isShopDate('2026-13-01')],
};
console.log(JSON.stringify(out));
`;

describe('shop time in another zone', () => {
  it('reads and writes Asia/Kolkata days and times with TZ=America/New_York', () => {
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        env: { ...process.env, TZ: 'America/New_York' },
        encoding: 'utf8',
      },
    );
    const out = JSON.parse(output.trim().split('\n').pop()!);
    expect(out.zone).toBe('America/New_York');
    expect(out.offset).toBe(300);
    expect(out).toMatchObject({
      dateLateUtc: '2026-11-26',
      dateEarlyUtc: '2026-11-25',
      eleven: '2026-11-28T05:30:00.000Z',
      dstDay: '2026-03-08T04:30:00.000Z',
      next: '2027-01-01',
      back: '2026-02-28',
      weekday: 0,
      minutes: 1200,
      time: '8:00 pm',
      dayStart: '2026-11-25T18:30:00.000Z',
      leap: [true, false, false],
    });
  });
});
