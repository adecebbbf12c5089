import { Form, Link, redirect, useLoaderData } from 'react-router';
import { authPageMeta } from '~/features/account/auth-meta';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import {
  AuthForm,
  AuthPage,
  EmailField,
  FormNotice,
  useAuthForm,
} from '~/features/account/auth-form';
import { loginSchema, type LoginField } from '~/features/account/forms';
import { MESSAGES, returnPathOf } from '~/features/account/rules';
import { resendConfirmation, signIn } from '~/features/account/auth-actions.server';
import { getSessionUser, landingPath } from '~/features/account/session.server';
import type { Route } from './+types/login';
import { readFormData } from '~/lib/request-body.server';

export const meta: Route.MetaFunction = ({ matches }) =>
  authPageMeta(matches, {
    title: 'Sign In',
    path: '/login',
    description: (shop) => `Sign in to your ${shop} account to see your cart, wishlist and orders.`,
  });

/** What the page says about a confirmation link that came back with an error. */
const VERIFY_LINK_FAILED =
  'This confirmation link has expired or is not valid. Sign in below to get a new one.';

/**
 * /login and /auth (SPEC.md section 4 "Login"). A signed-in visitor goes on at once: to the
 * safe return path, else /admin for administrators, else /.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnPath = returnPathOf(request);
  const user = await getSessionUser(request, context);
  if (user) throw redirect(landingPath(user, returnPath));
  return {
    returnPath,
    registered: url.searchParams.get('registered') === '1',
    verified: url.searchParams.get('verified') === '1' && !url.searchParams.has('error'),
    verifyFailed: url.searchParams.has('error'),
    passwordReset: url.searchParams.get('reset') === '1',
  };
}

/**
 * Signs in (intent 'sign-in') or sends a new confirmation e-mail (intent 'resend'). Field
 * errors answer 400, a wrong password 401 with 'Login failed', an unconfirmed e-mail 403 with
 * the offer of a new link, a banned account 403 with the shop's contact, too many attempts 429.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  return form.get('intent') === 'resend'
    ? resendConfirmation(context, request, form)
    : signIn(context, request, form);
}

export default function Login() {
  const { returnPath, registered, verified, verifyFailed, passwordReset } =
    useLoaderData<typeof loader>();
  const { actionData, busy, errors, onSubmit, passwordKey } = useAuthForm<LoginField>(
    loginSchema,
    MESSAGES.loginFailed,
  );
  const unverified = actionData?.state === 'unverified' || actionData?.state === 'resent';
  const formError = !actionData?.ok && actionData?.notice?.description;
  const registerLink = returnPath
    ? `/register?redirectTo=${encodeURIComponent(returnPath)}`
    : '/register';

  return (
    <AuthPage
      title="Welcome back"
      subtitle="Sign in to your account to see your cart, wishlist and orders."
      footer={
        <>
          <p>
            New here?{' '}
            <Link to={registerLink} className="font-medium text-primary underline">
              Create an account
            </Link>
          </p>
          {/* Issue 32 item 5: a shopper on their way to the checkout may go on without an account. */}
          {returnPath === '/checkout' && (
            <p className="mt-3">
              No account?{' '}
              <Link to="/checkout?guest=1" className="font-medium text-primary underline">
                Check out as a guest
              </Link>
            </p>
          )}
        </>
      }
    >
      {registered && (
        <FormNotice tone="success">
          <strong className="block">{MESSAGES.registrationSuccessTitle}</strong>
          {MESSAGES.registrationSuccess}
        </FormNotice>
      )}
      {verified && (
        <FormNotice tone="success">
          <strong className="block">E-mail confirmed</strong>
          Thank you. You can sign in now.
        </FormNotice>
      )}
      {passwordReset && (
        <FormNotice tone="success">
          <strong className="block">Password changed</strong>
          Sign in with your new password.
        </FormNotice>
      )}
      {verifyFailed && !unverified && <FormNotice tone="error">{VERIFY_LINK_FAILED}</FormNotice>}
      {formError && actionData?.state !== 'resent' && (
        <FormNotice tone="error">
          <strong className="block">{actionData?.notice?.title}</strong>
          {formError}
        </FormNotice>
      )}
      {unverified && (
        <Form method="post" className="mb-5">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={actionData?.values?.email ?? ''} />
          {actionData?.state === 'resent' ? (
            <FormNotice tone="success">{actionData.notice?.description}</FormNotice>
          ) : (
            <Button type="submit" variant="outline" className="w-full" disabled={busy}>
              Send a new confirmation e-mail
            </Button>
          )}
        </Form>
      )}
      <AuthForm
        label="Sign in"
        onSubmit={onSubmit}
        busy={busy}
        submit={{ idle: 'Sign in', busy: 'Signing in…' }}
      >
        <input type="hidden" name="intent" value="sign-in" />
        <EmailField
          id="login-email"
          defaultValue={actionData?.values?.email}
          error={errors.email}
        />
        <FormField
          key={`${passwordKey}-login-password`}
          id="login-password"
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          required
          maxLength={128}
          error={errors.password}
        />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-primary underline">
            Forgot password?
          </Link>
        </p>
      </AuthForm>
    </AuthPage>
  );
}
