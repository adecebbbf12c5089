import { Link, redirect } from 'react-router';
import { authPageMeta } from '~/features/account/auth-meta';
import { NewPasswordFields } from '~/features/account/password-fields';
import { FormField } from '~/components/ui/form-field';
import { AuthForm, AuthPage, EmailField, useAuthForm } from '~/features/account/auth-form';
import { registerSchema, type RegisterField } from '~/features/account/forms';
import { register } from '~/features/account/auth-actions.server';
import { getSessionUser } from '~/features/account/session.server';
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

/**
 * Creates the account (role 'user', never anything else from the browser) and sends the
 * confirmation e-mail; success goes to /login with SPEC.md's notice. Field errors answer 400,
 * an e-mail that already has an account 422, too many sign-ups from one address 429.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return register(context, request, await readFormData(request));
}

export default function Register() {
  const { actionData, busy, errors, onSubmit, passwordKey } = useAuthForm<RegisterField>(
    registerSchema,
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
      <AuthForm
        label="Register"
        onSubmit={onSubmit}
        busy={busy}
        submit={{ idle: 'Create account', busy: 'Creating your account…' }}
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
        <EmailField id="register-email" defaultValue={values.email} error={errors.email} />
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
      </AuthForm>
    </AuthPage>
  );
}
