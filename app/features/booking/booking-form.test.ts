/** The booking page's pure rules: reading the query, the step links, the month grid, the links in. */
import { describe, expect, it } from 'vitest';
import { bookingHref, readBookingQuery } from './booking-form';
import { measurementBookingPath } from '~/features/catalog/booking-links';
import { calendarMonth } from './calendar-month';

describe('the booking query', () => {
  it('keeps valid values and drops each bad one on its own', () => {
    const query = readBookingQuery(
      new URLSearchParams(
        'type=consultation&date=2026-11-28&month=2026-12&time=2026-11-28T05:30:00.000Z&product=12&design=abc-1',
      ),
    );
    expect(query).toEqual({
      type: 'consultation',
      date: '2026-11-28',
      month: '2026-12',
      time: '2026-11-28T05:30:00.000Z',
      productId: 12,
      designId: 'abc-1',
    });
    const bad = readBookingQuery(
      new URLSearchParams(
        'type=Consult<x>&date=2026-02-30&month=2026-13&time=tomorrow&product=2147483648&design=../x',
      ),
    );
    expect(bad).toEqual({
      type: undefined,
      date: undefined,
      month: undefined,
      time: undefined,
      productId: undefined,
      designId: undefined,
    });
  });

  it('writes step links in a fixed order, leaving out what is unset', () => {
    expect(bookingHref({})).toBe('/book');
    expect(
      bookingHref({
        time: '2026-11-28T05:30:00.000Z',
        type: 'trial',
        date: '2026-11-28',
        productId: 4,
      }),
    ).toBe('/book?type=trial&product=4&date=2026-11-28&time=2026-11-28T05%3A30%3A00.000Z');
  });
});

describe('the month grid', () => {
  const days = Array.from({ length: 40 }, (_, n) => {
    const date = new Date(Date.UTC(2026, 10, 25 + n)).toISOString().slice(0, 10);
    return { date, freeSlots: n < 3 ? 0 : 5 };
  });

  it('starts weeks on Monday and marks free days, with links only to months in the span', () => {
    const november = calendarMonth(days);
    expect(november).toMatchObject({ key: '2026-11', label: 'November 2026', leadingBlanks: 6 });
    expect(november.previous).toBeNull();
    expect(november.next).toBe('2026-12');
    expect(november.days).toHaveLength(30);
    expect(november.days.find((d) => d.date === '2026-11-24')!.freeSlots).toBe(0);
    expect(november.days.find((d) => d.date === '2026-11-28')!.freeSlots).toBe(5);
    const january = calendarMonth(days, '2027-01');
    expect(january).toMatchObject({ leadingBlanks: 4, previous: '2026-12', next: null });
  });

  it('falls back to the first month with a free day for a month out of the span', () => {
    const late = days.map((day, n) => ({ ...day, freeSlots: n < 10 ? 0 : 5 }));
    expect(calendarMonth(late, '2030-01').key).toBe('2026-12');
  });
});

describe('"Book a measurement"', () => {
  it('is offered on fabrics and made-to-measure garments, not on ready-to-wear', () => {
    expect(measurementBookingPath({ id: 3, categorySlug: 'fabrics' })).toBe(
      '/book?type=measurement&product=3',
    );
    expect(measurementBookingPath({ id: 9, categorySlug: 'wedding-suites' })).not.toBeNull();
    expect(measurementBookingPath({ id: 5, categorySlug: 'ready-to-wear' })).toBeNull();
  });
});
