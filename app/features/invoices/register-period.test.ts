/**
 * The register's periods (issue 29 item 4): months, GST quarters and financial years read
 * from the URL, and the Kolkata days each covers; anything else refused with what to choose.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { b2clLimitPaise } from './gstr1';
import {
  BAD_PERIOD,
  periodDays,
  periodLabel,
  periodOptions,
  registerPeriodSchema,
} from './register-period';

const read = (text: string | undefined) => z.safeParse(registerPeriodSchema, text);

describe('register periods', () => {
  it.each([
    ['2026-11', { from: '2026-11-01', to: '2026-12-01' }, 'November 2026'],
    ['2026-12', { from: '2026-12-01', to: '2027-01-01' }, 'December 2026'],
    ['2026-27', { from: '2026-04-01', to: '2027-04-01' }, '2026-27 (April–March)'],
    ['2026-27-Q1', { from: '2026-04-01', to: '2026-07-01' }, 'Q1 2026-27 (April–June)'],
    ['2026-27-Q3', { from: '2026-10-01', to: '2027-01-01' }, 'Q3 2026-27 (October–December)'],
    ['2026-27-Q4', { from: '2027-01-01', to: '2027-04-01' }, 'Q4 2026-27 (January–March)'],
    ['2099-00', { from: '2099-04-01', to: '2100-04-01' }, '2099-00 (April–March)'],
  ])('%s covers %o', (text, days, label) => {
    const parsed = read(text);
    expect(parsed.success).toBe(true);
    expect(periodDays(parsed.data!)).toEqual(days);
    expect(periodLabel(parsed.data!)).toBe(label);
  });

  it('reads nothing and "all" as every document', () => {
    expect(read(undefined).data).toEqual({ kind: 'all' });
    expect(read('all').data).toEqual({ kind: 'all' });
    expect(periodDays({ kind: 'all' })).toBeNull();
  });

  it.each([
    '2026-13',
    '2026-00',
    '2026-28',
    '2026-27-Q5',
    '2026-27-Q0',
    'Q3',
    '1999-12',
    '9999-12',
    '2026-11-01',
    'x'.repeat(40),
  ])('refuses %j', (text) => {
    const parsed = read(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe(BAD_PERIOD);
  });

  it('offers a year, its quarters and its months from April to March', () => {
    const options = periodOptions(['2026-27']).map((option) => option.value);
    expect(options).toEqual([
      '2026-27',
      '2026-27-Q1',
      '2026-27-Q2',
      '2026-27-Q3',
      '2026-27-Q4',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
    ]);
  });
});

describe('the B2CL limit (Rule 59(4), Notification 12/2024-Central Tax)', () => {
  it.each([
    ['2024-07-31', 2_50_000_00],
    ['2024-08-01', 1_00_000_00],
    ['2026-11-26', 1_00_000_00],
  ])('on %s is %i paise', (date, limit) => {
    expect(b2clLimitPaise(date)).toBe(limit);
  });
});
