/**
 * Choosing the notification channels from the configuration (issue 20 item 4): e-mail through
 * the process mailer (SMTP, or the `.eml` outbox); WhatsApp through the Cloud API when
 * WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set, otherwise into
 * `$DATA_DIR/whatsapp-outbox/`. `queue.server.ts` queues and sends the messages.
 */
import path from 'node:path';
import type { Mailer } from '~/lib/mail.server';
import { createEmailChannel } from './email.server';
import type { NotificationChannels } from './types';
import { createWhatsAppCloudChannel } from './whatsapp-cloud.server';
import { createWhatsAppOutbox } from './whatsapp-outbox.server';

/** What decides the channels, usually read from the environment. */
export interface ChannelConfig {
  mailer: Mailer;
  /** SMTP_URL is set (the mailer sends instead of writing the outbox). */
  hasSmtp: boolean;
  /** DATA_DIR: the WhatsApp outbox goes in its `whatsapp-outbox` folder. */
  dataDir: string;
  whatsappToken?: string;
  whatsappPhoneNumberId?: string;
  whatsappApiVersion: string;
  log: { info(fields: object, message?: string): void };
}

/** The folder of the WhatsApp outbox under DATA_DIR. */
export const WHATSAPP_OUTBOX_FOLDER = 'whatsapp-outbox';

/** The channels for this configuration. */
export function createNotificationChannels(config: ChannelConfig): NotificationChannels {
  const whatsapp =
    config.whatsappToken && config.whatsappPhoneNumberId
      ? createWhatsAppCloudChannel({
          token: config.whatsappToken,
          phoneNumberId: config.whatsappPhoneNumberId,
          apiVersion: config.whatsappApiVersion,
        })
      : createWhatsAppOutbox({
          dir: path.join(config.dataDir, WHATSAPP_OUTBOX_FOLDER),
          log: config.log,
        });
  return { email: createEmailChannel(config.mailer, config.hasSmtp), whatsapp };
}
