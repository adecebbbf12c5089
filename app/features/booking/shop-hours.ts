/**
 * The shop's weekly opening hours as the booking calendar reads them (issue 20 item 2: slots
 * are offered "within the shop hours from settings"). The settings keep the contact page's
 * rows as people write them ({ days: 'Monday to Saturday', opens: '10:00 AM', closes: '8:00 PM' });
 * this module reads those rows into minutes per weekday, so the hours are entered once.
 *
 * Days understood: full or three-letter names ('Monday', 'Mon'), ranges ('Monday to Saturday',
 * 'Mon-Sat', 'Mon – Sat'), lists ('Saturday, Sunday', 'Sat & Sun'), and 'Daily' / 'Every day'.
 * Times: '10:00 AM', '10 am', '8:30pm', '18:00', '12 noon'. A row that cannot be read opens no
 * day; a later row for the same day replaces an earlier one.
 */

/** Opening and closing, in minutes after the shop's midnight (600 = 10:00). */
interface OpenHours {
  opens: number;
  closes: number;
}

/** Hours per weekday, index 0 = Sunday … 6 = Saturday (as `Date#getDay`); null when closed. */
export type WeeklyHours = readonly (OpenHours | null)[];

const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The weekday index of a day's name or its first three letters; null otherwise. */
function dayIndex(word: string): number | null {
  const w = word.trim().toLowerCase().replace(/\.$/, '');
  if (w.length < 3) return null;
  const index = DAY_NAMES.findIndex((name) => name === w || name.slice(0, 3) === w.slice(0, 3));
  return index === -1 || !DAY_NAMES[index]!.startsWith(w.slice(0, Math.min(w.length, 9)))
    ? null
    : index;
}

/** The weekdays a row's `days` text names, e.g. 'Monday to Saturday' -> [1, 2, 3, 4, 5, 6]. */
export function readDays(text: string): number[] {
  const t = text.trim().toLowerCase();
  if (/^(daily|every ?day|all days|all week|7 days)$/.test(t)) return [0, 1, 2, 3, 4, 5, 6];
  const days = new Set<number>();
  for (const part of t.split(/\s*(?:,|&|\band\b|\/)\s*/)) {
    if (!part) continue;
    const range = part.split(/\s*(?:\bto\b|\bthrough\b|\btill\b|-|–|—)\s*/);
    if (range.length === 2) {
      const from = dayIndex(range[0]!);
      const to = dayIndex(range[1]!);
      if (from === null || to === null) return [];
      for (let d = from; ; d = (d + 1) % 7) {
        days.add(d);
        if (d === to) break;
      }
    } else if (range.length === 1) {
      const day = dayIndex(part);
      if (day === null) return [];
      days.add(day);
    } else {
      return [];
    }
  }
  return [...days].sort((a, b) => a - b);
}

/** A time of day as minutes after midnight, e.g. '8:30 PM' -> 1230; null when unreadable. */
export function readTime(text: string): number | null {
  const t = text.trim().toLowerCase().replace(/\./g, '');
  if (t === '12 noon' || t === 'noon') return 12 * 60;
  if (t === 'midnight') return 24 * 60;
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?$/.exec(t);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  const half = match[3];
  if (minutes > 59) return null;
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === 'pm' ? 12 : 0);
  } else if (hours > 24 || (hours === 24 && minutes > 0)) {
    return null;
  }
  return hours * 60 + minutes;
}

/** The weekly hours of the settings' rows; a day no readable row names is closed. */
export function weeklyHours(
  rows: readonly { days: string; opens: string; closes: string }[],
): WeeklyHours {
  const week: (OpenHours | null)[] = [null, null, null, null, null, null, null];
  for (const row of rows) {
    const opens = readTime(row.opens);
    const closes = readTime(row.closes);
    if (opens === null || closes === null || closes <= opens) continue;
    for (const day of readDays(row.days)) week[day] = { opens, closes };
  }
  return week;
}
