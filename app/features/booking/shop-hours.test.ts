import { describe, expect, it } from 'vitest';
import { readDays, readTime, weeklyHours } from './shop-hours';
import { defaultSiteSettings } from '~/features/site/settings';

describe('reading the contact page hours', () => {
  it.each([
    ['Monday to Saturday', [1, 2, 3, 4, 5, 6]],
    ['Mon-Sat', [1, 2, 3, 4, 5, 6]],
    ['Mon – Fri', [1, 2, 3, 4, 5]],
    ['Sunday', [0]],
    ['Saturday, Sunday', [0, 6]],
    ['Sat & Sun', [0, 6]],
    ['Friday to Monday', [0, 1, 5, 6]],
    ['Daily', [0, 1, 2, 3, 4, 5, 6]],
    ['Holidays', []],
    ['Mo', []],
  ])('%s -> %j', (text, days) => {
    expect(readDays(text)).toEqual(days);
  });

  it.each([
    ['10:00 AM', 600],
    ['10 am', 600],
    ['8:00 PM', 1200],
    ['8:30pm', 1230],
    ['12:00 PM', 720],
    ['12:15 AM', 15],
    ['18:00', 1080],
    ['12 noon', 720],
    ['13 pm', null],
    ['10:75', null],
    ['ten', null],
  ])('%s -> %s', (text, minutes) => {
    expect(readTime(text)).toBe(minutes);
  });

  it('reads the demo settings: Monday to Saturday 10:00–20:00, Sunday 11:00–18:00', () => {
    const week = weeklyHours(defaultSiteSettings.hours);
    expect(week[0]).toEqual({ opens: 660, closes: 1080 });
    for (const day of [1, 2, 3, 4, 5, 6]) expect(week[day]).toEqual({ opens: 600, closes: 1200 });
  });

  it('skips unreadable rows and rows that close before they open', () => {
    const week = weeklyHours([
      { days: 'Monday', opens: 'late', closes: '8 pm' },
      { days: 'Tuesday', opens: '8 pm', closes: '10 am' },
      { days: 'Wednesday', opens: '9 am', closes: '5 pm' },
    ]);
    expect(week).toEqual([null, null, null, { opens: 540, closes: 1020 }, null, null, null]);
  });
});
