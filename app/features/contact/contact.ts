/**
 * The contact form (SPEC.md section 3 "Contact form", section 5): name, e-mail and message
 * required, phone and subject optional. One schema for the browser and the action. Overlong
 * fields are refused with a message, never cut.
 */
import * as z from 'zod/mini';

const CONTACT_LIMITS = {
  name: 100,
  email: 200,
  phone: 20,
  subject: 150,
  message: 2000,
} as const;

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

const required = (label: string, missing: string, max: number) =>
  z.string(missing).check(z.trim(), z.minLength(1, missing), z.maxLength(max, tooLong(label, max)));

const optionalText = (label: string, max: number) =>
  z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(max, tooLong(label, max))),
      z.transform((value) => (value === '' ? undefined : value)),
    ),
  );

/** zod/mini keeps this schema small in the browser bundle; the action uses the same one. */
export const contactSchema = z.object({
  name: required('Name', 'Please enter your name', CONTACT_LIMITS.name),
  email: z.pipe(
    required('E-mail', 'Please enter your e-mail address', CONTACT_LIMITS.email),
    z.email('Please enter a valid email address'),
  ),
  phone: optionalText('Phone', CONTACT_LIMITS.phone).check(
    z.refine(
      (value) => value === undefined || /^\+?[0-9][0-9 -]{6,18}$/.test(value),
      'Please enter a valid phone number',
    ),
  ),
  subject: optionalText('Subject', CONTACT_LIMITS.subject),
  message: required('Message', 'Please write your message', CONTACT_LIMITS.message),
});

type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;
export type ContactField = keyof ContactInput;
/** The chat text of a contact message (SPEC.md section 7 "Outbound links"). */
export function contactChatText(message: ContactMessage): string {
  return [
    `Hello! My name is ${message.name}.`,
    message.subject ? `Subject: ${message.subject}` : undefined,
    '',
    message.message,
    '',
    `E-mail: ${message.email}`,
    message.phone ? `Phone: ${message.phone}` : undefined,
  ]
    .filter((line) => line !== undefined)
    .join('\n');
}
