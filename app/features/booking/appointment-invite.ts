/**
 * The calendar invite sent with an appointment's e-mails (issue 20 item 2: "a confirmation by
 * e-mail with an .ics invite"), made with the `ics` library (RFC 5545 / iTIP):
 * METHOD:REQUEST for a booking or a move, METHOD:CANCEL (STATUS:CANCELLED) for a cancellation.
 * The UID stays the same for an appointment ('appointment-<id>@<host>') and SEQUENCE is its
 * revision, so a calendar replaces the event it already has instead of adding another. Times
 * are written in UTC (…Z); calendars show them in their own zone.
 */
import { createEvent } from 'ics';

/** What an invite says. */
export interface AppointmentInviteInput {
  appointmentId: number;
  /** The shop's host name, e.g. 'shop.example' (the UID's domain). */
  host: string;
  /** The appointment's revision: SEQUENCE. */
  revision: number;
  startsAt: Date;
  endsAt: Date;
  /** e.g. 'Consultation at Rajkot Tailoring House'. */
  title: string;
  description: string;
  /** The shop's address on one line. */
  location: string;
  /** The manage link (absent on a cancellation). */
  url?: string;
  organizer: { name: string; email: string };
  attendee?: { name: string; email: string };
  method: 'REQUEST' | 'CANCEL';
}

/** The UID of an appointment's event: 'appointment-<id>@<host>'. */
export function appointmentUid(appointmentId: number, host: string): string {
  return `appointment-${appointmentId}@${host}`;
}

/**
 * The invite as iCalendar text (CRLF lines).
 * @throws Error when the library refuses the input (a malformed address, an invalid date).
 */
export function appointmentInvite(input: AppointmentInviteInput): string {
  const { error, value } = createEvent({
    productId: 'rajkot-tailoring/storefront',
    method: input.method,
    uid: appointmentUid(input.appointmentId, input.host),
    sequence: input.revision,
    start: input.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: input.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: input.title,
    description: input.description,
    location: input.location,
    ...(input.url ? { url: input.url } : {}),
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: input.method === 'CANCEL' ? 'FREE' : 'BUSY',
    organizer: input.organizer,
    ...(input.attendee
      ? {
          attendees: [
            {
              ...input.attendee,
              rsvp: false,
              role: 'REQ-PARTICIPANT',
              partstat: input.method === 'CANCEL' ? 'DECLINED' : 'ACCEPTED',
            },
          ],
        }
      : {}),
  });
  if (error || !value) throw new Error(`The calendar invite could not be made: ${error?.message}`);
  return value.replace(/\r?\n/g, '\r\n');
}
