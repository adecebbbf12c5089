import { describe, expect, it } from 'vitest';
import { appointmentInvite, appointmentUid } from './appointment-invite';

/** The iCalendar text as property lines (RFC 5545 3.1: folded lines joined), name -> values. */
function parseIcs(text: string) {
  expect(text).toMatch(/\r\n/);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const props = new Map<string, string[]>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0]!;
    props.set(name, [...(props.get(name) ?? []), line.slice(colon + 1)]);
  }
  return {
    lines,
    one: (name: string) => props.get(name)?.[0],
    all: (name: string) => props.get(name) ?? [],
  };
}

const base = {
  appointmentId: 12,
  host: 'shop.example',
  revision: 3,
  startsAt: new Date('2026-11-28T05:30:00Z'),
  endsAt: new Date('2026-11-28T06:15:00Z'),
  title: 'Consultation at Rajkot Tailoring House',
  description: 'Consultation at Rajkot Tailoring House, 12 Example Market Road, Rajkot.',
  location: 'Rajkot Tailoring House, 12 Example Market Road, Rajkot, Gujarat 360001',
  url: 'https://shop.example/book/manage/12.abc',
  organizer: { name: 'Rajkot Tailoring House', email: 'hello@tailoring.example' },
  attendee: { name: 'Asha Mehta', email: 'asha@example.com' },
};

describe('the appointment invite', () => {
  it('is a REQUEST with a stable UID, the revision as SEQUENCE and UTC times', () => {
    const ics = parseIcs(appointmentInvite({ ...base, method: 'REQUEST' }));
    expect(ics.lines[0]).toBe('BEGIN:VCALENDAR');
    expect(ics.lines.at(-1)).toBe('END:VCALENDAR');
    expect(ics.one('METHOD')).toBe('REQUEST');
    expect(ics.all('BEGIN')).toEqual(['VCALENDAR', 'VEVENT']);
    expect(ics.one('UID')).toBe('appointment-12@shop.example');
    expect(appointmentUid(12, 'shop.example')).toBe('appointment-12@shop.example');
    expect(ics.one('SEQUENCE')).toBe('3');
    expect(ics.one('DTSTART')).toBe('20261128T053000Z');
    expect(ics.one('DTEND')).toBe('20261128T061500Z');
    expect(ics.one('STATUS')).toBe('CONFIRMED');
    expect(ics.one('SUMMARY')).toBe('Consultation at Rajkot Tailoring House');
    expect(ics.one('LOCATION')).toBe(
      'Rajkot Tailoring House\\, 12 Example Market Road\\, Rajkot\\, Gujarat 360001',
    );
    expect(ics.one('ORGANIZER')).toMatch(/mailto:hello@tailoring\.example$/i);
    expect(ics.one('ATTENDEE')).toMatch(/mailto:asha@example\.com$/i);
  });

  it('is a CANCEL of the same UID for a cancellation', () => {
    const ics = parseIcs(
      appointmentInvite({ ...base, url: undefined, attendee: undefined, method: 'CANCEL' }),
    );
    expect(ics.one('METHOD')).toBe('CANCEL');
    expect(ics.one('UID')).toBe('appointment-12@shop.example');
    expect(ics.one('STATUS')).toBe('CANCELLED');
    expect(ics.one('DTSTART')).toBe('20261128T053000Z');
    expect(ics.one('URL')).toBeUndefined();
    expect(ics.one('ATTENDEE')).toBeUndefined();
  });
});
