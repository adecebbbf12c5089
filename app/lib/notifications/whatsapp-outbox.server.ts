/**
 * The WhatsApp channel when no token is configured (issue 20 item 4): each message is written
 * to `<dir>/<time>-<random>.json` (recipient, template name, language, parameters and the
 * rendered text) and its text is logged, like the e-mail outbox, so a developer (and the
 * end-to-end tests) can read what would have been sent.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { NotificationChannel } from './types';

/** One outbox file's content. */
export interface WhatsAppOutboxEntry {
  to: string;
  template: string | null;
  language: string | null;
  params: string[];
  /** A document message's link, file name and caption; null for a template message. */
  document: { link: string; filename: string; caption: string | null } | null;
  text: string;
  writtenAt: string;
}

/** Creates the outbox channel writing into `dir` (e.g. $DATA_DIR/whatsapp-outbox). */
export function createWhatsAppOutbox(options: {
  dir: string;
  log: { info(fields: object, message?: string): void };
  now?: () => Date;
}): NotificationChannel {
  const now = options.now ?? (() => new Date());
  return {
    name: 'whatsapp-outbox',
    async send(message) {
      const writtenAt = now().toISOString();
      const entry: WhatsAppOutboxEntry = {
        to: message.to,
        template: message.template?.name ?? null,
        language: message.template?.language ?? null,
        params: message.template?.params ?? [],
        document: message.document
          ? {
              link: message.document.link,
              filename: message.document.filename,
              caption: message.document.caption ?? null,
            }
          : null,
        text: message.text,
        writtenAt,
      };
      await fs.mkdir(options.dir, { recursive: true });
      const name = `${writtenAt.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      await fs.writeFile(path.join(options.dir, name), `${JSON.stringify(entry, null, 2)}\n`);
      options.log.info(
        {
          to: message.to,
          template: entry.template,
          document: entry.document?.filename ?? null,
          outboxFile: name,
          text: message.text,
        },
        'WhatsApp message written to the outbox',
      );
      return { providerMessageId: `outbox:${name}` };
    },
  };
}
