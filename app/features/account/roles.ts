/**
 * An account's roles (issue "Back office": "make or remove admin (never the last admin)"),
 * shared by the account commands, the back office's customers screens and their route.
 */

/** The two roles of an account: a shopper ('user') or an administrator ('admin'). */
export const CUSTOMER_ROLES = ['user', 'admin'] as const;

/** 'user' or 'admin'. */
export type CustomerRole = (typeof CUSTOMER_ROLES)[number];

/** True for one of {@link CUSTOMER_ROLES}. */
export function isCustomerRole(value: unknown): value is CustomerRole {
  return (CUSTOMER_ROLES as readonly unknown[]).includes(value);
}

/** A `user.role` column's value as a role: 'admin' for an administrator, anything else 'user'. */
export const roleOf = (role: string): CustomerRole => (role === 'admin' ? 'admin' : 'user');

/** The refusal when a change would leave the shop without an administrator. */
export const LAST_ADMIN_MESSAGE = 'The shop must keep at least one administrator.';
