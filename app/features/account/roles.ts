/**
 * An account's roles (issue "Back office": "make or remove admin (never the last admin)";
 * issue 31 item 2: the staff roles, decision 034), shared by the account commands, the back
 * office's customers screens and their route. The roles themselves are in lib/account-roles.
 */
import { ACCOUNT_ROLES, ROLE_LABELS, accountRoleOf, isAccountRole } from '~/lib/account-roles';
import type { AccountRole } from '~/lib/account-roles';

/** Every role an account can be given: shopper ('user'), owner ('admin'), counter, workshop. */
export const CUSTOMER_ROLES = ACCOUNT_ROLES;

/** One of {@link CUSTOMER_ROLES}. */
export type CustomerRole = AccountRole;

/** True for one of {@link CUSTOMER_ROLES}. */
export const isCustomerRole = isAccountRole;

/** A `user.role` column's value as a role; anything unknown reads as a shopper ('user'). */
export const roleOf = (role: string): CustomerRole => accountRoleOf(role);

/** What the screens call a role: Shopper, Owner, Counter, Workshop. */
export const roleLabel = (role: CustomerRole): string => ROLE_LABELS[role];

/** The refusal when a change would leave the shop without an owner. */
export const LAST_ADMIN_MESSAGE = 'The shop must keep at least one administrator.';
