/**
 * What the account domain gives Better Auth (issue 18): the verification and reset e-mails,
 * SPEC.md section 5's duplicate-e-mail message and the field limits. Every place that builds
 * auth (the server, scripts, tests) passes this, so lib/auth.server.ts imports no feature.
 */
import type { AccountAuthRules } from '~/lib/auth.server';
import { passwordResetEmail, verificationEmail } from './emails';
import {
  DUPLICATE_EMAIL_MESSAGE,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './rules';

/** The account rules auth enforces, for `createAuth({ account })`. */
export const accountAuthRules: AccountAuthRules = {
  verificationEmail,
  passwordResetEmail,
  duplicateEmailMessage: DUPLICATE_EMAIL_MESSAGE,
  limits: {
    nameMax: NAME_MAX_LENGTH,
    emailMax: EMAIL_MAX_LENGTH,
    passwordMin: PASSWORD_MIN_LENGTH,
    passwordMax: PASSWORD_MAX_LENGTH,
  },
};
