import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { NewPasswordFields } from '~/features/account/password-fields';
import { Button } from '~/components/ui/button';
import {
  actionResult,
  AuthPage,
  FormNotice,
  useFormCheck,
  type AuthActionData,
} from '~/features/account/auth-form';
import { resetPasswordSchema } from '~/features/account/forms';
import { tooManyAttempts } from '~/features/account/account-actions.server';
import { callAuthEndpoint } from '~/features/account/session.server';
import { rootMetaData } from '~/features/site/root-data';
import { fieldErrors, formValues } from '~/lib/forms';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/reset-password';
import { readFormData } from '~/lib/request-body.server';

type ResetField = 'token' | 'password' | 'confirmPassword';

/** The refusal of an expired, unknown or already used reset link. */
const LINK_INVALID = 'This reset link has expired or was already used. Ask for a new one below.';

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Choose a New Password', rootMetaData(matches).settings.shopName);

/** /reset-password?token=… (from the e-mail, through /api/auth/reset-password/:token). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  return {
    token: token.length <= 500 ? token : '',
    invalid: url.searchParams.has('error') || !token,
  };
}

/**
 * Sets the new password; every session of the account is signed out (Better Auth's
 * revokeSessionsOnPasswordReset) and the visitor goes to /login. A used or expired link
 * answers 400 with LINK_INVALID.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await readFormData(request), ['token', 'password', 'confirmPassword']);
  const parsed = resetPasswordSchema.safeParse(values);
  if (!parsed.success) {
    return actionResult<ResetField>({ ok: false, errors: fieldErrors(parsed.error) });
  }
  const result = await callAuthEndpoint(context, request, '/reset-password', {
    token: parsed.data.token,
    newPassword: parsed.data.password,
  });
  if (result.ok) return redirect('/login?reset=1');
  if (result.status === 429) return tooManyAttempts<ResetField>(result);
  return actionResult<ResetField>(
    {
      ok: false,
      state: 'invalid',
      notice: { title: 'Password not changed', description: LINK_INVALID },
    },
    400,
  );
}

export default function ResetPassword() {
  const { token, invalid } = useLoaderData<typeof loader>();
  const actionData = useActionData<AuthActionData<ResetField>>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const { errors, onSubmit, passwordKey } = useFormCheck<ResetField>(
    resetPasswordSchema,
    actionData,
    'Please check the form',
  );
  const linkInvalid = invalid || actionData?.state === 'invalid';
  return (
    <AuthPage
      title="Choose a new password"
      footer={
        <Link to="/login" className="font-medium text-primary underline">
          Back to sign in
        </Link>
      }
    >
      {linkInvalid ? (
        <FormNotice tone="error">
          {LINK_INVALID}{' '}
          <Link to="/forgot-password" className="font-medium underline">
            Send me a new link
          </Link>
        </FormNotice>
      ) : (
        <Form
          method="post"
          noValidate
          onSubmit={onSubmit}
          className="grid gap-4"
          aria-label="Choose a new password"
        >
          <input type="hidden" name="token" value={token} />
          <NewPasswordFields
            idPrefix="reset"
            errors={errors}
            resetKey={passwordKey}
            labels={{ password: 'New password', confirm: 'Confirm new password' }}
          />
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? 'Saving…' : 'Save new password'}
          </Button>
        </Form>
      )}
    </AuthPage>
  );
}
