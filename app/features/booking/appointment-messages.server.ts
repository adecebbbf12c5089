/**
 * What the shop tells a customer about an appointment (issue 20 item 2, "after booking", and
 * item 4): the confirmation, a move, a cancellation and the reminders, each on the channels the
 * customer chose (`queueCustomerMessage`), through the durable job queue.
 *
 * Two job kinds, queued by the booking code (features/booking) in the booking's transaction:
 *
 * - 'appointment.notify', payload `{ appointmentId, event: 'confirmed' | 'rescheduled' |
 *   'cancelled', revision, message? }` (`message`: the shop's note on a cancellation). The
 *   confirmation and move e-mails carry an `.ics` invite (METHOD:REQUEST, SEQUENCE = revision),
 *   a cancellation a METHOD:CANCEL one. A confirmation or move whose revision is no longer the
 *   appointment's (it moved again meanwhile), or of an appointment no longer booked, is not
 *   sent: the later event's message tells the news.
 * - 'appointment.reminder', payload `{ appointmentId, revision, window: '24h' | '2h' }`, queued
 *   to run at the start minus 24 h (and minus 2 h for trials), with the dedupe key
 *   `appointment:<id>:r<revision>:<window>` (`queueAppointmentReminders` queues them). Nothing is sent when the appointment is no longer
 *   'booked', its revision differs (it moved: the move queued new reminders), or it has
 *   started.
 *
 * Every message gives the time in Asia/Kolkata ('Sat 28 Nov 2026, 11:00 am'), the type, the
 * shop's address and phone, and, except on cancellation, the signed manage link. Messages are
 * queued with dedupe keys, so a job that runs again (a crash after queuing) queues nothing new.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { eq } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import { z } from 'zod';
import { enqueueJob, type DbOrTx } from '~/lib/jobs/enqueue.server';
import type { JobHandlers } from '~/lib/jobs/worker.server';
import { appointments, appointmentTypes, customers } from '~/lib/schema.server';
import { getMessageSettings } from '~/features/customers/message-settings.server';
import { queueCustomerMessage } from '~/features/customers/customer-messages.server';
import { getSiteSettings } from '~/features/site/settings.server';
import { formatAddress, type SiteSettings } from '~/features/site/settings';
import { appointmentInvite } from './appointment-invite';
import { getBookingSettings } from './booking-settings.server';
import { manageUrl } from './manage-link.server';

const notifyPayloadSchema = z.object({
  appointmentId: z.number().int().positive(),
  event: z.enum(['confirmed', 'rescheduled', 'cancelled']),
  revision: z.number().int().positive(),
  message: z.string().max(2_000).optional(),
});

const reminderPayloadSchema = z.object({
  appointmentId: z.number().int().positive(),
  revision: z.number().int().positive(),
  window: z.enum(['24h', '2h']),
});

type AppointmentEvent = z.infer<typeof notifyPayloadSchema>['event'] | 'reminder';

/** The reminders an appointment gets, by type: 24 h before, and 2 h before for trials. */
const REMINDER_WINDOWS = { '24h': 24 * 3_600_000, '2h': 2 * 3_600_000 } as const;

/**
 * Queues the reminders of an appointment at this revision (call it in the booking's or the
 * move's transaction): 'appointment.reminder' at `startsAt` − 24 h, and − 2 h when `typeKey`
 * is 'trial', each with the dedupe key `appointment:<id>:r<revision>:<window>`. A window that
 * has already begun at `now` (a booking made 3 h ahead gets no 24 h reminder) is skipped.
 * Resolves to the windows queued.
 */
export async function queueAppointmentReminders(
  tx: DbOrTx,
  appointment: { id: number; revision: number; startsAt: Date; typeKey: string },
  now: Date,
): Promise<('24h' | '2h')[]> {
  const windows: ('24h' | '2h')[] = appointment.typeKey === 'trial' ? ['24h', '2h'] : ['24h'];
  const queued: ('24h' | '2h')[] = [];
  for (const window of windows) {
    const runAt = new Date(appointment.startsAt.getTime() - REMINDER_WINDOWS[window]);
    if (runAt.getTime() <= now.getTime()) continue;
    const id = await enqueueJob(tx, {
      kind: 'appointment.reminder',
      payload: { appointmentId: appointment.id, revision: appointment.revision, window },
      runAt,
      dedupeKey: `appointment:${appointment.id}:r${appointment.revision}:${window}`,
    });
    if (id !== null) queued.push(window);
  }
  return queued;
}

/** An instant as the shop's customers read it: 'Sat 28 Nov 2026, 11:00 am' (Asia/Kolkata). */
export function formatAppointmentTime(instant: Date): string {
  return format(new TZDate(instant, 'Asia/Kolkata'), 'EEE d MMM yyyy, h:mm aaa');
}

/** WhatsApp refuses template parameters with line breaks, tabs or runs of spaces. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim() || '-';

interface Loaded {
  appointment: typeof appointments.$inferSelect;
  typeName: string;
  customer: typeof customers.$inferSelect;
}

async function loadAppointment(
  db: Parameters<JobHandlers[string]>[1]['db'],
  id: number,
): Promise<Loaded | undefined> {
  const [row] = await db
    .select({ appointment: appointments, typeName: appointmentTypes.name, customer: customers })
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(eq(appointments.id, id))
    .limit(1);
  return row;
}

/** Everything one message is written from. */
interface MessageInput extends Loaded {
  event: AppointmentEvent;
  site: SiteSettings;
  /** The manage link; null on a cancellation. */
  manageLink: string | null;
  cutoffHours: number;
  bookUrl: string;
  /** The shop's note on a cancellation. */
  note?: string;
  /** 'today' or 'tomorrow' for a reminder. */
  window?: '24h' | '2h';
}

/** The subject, the paragraphs of the text, and the WhatsApp parameters of a message. */
function writeMessage(input: MessageInput) {
  const { appointment, typeName, site } = input;
  const type = typeName.toLowerCase();
  const when = formatAppointmentTime(appointment.startsAt);
  const minutes = Math.round(
    (appointment.endsAt.getTime() - appointment.startsAt.getTime()) / 60_000,
  );
  const address = formatAddress(site.address);
  const where = [`Where: ${site.shopName}, ${address}`, `Phone: ${site.phone}`];
  const manage = input.manageLink
    ? [
        `To reschedule or cancel, use this link (up to ${input.cutoffHours} hours before): ${input.manageLink}`,
      ]
    : [];
  switch (input.event) {
    case 'confirmed':
      return {
        subject: `Your ${type} is booked: ${when}`,
        paragraphs: [
          `Your ${type} at ${site.shopName} is booked for ${when} (${minutes} minutes).`,
          where.join('\n'),
          ...manage,
        ],
        // The invite is attached to the e-mail only: WhatsApp never mentions it (issue 30 item 2).
        inviteNote: 'The attached invite adds it to your calendar.',
        headline: `Your ${type} is booked for ${when}.`,
      };
    case 'rescheduled':
      return {
        subject: `Your ${type} has moved to ${when}`,
        paragraphs: [
          `Your ${type} at ${site.shopName} is now on ${when} (${minutes} minutes).`,
          where.join('\n'),
          ...manage,
        ],
        inviteNote: 'The attached invite updates your calendar.',
        headline: `Your ${type} has moved to ${when}.`,
      };
    case 'cancelled':
      return {
        subject: `Your ${type} on ${when} is cancelled`,
        paragraphs: [
          `Your ${type} at ${site.shopName} on ${when} is cancelled.`,
          ...(input.note ? [`A message from the shop: ${input.note}`] : []),
          `To book another time: ${input.bookUrl}, or call us on ${site.phone}.`,
        ],
        headline: `Your ${type} on ${when} is cancelled.`,
      };
    default:
      return {
        subject: `Reminder: your ${type} ${input.window === '2h' ? 'today' : 'tomorrow'}, ${when}`,
        paragraphs: [
          `A reminder of your ${type} at ${site.shopName} on ${when} (${minutes} minutes).`,
          where.join('\n'),
          ...manage,
        ],
        headline: `A reminder of your ${type} on ${when}.`,
      };
  }
}

/** The e-mail's HTML: the shop's name, the greeting, the paragraphs (escaped) and the sign-off. */
function emailHtml(shopName: string, name: string, paragraphs: string[]): string {
  const body = paragraphs
    .map(
      (text) =>
        `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(text).replace(
          /(https?:\/\/[^\s<]+)/g,
          '<a href="$1" style="color:#7a1f2b">$1</a>',
        )}</p>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><body style="margin:0;background:#f6f1ea;font-family:Georgia,serif;color:#2b2118"><div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#7a1f2b">${escapeHtml(shopName)}</p>
<h1 style="margin:0 0 16px;font-size:22px">Dear ${escapeHtml(name)},</h1>
${body}
<p style="margin:32px 0 0;font-size:13px;color:#6b5d50">With warm regards,<br>${escapeHtml(shopName)}, Rajkot</p>
</div></body></html>`;
}

/** Options of the handlers: where links point and what signs them. */
export interface AppointmentMessageDeps {
  /** The shop's public origin, e.g. https://shop.example. */
  publicUrl: string;
  /** The context's `linkSecret` (signs manage links). */
  linkSecret: string;
}

/**
 * The job handlers { 'appointment.notify', 'appointment.reminder' }, registered by the
 * composition root (server/app.ts) with the worker.
 */
export function appointmentMessageHandlers(deps: AppointmentMessageDeps): JobHandlers {
  const host = new URL(deps.publicUrl).hostname;
  const bookUrl = new URL('/book', deps.publicUrl).toString();

  const queueMessage = async (
    context: Parameters<JobHandlers[string]>[1],
    loaded: Loaded,
    event: AppointmentEvent,
    dedupeKey: string,
    extra: { note?: string; window?: '24h' | '2h' } = {},
  ) => {
    const { db, now } = context;
    const { appointment, typeName, customer } = loaded;
    const [site, templates, booking] = await Promise.all([
      getSiteSettings(db),
      getMessageSettings(db),
      getBookingSettings(db),
    ]);
    const manageLink =
      event === 'cancelled' ? null : manageUrl(deps.publicUrl, deps.linkSecret, appointment.id);
    const written = writeMessage({
      ...loaded,
      event,
      site,
      manageLink,
      cutoffHours: booking.cutoffHours,
      bookUrl,
      ...extra,
    });
    const when = formatAppointmentTime(appointment.startsAt);
    const address = formatAddress(site.address);
    // The e-mail's paragraphs: the message's, and the invite's note where one is attached.
    const mailParagraphs =
      'inviteNote' in written && written.inviteNote
        ? [...written.paragraphs, written.inviteNote]
        : written.paragraphs;
    const text = [
      `Dear ${customer.name},`,
      '',
      ...mailParagraphs.flatMap((paragraph) => [paragraph, '']),
      'With warm regards,',
      `${site.shopName}, Rajkot`,
    ].join('\n');
    const invite =
      event === 'reminder'
        ? undefined
        : appointmentInvite({
            appointmentId: appointment.id,
            host,
            revision: appointment.revision,
            startsAt: appointment.startsAt,
            endsAt: appointment.endsAt,
            title: `${typeName} at ${site.shopName}`,
            description: [
              `${typeName} at ${site.shopName}, ${address}. Phone: ${site.phone}.`,
              ...(manageLink ? [`Reschedule or cancel: ${manageLink}`] : []),
            ].join('\n'),
            location: `${site.shopName}, ${address}`,
            url: manageLink ?? undefined,
            organizer: { name: site.shopName, email: site.email },
            attendee: customer.email ? { name: customer.name, email: customer.email } : undefined,
            method: event === 'cancelled' ? 'CANCEL' : 'REQUEST',
          });
    const whatsapp =
      event === 'confirmed' || event === 'reminder'
        ? {
            name:
              event === 'confirmed'
                ? templates.templates.appointmentConfirmation
                : templates.templates.appointmentReminder,
            params: [customer.name, typeName, when, `${site.shopName}, ${address}`, manageLink!],
          }
        : {
            name: templates.templates.appointmentChange,
            params: [
              customer.name,
              written.headline,
              event === 'cancelled'
                ? `${extra.note ? `A message from the shop: ${extra.note} ` : ''}To book another time: ${bookUrl} or call ${site.phone}.`
                : `To reschedule or cancel: ${manageLink}`,
            ],
          };
    await db.transaction((tx) =>
      queueCustomerMessage(tx, customer, {
        kind: `appointment.${event}`,
        subject: written.subject,
        text,
        html: emailHtml(site.shopName, customer.name, mailParagraphs),
        attachments: invite
          ? [
              {
                filename: event === 'cancelled' ? 'cancelled.ics' : 'appointment.ics',
                content: invite,
                contentType: `text/calendar; charset=utf-8; method=${event === 'cancelled' ? 'CANCEL' : 'REQUEST'}`,
              },
            ]
          : undefined,
        whatsapp: {
          name: whatsapp.name,
          language: templates.language,
          params: whatsapp.params.map(oneLine),
          text: [`Dear ${customer.name},`, ...written.paragraphs].join('\n\n'),
        },
        appointmentId: appointment.id,
        runAt: now,
        dedupeKey,
      }),
    );
  };

  return {
    'appointment.notify': async (raw, context) => {
      const payload = notifyPayloadSchema.parse(raw);
      const loaded = await loadAppointment(context.db, payload.appointmentId);
      if (!loaded) return;
      const { appointment } = loaded;
      if (
        payload.event !== 'cancelled' &&
        (appointment.status !== 'booked' || appointment.revision !== payload.revision)
      ) {
        context.log.info(
          { appointmentId: appointment.id, event: payload.event, revision: payload.revision },
          'appointment changed since; its message is not sent',
        );
        return;
      }
      await queueMessage(
        context,
        loaded,
        payload.event,
        `appointment:${appointment.id}:r${payload.revision}:${payload.event}`,
        { note: payload.message?.trim() || undefined },
      );
    },
    'appointment.reminder': async (raw, context) => {
      const payload = reminderPayloadSchema.parse(raw);
      const loaded = await loadAppointment(context.db, payload.appointmentId);
      if (!loaded) return;
      const { appointment } = loaded;
      if (
        appointment.status !== 'booked' ||
        appointment.revision !== payload.revision ||
        context.now.getTime() >= appointment.startsAt.getTime()
      ) {
        return;
      }
      await queueMessage(
        context,
        loaded,
        'reminder',
        `appointment:${appointment.id}:r${payload.revision}:${payload.window}:message`,
        { window: payload.window },
      );
    },
  };
}
