/**
 * Account rules shared by the server and the pages: limits, SPEC.md's messages (sections 5
 * and 8) and the return-path check that keeps sign-in redirects on this site.
 */
import { sameOriginPath } from '~/lib/return-path';

/** Minimum password length (SPEC.md section 9). */
export const PASSWORD_MIN_LENGTH = 6;
/** Longest password accepted, in characters. */
export const PASSWORD_MAX_LENGTH = 128;
/** Longest full name, in characters. */
export const NAME_MAX_LENGTH = 100;
/** Longest e-mail address (RFC 5321 path limit), in characters. */
export const EMAIL_MAX_LENGTH = 254;

/** SPEC.md section 5 "Register" and section 8, word for word. */
export const MESSAGES = {
  nameRequired: 'Please enter your full name',
  emailInvalid: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordsDiffer: 'Passwords do not match',
  termsRequired: 'Please accept the terms and conditions',
  fillAllFields: 'Please fill in all fields',
  loginFailed: 'Login failed',
  unexpected: 'An unexpected error occurred. Please try again.',
  registrationSuccessTitle: 'Registration successful',
  registrationSuccess: 'Please check your email to verify your account.',
  updateFailed: 'Update failed',
  updateFailedFallback: 'Failed to update profile.',
} as const;

/** The refusal of an e-mail that already has an account (SPEC.md section 5). */
export const DUPLICATE_EMAIL_MESSAGE =
  'An account with this email already exists. Please sign in instead.';

/** The refusal of an expired, unknown or already used password-reset link. */
export const RESET_LINK_INVALID =
  'This reset link has expired or was already used. Ask for a new one below.';

/**
 * What a banned account is told when it signs in with the right password, in the shop's voice
 * rather than Better Auth's ('You have been banned from this application…'), with the shop's
 * phone and e-mail from its settings.
 */
export function suspendedAccountMessage(contact: { phone: string; email: string }): string {
  return (
    'This account has been suspended. Please contact the shop for help: ' +
    `call ${contact.phone} or write to ${contact.email}.`
  );
}

/**
 * The path to send a visitor back to after signing in, or null when `value` is not a plain
 * path on this site once normalised (`sameOriginPath`: refuses `//evil.example`,
 * `/.//evil.example`, `/%2e%2e//evil.example`, backslashes, control characters, absolute
 * URLs), and the sign-in pages themselves (which would loop).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  const path = value ? sameOriginPath(value) : null;
  if (!path) return null;
  const { pathname } = new URL(path, 'http://return.invalid');
  if (/^\/(login|auth|register|logout)\/?$/.test(pathname)) return null;
  return path;
}

/** The safe return path (`safeReturnPath`) a request's `redirectTo` parameter names, or null. */
export function returnPathOf(request: Request): string | null {
  return safeReturnPath(new URL(request.url).searchParams.get('redirectTo'));
}

/** The sign-in page that returns to `path` afterwards, e.g. /login?redirectTo=%2Faccount. */
export function loginPathFor(path: string): string {
  const safe = safeReturnPath(path);
  return safe && safe !== '/' ? `/login?redirectTo=${encodeURIComponent(safe)}` : '/login';
}
