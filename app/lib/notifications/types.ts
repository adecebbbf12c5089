/**
 * The notification channels (DESIGN.md "The bespoke business": `lib/notifications`; issue 20
 * item 4): e-mail and WhatsApp behind one interface. A channel sends one message once and
 * answers the provider's id for it, or throws; the durable job queue (`queue.server.ts`)
 * retries. Without credentials, a channel writes to an outbox folder instead of sending.
 */

/** A file sent with an e-mail, e.g. an appointment's `.ics` invite. */
export interface NotificationAttachment {
  /** e.g. 'appointment.ics'. */
  filename: string;
  /** The file's text, or its bytes in base64 when `encoding` is 'base64' (a PDF). */
  content: string;
  /** e.g. 'text/calendar; charset=utf-8; method=REQUEST'. */
  contentType: string;
  /** 'base64' for a binary file carried as base64 text; absent for a text file. */
  encoding?: 'base64';
}

/** A WhatsApp Business template message: its approved name, language and body parameters. */
export interface WhatsAppTemplate {
  /** The template's name as approved in WhatsApp Manager, e.g. 'appointment_confirmation'. */
  name: string;
  /** The template's language code, e.g. 'en' or 'en_US'. */
  language: string;
  /** The body's {{1}}, {{2}}, … in order. */
  params: string[];
}

/**
 * A WhatsApp document message (the Cloud API's `document` type): the file is fetched by
 * WhatsApp from `link` (an https URL that needs no sign-in) and shown as `filename`, with
 * `caption` under it (issue 30 item 2: "Staff can send an invoice or voucher as a WhatsApp
 * document message").
 */
export interface WhatsAppDocument {
  link: string;
  /** e.g. 'receipt-voucher-RV-26-27-000001.pdf'. */
  filename: string;
  caption?: string;
}

/** One message to one recipient on one channel. */
export interface OutgoingMessage {
  /** An e-mail address, or an E.164 phone number ('+919812345678') for WhatsApp. */
  to: string;
  /** The e-mail's subject (empty for WhatsApp). */
  subject: string;
  /** The message as plain text (the e-mail's text part; WhatsApp's rendered text, logged). */
  text: string;
  /** The e-mail's HTML part; the text, escaped, when absent. */
  html?: string;
  /** E-mail only. */
  attachments?: NotificationAttachment[];
  /** WhatsApp only: the template the Cloud API sends. */
  template?: WhatsAppTemplate;
  /** WhatsApp only: a document message instead of a template (one or the other). */
  document?: WhatsAppDocument;
}

/** What a channel answers for a message it sent. */
interface SentMessage {
  /** The provider's id (an e-mail's Message-ID, WhatsApp's 'wamid.…', or the outbox file). */
  providerMessageId: string;
}

/** One way of reaching a customer. */
export interface NotificationChannel {
  /** e.g. 'smtp', 'email-outbox', 'whatsapp-cloud', 'whatsapp-outbox'. */
  readonly name: string;
  /**
   * Sends `message` once.
   * @throws when it was not sent (the queue retries): a refused connection, a timeout, a
   *   provider's error (its message kept), a message the channel cannot carry.
   */
  send(message: OutgoingMessage): Promise<SentMessage>;
}

/** The channels by the `notifications.channel` they serve. */
export interface NotificationChannels {
  email: NotificationChannel;
  whatsapp: NotificationChannel;
}
