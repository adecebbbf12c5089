/**
 * The contact form (SPEC.md section 3 "Contact form", section 5): name, e-mail and message
 * required, phone and subject optional. One schema for the browser and the action. Overlong
 * fields are refused with a message, never cut.
 */
import { z } from 'zod';

export const CONTACT_LIMITS = {
  name: 100,
  email: 200,
  phone: 20,
  subject: 150,
  message: 2000,
} as const;

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(label, max))
    .transform((value) => (value === '' ? undefined : value))
    .optional();

export const contactSchema = z.object({
  name: z
    .string({ message: 'Please enter your name' })
    .trim()
    .min(1, 'Please enter your name')
    .max(CONTACT_LIMITS.name, tooLong('Name', CONTACT_LIMITS.name)),
  email: z
    .string({ message: 'Please enter your e-mail address' })
    .trim()
    .min(1, 'Please enter your e-mail address')
    .max(CONTACT_LIMITS.email, tooLong('E-mail', CONTACT_LIMITS.email))
    .pipe(z.email('Please enter a valid email address')),
  phone: optionalText('Phone', CONTACT_LIMITS.phone).refine(
    (value) => value === undefined || /^\+?[0-9][0-9 -]{6,18}$/.test(value),
    'Please enter a valid phone number',
  ),
  subject: optionalText('Subject', CONTACT_LIMITS.subject),
  message: z
    .string({ message: 'Please write your message' })
    .trim()
    .min(1, 'Please write your message')
    .max(CONTACT_LIMITS.message, tooLong('Message', CONTACT_LIMITS.message)),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;
export type ContactField = keyof ContactInput;
export type FieldErrors = Partial<Record<ContactField, string>>;

/** The first message of each field that failed. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as ContactField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

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
