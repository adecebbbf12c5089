/**
 * The e-mail channel: the process mailer (`lib/mail.server.ts`), one delivery per call, so the
 * job queue and not the mailer retries. Without SMTP the mailer writes to `$DATA_DIR/outbox/`.
 */
import escapeHtml from 'escape-html';
import type { Mailer } from '~/lib/mail.server';
import type { NotificationChannel } from './types';

/** The e-mail channel over `mailer` ('smtp' or 'email-outbox', by `hasSmtp`). */
export function createEmailChannel(mailer: Mailer, hasSmtp: boolean): NotificationChannel {
  return {
    name: hasSmtp ? 'smtp' : 'email-outbox',
    async send(message) {
      const delivery = await mailer.deliver({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html:
          message.html ??
          `<!doctype html><html lang="en"><body><p style="white-space:pre-line">${escapeHtml(message.text)}</p></body></html>`,
        attachments: message.attachments,
      });
      return { providerMessageId: delivery.outboxFile ?? delivery.messageId };
    },
  };
}
