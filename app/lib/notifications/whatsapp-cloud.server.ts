/**
 * The WhatsApp channel through the WhatsApp Business Cloud API (issue 20 item 4): template
 * messages (a business may open a conversation with an approved template), and document
 * messages (an invoice or voucher PDF by its link, issue 30 item 2).
 * One HTTPS POST per message to `<baseUrl>/<version>/<phone-number-id>/messages` with the
 * bearer token, given up after `timeoutMs`. A non-2xx answer throws with the API's own error
 * message; the token never appears in errors or logs.
 */
import type { NotificationChannel, OutgoingMessage } from './types';

export interface WhatsAppCloudOptions {
  /** A system user's access token (WHATSAPP_TOKEN). */
  token: string;
  /** The sending number's id in WhatsApp Manager (WHATSAPP_PHONE_NUMBER_ID). */
  phoneNumberId: string;
  /** The Graph API version, e.g. 'v21.0' (WHATSAPP_API_VERSION). */
  apiVersion: string;
  /** Give up on a request after this many ms (10 000 by default). */
  timeoutMs?: number;
  /** The API's origin; https://graph.facebook.com by default (tests point it at a local server). */
  baseUrl?: string;
}

/**
 * The JSON body of a message as the Cloud API wants it: a document message (`type`
 * 'document': link, filename, caption) when the message carries a document, else a template
 * message.
 */
function messageBody(message: OutgoingMessage) {
  if (message.document) {
    return {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.to.replace(/\D/g, ''),
      type: 'document',
      document: {
        link: message.document.link,
        filename: message.document.filename,
        ...(message.document.caption ? { caption: message.document.caption } : {}),
      },
    };
  }
  const template = message.template;
  if (!template) throw new Error('A WhatsApp message needs a template');
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    // The API takes the number with its country code, digits only.
    to: message.to.replace(/\D/g, ''),
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.language },
      components:
        template.params.length > 0
          ? [
              {
                type: 'body',
                parameters: template.params.map((text) => ({ type: 'text', text })),
              },
            ]
          : [],
    },
  };
}

/** Creates the Cloud API channel. */
export function createWhatsAppCloudChannel(options: WhatsAppCloudOptions): NotificationChannel {
  const base = (options.baseUrl ?? 'https://graph.facebook.com').replace(/\/+$/, '');
  const endpoint = `${base}/${encodeURIComponent(options.apiVersion)}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    name: 'whatsapp-cloud',
    async send(message) {
      const body = JSON.stringify(messageBody(message));
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.token}`,
            'content-type': 'application/json',
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'TimeoutError') {
          throw new Error(`WhatsApp Cloud API did not answer within ${timeoutMs} ms`);
        }
        throw new Error(
          `WhatsApp Cloud API could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      const answer = (await response.json().catch(() => null)) as {
        messages?: { id?: string }[];
        error?: { message?: string; code?: number };
      } | null;
      if (!response.ok) {
        const detail = answer?.error?.message ?? response.statusText;
        const code = answer?.error?.code === undefined ? '' : ` (code ${answer.error.code})`;
        throw new Error(`WhatsApp Cloud API answered ${response.status}: ${detail}${code}`);
      }
      const id = answer?.messages?.[0]?.id;
      if (!id) throw new Error('WhatsApp Cloud API answered without a message id');
      return { providerMessageId: id };
    },
  };
}
