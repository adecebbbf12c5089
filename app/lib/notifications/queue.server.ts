/**
 * Every message to a customer goes through here (issue 20 item 4: "every message is queued in
 * the database, retried with backoff, sent once, and listed on the customer's admin page").
 *
 * `queueNotification` inserts a `notifications` row ('queued') and a 'notification.send' job
 * in the caller's transaction, so the message exists exactly when the change it tells of does.
 * The job's handler (`notificationHandlers`) sends it on its channel once and marks the row
 * 'sent' (`sent_at`, `provider_message_id`); a failure records `attempts` and `last_error` and
 * rethrows, so the queue tries again with backoff, and the row is marked 'failed' when the
 * queue gives up. A row already 'sent' is never sent again.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { enqueueJob, type DbOrTx } from '~/lib/jobs/enqueue.server';
import type { JobHandlers } from '~/lib/jobs/worker.server';
import { notifications } from '~/lib/schema.server';
import type { NotificationChannel as ChannelName } from '~/lib/schema-enums';
import type { NotificationAttachment, NotificationChannels, WhatsAppTemplate } from './types';

/** The job kind that sends one notification. */
const SEND_JOB = 'notification.send';

/** One message to queue. */
export interface NewNotification {
  /** Whom it is for, when the shop has a record of them (listed on their admin page). */
  customerId?: number | null;
  /** The order it is about. */
  orderId?: number | null;
  /** The appointment it is about. */
  appointmentId?: number | null;
  channel: ChannelName;
  /** What it says, e.g. 'appointment.confirmed', 'appointment.reminder', 'order.status'. */
  kind: string;
  /** An e-mail address, or an E.164 phone number ('+919812345678') for WhatsApp. */
  recipient: string;
  /** The e-mail's subject; for WhatsApp, a short title for the admin list. */
  subject: string;
  /** The message as plain text (the e-mail's text; WhatsApp's text as the template renders it). */
  body: string;
  /** E-mail only: the HTML part (the text, escaped, when absent). */
  html?: string;
  /** E-mail only: files attached (an `.ics` invite). */
  attachments?: NotificationAttachment[];
  /** WhatsApp only, required there: the approved template and its parameters. */
  whatsapp?: WhatsAppTemplate;
  /** When to send it; now when absent. Pass the job's `now` when queuing from a job. */
  runAt?: Date;
  /** Queues the message only once per key (e.g. 'order:12:paid:email'). */
  dedupeKey?: string;
}

/**
 * Queues `message`: a 'queued' notifications row and its send job, in `tx`.
 * Resolves to the row's id, or null when a message with the same `dedupeKey` was queued before
 * (nothing is added).
 * @throws Error for a WhatsApp message without a template; whatever the database throws.
 */
export async function queueNotification(
  tx: DbOrTx,
  message: NewNotification,
): Promise<number | null> {
  if (message.channel === 'whatsapp' && !message.whatsapp) {
    throw new Error('A WhatsApp notification needs its template');
  }
  const [row] = await tx
    .insert(notifications)
    .values({
      customerId: message.customerId ?? null,
      orderId: message.orderId ?? null,
      appointmentId: message.appointmentId ?? null,
      channel: message.channel,
      kind: message.kind,
      recipient: message.recipient,
      subject: message.subject,
      body: message.body,
    })
    .returning({ id: notifications.id });
  const id = row!.id;
  const payload: SendPayload = {
    notificationId: id,
    ...(message.html === undefined ? {} : { html: message.html }),
    ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    ...(message.whatsapp ? { whatsapp: message.whatsapp } : {}),
  };
  const jobId = await enqueueJob(tx, {
    kind: SEND_JOB,
    payload: payload as unknown as Record<string, unknown>,
    runAt: message.runAt,
    dedupeKey: message.dedupeKey,
  });
  if (jobId === null) {
    await tx.delete(notifications).where(eq(notifications.id, id));
    return null;
  }
  return id;
}

const sendPayloadSchema = z.object({
  notificationId: z.number().int().positive(),
  html: z.string().optional(),
  attachments: z
    .array(
      z.object({
        filename: z.string(),
        content: z.string(),
        contentType: z.string(),
        encoding: z.literal('base64').optional(),
      }),
    )
    .optional(),
  whatsapp: z
    .object({ name: z.string().min(1), language: z.string().min(1), params: z.array(z.string()) })
    .optional(),
});

type SendPayload = z.infer<typeof sendPayloadSchema>;

/**
 * The job handlers of this module: { 'notification.send' } sending through `channels`.
 * Register them with the worker (`lib/jobs/worker.server.ts`) in the composition root.
 */
export function notificationHandlers(channels: NotificationChannels): JobHandlers {
  return {
    [SEND_JOB]: async (raw, { db, clock, log, attempt, maxAttempts }) => {
      const payload = sendPayloadSchema.parse(raw);
      const [row] = await db
        .select()
        .from(notifications)
        .where(eq(notifications.id, payload.notificationId));
      // Gone with its customer (an account deleted), or sent already: nothing to do.
      if (!row || row.status === 'sent') return;
      let providerMessageId: string;
      try {
        ({ providerMessageId } = await channels[row.channel].send({
          to: row.recipient,
          subject: row.subject,
          text: row.body,
          html: payload.html,
          attachments: payload.attachments,
          template: payload.whatsapp,
        }));
      } catch (error) {
        const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 2_000);
        await db
          .update(notifications)
          .set({
            attempts: sql`${notifications.attempts} + 1`,
            lastError,
            status: attempt >= maxAttempts ? 'failed' : 'queued',
          })
          .where(and(eq(notifications.id, row.id), ne(notifications.status, 'sent')));
        throw error;
      }
      await db
        .update(notifications)
        .set({
          status: 'sent',
          sentAt: clock(),
          providerMessageId,
          attempts: sql`${notifications.attempts} + 1`,
          lastError: null,
        })
        .where(eq(notifications.id, row.id));
      log.info(
        { notificationId: row.id, channel: row.channel, kind: row.kind, providerMessageId },
        'notification sent',
      );
    },
  };
}
