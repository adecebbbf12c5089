import { Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { authPageMeta } from '~/features/account/auth-meta';
import { NewPasswordFields } from '~/features/account/password-fields';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import {
  actionResult,
  AuthPage,
  useFormCheck,
  type AuthActionData,
} from '~/features/account/auth-form';
import { registerFields, registerSchema, type RegisterField } from '~/features/account/forms';
import { DUPLICATE_EMAIL_MESSAGE, MESSAGES, safeReturnPath } from '~/features/account/rules';
import { tooManyAttempts } from '~/features/account/account-actions.server';
import { callAuthEndpoint, getSessionUser } from '~/features/account/session.server';
import { fieldErrors, formValues } from '~/lib/forms';
import type { Route } from './+types/register';
import { readFormData } from '~/lib/request-body.server';

export const meta: Route.MetaFunction = ({ matches }) =>
  authPageMeta(matches, {
    title: 'Create an Account',
    path: '/register',
    description: (shop) =>
      `Register with ${shop} to keep a cart and a wishlist and to order online.`,
  });

/** /register: a signed-in visitor goes to / (SPEC.md section 4 "Register"). */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getSessionUser(request, context)) throw redirect('/');
  return null;
}

type RegisterActionData = AuthActionData<RegisterField>;

/**
 * Creates the account (role 'user', never anything else from the browser) and sends the
 * confirmation e-mail; success goes to /login with SPEC.md's notice. Field errors answer 400,
 * an e-mail that already has an account 422, too many sign-ups from one address 429.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const returnPath = safeReturnPath(new URL(request.url).searchParams.get('redirectTo'));
  const onward = returnPath ? `&redirectTo=${encodeURIComponent(returnPath)}` : '';
  const values = formValues(await readFormData(request), registerFields);
  const kept = { fullName: values.fullName.slice(0, 200), email: values.email.slice(0, 254) };
  const parsed = registerSchema.safeParse(values);
  if (!parsed.success) {
    return actionResult<RegisterField>({
      ok: false,
      errors: fieldErrors(parsed.error),
      values: kept,
    });
  }
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
  return actionResult<RegisterField>(
    {
      ok: false,
      values: kept,
      notice: {
        title: 'Registration error',
        description: result.body.message ?? MESSAGES.unexpected,
      },
    },
    result.status >= 400 && result.status < 500 ? result.status : 400,
  );
}

export default function Register() {
  const actionData = useActionData<RegisterActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const { errors, onSubmit, passwordKey } = useFormCheck<RegisterField>(
    registerSchema,
    actionData,
    'Registration error',
  );
  const values = actionData?.values ?? {};

  return (
    <AuthPage
      title="Create your account"
      subtitle="Keep a cart and a wishlist, and order your fabrics and garments online."
      footer={
        <p>
          Already registered?{' '}
          <Link to="/login" className="font-medium text-primary underline">
            Sign in
          </Link>
        </p>
      }
    >
      <Form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="grid gap-4"
        aria-label="Register"
      >
        <FormField
          id="register-name"
          name="fullName"
          label="Full name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={values.fullName}
          error={errors.fullName}
        />
        <FormField
          id="register-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={values.email}
          error={errors.email}
        />
        <NewPasswordFields idPrefix="register" errors={errors} resetKey={passwordKey} />
        <div className="grid gap-1">
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="terms"
              required
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? 'register-terms-error' : undefined}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>
              I accept the{' '}
              <Link to="/terms-conditions" className="font-medium text-primary underline">
                terms and conditions
              </Link>{' '}
              and the{' '}
              <Link to="/privacy-policy" className="font-medium text-primary underline">
                privacy policy
              </Link>
              .
            </span>
          </label>
          {errors.terms && (
            <p id="register-terms-error" className="text-sm text-destructive">
              {errors.terms}
            </p>
          )}
        </div>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </Button>
      </Form>
    </AuthPage>
  );
}
