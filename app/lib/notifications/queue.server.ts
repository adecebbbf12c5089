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
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { enqueueJob, type DbOrTx } from '~/lib/jobs/enqueue.server';
import type { JobHandlers } from '~/lib/jobs/worker.server';
import { jobs, notifications } from '~/lib/schema.server';
import type { NotificationChannel as ChannelName } from '~/lib/schema-enums';
import type {
  NotificationAttachment,
  NotificationChannels,
  WhatsAppDocument,
  WhatsAppTemplate,
} from './types';

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
  /** WhatsApp only: the approved template and its parameters (this or `whatsappDocument`). */
  whatsapp?: WhatsAppTemplate;
  /** WhatsApp only: a document message (a PDF by its link) instead of a template. */
  whatsappDocument?: WhatsAppDocument;
  /** When to send it; now when absent. Pass the job's `now` when queuing from a job. */
  runAt?: Date;
  /** Queues the message only once per key (e.g. 'order:12:paid:email'). */
  dedupeKey?: string;
}

/**
 * Queues `message`: a 'queued' notifications row and its send job, in `tx`.
 * Resolves to the row's id, or null when a message with the same `dedupeKey` was queued before
 * (nothing is added).
 * @throws Error for a WhatsApp message without a template or a document; whatever the
 *   database throws.
 */
export async function queueNotification(
  tx: DbOrTx,
  message: NewNotification,
): Promise<number | null> {
  if (message.channel === 'whatsapp' && !message.whatsapp && !message.whatsappDocument) {
    throw new Error('A WhatsApp notification needs its template or a document');
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
    ...(message.whatsappDocument ? { document: message.whatsappDocument } : {}),
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
  document: z
    .object({
      link: z.url({ protocol: /^https?$/ }),
      filename: z.string().min(1).max(200),
      caption: z.string().max(1_024).optional(),
    })
    .optional(),
});

type SendPayload = z.infer<typeof sendPayloadSchema>;

/**
 * How long a WhatsApp message about an order waits for others to the same customer before it
 * goes, in ms, when the composition root does not say (issue 30 item 2: "Messages queued for
 * one customer within a few minutes are sent as one"): 3 minutes, about a counter visit's
 * burst (order confirmed, advance received, trial booked).
 */
export const COALESCE_MS = 3 * 60_000;

/** A queued row's template, from its pending send job's payload. */
async function pendingTemplates(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, WhatsAppTemplate>();
  const rows = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, SEND_JOB),
        eq(jobs.status, 'pending'),
        inArray(sql<number>`(${jobs.payload}->>'notificationId')::int`, ids),
      ),
    );
  const templates = new Map<number, WhatsAppTemplate>();
  for (const { payload } of rows) {
    const parsed = sendPayloadSchema.safeParse(payload);
    if (parsed.success && parsed.data.whatsapp) {
      templates.set(parsed.data.notificationId, parsed.data.whatsapp);
    }
  }
  return templates;
}

/**
 * One template from several of the same name, oldest first: each parameter the newest's, but
 * where the texts differ (an order's steps) they are joined with ' · ', oldest first; a link
 * (http…) is always the newest's, so the message carries one working link.
 */
function mergedTemplate(templates: WhatsAppTemplate[]): WhatsAppTemplate {
  const newest = templates[templates.length - 1]!;
  return {
    ...newest,
    params: newest.params.map((param, index) => {
      if (/^https?:\/\//.test(param)) return param;
      const values = [...new Set(templates.map((template) => template.params[index] ?? param))];
      return values.join(' · ');
    }),
  };
}

/**
 * The job handlers of this module: { 'notification.send' } sending through `channels`.
 * Register them with the worker (`lib/jobs/worker.server.ts`) in the composition root.
 *
 * WhatsApp messages about an order to a customer record are coalesced (issue 30 item 2):
 * the first waits until `coalesceMs` after it was queued, then goes as one message with every
 * other message about that order to that customer still queued with the same template (their
 * steps joined, the newest link); those rows are marked sent with the same provider message id,
 * so their own jobs send nothing. `coalesceMs` 0 sends each at once.
 */
export function notificationHandlers(
  channels: NotificationChannels,
  options: { coalesceMs?: number } = {},
): JobHandlers {
  const coalesceMs = options.coalesceMs ?? COALESCE_MS;
  return {
    [SEND_JOB]: async (raw, { db, clock, log, attempt, maxAttempts }) => {
      const payload = sendPayloadSchema.parse(raw);
      const [row] = await db
        .select()
        .from(notifications)
        .where(eq(notifications.id, payload.notificationId));
      // Gone with its customer (an account deleted), or sent already: nothing to do.
      if (!row || row.status === 'sent') return;
      let template = payload.whatsapp;
      let text = row.body;
      let merged: number[] = [];
      if (
        coalesceMs > 0 &&
        row.channel === 'whatsapp' &&
        row.customerId !== null &&
        row.orderId !== null &&
        template
      ) {
        const due = row.createdAt.getTime() + coalesceMs;
        if (clock().getTime() < due) {
          // Not yet: this job ends, a new one waits out the rest of the window.
          await enqueueJob(db, {
            kind: SEND_JOB,
            payload: raw as Record<string, unknown>,
            runAt: new Date(due),
          });
          return;
        }
        const siblings = await db
          .select({
            id: notifications.id,
            body: notifications.body,
            createdAt: notifications.createdAt,
          })
          .from(notifications)
          .where(
            and(
              eq(notifications.customerId, row.customerId),
              eq(notifications.orderId, row.orderId),
              eq(notifications.channel, 'whatsapp'),
              eq(notifications.recipient, row.recipient),
              eq(notifications.status, 'queued'),
              ne(notifications.id, row.id),
            ),
          )
          .orderBy(asc(notifications.createdAt), asc(notifications.id));
        const templates = await pendingTemplates(
          db,
          siblings.map((sibling) => sibling.id),
        );
        const joined = siblings.filter(
          (sibling) => templates.get(sibling.id)?.name === template!.name,
        );
        if (joined.length > 0) {
          merged = joined.map((sibling) => sibling.id);
          // In the order they were queued, whichever of their jobs runs first.
          const own = { id: row.id, body: row.body, createdAt: row.createdAt };
          const all = [own, ...joined].sort(
            (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id,
          );
          const first = template;
          template = mergedTemplate(
            all.map((entry) => (entry.id === row.id ? first : templates.get(entry.id)!)),
          );
          text = all.map((entry) => entry.body).join('\n');
        }
      }
      let providerMessageId: string;
      try {
        ({ providerMessageId } = await channels[row.channel].send({
          to: row.recipient,
          subject: row.subject,
          text,
          html: payload.html,
          attachments: payload.attachments,
          template,
          document: payload.document,
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
      if (merged.length > 0) {
        await db
          .update(notifications)
          .set({ status: 'sent', sentAt: clock(), providerMessageId, lastError: null })
          .where(and(inArray(notifications.id, merged), eq(notifications.status, 'queued')));
      }
      log.info(
        { notificationId: row.id, channel: row.channel, kind: row.kind, providerMessageId },
        'notification sent',
      );
    },
  };
}
