import { Form, Link, useActionData, useNavigation } from 'react-router';
import { authPageMeta } from '~/features/account/auth-meta';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import {
  actionResult,
  AuthPage,
  FormNotice,
  useFormCheck,
  type AuthActionData,
} from '~/features/account/auth-form';
import { emailOnlySchema } from '~/features/account/forms';
import { takeResetHit, tooManyAttempts } from '~/features/account/account-actions.server';
import { callAuthEndpoint } from '~/features/account/session.server';
import { fieldErrors, formValues } from '~/lib/forms';
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
  const values = formValues(await readFormData(request), ['email']);
  const parsed = emailOnlySchema.safeParse(values);
  if (!parsed.success) {
    return actionResult<'email'>({
      ok: false,
      errors: fieldErrors(parsed.error),
      values: { email: values.email.slice(0, 254) },
    });
  }
  const allowed = await takeResetHit(context, parsed.data.email);
  if (!allowed.ok) return tooManyAttempts<'email'>({ retryAfterS: allowed.retryAfterS, body: {} });
  const result = await callAuthEndpoint(context, request, '/request-password-reset', {
    email: parsed.data.email,
    redirectTo: '/reset-password',
  });
  if (result.status === 429) return tooManyAttempts<'email'>(result);
  return actionResult<'email'>({ ok: true, state: 'sent', values: { email: parsed.data.email } });
}

export default function ForgotPassword() {
  const actionData = useActionData<AuthActionData<'email'>>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const { errors, onSubmit } = useFormCheck<'email'>(
    emailOnlySchema,
    actionData,
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
        <Form
          method="post"
          noValidate
          onSubmit={onSubmit}
          className="grid gap-4"
          aria-label="Reset password"
        >
          <FormField
            id="forgot-email"
            name="email"
            type="email"
            label="Email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={actionData?.values?.email}
            error={errors.email}
          />
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? 'Sending…' : 'Send reset link'}
          </Button>
        </Form>
      )}
    </AuthPage>
  );
}
