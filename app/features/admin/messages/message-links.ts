/**
 * One-tap replies to a contact-form message from the back office: call, WhatsApp chat with a
 * short greeting, or an e-mail answering its subject.
 */
import { telLink, whatsappLink } from '~/features/site/settings';

/** What the links are built from (a message as the messages screen has it). */
export interface ReplyTarget {
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
}

/** The reply links of a message; `tel` and `whatsapp` are null without a usable phone. */
export interface ReplyLinks {
  tel: string | null;
  whatsapp: string | null;
  mailto: string;
}

/**
 * A phone number as wa.me wants it: digits only, with India's country code 91 added to a
 * 10-digit number (and to an 11-digit one written with the trunk 0); null when fewer than
 * 8 digits remain. '+91 98250 12345' -> '919825012345'; '98250 12345' -> '919825012345'.
 */
export function whatsappNumber(phone: string): string | null {
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length === 10) digits = `91${digits}`;
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/** The subject line of an e-mail reply: 'Re: {subject}', or 'Re: Your message' without one. */
export function replySubject(subject: string | null): string {
  return `Re: ${subject?.trim() || 'Your message'}`;
}

/** The reply links of one message (see {@link ReplyLinks}). */
export function messageReplyLinks(message: ReplyTarget): ReplyLinks {
  const phone = message.phone?.trim() || null;
  const chatNumber = phone ? whatsappNumber(phone) : null;
  const firstName = message.name.trim().split(/\s+/)[0] ?? '';
  const greeting = `Hello ${firstName}, thank you for your message${
    message.subject ? ` about "${message.subject}"` : ''
  }. `;
  return {
    tel: phone && /\d/.test(phone) ? telLink(phone) : null,
    whatsapp: chatNumber ? whatsappLink(chatNumber, greeting) : null,
    mailto: `mailto:${message.email}?subject=${encodeURIComponent(replySubject(message.subject))}`,
  };
}
