/**
 * The sign-in pages' actions (SPEC.md section 4 "Login", "Register"; section 5): sign in,
 * send a new confirmation e-mail, register, ask for a password-reset link and use it. Each
 * parses its form with zod and goes through Better Auth's endpoints (`callAuthEndpoint`), so
 * its origin checks and rate limits apply; refusals answer in `AuthActionData` with SPEC.md's
 * messages, successes redirect. Also the per-address limit of password-reset requests.
 */
import { accountRoleOf } from '~/lib/account-roles';
import { redirect, type AppLoadContext } from 'react-router';
import { formValues } from '~/lib/forms';
import { takeHits, type RequestLimit } from '~/lib/rate-limit.server';
import { authRefused, formRefused, tooManyAttempts } from './auth-answers.server';
import { actionResult } from './auth-form';
import {
  emailOnlySchema,
  loginFields,
  loginSchema,
  registerFields,
  registerSchema,
  resetPasswordFields,
  resetPasswordSchema,
  type LoginField,
  type RegisterField,
  type ResetPasswordField,
} from './forms';
import {
  DUPLICATE_EMAIL_MESSAGE,
  EMAIL_MAX_LENGTH,
  MESSAGES,
  RESET_LINK_INVALID,
  returnPathOf,
  suspendedAccountMessage,
} from './rules';
import { callAuthEndpoint, landingPath } from './session.server';

/** The e-mail as typed, kept in the form after a refusal (cut to EMAIL_MAX_LENGTH). */
const keptEmail = (values: { email: string }) => ({
  email: values.email.slice(0, EMAIL_MAX_LENGTH),
});

/** Better Auth's own status when it is a 4xx, else 400. */
const clientErrorStatus = (status: number) => (status >= 400 && status < 500 ? status : 400);

/**
 * Signs in with e-mail and password ('Please fill in all fields' answers 400) and sends the
 * visitor on with the session cookie: to the request's safe return path, else /admin for
 * administrators, else /. Refusals are titled 'Login failed': a wrong password 401, an
 * unconfirmed e-mail 403 with state 'unverified' (the page offers a new link), a banned
 * account 403 with the shop's contact, too many attempts 429.
 */
export async function signIn(context: AppLoadContext, request: Request, form: FormData) {
  const values = formValues(form, loginFields);
  const kept = keptEmail(values);
  const parsed = loginSchema.safeParse(values);
  if (!parsed.success) return formRefused<LoginField>(parsed.error, { values: kept });
  const result = await callAuthEndpoint(context, request, '/sign-in/email', {
    email: parsed.data.email,
    password: parsed.data.password,
    rememberMe: true,
  });
  if (result.ok) {
    const user = result.body.user as { role?: string } | undefined;
    const role = accountRoleOf(user?.role);
    return redirect(landingPath({ role }, returnPathOf(request)), { headers: result.headers });
  }
  if (result.status === 429) {
    return tooManyAttempts<LoginField>(result, { title: MESSAGES.loginFailed, values: kept });
  }
  if (result.body.code === 'EMAIL_NOT_VERIFIED') {
    return actionResult<LoginField>(
      {
        ok: false,
        state: 'unverified',
        values: kept,
        notice: {
          title: MESSAGES.loginFailed,
          description: 'Please confirm your e-mail address first. We can send you a new link.',
        },
      },
      403,
    );
  }
  if (result.body.code === 'BANNED_USER') {
    // Better Auth says this only once the password is right, so it tells nobody else.
    const settings = await context.catalogue.settings();
    return actionResult<LoginField>(
      {
        ok: false,
        values: kept,
        notice: { title: MESSAGES.loginFailed, description: suspendedAccountMessage(settings) },
      },
      403,
    );
  }
  return authRefused<LoginField>(
    result,
    MESSAGES.loginFailed,
    { values: kept },
    clientErrorStatus(result.status),
  );
}

/**
 * Sends a new confirmation e-mail to the form's `email` (linking back to /login?verified=1).
 * The answer (state 'resent') is the same whether the address has an unconfirmed account or
 * not; a bad address answers 400, too many requests 429.
 */
export async function resendConfirmation(
  context: AppLoadContext,
  request: Request,
  form: FormData,
) {
  const parsed = emailOnlySchema.safeParse(formValues(form, ['email']));
  if (!parsed.success) return formRefused<LoginField>(parsed.error);
  const result = await callAuthEndpoint(context, request, '/send-verification-email', {
    email: parsed.data.email,
    callbackURL: '/login?verified=1',
  });
  if (result.status === 429) return tooManyAttempts<LoginField>(result);
  return actionResult<LoginField>({
    ok: true,
    state: 'resent',
    values: { email: parsed.data.email },
    notice: {
      title: 'Confirmation e-mail sent',
      description: `If ${parsed.data.email} has an unconfirmed account, a new link is on its way.`,
      error: false,
    },
  });
}

/**
 * Creates the account (role 'user', never anything else from the browser) and sends the
 * confirmation e-mail; success redirects to /login?registered=1, both keeping the request's
 * safe return path. Field errors answer 400, an e-mail that already has an account 422, too
 * many sign-ups from one address 429, other refusals 'Registration error'.
 */
export async function register(context: AppLoadContext, request: Request, form: FormData) {
  const returnPath = returnPathOf(request);
  const onward = returnPath ? `&redirectTo=${encodeURIComponent(returnPath)}` : '';
  const values = formValues(form, registerFields);
  const kept = { fullName: values.fullName.slice(0, 200), ...keptEmail(values) };
  const parsed = registerSchema.safeParse(values);
  if (!parsed.success) return formRefused<RegisterField>(parsed.error, { values: kept });
  const result = await callAuthEndpoint(context, request, '/sign-up/email', {
    name: parsed.data.fullName,
    email: parsed.data.email,
    password: parsed.data.password,
    callbackURL: `/login?verified=1${onward}`,
  });
  if (result.ok) return redirect(`/login?registered=1${onward}`);
  if (result.status === 429) {
    return tooManyAttempts<RegisterField>(result, { title: 'Registration error', values: kept });
  }
  if (result.body.code === 'USER_ALREADY_EXISTS') {
    return actionResult<RegisterField>(
      { ok: false, errors: { email: DUPLICATE_EMAIL_MESSAGE }, values: kept },
      422,
    );
  }
  return authRefused<RegisterField>(
    result,
    'Registration error',
    { values: kept },
    clientErrorStatus(result.status),
  );
}

/**
 * Reset links one e-mail address may be sent (issue 8 item 5), whichever networks ask: Better
 * Auth limits each client address (`AUTH_RATE_LIMITS`), this stops someone changing networks
 * to flood one inbox. Counted for any address typed, registered or not, so a refusal tells
 * nothing about who has an account.
 */
export const RESET_LIMIT_PER_EMAIL: RequestLimit = { windowS: 60 * 60, max: 3 };

/**
 * Sends a reset link (to /reset-password) when the e-mail has an account. The answer (state
 * 'sent') is the same either way, so the page does not tell who is registered; 429 after
 * three requests in five minutes from one client address, or RESET_LIMIT_PER_EMAIL for one
 * e-mail address.
 */
export async function requestPasswordReset(
  context: AppLoadContext,
  request: Request,
  form: FormData,
) {
  const values = formValues(form, ['email']);
  const parsed = emailOnlySchema.safeParse(values);
  if (!parsed.success) return formRefused<'email'>(parsed.error, { values: keptEmail(values) });
  const allowed = await takeHits(context.db, [
    { key: `reset:email:${parsed.data.email.toLowerCase()}`, limit: RESET_LIMIT_PER_EMAIL },
  ]);
  if (!allowed.ok) return tooManyAttempts<'email'>({ retryAfterS: allowed.retryAfterS, body: {} });
  const result = await callAuthEndpoint(context, request, '/request-password-reset', {
    email: parsed.data.email,
    redirectTo: '/reset-password',
  });
  if (result.status === 429) return tooManyAttempts<'email'>(result);
  return actionResult<'email'>({ ok: true, state: 'sent', values: { email: parsed.data.email } });
}

/**
 * Sets the new password from a reset link's token; every session of the account is signed
 * out (Better Auth's revokeSessionsOnPasswordReset) and the visitor goes to /login?reset=1.
 * Field errors answer 400, a used or expired link 400 with state 'invalid' and
 * RESET_LINK_INVALID, too many attempts 429.
 */
export async function resetPassword(context: AppLoadContext, request: Request, form: FormData) {
  const parsed = resetPasswordSchema.safeParse(formValues(form, resetPasswordFields));
  if (!parsed.success) return formRefused<ResetPasswordField>(parsed.error);
  const result = await callAuthEndpoint(context, request, '/reset-password', {
    token: parsed.data.token,
    newPassword: parsed.data.password,
  });
  if (result.ok) return redirect('/login?reset=1');
  if (result.status === 429) return tooManyAttempts<ResetPasswordField>(result);
  return actionResult<ResetPasswordField>(
    {
      ok: false,
      state: 'invalid',
      notice: { title: 'Password not changed', description: RESET_LINK_INVALID },
    },
    400,
  );
}
