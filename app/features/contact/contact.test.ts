import { describe, expect, it } from 'vitest';
import { fieldErrors } from '~/lib/forms';
import { contactChatText, contactSchema } from './contact';

describe('the contact form schema (SPEC.md section 5)', () => {
  it('needs name, e-mail and message; phone and subject are optional', () => {
    const result = contactSchema.safeParse({ name: ' ', email: '', message: '' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your e-mail address',
      message: 'Please write your message',
    });
    expect(
      contactSchema.parse({
        name: 'Asha',
        email: 'a@b.in',
        message: 'Hi',
        phone: '',
        subject: ' ',
      }),
    ).toEqual({ name: 'Asha', email: 'a@b.in', message: 'Hi' });
  });
  it('refuses a malformed e-mail or phone and overlong fields', () => {
    const result = contactSchema.safeParse({
      name: 'x'.repeat(101),
      email: 'not-an-email',
      phone: 'call me',
      message: 'y'.repeat(2001),
    });
    expect(fieldErrors(result.error!)).toEqual({
      name: 'Name must be at most 100 characters',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      message: 'Message must be at most 2000 characters',
    });
  });
  it('writes the chat text with every given field', () => {
    const text = contactChatText({
      name: 'Asha',
      email: 'a@b.in',
      phone: '+91 98250 12345',
      subject: 'Wedding',
      message: 'Need a sherwani.',
    });
    expect(text).toBe(
      'Hello! My name is Asha.\nSubject: Wedding\n\nNeed a sherwani.\n\nE-mail: a@b.in\nPhone: +91 98250 12345',
    );
  });
});
