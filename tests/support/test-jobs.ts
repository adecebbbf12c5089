/**
 * The job queue for integration tests: a worker with the server's handlers (notifications,
 * appointment messages, invoices and unpaid orders' expiry), channels that record what they are asked to send instead of sending,
 * and an injectable clock. Call `runDue()` where the server's worker would have polled.
 */
import type { Db } from '~/lib/db.server';
import { createWorker, type Worker } from '~/lib/jobs/worker.server';
import { notificationHandlers } from '~/lib/notifications/queue.server';
import type { NotificationChannel, OutgoingMessage } from '~/lib/notifications/types';
import { appointmentMessageHandlers } from '~/features/booking/appointment-messages.server';
import { invoiceJobHandlers } from '~/features/invoices/invoice-jobs.server';
import { paymentLinkJobHandlers } from '~/features/payments/link-jobs.server';
import { orderExpiryJobHandlers } from '~/features/payments/order-expiry.server';
import type { PaymentProvider } from '~/lib/payments/payments.server';

/** One message a recording channel was asked to send. */
export interface RecordedMessage {
  channel: 'email' | 'whatsapp';
  message: OutgoingMessage;
}

export interface TestJobs {
  worker: Worker;
  /** Everything sent so far, in order; empty it with `sent.length = 0`. */
  sent: RecordedMessage[];
  /** Runs every job due at the clock's now (and the messages they queue). */
  runDue(): Promise<number>;
}

const silent = { info() {}, warn() {}, error() {} };

/**
 * A worker over `db` with recording channels. `publicUrl` and `linkSecret` default to the
 * test app's ('http://shop.test', 'integration-test-link-secret'); `now` to the real clock, one
 * millisecond ahead (a job queued with PostgreSQL's `now()`, which has microseconds, in the same
 * millisecond as `runDue()` would otherwise be later than JavaScript's millisecond `Date`);
 * `sent` to a new list (pass one to have several workers, "instances", record into it);
 * `payments`, when given, runs the payment-link jobs against that provider; `coalesceMs` is the
 * WhatsApp coalescing window (`notificationHandlers`).
 */
export function createTestJobs(
  db: Db,
  options: {
    now?: () => Date;
    publicUrl?: string;
    linkSecret?: string;
    pollMs?: number;
    sent?: RecordedMessage[];
    payments?: PaymentProvider;
    /** How long WhatsApp messages about an order wait to be sent as one; 0 (each at once) by default. */
    coalesceMs?: number;
  } = {},
): TestJobs {
  const sent: RecordedMessage[] = options.sent ?? [];
  const recording = (channel: RecordedMessage['channel']): NotificationChannel => ({
    name: `recorded ${channel}`,
    async send(message) {
      sent.push({ channel, message });
      return { providerMessageId: `${channel}-${sent.length}` };
    },
  });
  const worker = createWorker({
    db,
    handlers: {
      ...notificationHandlers(
        { email: recording('email'), whatsapp: recording('whatsapp') },
        { coalesceMs: options.coalesceMs ?? 0 },
      ),
      ...appointmentMessageHandlers({
        publicUrl: options.publicUrl ?? 'http://shop.test',
        linkSecret: options.linkSecret ?? 'integration-test-link-secret',
      }),
      ...invoiceJobHandlers({
        publicUrl: options.publicUrl ?? 'http://shop.test',
        linkSecret: options.linkSecret ?? 'integration-test-link-secret',
      }),
      ...(options.payments ? paymentLinkJobHandlers({ payments: options.payments }) : {}),
      ...orderExpiryJobHandlers(),
    },
    log: silent,
    now: options.now ?? (() => new Date(Date.now() + 1)),
    pollMs: options.pollMs ?? 20,
  });
  return { worker, sent, runDue: () => worker.runDue() };
}
