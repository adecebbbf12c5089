/**
 * `npm run admin:create` (DESIGN.md "Runtime contract" 5; issue 31 item 2): creates a verified
 * member of staff (owner by default, or counter or workshop) or gives an existing account that
 * role. There is no built-in admin address or password; an admin
 * password must be strong (at least 12 characters and a zxcvbn score of 3 or more).
 */
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { asc, eq } from 'drizzle-orm';
import type { Auth } from '~/lib/auth.server';
import type { Db } from '~/lib/db.server';
import { user } from '~/lib/schema.server';
import { ROLE_LABELS, accountRoleOf, type AccountRole, type StaffRole } from '~/lib/account-roles';
import { LAST_ADMIN_MESSAGE } from './roles';
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
  /** 'promoted': an existing account got the role; 'already-admin': it already had it. */
  action: 'created' | 'promoted' | 'already-admin';
  email: string;
  name: string;
  /** The staff role the account now holds. */
  role: StaffRole;
  /** The role it held before ('promoted' only). */
  previousRole?: AccountRole;
}

/**
 * Creates `email` as a verified member of staff in `role` (default 'admin', the owner; issue 31
 * item 2: 'counter' or 'workshop' too) with `password`, or, when the account exists, gives it
 * that role and marks its e-mail verified (its password stays as it was). The last unbanned
 * owner cannot be moved to another role this way either.
 * @throws AdminInputError for a malformed e-mail or name, a weak password, or the last owner.
 */
export async function createOrPromoteAdmin(
  auth: Auth,
  db: Db,
  input: { email: string; password: string; name?: string; role?: StaffRole },
): Promise<AdminAccountResult> {
  const role = input.role ?? 'admin';
  const parsed = emailOnlySchema.safeParse({ email: input.email });
  if (!parsed.success) throw new AdminInputError(`"${input.email}" is not a valid e-mail address.`);
  const email = parsed.data.email;
  const name =
    (input.name ?? '').trim() || (role === 'admin' ? 'Administrator' : ROLE_LABELS[role]);
  if (name.length > NAME_MAX_LENGTH) {
    throw new AdminInputError(`The name must be at most ${NAME_MAX_LENGTH} characters.`);
  }
  const changed = await db.transaction(async (tx) => {
    // Every owner row is locked first, as the back office's role changes do, so the last owner
    // cannot be moved away by two changes at once.
    const owners = await tx
      .select({ id: user.id, banned: user.banned })
      .from(user)
      .where(eq(user.role, 'admin'))
      .orderBy(asc(user.id))
      .for('update');
    const [existing] = await tx.select().from(user).where(eq(user.email, email)).for('update');
    if (!existing) return null;
    const previousRole = accountRoleOf(existing.role);
    if (previousRole === role && existing.emailVerified) {
      return { action: 'already-admin' as const, email, name: existing.name, role };
    }
    if (
      previousRole === 'admin' &&
      role !== 'admin' &&
      owners.every((owner) => owner.id === existing.id || owner.banned)
    ) {
      throw new AdminInputError(LAST_ADMIN_MESSAGE);
    }
    await tx
      .update(user)
      .set({ role, emailVerified: true, updatedAt: new Date() })
      .where(eq(user.id, existing.id));
    return { action: 'promoted' as const, email, name: existing.name, role, previousRole };
  });
  if (changed) return changed;
  const weak = weakAdminPassword(input.password, [email, email.split('@')[0]!, name]);
  if (weak) throw new AdminInputError(weak);
  await auth.api.createUser({
    body: { email, password: input.password, name, role, data: { emailVerified: true } },
  });
  return { action: 'created', email, name, role };
}
