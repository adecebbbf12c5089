/**
 * The back office's customers (issue "Back office": "Customers /admin/customers: list with
 * search; an account's orders; make or remove admin (never the last admin); ban (revokes
 * sessions)").
 *
 * Accounts are Better Auth's `user` rows. Their role and ban, with the last-administrator
 * rule, are the account domain's commands (`features/account/account-commands.server.ts`,
 * issue 30 item 4); this module lists and reads, and parses the forms for those commands.
 */
import { and, asc, count, desc, eq, gt, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import {
  appointments,
  appointmentTypes,
  customers,
  designs,
  invoices,
  orders,
  payments,
  session,
  user,
} from '~/lib/schema.server';
import type {
  FulfilmentStatus,
  GarmentType,
  InvoiceKind,
  ORDER_KINDS,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '~/lib/schema-enums';
import { parseIndianMobile } from '~/features/customers/phone';
import type { OrderStatus } from '~/features/orders/orders.server';
import { adminHandler, type AnyAdminHandler } from '~/features/admin/shared/admin-action.server';
import { BAN_REASON_MAX_LENGTH, CUSTOMER_SEARCH_MAX_LENGTH } from './customer-rules';
import { CUSTOMER_ROLES, roleOf, type CustomerRole } from '~/features/account/roles';
import { setBanned, setRole } from '~/features/account/account-commands.server';
import { pagedList } from '~/features/admin/shared/paged-list.server';
import { customerSearchCondition } from '~/features/customers/customer-search.server';

/** People per page of /admin/customers. */
export const CUSTOMERS_PAGE_SIZE = 25;

/** An account's state as the list and the customer page show it. */
interface AccountSummary {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: CustomerRole;
  banned: boolean;
}

/**
 * One person the shop serves, as /admin/customers lists them (issue 30 item 1, decision 029):
 * a customer record with its account, a record without an account (a walk-in), or an account
 * without a record. An account linked to a record is one row.
 */
export interface CustomerRow {
  /** The segment of the person's page, /admin/customers/<key>: the record's id, else the account's. */
  key: string;
  /** The customer record's id, or null for an account with no record yet. */
  recordId: number | null;
  name: string;
  /** The record's phone, E.164; null without a record. */
  phone: string | null;
  /** The record's e-mail, else the account's; null for a walk-in without one. */
  email: string | null;
  /** The account, or null for a walk-in customer with no account. */
  account: AccountSummary | null;
  /** When the record was made (the account's registration when it has none), ISO 8601. */
  createdAt: string;
  /** Orders placed with the account or made for the record, whatever their status. */
  orderCount: number;
  /** The sum of those of them that are paid, in paise. */
  paidTotalPaise: number;
  /** The record's next booked appointment: when it starts (ISO 8601) and its type; or null. */
  nextAppointment: { startsAt: string; type: string } | null;
}

/** One page of the list and how many people match the search. */
export interface CustomerPage {
  rows: CustomerRow[];
  total: number;
}

/** One of an account's orders. */
interface CustomerOrder {
  number: string;
  /** ISO 8601. */
  createdAt: string;
  amountPaise: number;
  status: OrderStatus;
}

/** An account with its orders. */
export interface CustomerDetail extends AccountSummary {
  banReason: string | null;
  /** When the account was registered, ISO 8601. */
  createdAt: string;
  orderCount: number;
  /** The sum of its paid orders, in paise. */
  paidTotalPaise: number;
  /** Sessions that have not expired (devices signed in). */
  activeSessions: number;
  /** True when this is the only unbanned administrator (it cannot be demoted or banned). */
  isLastAdmin: boolean;
  /** Newest first. */
  orders: CustomerOrder[];
}

/** `value` for an ILIKE pattern that matches it literally (no `%` or `_` wildcards). */
function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * One page (1-based; a page past the end is empty) of everyone the shop serves (issue 30 item
 * 1): customer records and accounts, joined on the record's account (a full join, so a record
 * without an account and an account without a record each make a row, and a linked pair one),
 * newest first by the record's date, else the account's, each with the record's next booked
 * appointment after `now`. `q` is the one customer search
 * (`customerSearchCondition`: the record's name, e-mail or phone in any spelling) or part of
 * the account's name or e-mail, ignoring case; `role` keeps only administrators or customers'
 * accounts (records without an account are left out then).
 * @throws when the database fails.
 */
export async function listCustomers(
  db: Db,
  options: { page: number; q?: string; role?: CustomerRole; now?: Date },
): Promise<CustomerPage> {
  const now = options.now ?? new Date();
  const next = db
    .selectDistinctOn([appointments.customerId], {
      customerId: appointments.customerId,
      startsAt: appointments.startsAt,
      type: appointmentTypes.name,
    })
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .where(and(eq(appointments.status, 'booked'), gt(appointments.startsAt, now)))
    .orderBy(appointments.customerId, asc(appointments.startsAt))
    .as('next_appointment');
  const conditions: SQL[] = [];
  const q = options.q?.trim().slice(0, CUSTOMER_SEARCH_MAX_LENGTH);
  if (q) {
    const pattern = `%${likeLiteral(q)}%`;
    conditions.push(
      or(customerSearchCondition(q), ilike(user.name, pattern), ilike(user.email, pattern))!,
    );
  }
  if (options.role) conditions.push(eq(user.role, options.role));
  const where = conditions.length ? and(...conditions) : undefined;
  // Orders of the account, or made for the record (a bespoke order before the account existed).
  const theirOrders = sql`${orders.userId} = ${user.id} or ${orders.customerId} = ${customers.id}`;
  const { rows, total } = await pagedList(
    { page: options.page, size: CUSTOMERS_PAGE_SIZE },
    ({ limit, offset }) =>
      db
        .select({
          recordId: customers.id,
          recordName: customers.name,
          phone: customers.phone,
          recordEmail: customers.email,
          recordCreatedAt: customers.createdAt,
          accountId: user.id,
          accountName: user.name,
          accountEmail: user.email,
          emailVerified: user.emailVerified,
          role: user.role,
          banned: user.banned,
          accountCreatedAt: user.createdAt,
          nextStartsAt: next.startsAt,
          nextType: next.type,
          orderCount: sql<number>`(select count(*) from ${orders} where ${theirOrders})::int`,
          paidTotalPaise: sql<number>`(select coalesce(sum(${orders.amountPaise}), 0) from ${orders}
            where (${theirOrders}) and ${orders.status} = 'paid')::bigint`,
        })
        .from(customers)
        .fullJoin(user, eq(user.id, customers.userId))
        .leftJoin(next, eq(next.customerId, customers.id))
        .where(where)
        .orderBy(
          sql`coalesce(${customers.createdAt}, ${user.createdAt}) desc`,
          sql`${customers.id} desc nulls last`,
          desc(user.id),
        )
        .limit(limit)
        .offset(offset),
    () =>
      db
        .select({ n: count() })
        .from(customers)
        .fullJoin(user, eq(user.id, customers.userId))
        .where(where)
        .then(([row]) => Number(row?.n ?? 0)),
  );
  return {
    rows: rows.map((row): CustomerRow => {
      const account: AccountSummary | null = row.accountId
        ? {
            id: row.accountId,
            name: row.accountName!,
            email: row.accountEmail!,
            emailVerified: row.emailVerified!,
            role: roleOf(row.role!),
            banned: row.banned!,
          }
        : null;
      return {
        key: row.recordId !== null ? String(row.recordId) : row.accountId!,
        recordId: row.recordId,
        name: row.recordName ?? row.accountName!,
        phone: row.phone,
        email: row.recordEmail ?? row.accountEmail,
        account,
        createdAt: (row.recordCreatedAt ?? row.accountCreatedAt!).toISOString(),
        orderCount: Number(row.orderCount),
        paidTotalPaise: Number(row.paidTotalPaise),
        nextAppointment:
          row.nextStartsAt && row.nextType
            ? { startsAt: row.nextStartsAt.toISOString(), type: row.nextType }
            : null,
      };
    }),
    total,
  };
}

/**
 * The account `id` with its orders (newest first), or null when there is none.
 * @throws when the database fails.
 */
export async function getCustomer(db: Db, id: string): Promise<CustomerDetail | null> {
  const [account] = await db.select().from(user).where(eq(user.id, id));
  if (!account) return null;
  const [orderRows, [sessions], otherAdmins] = await Promise.all([
    db
      .select({
        number: orders.number,
        createdAt: orders.createdAt,
        amountPaise: orders.amountPaise,
        status: orders.status,
      })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id)),
    db
      .select({ n: count() })
      .from(session)
      .where(and(eq(session.userId, id), gt(session.expiresAt, new Date()))),
    db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.role, 'admin'), eq(user.banned, false), ne(user.id, id)))
      .limit(1),
  ]);
  const role = roleOf(account.role);
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    emailVerified: account.emailVerified,
    role,
    banned: account.banned,
    banReason: account.banReason,
    createdAt: account.createdAt.toISOString(),
    orderCount: orderRows.length,
    paidTotalPaise: orderRows
      .filter((order) => order.status === 'paid')
      .reduce((sum, order) => sum + order.amountPaise, 0),
    activeSessions: Number(sessions?.n ?? 0),
    isLastAdmin: role === 'admin' && !account.banned && otherAdmins.length === 0,
    orders: orderRows.map((order) => ({ ...order, createdAt: order.createdAt.toISOString() })),
  };
}

const userId = z
  .string('This account could not be found.')
  .trim()
  .min(1, 'This account could not be found.')
  .max(200, 'This account could not be found.');

/**
 * Give an account a role: 'admin' (the owner), 'counter', 'workshop' or 'user' (a customer
 * again); issue 31 item 2.
 */
export const setRoleSchema = z.object({
  userId,
  role: z.enum(CUSTOMER_ROLES, 'Please choose Shopper, Owner, Counter or Workshop.'),
});

/** Ban an account (`banned` 'true', with an optional `reason`) or lift its ban ('false'). */
export const setBannedSchema = z.object({
  userId,
  banned: z
    .enum(['true', 'false'], 'Please choose to ban or lift the ban.')
    .transform((value) => value === 'true'),
  reason: z
    .string()
    .trim()
    .max(BAN_REASON_MAX_LENGTH, `Please keep the reason to ${BAN_REASON_MAX_LENGTH} characters.`)
    .optional()
    .transform((value) => value || null),
});

/** The intents of /admin/customers/:id. */
type CustomerIntent = 'set-role' | 'set-banned';

/** The action handlers of /admin/customers/:id, by intent, for `runAdminAction`. */
export function customerHandlers(db: Db) {
  return {
    'set-role': adminHandler(setRoleSchema, (input, admin) => setRole(db, admin, input)),
    'set-banned': adminHandler(setBannedSchema, (input, admin) => setBanned(db, admin, input)),
  } satisfies Record<CustomerIntent, AnyAdminHandler>;
}

/* ------------------------------------------------------------------------------------------ */
/* One customer's page (issue 30 item 1, decision 029)                                         */
/* ------------------------------------------------------------------------------------------ */

type OrderKind = (typeof ORDER_KINDS)[number];
type PaymentKind = (typeof PAYMENT_KINDS)[number];
type PaymentMethod = (typeof PAYMENT_METHODS)[number];
type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** One of the person's orders on their page. */
export interface ActivityOrder {
  number: string;
  kind: OrderKind;
  /** ISO 8601. */
  createdAt: string;
  amountPaise: number;
  status: OrderStatus;
  fulfilmentStatus: FulfilmentStatus | null;
}

/** A payment or refund row of one of their orders (the ledger's rows, as recorded). */
export interface ActivityPayment {
  id: number;
  orderNumber: string;
  kind: PaymentKind;
  method: PaymentMethod;
  status: PaymentStatus;
  /** Paise: > 0 for a payment, < 0 for a refund. */
  amountPaise: number;
  /** When it was recorded, ISO 8601. */
  createdAt: string;
}

/** A tax invoice, credit note or voucher of one of their orders. */
export interface ActivityDocument {
  id: number;
  kind: InvoiceKind;
  number: string;
  orderNumber: string;
  /** ISO 8601. */
  issuedAt: string;
  totalPaise: number;
}

/** A design the account saved in the configurator (/d/:id). */
interface ActivityDesign {
  id: string;
  name: string;
  garmentType: GarmentType;
  estimatePaise: number;
  /** ISO 8601. */
  createdAt: string;
}

/** What a person's page lists besides their details: newest first, at most 50 of each. */
export interface CustomerActivity {
  orders: ActivityOrder[];
  payments: ActivityPayment[];
  documents: ActivityDocument[];
  designs: ActivityDesign[];
}

const ACTIVITY_LIMIT = 50;

/**
 * The orders (placed with account `userId`, or made for record `recordId`), their payments,
 * invoices and vouchers, and the account's saved designs, for the customer page. Either id
 * may be null (a walk-in has no account; an account may have no record yet).
 * @throws when the database fails.
 */
export async function customerActivity(
  db: Db,
  who: { recordId: number | null; userId: string | null },
): Promise<CustomerActivity> {
  const mine: SQL[] = [];
  if (who.userId) mine.push(eq(orders.userId, who.userId));
  if (who.recordId !== null) mine.push(eq(orders.customerId, who.recordId));
  if (mine.length === 0) return { orders: [], payments: [], documents: [], designs: [] };
  const theirs = or(...mine)!;
  const [orderRows, paymentRows, documentRows, designRows] = await Promise.all([
    db
      .select({
        number: orders.number,
        kind: orders.kind,
        createdAt: orders.createdAt,
        amountPaise: orders.amountPaise,
        status: orders.status,
        fulfilmentStatus: orders.fulfilmentStatus,
      })
      .from(orders)
      .where(theirs)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ACTIVITY_LIMIT),
    db
      .select({
        id: payments.id,
        orderNumber: orders.number,
        kind: payments.kind,
        method: payments.method,
        status: payments.status,
        amountPaise: payments.amountPaise,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(theirs)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(ACTIVITY_LIMIT),
    db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        number: invoices.number,
        orderNumber: orders.number,
        issuedAt: invoices.issuedAt,
        totalPaise: invoices.totalPaise,
      })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(theirs)
      .orderBy(desc(invoices.issuedAt), desc(invoices.id))
      .limit(ACTIVITY_LIMIT),
    who.userId
      ? db
          .select({
            id: designs.id,
            name: designs.name,
            garmentType: designs.garmentType,
            estimatePaise: designs.estimatePaise,
            createdAt: designs.createdAt,
          })
          .from(designs)
          .where(eq(designs.userId, who.userId))
          .orderBy(desc(designs.createdAt), desc(designs.id))
          .limit(ACTIVITY_LIMIT)
      : Promise.resolve([]),
  ]);
  return {
    orders: orderRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    payments: paymentRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    documents: documentRows.map((row) => ({ ...row, issuedAt: row.issuedAt.toISOString() })),
    designs: designRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

/**
 * The mobile number the account last gave at checkout, as E.164, when it is an Indian mobile:
 * what the page offers for the record staff make on demand. Null when it gave none.
 * @throws when the database fails.
 */
export async function lastPhoneOfAccount(db: Db, userId: string): Promise<string | null> {
  const rows = await db
    .select({ phone: orders.phone })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(5);
  for (const row of rows) {
    const phone = parseIndianMobile(row.phone);
    if (phone) return phone;
  }
  return null;
}
