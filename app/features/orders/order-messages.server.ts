/**
 * The order messages on the notifications queue (issue 20 item 4: "the existing order-status
 * messages move onto it"): the payment confirmation and each fulfilment step. The e-mail goes
 * to the order's address as before; a WhatsApp message goes too when the order's customer record
 * (a bespoke order's own, else the account's) chose WhatsApp (or both). Queued with `queueNotification`, so each is
 * retried, sent once, and listed with the customer's messages.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import type { MailMessage } from '~/lib/mail.server';
import { queueNotification } from '~/lib/notifications/queue.server';
import { customers } from '~/lib/schema.server';
import { getMessageSettings } from '~/features/customers/message-settings.server';

/** The order a message is about. */
export interface OrderMessageTarget {
  id: number;
  number: string;
  /** The account that placed it; null once anonymised. */
  userId: string | null;
  customerName: string;
  /** The order's e-mail; '' once anonymised (nobody to write to). */
  email: string;
  /**
   * A bespoke order's customer record (issue 21 item 3), which may have no account: their
   * chosen channels are read from it rather than from the account's record.
   */
  customerId?: number | null;
}

/**
 * Queues the order's e-mail `mail` and, when the account's customer record chose WhatsApp,
 * the WhatsApp 'order status' template ({{1}} name, {{2}} order number, {{3}} `statusLabel`,
 * {{4}} `orderUrl`), in `tx`. Resolves to the channels queued (none for an anonymised order,
 * or when `dedupeKey` was used before).
 */
export async function queueOrderMessage(
  tx: DbOrTx,
  order: OrderMessageTarget,
  message: {
    kind: string;
    mail: MailMessage;
    statusLabel: string;
    orderUrl: string;
    /** Queues once per key and channel. */
    dedupeKey?: string;
  },
): Promise<('email' | 'whatsapp')[]> {
  const [record] =
    order.customerId != null || order.userId
      ? await tx
          .select({ id: customers.id, phone: customers.phone, notify: customers.notify })
          .from(customers)
          .where(
            order.customerId != null
              ? eq(customers.id, order.customerId)
              : eq(customers.userId, order.userId!),
          )
          .limit(1)
      : [];
  const queued: ('email' | 'whatsapp')[] = [];
  if (order.email !== '') {
    const id = await queueNotification(tx, {
      customerId: record?.id,
      orderId: order.id,
      channel: 'email',
      kind: message.kind,
      recipient: order.email,
      subject: message.mail.subject,
      body: message.mail.text,
      html: message.mail.html,
      dedupeKey: message.dedupeKey && `${message.dedupeKey}:email`,
    });
    if (id !== null) queued.push('email');
  }
  if (record && record.notify !== 'email') {
    const settings = await getMessageSettings(tx);
    const params = [order.customerName, order.number, message.statusLabel, message.orderUrl];
    const id = await queueNotification(tx, {
      customerId: record.id,
      orderId: order.id,
      channel: 'whatsapp',
      kind: message.kind,
      recipient: record.phone,
      subject: message.mail.subject,
      body: `Dear ${order.customerName}, your order ${order.number} is now: ${message.statusLabel}. ${message.orderUrl}`,
      whatsapp: { name: settings.templates.orderStatus, language: settings.language, params },
      dedupeKey: message.dedupeKey && `${message.dedupeKey}:whatsapp`,
    });
    if (id !== null) queued.push('whatsapp');
  }
  return queued;
}
