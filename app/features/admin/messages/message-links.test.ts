import { describe, expect, it } from 'vitest';
import { messageReplyLinks, replySubject, whatsappNumber } from './message-links';

describe('reply links of a contact message', () => {
  it('adds India’s country code to a 10-digit number for WhatsApp', () => {
    expect(whatsappNumber('98250 12345')).toBe('919825012345');
    expect(whatsappNumber('098250-12345')).toBe('919825012345');
    expect(whatsappNumber('+91 98250 12345')).toBe('919825012345');
    expect(whatsappNumber('+44 20 7946 0958')).toBe('442079460958');
    expect(whatsappNumber('12345')).toBeNull();
  });

  it('builds call, chat and e-mail links with a greeting and a reply subject', () => {
    const links = messageReplyLinks({
      name: 'Asha Mehta',
      email: 'asha@example.com',
      phone: '+91 98250 12345',
      subject: 'Wedding & fitting',
    });
    expect(links.tel).toBe('tel:+919825012345');
    expect(links.whatsapp).toBe(
      `https://wa.me/919825012345?text=${encodeURIComponent(
        'Hello Asha, thank you for your message about "Wedding & fitting". ',
      )}`,
    );
    expect(links.mailto).toBe('mailto:asha@example.com?subject=Re%3A%20Wedding%20%26%20fitting');
  });

  it('leaves out phone links without a phone and falls back to a plain subject', () => {
    const links = messageReplyLinks({
      name: 'Ravi',
      email: 'ravi@example.com',
      phone: null,
      subject: null,
    });
    expect(links).toEqual({
      tel: null,
      whatsapp: null,
      mailto: 'mailto:ravi@example.com?subject=Re%3A%20Your%20message',
    });
    expect(replySubject('  ')).toBe('Re: Your message');
  });
});
