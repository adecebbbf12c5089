import { Link, useLoaderData } from 'react-router';
import { NewPasswordFields } from '~/features/account/password-fields';
import { AuthForm, AuthPage, FormNotice, useAuthForm } from '~/features/account/auth-form';
import { resetPasswordSchema, type ResetPasswordField } from '~/features/account/forms';
import { resetPassword } from '~/features/account/auth-actions.server';
import { RESET_LINK_INVALID } from '~/features/account/rules';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/reset-password';
import { readFormData } from '~/lib/request-body.server';

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
 * answers 400 with RESET_LINK_INVALID.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return resetPassword(context, request, await readFormData(request));
}

export default function ResetPassword() {
  const { token, invalid } = useLoaderData<typeof loader>();
  const { actionData, busy, errors, onSubmit, passwordKey } = useAuthForm<ResetPasswordField>(
    resetPasswordSchema,
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
          {RESET_LINK_INVALID}{' '}
          <Link to="/forgot-password" className="font-medium underline">
            Send me a new link
          </Link>
        </FormNotice>
      ) : (
        <AuthForm
          label="Choose a new password"
          onSubmit={onSubmit}
          busy={busy}
          submit={{ idle: 'Save new password', busy: 'Saving…' }}
        >
          <input type="hidden" name="token" value={token} />
          <NewPasswordFields
            idPrefix="reset"
            errors={errors}
            resetKey={passwordKey}
            labels={{ password: 'New password', confirm: 'Confirm new password' }}
          />
        </AuthForm>
      )}
    </AuthPage>
  );
}
