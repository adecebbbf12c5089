/**
 * The account forms' schemas (SPEC.md section 5 "Register", "Login"; section 4 "Profile
 * edit"), in zod/mini so the browser checks a form before sending it and the action checks it
 * again with the same rules. Overlong fields are refused with a message, never cut.
 */
import * as z from 'zod/mini';
import {
  EMAIL_MAX_LENGTH,
  MESSAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './rules';

const fullName = z
  .string(MESSAGES.nameRequired)
  .check(
    z.trim(),
    z.minLength(1, MESSAGES.nameRequired),
    z.maxLength(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
  );

/** SPEC.md's "simple {email} shape": something@something.something, no spaces. */
const email = z
  .string(MESSAGES.emailInvalid)
  .check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MESSAGES.emailInvalid),
  );

const newPassword = z
  .string(MESSAGES.passwordTooShort)
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

const confirmed = <T extends { password: string; confirmPassword: string }>(value: T) =>
  value.password === value.confirmPassword;

/**
 * 'Passwords do not match', checked even when other fields of the form failed (zod skips an
 * object's refinements after any issue unless told when to run them).
 */
const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(confirmed, {
  message: MESSAGES.passwordsDiffer,
  path: ['confirmPassword'],
  when: (payload) => {
    const value = payload.value as Partial<Record<'password' | 'confirmPassword', unknown>>;
    return typeof value?.password === 'string' && typeof value.confirmPassword === 'string';
  },
});

/** Register: full name, e-mail, password, its confirmation and the accepted terms. */
export const registerSchema = z
  .object({
    fullName,
    email,
    password: newPassword,
    confirmPassword: z.string(),
    terms: z.literal('on', MESSAGES.termsRequired),
  })
  .check(passwordsMatch);
export type RegisterField = keyof z.input<typeof registerSchema>;
export const registerFields: RegisterField[] = [
  'fullName',
  'email',
  'password',
  'confirmPassword',
  'terms',
];

/** Login: both fields required ('Please fill in all fields'). */
export const loginSchema = z.object({
  email: z
    .string(MESSAGES.fillAllFields)
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, MESSAGES.fillAllFields),
      z.maxLength(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`),
    ),
  password: z
    .string(MESSAGES.fillAllFields)
    .check(
      z.minLength(1, MESSAGES.fillAllFields),
      z.maxLength(
        PASSWORD_MAX_LENGTH,
        `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
      ),
    ),
});
export type LoginField = keyof z.input<typeof loginSchema>;
export const loginFields: LoginField[] = ['email', 'password'];

/** Forgot password and resend verification: the e-mail only. */
export const emailOnlySchema = z.object({ email });

/** Choosing a new password from a reset link. */
export const resetPasswordSchema = z
  .object({
    token: z.string().check(z.minLength(1), z.maxLength(500)),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .check(passwordsMatch);
export type ResetPasswordField = keyof z.input<typeof resetPasswordSchema>;
export const resetPasswordFields: ResetPasswordField[] = ['token', 'password', 'confirmPassword'];

/** The account page's name edit. */
export const profileNameSchema = z.object({ fullName });

/** The account page's password change. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string('Please enter your current password')
      .check(
        z.minLength(1, 'Please enter your current password'),
        z.maxLength(PASSWORD_MAX_LENGTH, 'Please enter your current password'),
      ),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .check(passwordsMatch);

/** Deleting the account asks for the password once more. */
export const deleteAccountSchema = z.object({
  password: z
    .string('Please enter your password to confirm')
    .check(
      z.minLength(1, 'Please enter your password to confirm'),
      z.maxLength(PASSWORD_MAX_LENGTH, 'Please enter your password to confirm'),
    ),
});
