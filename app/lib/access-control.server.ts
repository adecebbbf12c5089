/**
 * What each role may do in the back office (issue 31 item 2, decision 034), written with
 * Better Auth's access control: the statements name every resource of the back office and
 * its actions, each staff role is a `Role` of them, and the same role objects are handed to
 * Better Auth's admin plugin (`auth.server.ts`) and checked by the page and action guards
 * (`features/account/session.server.ts`, `features/admin/shared/admin-action.server.ts`).
 *
 * `user` and `session` are the admin plugin's own statements (its /api/auth/admin/*
 * endpoints); only the owner holds them.
 */
import { createAccessControl, type Role } from 'better-auth/plugins/access';
import { adminAc, defaultStatements } from 'better-auth/plugins/admin/access';
import type { AccountRole, StaffRole } from './account-roles';

/** Every resource of the back office and its actions. */
export const STAFF_STATEMENTS = {
  ...defaultStatements,
  /** /admin's figures (revenue, orders, messages). */
  dashboard: ['read'],
  /** Categories, products and style options (with the bespoke prices). */
  catalogue: ['read', 'edit'],
  media: ['read', 'edit'],
  /** Shop and bespoke orders: the list and page, a new bespoke order, its garments, fulfilment. */
  orders: ['read', 'create', 'edit'],
  /** An order's ledger, payment links, the day book and its cash counts. */
  payments: ['read', 'record'],
  /** `create` up to the owner's limit in the settings; `over-limit` above it. */
  refunds: ['create', 'over-limit'],
  /** The register and documents (`read`), sending them to the customer, the CSV/GSTR-1 exports. */
  invoices: ['read', 'send', 'export'],
  /** Customer records and accounts (with their phone and e-mail); merging two records; bans. */
  customers: ['read', 'edit', 'merge', 'ban'],
  /** The calendar and bookings; `setup`: types, rules and closures. */
  appointments: ['read', 'book', 'setup'],
  measurements: ['read', 'record'],
  /** The contact messages. */
  messages: ['read', 'edit'],
  /** Shop, message and invoicing settings. */
  settings: ['read', 'edit'],
  audit: ['read'],
  /** Giving an account a role (shopper, owner, counter, workshop). */
  staff: ['set-role'],
  /** Work tickets (one per bespoke garment): own ones, all of them, moving a stage, assigning. */
  ticket: ['read-own', 'read-all', 'move', 'assign'],
  /** The production board (/admin/workshop). */
  'workshop-board': ['read'],
  /** Every worker's piece rates, credits and payments (issue 31 item 8); `edit`: rates, payments. */
  wages: ['read', 'edit'],
  /** A worker's own month: their credits, payments and dues (issue 31 item 8). */
  'wages-own': ['read'],
  /** Discount codes (issue 32 item 4): the list with their uses; `edit`: create, edit, deactivate. */
  coupons: ['read', 'edit'],
  /** Packing, shipping and the later dispatch stages of a shop order (issue 32 item 6). */
  dispatch: ['move'],
  /** Returns and exchanges (issue 32 item 7): approving, refusing, marking the goods received. */
  returns: ['decide'],
} as const;

/** The access control of the back office. */
export const staffAccess = createAccessControl(STAFF_STATEMENTS);

/** A permission request: resources and the actions wanted on each (all must be granted). */
export type Permission = {
  readonly [
    Resource in keyof typeof STAFF_STATEMENTS
  ]?: readonly (typeof STAFF_STATEMENTS)[Resource][number][];
};

/**
 * The owner: every action on every resource of the shop, and Better Auth's admin endpoints as
 * its own administrator role grants them (impersonating another administrator is left out, and
 * unused).
 */
const { user: _user, session: _session, ...SHOP_STATEMENTS } = STAFF_STATEMENTS;
const owner = staffAccess.newRole({ ...adminAc.statements, ...SHOP_STATEMENTS });

/**
 * The counter: customers, appointments, measurements, orders and payments, invoices to read
 * and send, messages, the workshop's tickets. Refunds only up to the owner's limit; no
 * settings, no audit, no catalogue, no staff, no bans, no exports, no wages (issue 31 item 8).
 */
const counter = staffAccess.newRole({
  dashboard: ['read'],
  orders: ['read', 'create', 'edit'],
  payments: ['read', 'record'],
  refunds: ['create'],
  invoices: ['read', 'send'],
  customers: ['read', 'edit', 'merge'],
  appointments: ['read', 'book'],
  measurements: ['read', 'record'],
  messages: ['read', 'edit'],
  ticket: ['read-own', 'read-all', 'move', 'assign'],
  'workshop-board': ['read'],
  // Issue 32 item 4: the counter reads the codes (to answer a customer about one), the owner
  // alone makes and changes them.
  coupons: ['read'],
  // Issue 32 item 6: the counter packs and ships orders like the owner.
  dispatch: ['move'],
  // Issue 32 item 7: the counter decides returns and exchanges like the owner.
  returns: ['decide'],
});

/**
 * The workshop (cutter, tailor, finisher): their own tickets (with those garments'
 * measurements, style and fabric) and moving their stages, the board, and their own month's
 * earnings (issue 31 item 8). No prices, payments, invoices, customer contacts, settings or
 * other workers' wages.
 */
const workshop = staffAccess.newRole({
  ticket: ['read-own', 'move'],
  'workshop-board': ['read'],
  'wages-own': ['read'],
});

/** A shopper: nothing in the back office. */
const shopper = staffAccess.newRole({});

/** Every role's permissions, by the value stored in `user.role`. */
export const ROLE_PERMISSIONS: Record<AccountRole, Role> = {
  admin: owner,
  counter,
  workshop,
  user: shopper,
};

/** True when `role` holds every action `permission` asks for. An empty request is refused. */
export function roleMay(role: AccountRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].authorize(permission as never).success;
}

/** The staff roles that hold `permission`, for tests and the documentation table. */
export function rolesThatMay(permission: Permission): StaffRole[] {
  return (['admin', 'counter', 'workshop'] as const).filter((role) => roleMay(role, permission));
}
