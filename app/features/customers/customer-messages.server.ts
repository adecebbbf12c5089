/**
 * Messages to a customer record on the channels they chose (issue 20 item 4: "the customer
 * chooses the channel (e-mail, WhatsApp or both)"). `customers.notify` decides: 'email' sends
 * an e-mail, 'whatsapp' a WhatsApp message, 'both' both. E-mail needs an address on the record;
 * a customer who chose e-mail but has none gets WhatsApp instead, so nobody goes untold (the
 * phone is always there).
 */
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import { queueNotification } from '~/lib/notifications/queue.server';
import type { NotificationAttachment } from '~/lib/notifications/types';
import { notifications } from '~/lib/schema.server';
import type { NotificationChannel } from '~/lib/schema-enums';
import type { Customer } from './customers.server';

/** One message, written for both channels. */
export interface CustomerMessage {
  /** e.g. 'appointment.confirmed'. */
  kind: string;
  subject: string;
  /** The e-mail's text part. */
  text: string;
  /** The e-mail's HTML part. */
  html: string;
  attachments?: NotificationAttachment[];
  /** The WhatsApp template (name, language, parameters) and its text as it would read. */
  whatsapp: { name: string; language: string; params: string[]; text: string };
  appointmentId?: number;
  orderId?: number;
  /** When to send; now when absent (pass a job's `now` when queuing from a job). */
  runAt?: Date;
  /** Queues the message once per key and channel (':email' or ':whatsapp' is added). */
  dedupeKey?: string;
}

/** The channels a record's messages go out on, by its choice and what it has. */
function channelsFor(customer: Pick<Customer, 'notify' | 'email'>): NotificationChannel[] {
  const email = Boolean(customer.email);
  switch (customer.notify) {
    case 'email':
      return email ? ['email'] : ['whatsapp'];
    case 'whatsapp':
      return ['whatsapp'];
    default:
      return email ? ['email', 'whatsapp'] : ['whatsapp'];
  }
}

/**
 * Queues `message` to `customer` on each of their channels, in `tx`. Resolves to the ids of
 * the notifications queued (none for a channel whose dedupe key was used before).
 */
export async function queueCustomerMessage(
  tx: DbOrTx,
  customer: Pick<Customer, 'id' | 'notify' | 'email' | 'phone'>,
  message: CustomerMessage,
): Promise<number[]> {
  const ids: number[] = [];
  for (const channel of channelsFor(customer)) {
    const id = await queueNotification(tx, {
      customerId: customer.id,
      appointmentId: message.appointmentId,
      orderId: message.orderId,
      channel,
      kind: message.kind,
      recipient: channel === 'email' ? customer.email! : customer.phone,
      subject: message.subject,
      ...(channel === 'email'
        ? { body: message.text, html: message.html, attachments: message.attachments }
        : {
            body: message.whatsapp.text,
            whatsapp: {
              name: message.whatsapp.name,
              language: message.whatsapp.language,
              params: message.whatsapp.params,
            },
          }),
      runAt: message.runAt,
      dedupeKey: message.dedupeKey && `${message.dedupeKey}:${channel}`,
    });
    if (id !== null) ids.push(id);
  }
  return ids;
}

/** One message as the customer's admin page lists it. */
export interface CustomerNotification {
  id: number;
  channel: NotificationChannel;
  /** e.g. 'appointment.confirmed', 'order.status'. */
  kind: string;
  recipient: string;
  subject: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  /** The last failure's message, while queued for a retry or once failed. */
  lastError: string | null;
  appointmentId: number | null;
  orderId: number | null;
  createdAt: Date;
  sentAt: Date | null;
}

/**
 * The messages to a customer record, newest first (issue 20 item 4: "listed on the
 * customer's admin page"): at most `limit` (50 by default). The caller checks the role.
 */
export async function notificationsForCustomer(
  db: DbOrTx,
  customerId: number,
  limit = 50,
): Promise<CustomerNotification[]> {
  return db
    .select({
      id: notifications.id,
      channel: notifications.channel,
      kind: notifications.kind,
      recipient: notifications.recipient,
      subject: notifications.subject,
      status: notifications.status,
      attempts: notifications.attempts,
      lastError: notifications.lastError,
      appointmentId: notifications.appointmentId,
      orderId: notifications.orderId,
      createdAt: notifications.createdAt,
      sentAt: notifications.sentAt,
    })
    .from(notifications)
    .where(eq(notifications.customerId, customerId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}
