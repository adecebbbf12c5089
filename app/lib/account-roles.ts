/**
 * The roles an account can hold (issue 31 item 2, decision 034), as stored in `user.role`:
 * - 'user': a shopper, with no back office at all;
 * - 'admin': the owner, who may do everything (the value stays 'admin': SPEC.md's texts, the
 *   accounts that exist and the tests all read it so; the screens call it "Owner");
 * - 'counter': the front desk: customers, appointments, measurements, orders and payments;
 * - 'workshop': a cutter, tailor or finisher: their own work tickets only.
 *
 * Names and labels only, safe for the browser; what each role may do is in
 * `access-control.server.ts`.
 */

/** Every role of an account, shopper first. */
export const ACCOUNT_ROLES = ['user', 'admin', 'counter', 'workshop'] as const;

/** One of {@link ACCOUNT_ROLES}. */
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** The roles of the shop's staff: everyone who may open the back office. */
const STAFF_ROLES = ['admin', 'counter', 'workshop'] as const;

/** One of {@link STAFF_ROLES}. */
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What the screens call each role. */
export const ROLE_LABELS: Record<AccountRole, string> = {
  user: 'Shopper',
  admin: 'Owner',
  counter: 'Counter',
  workshop: 'Workshop',
};

/** True for one of {@link ACCOUNT_ROLES}. */
export function isAccountRole(value: unknown): value is AccountRole {
  return (ACCOUNT_ROLES as readonly unknown[]).includes(value);
}

/** True for one of {@link STAFF_ROLES}. */
export function isStaffRole(value: unknown): value is StaffRole {
  return (STAFF_ROLES as readonly unknown[]).includes(value);
}

/** A `user.role` column's value as a role; anything unknown (or null) reads as a shopper. */
export function accountRoleOf(value: string | null | undefined): AccountRole {
  return isAccountRole(value) ? value : 'user';
}
