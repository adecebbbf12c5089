/**
 * The account page's actions (SPEC.md section 4 "Profile edit"; issue "Accounts" 6): rename,
 * change password, delete the account. Each parses its form with zod and goes through Better
 * Auth's endpoints, so the session and rate limits are checked there.
 */
import { redirect, type AppLoadContext } from 'react-router';
import { fieldErrors, formValues } from '~/lib/forms';
import { flashCookie } from '~/features/site/flash.server';
import { actionResult } from './auth-form';
import { authRefused, formRefused, tooManyAttempts } from './auth-answers.server';
import { changePasswordSchema, deleteAccountSchema, profileNameSchema } from './forms';
import { MESSAGES } from './rules';
import { callAuthEndpoint, type AuthEndpointResult } from './session.server';

/** Fields of the account page's forms. */
export type AccountField = 'fullName' | 'currentPassword' | 'password' | 'confirmPassword';

const WRONG_PASSWORD = 'That password is not correct';

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

/** 'That password is not correct' beside `field` of the form `state` names; 400. */
const wrongPassword = (state: string, field: AccountField) =>
  actionResult<AccountField>({ ok: false, state, errors: { [field]: WRONG_PASSWORD } });

/** Changes the password and signs out every other session. */
export async function changePassword(context: AppLoadContext, request: Request, form: FormData) {
  const parsed = changePasswordSchema.safeParse(
    formValues(form, ['currentPassword', 'password', 'confirmPassword']),
  );
  if (!parsed.success) return formRefused<AccountField>(parsed.error, { state: 'password' });
  const result = await callAuthEndpoint(context, request, '/change-password', {
    currentPassword: parsed.data.currentPassword,
    newPassword: parsed.data.password,
    revokeOtherSessions: true,
  });
  if (result.status === 429) return tooMany(result);
  if (result.body.code === 'INVALID_PASSWORD') return wrongPassword('password', 'currentPassword');
  if (!result.ok) {
    return authRefused<AccountField>(result, 'Password not changed', { state: 'password' });
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
  if (!parsed.success) return formRefused<AccountField>(parsed.error, { state: 'delete' });
  const result = await callAuthEndpoint(context, request, '/delete-user', {
    password: parsed.data.password,
  });
  if (result.status === 429) return tooMany(result);
  if (result.body.code === 'INVALID_PASSWORD') return wrongPassword('delete', 'password');
  if (!result.ok) {
    return authRefused<AccountField>(result, 'Account not deleted', { state: 'delete' });
  }
  const headers = new Headers(result.headers);
  headers.append(
    'Set-Cookie',
    flashCookie('account-deleted', context.env.PUBLIC_URL.startsWith('https://')),
  );
  return redirect('/', { headers });
}
