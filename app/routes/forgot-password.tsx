import { Link } from 'react-router';
import { authPageMeta } from '~/features/account/auth-meta';
import {
  AuthForm,
  AuthPage,
  EmailField,
  FormNotice,
  useAuthForm,
} from '~/features/account/auth-form';
import { emailOnlySchema } from '~/features/account/forms';
import { requestPasswordReset } from '~/features/account/auth-actions.server';
import type { Route } from './+types/forgot-password';
import { readFormData } from '~/lib/request-body.server';

export const meta: Route.MetaFunction = ({ matches }) =>
  authPageMeta(matches, {
    title: 'Forgot Password',
    path: '/forgot-password',
    description: (shop) => `Reset the password of your ${shop} account by e-mail.`,
  });

/**
 * Sends a reset link when the e-mail has an account. The answer is the same either way, so the
 * page does not tell who is registered; 429 after three requests in five minutes from one
 * client address, or three in an hour for one e-mail address (`RESET_LIMIT_PER_EMAIL`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return requestPasswordReset(context, request, await readFormData(request));
}

export default function ForgotPassword() {
  const { actionData, busy, errors, onSubmit } = useAuthForm<'email'>(
    emailOnlySchema,
    'Please check the form',
  );
  return (
    <AuthPage
      title="Forgot your password?"
      subtitle="Tell us your e-mail and we will send you a link to choose a new one."
      footer={
        <Link to="/login" className="font-medium text-primary underline">
          Back to sign in
        </Link>
      }
    >
      {actionData?.state === 'sent' ? (
        <FormNotice tone="success">
          <strong className="block">Check your e-mail</strong>
          If {actionData.values?.email} has an account with us, a link to reset its password is on
          its way. It works for one hour.
        </FormNotice>
      ) : (
        <AuthForm
          label="Reset password"
          onSubmit={onSubmit}
          busy={busy}
          submit={{ idle: 'Send reset link', busy: 'Sending…' }}
        >
          <EmailField
            id="forgot-email"
            defaultValue={actionData?.values?.email}
            error={errors.email}
          />
        </AuthForm>
      )}
    </AuthPage>
  );
}
