/**
 * The account domain's commands on an account's role and ban (issue "Back office": "make or
 * remove admin (never the last admin); ban (revokes sessions)"; issue 30 item 4: the account
 * domain owns `user` and `session` and every write to them). The back office's customer page
 * (`features/admin/customers`) parses the forms and calls these.
 *
 * Accounts are Better Auth's `user` rows; the role and ban columns belong to its admin plugin,
 * which refuses a new session to a banned account. They are written here directly through
 * Drizzle so that each change, the sessions it revokes and its audit entry share one
 * transaction.
 *
 * The last-administrator rule cannot race: every role or ban change first locks all
 * administrator rows (`select … for update`, in id order), so two changes that could each
 * leave no administrator run one after the other, and the second sees the first's result.
 * An administrator who is banned cannot sign in, so only unbanned administrators count.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { session, user } from '~/lib/schema.server';
import { Refusal } from '~/lib/refusal';
import type { Actor } from '~/lib/audit.server';
import { auditedWrite, type Tx } from '~/lib/audited-write.server';
import { LAST_ADMIN_MESSAGE, roleLabel, roleOf, type CustomerRole } from './roles';

/** {@link setRole}'s input: the account's id and the role it gets. */
export interface SetRoleInput {
  userId: string;
  role: CustomerRole;
}

/** {@link setBanned}'s input: the account's id, ban (true) or lift (false), and the reason. */
export interface SetBannedInput {
  userId: string;
  banned: boolean;
  /** Shown to staff and kept on the account; null for none (and always when lifting). */
  reason: string | null;
}

/** The account's state an audit entry records before and after a change. */
interface AccountState {
  role: CustomerRole;
  banned: boolean;
  banReason: string | null;
}

/** An account row locked for the change, with the state the audit entry records. */
interface LockedAccount extends AccountState {
  id: string;
  name: string;
  email: string;
}

/**
 * Locks every administrator row, then the target's row, and checks that the actor is still an
 * unbanned administrator. Resolves to the target and the unbanned administrators' ids.
 * @throws Refusal 'not-found' for an unknown account, 'conflict' when the actor is no longer an
 *   administrator.
 */
async function lockForChange(
  tx: Tx,
  actor: Actor,
  targetId: string,
): Promise<{ target: LockedAccount; activeAdmins: string[] }> {
  const admins = await tx
    .select({ id: user.id, banned: user.banned })
    .from(user)
    .where(eq(user.role, 'admin'))
    .orderBy(asc(user.id))
    .for('update');
  const [row] = await tx
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      banned: user.banned,
      banReason: user.banReason,
    })
    .from(user)
    .where(eq(user.id, targetId))
    .for('update');
  if (!row) throw new Refusal('not-found', 'This account no longer exists.');
  return {
    target: { ...row, role: roleOf(row.role) },
    activeAdmins: admins.filter((admin) => !admin.banned).map((admin) => admin.id),
  };
}

/** @throws Refusal 'conflict' when `actor` is no longer an unbanned administrator. */
function assertStillAdmin(actor: Actor, activeAdmins: string[]): void {
  if (!activeAdmins.includes(actor.id)) {
    throw new Refusal('conflict', 'You are no longer an administrator. Reload the page.');
  }
}

/** @throws Refusal 'conflict' when taking `target` away leaves no unbanned administrator. */
function assertAdminRemains(target: LockedAccount, activeAdmins: string[]): void {
  if (activeAdmins.every((id) => id === target.id))
    throw new Refusal('conflict', LAST_ADMIN_MESSAGE);
}

const stateOf = (account: AccountState): AccountState => ({
  role: account.role,
  banned: account.banned,
  banReason: account.banReason,
});

const who = (account: { name: string; email: string }) => `${account.name} (${account.email})`;

/**
 * Gives an account a role (issue 31 item 2, decision 034): shopper ('user'), owner ('admin'),
 * counter or workshop, with its audit entry in one transaction: 'customer.make-admin' when it
 * becomes the owner, 'customer.remove-admin' when it stops being one, 'customer.set-role'
 * between the other roles. An owner may give up their own role while another unbanned owner
 * remains. An account already in that role is left as it is, with no audit entry. Resolves to
 * the toast's message.
 * @throws Refusal 'not-found' for an unknown account; 'conflict' when the last owner would go,
 *   when a banned account would become staff, or when the actor is no longer an owner.
 */
export async function setRole(db: Db, actor: Actor, input: SetRoleInput): Promise<string> {
  const promoted = input.role === 'admin';
  const staff = input.role !== 'user';
  return auditedWrite(db, actor, {
    read: (tx) => lockForChange(tx, actor, input.userId),
    check: ({ target, activeAdmins }) => {
      if (input.role !== 'admin' && target.role === 'admin') {
        assertAdminRemains(target, activeAdmins);
      }
      assertStillAdmin(actor, activeAdmins);
      if (target.role === input.role) {
        if (promoted) return `${target.name} is already an administrator.`;
        return input.role === 'user'
          ? `${target.name} is already a customer.`
          : `${target.name} is already in the role ${roleLabel(input.role)}.`;
      }
      if (staff && target.banned) {
        throw new Refusal(
          'conflict',
          promoted
            ? 'Lift the ban before making this account an administrator.'
            : 'Lift the ban before giving this account a staff role.',
        );
      }
      return undefined;
    },
    write: async (tx, { target }) => {
      await tx
        .update(user)
        .set({ role: input.role, updatedAt: new Date() })
        .where(eq(user.id, target.id));
      return stateOf({ ...target, role: input.role });
    },
    audit: ({ target }, after) => ({
      action: promoted
        ? 'customer.make-admin'
        : target.role === 'admin'
          ? 'customer.remove-admin'
          : 'customer.set-role',
      entity: 'customer',
      entityId: target.id,
      summary: promoted
        ? `Made ${who(target)} an administrator`
        : target.role === 'admin'
          ? `Removed the administrator role from ${who(target)}${staff ? ` (now ${roleLabel(input.role)})` : ''}`
          : `Changed the role of ${who(target)} from ${roleLabel(target.role)} to ${roleLabel(input.role)}`,
      before: stateOf(target),
      after,
    }),
    answer: ({ target }) => {
      if (promoted) return `${target.name} is now an administrator.`;
      if (target.role === 'admin' && input.role === 'user') {
        return target.id === actor.id
          ? 'You are no longer an administrator.'
          : `${target.name} is no longer an administrator.`;
      }
      return target.id === actor.id
        ? `Your role is now ${roleLabel(input.role)}.`
        : `${target.name}’s role is now ${roleLabel(input.role)}.`;
    },
  });
}

/**
 * Bans an account (signing it out everywhere: all its sessions are deleted) or lifts its ban,
 * with its audit entry ('customer.ban' or 'customer.unban'), in one transaction. Better Auth's
 * admin plugin then refuses the banned account a new session. Nobody can ban themselves, nor
 * the last unbanned administrator. An account already in that state is left as it is, with no
 * audit entry. Resolves to the toast's message.
 * @throws Refusal 'not-found' for an unknown account, 'invalid' for banning oneself, 'conflict' when the last
 *   administrator would be banned or the actor is no longer an administrator.
 */
export async function setBanned(db: Db, actor: Actor, input: SetBannedInput): Promise<string> {
  if (input.banned && input.userId === actor.id) {
    throw new Refusal('invalid', 'You cannot ban your own account.');
  }
  const banReason = input.banned ? input.reason : null;
  return auditedWrite(db, actor, {
    read: (tx) => lockForChange(tx, actor, input.userId),
    check: ({ target, activeAdmins }) => {
      if (input.banned && target.role === 'admin' && !target.banned) {
        assertAdminRemains(target, activeAdmins);
      }
      assertStillAdmin(actor, activeAdmins);
      if (target.banned !== input.banned) return undefined;
      return input.banned ? `${target.name} is already banned.` : `${target.name} is not banned.`;
    },
    /** Resolves to how many sessions a ban signed out (none when a ban is lifted). */
    write: async (tx, { target }) => {
      await tx
        .update(user)
        .set({ banned: input.banned, banReason, banExpires: null, updatedAt: new Date() })
        .where(eq(user.id, target.id));
      if (!input.banned) return 0;
      const revoked = await tx
        .delete(session)
        .where(eq(session.userId, target.id))
        .returning({ id: session.id });
      return revoked.length;
    },
    audit: ({ target }, revoked) =>
      input.banned
        ? {
            action: 'customer.ban',
            entity: 'customer',
            entityId: target.id,
            summary:
              `Banned ${who(target)}${banReason ? `: ${banReason}` : ''}` +
              ` (${revoked} ${revoked === 1 ? 'session' : 'sessions'} signed out)`,
            before: stateOf(target),
            after: {
              ...stateOf({ ...target, banned: true, banReason }),
              sessionsRevoked: revoked,
            },
          }
        : {
            action: 'customer.unban',
            entity: 'customer',
            entityId: target.id,
            summary: `Lifted the ban on ${who(target)}`,
            before: stateOf(target),
            after: stateOf({ ...target, banned: false, banReason: null }),
          },
    answer: ({ target }) =>
      input.banned
        ? `${target.name} is banned and signed out everywhere.`
        : `The ban on ${target.name} is lifted; they can sign in again.`,
  });
}
