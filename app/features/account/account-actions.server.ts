/**
 * The account page's actions (SPEC.md section 4 "Profile edit"; issue "Accounts" 6): rename,
 * change password, delete the account. Each parses its form with zod and goes through Better
 * Auth's endpoints, so the session and rate limits are checked there. Also the per-address
 * limit of password-reset requests.
 */
import { redirect, type AppLoadContext } from 'react-router';
import { fieldErrors, formValues } from '~/lib/forms';
import { flashCookie } from '~/features/site/flash.server';
import { takeHits, tooManyAttemptsMessage, type RequestLimit } from '~/lib/rate-limit.server';
import { actionResult } from './auth-form';
import { changePasswordSchema, deleteAccountSchema, profileNameSchema } from './forms';
import { MESSAGES } from './rules';
import { callAuthEndpoint, type AuthEndpointResult } from './session.server';

/** Fields of the account page's forms. */
export type AccountField = 'fullName' | 'currentPassword' | 'password' | 'confirmPassword';

const WRONG_PASSWORD = 'That password is not correct';

/**
 * The answer to an auth call refused with 429: status 429 with `Retry-After`, and a notice
 * that says when to try again (issue 17 item 12).
 */
export function tooManyAttempts<Field extends string>(
  result: Pick<AuthEndpointResult, 'retryAfterS' | 'body'>,
  extra: { title?: string; values?: Partial<Record<Field, string>> } = {},
) {
  const wait = result.retryAfterS ?? 60;
  return actionResult<Field>(
    {
      ok: false,
      values: extra.values,
      notice: {
        title: extra.title ?? 'Please wait',
        description: result.body.message || tooManyAttemptsMessage(wait),
      },
    },
    { status: 429, headers: { 'Retry-After': String(wait) } },
  );
}

const tooMany = (result: AuthEndpointResult) => tooManyAttempts<AccountField>(result);

/** Saves a new full name; 'Update failed' with the reason otherwise (SPEC.md section 8). */
export async function updateName(context: AppLoadContext, request: Request, form: FormData) {
  const parsed = profileNameSchema.safeParse(formValues(form, ['fullName']));
  if (!parsed.success) {
    const errors = fieldErrors<AccountField>(parsed.error);
    return actionResult<AccountField>({
      ok: false,
      state: 'name',
      errors,
      notice: { title: MESSAGES.updateFailed, description: errors.fullName },
    });
  }
  const result = await callAuthEndpoint(context, request, '/update-user', {
    name: parsed.data.fullName,
  });
  if (result.status === 429) return tooMany(result);
  if (!result.ok) {
    return actionResult<AccountField>(
      {
        ok: false,
        state: 'name',
        notice: {
          title: MESSAGES.updateFailed,
          description: result.body.message || MESSAGES.updateFailedFallback,
        },
      },
      result.status,
    );
  }
  return actionResult<AccountField>({
    ok: true,
    state: 'name',
    notice: { title: 'Profile updated', description: 'Your name has been saved.', error: false },
  });
}

/** Changes the password and signs out every other session. */
export async function changePassword(context: AppLoadContext, request: Request, form: FormData) {
  const parsed = changePasswordSchema.safeParse(
    formValues(form, ['currentPassword', 'password', 'confirmPassword']),
  );
  if (!parsed.success) {
    return actionResult<AccountField>({
      ok: false,
      state: 'password',
      errors: fieldErrors(parsed.error),
    });
  }
  const result = await callAuthEndpoint(context, request, '/change-password', {
    currentPassword: parsed.data.currentPassword,
    newPassword: parsed.data.password,
    revokeOtherSessions: true,
  });
  if (result.status === 429) return tooMany(result);
  if (result.body.code === 'INVALID_PASSWORD') {
    return actionResult<AccountField>({
      ok: false,
      state: 'password',
      errors: { currentPassword: WRONG_PASSWORD },
    });
  }
  if (!result.ok) {
    return actionResult<AccountField>(
      {
        ok: false,
        state: 'password',
        notice: {
          title: 'Password not changed',
          description: result.body.message ?? MESSAGES.unexpected,
        },
      },
      result.status,
    );
  }
  return actionResult<AccountField>(
    {
      ok: true,
      state: 'password',
      notice: {
        title: 'Password changed',
        description: 'Your other devices have been signed out.',
        error: false,
      },
    },
    { headers: result.headers },
  );
}

/**
 * Deletes the account after the password is confirmed: the user, their sessions and sign-in
 * methods go (database cascades); the browser goes to / with 'Account deleted'.
 */
export async function deleteAccount(context: AppLoadContext, request: Request, form: FormData) {
  const parsed = deleteAccountSchema.safeParse(formValues(form, ['password']));
  if (!parsed.success) {
    return actionResult<AccountField>({
      ok: false,
      state: 'delete',
      errors: fieldErrors(parsed.error),
    });
  }
  const result = await callAuthEndpoint(context, request, '/delete-user', {
    password: parsed.data.password,
  });
  if (result.status === 429) return tooMany(result);
  if (result.body.code === 'INVALID_PASSWORD') {
    return actionResult<AccountField>({
      ok: false,
      state: 'delete',
      errors: { password: WRONG_PASSWORD },
    });
  }
  if (!result.ok) {
    return actionResult<AccountField>(
      {
        ok: false,
        state: 'delete',
        notice: {
          title: 'Account not deleted',
          description: result.body.message ?? MESSAGES.unexpected,
        },
      },
      result.status,
    );
  }
  const headers = new Headers(result.headers);
  headers.append(
    'Set-Cookie',
    flashCookie('account-deleted', context.env.PUBLIC_URL.startsWith('https://')),
  );
  return redirect('/', { headers });
}

/**
 * Reset links one e-mail address may be sent (issue 8 item 5), whichever networks ask: Better
 * Auth limits each client address (`AUTH_RATE_LIMITS`), this stops someone changing networks
 * to flood one inbox. Counted for any address typed, registered or not, so a refusal tells
 * nothing about who has an account.
 */
export const RESET_LIMIT_PER_EMAIL: RequestLimit = { windowS: 60 * 60, max: 3 };

/** Counts one reset request for `email`; false when that address is over its limit. */
export async function takeResetHit(
  context: AppLoadContext,
  email: string,
): Promise<{ ok: true } | { ok: false; retryAfterS: number }> {
  return takeHits(context.db, [
    { key: `reset:email:${email.toLowerCase()}`, limit: RESET_LIMIT_PER_EMAIL },
  ]);
}
