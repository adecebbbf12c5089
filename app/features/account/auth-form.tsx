/**
 * What the account forms share: the page frame of the sign-in pages (with SPEC.md section 4's
 * review prompt), their form and e-mail field, the answer shape of their actions, and a hook
 * that checks a form in the browser before sending it, shows errors beside the fields and
 * repeats the first one in a toast (SPEC.md section 8). What was typed stays after a refusal,
 * except passwords.
 */
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { useEffect, useState, type ReactNode } from 'react';
import { data, Form, useActionData, useNavigation } from 'react-router';
import { toast } from '~/components/ui/toaster';
import type * as z from 'zod/mini';
import { fieldErrors, type FieldErrors } from '~/lib/forms';
import { ReviewPrompt } from './review-prompt';
import { EMAIL_MAX_LENGTH } from './rules';

/** What an account action answers when it does not redirect. */
export interface AuthActionData<Field extends string = string> {
  ok: boolean;
  /** Messages beside fields. */
  errors?: FieldErrors<Field>;
  /** What was typed (never passwords), to keep in the form. */
  values?: Partial<Record<Field, string>>;
  /** A toast: title and description. */
  notice?: { title: string; description?: string; error?: boolean };
  /** Anything else the page needs (e.g. `unverified`). */
  state?: string;
}

/** An action's answer with a status: 400 for field errors unless told otherwise. */
export function actionResult<Field extends string>(
  result: AuthActionData<Field>,
  init?: number | ResponseInit,
) {
  return data(
    result,
    typeof init === 'number' ? { status: init } : (init ?? { status: result.ok ? 200 : 400 }),
  );
}

/**
 * The state of a sign-in page's form: the action's answer (`actionData`), `busy` while it is
 * being posted, and a check with `schema` on submit (stopping it and focusing the first bad
 * field when it fails) whose errors are merged with the action's (`errors`). Each answer
 * shows its notice, or else its first field error, in a toast titled `toastTitle`.
 */
export function useAuthForm<Field extends string>(schema: z.ZodMiniType, toastTitle: string) {
  const actionData = useActionData<AuthActionData<Field>>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [clientErrors, setClientErrors] = useState<FieldErrors<Field>>({});
  const [answers, setAnswers] = useState(0);
  useEffect(() => {
    if (!actionData) return;
    setClientErrors({});
    setAnswers((count) => count + 1);
    if (actionData.notice) {
      const { title, description, error } = actionData.notice;
      (error === false ? toast.success : toast.error)(title, { description });
    } else if (!actionData.ok && actionData.errors) {
      const first = Object.values(actionData.errors)[0] as string | undefined;
      toast.error(toastTitle, { description: first });
    }
  }, [actionData, toastTitle]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setClientErrors({});
      return;
    }
    event.preventDefault();
    const errors = fieldErrors<Field>(parsed.error);
    setClientErrors(errors);
    const [first, message] = Object.entries(errors)[0] ?? [];
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    toast.error(toastTitle, { description: message as string | undefined });
  };

  const errors: FieldErrors<Field> = { ...(actionData?.errors ?? {}), ...clientErrors };
  /** A key for password inputs: they start empty again after each answer of the action. */
  const passwordKey = `password-${answers}`;
  return { actionData, busy, errors, onSubmit, passwordKey };
}

/**
 * A sign-in page's form, named `label`: posted to the page's action after `onSubmit` (from
 * useAuthForm) passed it, and ended by its submit button, which reads `submit.busy` and is
 * disabled while `busy`.
 */
export function AuthForm({
  label,
  onSubmit,
  busy,
  submit,
  children,
}: {
  label: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  submit: { idle: string; busy: string };
  children: ReactNode;
}) {
  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={label}>
      {children}
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? submit.busy : submit.idle}
      </Button>
    </Form>
  );
}

/** The required 'Email' field of a sign-in page (name `email`, id `id`), at most 254 characters. */
export function EmailField({
  id,
  defaultValue,
  error,
}: {
  id: string;
  defaultValue?: string;
  error?: string;
}) {
  return (
    <FormField
      id={id}
      name="email"
      type="email"
      label="Email"
      autoComplete="email"
      required
      maxLength={EMAIL_MAX_LENGTH}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** The frame of /login, /register and the password pages. */
export function AuthPage({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-muted to-background px-4 py-12 sm:py-16">
      <Card className="mx-auto w-full max-w-md shadow-sm sm:p-8">
        <h1 className="text-3xl font-semibold">{title}</h1>
        {subtitle && <p className="mt-2 text-muted-foreground">{subtitle}</p>}
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 border-t border-border pt-5 text-sm">{footer}</div>}
      </Card>
      <ReviewPrompt />
    </div>
  );
}

/** A notice inside a form card (success or problem), announced to screen readers. */
export function FormNotice({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'mb-5 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm'
          : 'mb-5 rounded-lg border border-emerald-700/30 bg-emerald-50 p-4 text-sm text-emerald-900'
      }
    >
      {children}
    </div>
  );
}
