/**
 * The answers every account action gives alike when it does not go on (issue 17 item 12,
 * SPEC.md section 8): a form zod refused, a refusal Better Auth explained, and too many
 * attempts. All are `actionResult`s in the `AuthActionData` shape the pages read.
 */
import type * as z from 'zod/mini';
import { fieldErrors } from '~/lib/forms';
import { tooManyAttemptsMessage } from '~/lib/rate-limit.server';
import { actionResult, type AuthActionData } from './auth-form';
import { MESSAGES } from './rules';
import type { AuthEndpointResult } from './session.server';

/** What a refusal carries besides its reason: what to keep in the form, the page's state. */
type Kept<Field extends string> = Pick<AuthActionData<Field>, 'values' | 'state'>;

/**
 * The answer to a form zod refused: 400 with the first message of each field that failed,
 * plus `kept` (what was typed, never passwords; the page's state).
 */
export function formRefused<Field extends string>(error: z.core.$ZodError, kept: Kept<Field> = {}) {
  return actionResult<Field>({ ok: false, ...kept, errors: fieldErrors<Field>(error) });
}

/**
 * The answer to a call Better Auth refused for a reason it gave: a notice titled `title`
 * with its message (MESSAGES.unexpected when it gave none), at `status` (by default Better
 * Auth's own, a 4xx).
 */
export function authRefused<Field extends string>(
  result: Pick<AuthEndpointResult, 'status' | 'body'>,
  title: string,
  kept: Kept<Field> = {},
  status: number = result.status,
) {
  return actionResult<Field>(
    {
      ok: false,
      ...kept,
      notice: { title, description: result.body.message ?? MESSAGES.unexpected },
    },
    status,
  );
}

/**
 * The answer to an auth call refused with 429: status 429 with `Retry-After` (seconds, 60
 * when Better Auth gave none), and a notice that says when to try again (issue 17 item 12).
 */
export function tooManyAttempts<Field extends string>(
  result: Pick<AuthEndpointResult, 'retryAfterS' | 'body'>,
  extra: { title?: string; values?: Partial<Record<Field, string>> } = {},
) {
  const wait = result.retryAfterS ?? 60;
  return actionResult<Field>(
    {
      ok: false,
      values: extra.values,
      notice: {
        title: extra.title ?? 'Please wait',
        description: result.body.message || tooManyAttemptsMessage(wait),
      },
    },
    { status: 429, headers: { 'Retry-After': String(wait) } },
  );
}
