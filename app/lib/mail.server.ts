/**
 * Outgoing e-mail (DESIGN.md "Stack": mail). With `SMTP_URL` set, messages go through
 * nodemailer's SMTP transport; without it each message is written to `$DATA_DIR/outbox/` as an
 * `.eml` file and its link is logged, so a developer (and the end-to-end tests) can follow it.
 *
 * Sending never blocks or fails the request that asked for it: `send` queues the message and
 * returns at once; a failed attempt is logged and retried after 1 s, 5 s and 30 s, then the
 * message is logged as lost. `deliver` makes one attempt and answers how it went, for the
 * durable job queue (`lib/notifications`), which does its own retries.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

/** One e-mail, with a plain-text and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about (verification, reset); logged with the outbox file. */
  link?: string;
  /** Files attached, e.g. an appointment's `.ics` invite. */
  attachments?: MailAttachment[];
}

/** A file attached to an e-mail. */
interface MailAttachment {
  /** e.g. 'invite.ics'. */
  filename: string;
  /** The file's text, or its bytes in base64 when `encoding` is 'base64' (a PDF). */
  content: string;
  /** e.g. 'text/calendar; charset=utf-8; method=REQUEST'. */
  contentType: string;
  /** 'base64' for a binary file carried as base64 text. */
  encoding?: 'base64';
}

/** How one delivery went. */
interface MailDelivery {
  /** The Message-ID header of the message sent. */
  messageId: string;
  /** The `.eml` file's name in the outbox, when there is no SMTP. */
  outboxFile?: string;
}

export interface Mailer {
  /** Queues a message; never throws and never waits for delivery. */
  send(message: MailMessage): void;
  /**
   * Sends a message once, now, and resolves when the SMTP server took it (or the outbox file
   * was written). No retries: the caller retries.
   * @throws the transport's error (connection refused, timeout, rejected recipient, …).
   */
  deliver(message: MailMessage): Promise<MailDelivery>;
  /** Resolves once every queued message was delivered or given up (tests, shutdown). */
  idle(): Promise<void>;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; the outbox folder is used when absent. */
  smtpUrl?: string;
  from: string;
  /** Where `.eml` files go without SMTP, e.g. $DATA_DIR/outbox. */
  outboxDir: string;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Waits between attempts, in ms; three retries (1 s, 5 s, 30 s) by default. */
  retryDelaysMs?: readonly number[];
  /** SMTP timeouts in ms (issue 8 item 5); `SMTP_TIMEOUTS_MS` by default. */
  timeoutsMs?: Partial<Record<keyof typeof SMTP_TIMEOUTS_MS, number>>;
}

/**
 * How long an SMTP attempt may wait, in ms: for the TCP connection, for the server's greeting,
 * and for any answer once talking. Nodemailer's own defaults are 2 min, 30 s and 10 min, long
 * enough for a stuck mail host to hold a message (and a retry slot) for a quarter of an hour.
 */
const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 30_000 } as const;

/** Creates the process mailer. */
export function createMailer(options: MailerOptions): Mailer {
  const retryDelaysMs = options.retryDelaysMs ?? [1_000, 5_000, 30_000];
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: options.timeoutsMs?.connection ?? SMTP_TIMEOUTS_MS.connection,
        greetingTimeout: options.timeoutsMs?.greeting ?? SMTP_TIMEOUTS_MS.greeting,
        socketTimeout: options.timeoutsMs?.socket ?? SMTP_TIMEOUTS_MS.socket,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  const deliverOnce = async (message: MailMessage): Promise<MailDelivery> => {
    const info = (await transport.sendMail({
      from: options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.map((file) => ({
        filename: file.filename,
        content: file.content,
        contentType: file.contentType,
        ...(file.encoding ? { encoding: file.encoding } : {}),
      })),
    })) as { messageId: string; message?: Buffer };
    if (options.smtpUrl) return { messageId: info.messageId };
    await fs.mkdir(options.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const file = path.join(options.outboxDir, name);
    await fs.writeFile(file, info.message as Buffer);
    return { messageId: info.messageId, outboxFile: name };
  };

  const logDelivered = (message: MailMessage, outboxFile: string | undefined) =>
    options.log.info(
      { to: message.to, subject: message.subject, outboxFile, link: outboxFile && message.link },
      outboxFile ? 'e-mail written to the outbox' : 'e-mail sent',
    );

  const deliver = async (message: MailMessage): Promise<void> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const { outboxFile } = await deliverOnce(message);
        logDelivered(message, outboxFile);
        return;
      } catch (error) {
        const delay = retryDelaysMs[attempt];
        if (delay === undefined) {
          options.log.error(
            { err: error, to: message.to, subject: message.subject, attempts: attempt + 1 },
            'e-mail could not be sent; giving up',
          );
          return;
        }
        options.log.warn(
          { err: error, to: message.to, subject: message.subject, retryInMs: delay },
          'e-mail could not be sent; retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };

  return {
    send(message) {
      const job = deliver(message).finally(() => pending.delete(job));
      pending.add(job);
    },
    async deliver(message) {
      const delivery = await deliverOnce(message);
      logDelivered(message, delivery.outboxFile);
      return delivery;
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
