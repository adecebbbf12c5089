import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
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
import {
  emailOnlySchema,
  loginFields,
  loginSchema,
  type LoginField,
} from '~/features/account/forms';
import { MESSAGES, safeReturnPath, suspendedAccountMessage } from '~/features/account/rules';
import { tooManyAttempts } from '~/features/account/account-actions.server';
import { callAuthEndpoint, getSessionUser, landingPath } from '~/features/account/session.server';
import { fieldErrors, formValues } from '~/lib/forms';
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
  const returnPath = safeReturnPath(url.searchParams.get('redirectTo'));
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

type LoginActionData = AuthActionData<LoginField>;

/**
 * Signs in (intent 'sign-in') or sends a new confirmation e-mail (intent 'resend'). Field
 * errors answer 400, a wrong password 401 with 'Login failed', an unconfirmed e-mail 403 with
 * the offer of a new link, a banned account 403 with the shop's contact, too many attempts 429.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const url = new URL(request.url);
  if (form.get('intent') === 'resend') {
    const parsed = emailOnlySchema.safeParse(formValues(form, ['email']));
    if (!parsed.success) {
      return actionResult<LoginField>({ ok: false, errors: fieldErrors(parsed.error) });
    }
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

  const values = formValues(form, loginFields);
  const kept = { email: values.email.slice(0, 254) };
  const parsed = loginSchema.safeParse(values);
  if (!parsed.success) {
    return actionResult<LoginField>({ ok: false, errors: fieldErrors(parsed.error), values: kept });
  }
  const result = await callAuthEndpoint(context, request, '/sign-in/email', {
    email: parsed.data.email,
    password: parsed.data.password,
    rememberMe: true,
  });
  if (result.ok) {
    const user = result.body.user as { role?: string } | undefined;
    const returnPath = safeReturnPath(url.searchParams.get('redirectTo'));
    return redirect(landingPath({ role: user?.role === 'admin' ? 'admin' : 'user' }, returnPath), {
      headers: result.headers,
    });
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
  return actionResult<LoginField>(
    {
      ok: false,
      values: kept,
      notice: {
        title: MESSAGES.loginFailed,
        description: result.body.message ?? MESSAGES.unexpected,
      },
    },
    result.status >= 400 && result.status < 500 ? result.status : 400,
  );
}

export default function Login() {
  const { returnPath, registered, verified, verifyFailed, passwordReset } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<LoginActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const { errors, onSubmit, passwordKey } = useFormCheck<LoginField>(
    loginSchema,
    actionData,
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
        <p>
          New here?{' '}
          <Link to={registerLink} className="font-medium text-primary underline">
            Create an account
          </Link>
        </p>
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
      <Form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="grid gap-4"
        aria-label="Sign in"
      >
        <input type="hidden" name="intent" value="sign-in" />
        <FormField
          id="login-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          required
          maxLength={254}
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
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </Form>
    </AuthPage>
  );
}
