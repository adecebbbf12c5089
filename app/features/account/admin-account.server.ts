/**
 * `npm run admin:create` (DESIGN.md "Runtime contract" 5): creates a verified administrator or
 * promotes an existing account. There is no built-in admin address or password; an admin
 * password must be strong (at least 12 characters and a zxcvbn score of 3 or more).
 */
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { eq } from 'drizzle-orm';
import type { Auth } from '~/lib/auth.server';
import type { Db } from '~/lib/db.server';
import { user } from '~/lib/schema.server';
import { emailOnlySchema } from './forms';
import { NAME_MAX_LENGTH } from './rules';

/** Shortest administrator password, in characters. */
const ADMIN_PASSWORD_MIN_LENGTH = 12;

const strength = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});

/** Thrown for input the command refuses; its message says why in plain words. */
export class AdminInputError extends Error {
  override name = 'AdminInputError';
}

/**
 * Why a password is too weak for an administrator, or null when it is strong enough.
 * `related` are words the password must not lean on (the e-mail, the name).
 */
export function weakAdminPassword(password: string, related: string[] = []): string | null {
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    return `An administrator password needs at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`;
  }
  const result = strength.check(password, related);
  if (result.score < 3) {
    const hint = result.feedback.warning || result.feedback.suggestions[0] || '';
    return `That password is too easy to guess${hint ? ` (${hint.replace(/\.$/, '')})` : ''}. Use a longer passphrase.`;
  }
  return null;
}

export interface AdminAccountResult {
  action: 'created' | 'promoted' | 'already-admin';
  email: string;
  name: string;
}

/**
 * Creates `email` as a verified administrator with `password`, or, when the account exists,
 * makes it an administrator and marks its e-mail verified (its password stays as it was).
 * @throws AdminInputError for a malformed e-mail or name, or a weak password.
 */
export async function createOrPromoteAdmin(
  auth: Auth,
  db: Db,
  input: { email: string; password: string; name?: string },
): Promise<AdminAccountResult> {
  const parsed = emailOnlySchema.safeParse({ email: input.email });
  if (!parsed.success) throw new AdminInputError(`"${input.email}" is not a valid e-mail address.`);
  const email = parsed.data.email;
  const name = (input.name ?? '').trim() || 'Administrator';
  if (name.length > NAME_MAX_LENGTH) {
    throw new AdminInputError(`The name must be at most ${NAME_MAX_LENGTH} characters.`);
  }
  const [existing] = await db.select().from(user).where(eq(user.email, email)).limit(1);
  if (existing) {
    if (existing.role === 'admin' && existing.emailVerified) {
      return { action: 'already-admin', email, name: existing.name };
    }
    await db
      .update(user)
      .set({ role: 'admin', emailVerified: true, updatedAt: new Date() })
      .where(eq(user.id, existing.id));
    return { action: 'promoted', email, name: existing.name };
  }
  const weak = weakAdminPassword(input.password, [email, email.split('@')[0]!, name]);
  if (weak) throw new AdminInputError(weak);
  await auth.api.createUser({
    body: { email, password: input.password, name, role: 'admin', data: { emailVerified: true } },
  });
  return { action: 'created', email, name };
}
