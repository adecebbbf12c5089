/**
 * The back office's orders (issue "Back office", orders): a list filtered by payment status or
 * fulfilment step and searched by order number, customer name, e-mail or phone digits; one
 * order with its lines, address, payment details and timeline; and the fulfilment step, which
 * only moves forward (confirmed, measuring, cutting, stitching, fitting, ready, delivered).
 *
 * A move runs in one transaction with its timeline entry and its audit entry, and carries the
 * `version` (the order's `updated_at`) the administrator saw: a move over a newer version is
 * refused, so two people never move the same order unknowingly. The customer's message
 * (e-mail, and WhatsApp when they chose it) is queued in the same transaction and sent by the
 * job queue; the answer never waits for it. The move and the links' revocation are the orders'
 * commands (features/orders/orders-commands.server.ts, issue 30 item 4); this file parses the
 * forms and wires the intents to them.
 */
import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { orders } from '~/lib/schema.server';
import { ORDER_KINDS } from '~/lib/schema-enums';
import {
  FULFILMENT_STATUSES,
  nextFulfilmentStatuses,
  type FulfilmentStatus,
} from '~/features/orders/fulfilment';
import {
  canMoveFulfilment,
  moveFulfilment,
  revokeOrderLinks,
  type OrderMailSite,
} from '~/features/orders/orders-commands.server';
import { balanceOf } from '~/features/payments/ledger.server';
import { ledgerSumsOf } from '~/features/orders/ledger-sums.server';
import { sendDocumentSchema, sendOrderDocument } from '~/features/invoices/send-documents.server';
import {
  findOrderDetail,
  orderItemCount,
  type OrderDetail,
  type OrderStatus,
  type OrderSummary,
  type RecordedOrderEvent,
} from '~/features/orders/orders.server';
import { adminHandler, type AnyAdminHandler } from '~/features/admin/shared/admin-action.server';
import { ORDER_FILTERS, PAYMENT_FILTERS, TO_CONFIRM, type OrderFilter } from './order-filters';
import type { Actor } from '~/lib/audit.server';
import { Refusal } from '~/lib/refusal';
import { orderHasTickets } from '~/features/workshop/tickets.server';
import { reserveOrderFabric } from '~/features/workshop/fabric.server';

/** Orders per page of /admin/orders. */
export const ORDERS_PAGE_SIZE = 25;

/** The longest search the list accepts; longer ones are cut. */
const MAX_QUERY = 100;

/**
 * An order as the list shows it: the owner's summary (without the id), the customer and (bespoke
 * orders) the promised delivery date ('YYYY-MM-DD', Kolkata, or null).
 */
export type AdminOrderRow = Omit<OrderSummary, 'id'> &
  Pick<OrderDetail, 'customerName' | 'phone' | 'email' | 'city'> & { promisedOn: string | null };

/** 'shop' (from the cart) or 'bespoke' (made by staff). */
export type OrderKind = (typeof ORDER_KINDS)[number];

/** True for one of the order kinds (`?kind=` of the list). */
export function isOrderKind(value: unknown): value is OrderKind {
  return (ORDER_KINDS as readonly unknown[]).includes(value);
}

/** One page of orders, how many match, and how many match each filter (with the search). */
export interface AdminOrderPage {
  rows: AdminOrderRow[];
  total: number;
  /** Orders matching the search (whatever the filter) by filter, and `all`. */
  counts: Record<OrderFilter | 'all', number>;
}

/** `value` for a LIKE pattern, its wildcards taken literally. */
const likeEscaped = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * What a search matches: the order number (any part), the customer's name or e-mail (any
 * part, any case), or the phone number's digits (spaces, dashes, '+91' or a leading 0 in the
 * search do not matter; three digits or more).
 */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim().slice(0, MAX_QUERY);
  if (!text) return undefined;
  const pattern = `%${likeEscaped(text)}%`;
  const conditions: SQL[] = [
    sql`${orders.number} ilike ${pattern}`,
    sql`${orders.customerName} ilike ${pattern}`,
    sql`${orders.email} ilike ${pattern}`,
  ];
  // An Indian number may be written with the trunk 0 or the country code 91; the stored
  // phone may have either or neither, so a full number is matched by its last ten digits.
  let digits = text.replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length > 10) digits = digits.slice(-10);
  if (digits.length >= 3) {
    conditions.push(sql`regexp_replace(${orders.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  }
  return or(...conditions);
}

/** The orders a filter keeps. */
function filterCondition(filter: OrderFilter | undefined): SQL | undefined {
  if (!filter) return undefined;
  if ((PAYMENT_FILTERS as readonly string[]).includes(filter)) {
    return eq(orders.status, filter as OrderStatus);
  }
  if (filter === TO_CONFIRM) return and(eq(orders.status, 'paid'), isNull(orders.fulfilmentStatus));
  return eq(orders.fulfilmentStatus, filter as FulfilmentStatus);
}

/**
 * One page (1-based; a page past the end is empty) of the orders, newest first, optionally of
 * one filter and one kind, and matching a search `q` (the counts keep the kind).
 * @throws when the database fails.
 */
export async function listAdminOrders(
  db: Db,
  options: { page: number; status?: OrderFilter; q?: string; kind?: OrderKind },
): Promise<AdminOrderPage> {
  const search = and(
    searchCondition(options.q ?? ''),
    options.kind ? eq(orders.kind, options.kind) : undefined,
  );
  const [rows, groups] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        customerName: orders.customerName,
        phone: orders.phone,
        email: orders.email,
        city: orders.city,
        amountPaise: orders.amountPaise,
        status: orders.status,
        fulfilmentStatus: orders.fulfilmentStatus,
        itemCount: orderItemCount,
        kind: orders.kind,
        promisedOn: orders.promisedOn,
      })
      .from(orders)
      .where(and(search, filterCondition(options.status)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((Math.max(1, Math.floor(options.page)) - 1) * ORDERS_PAGE_SIZE),
    db
      .select({ status: orders.status, fulfilmentStatus: orders.fulfilmentStatus, n: count() })
      .from(orders)
      .where(search)
      .groupBy(orders.status, orders.fulfilmentStatus),
  ]);
  const counts = Object.fromEntries([...ORDER_FILTERS, 'all'].map((key) => [key, 0])) as Record<
    OrderFilter | 'all',
    number
  >;
  for (const group of groups) {
    const n = Number(group.n);
    counts.all += n;
    counts[group.status] += n;
    if (group.fulfilmentStatus) counts[group.fulfilmentStatus] += n;
    else if (group.status === 'paid') counts[TO_CONFIRM] += n;
  }
  const sums = await ledgerSumsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map(({ id, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      paidPaise: sums.get(id)!.paidPaise,
    })),
    total: options.status ? counts[options.status] : counts.all,
    counts,
  };
}

/**
 * One order as its page in the back office shows it: the shopper's `OrderDetail`, with the
 * administrator behind each timeline step, and what only the back office sees.
 */
export interface AdminOrder extends OrderDetail<RecordedOrderEvent> {
  /** The steps it may move to now: none unless paid, none once delivered. */
  nextStatuses: FulfilmentStatus[];
  /** False once the customer deleted their account (the order is anonymised). */
  hasAccount: boolean;
  /**
   * A customer record's order with no account behind it (a walk-in or phone customer, issue
   * 30 item 2): reached by WhatsApp or phone, and by the order's signed link.
   */
  walkIn: boolean;
  providerPaymentId: string | null;
  /** The order's `updated_at` as ISO 8601 with ms: what a fulfilment move must present. */
  version: string;
  /**
   * A bespoke order whose garments have work tickets (issue 31 item 1): after 'Confirmed' its
   * steps follow the tickets, and the manual move offers nothing more.
   */
  followsTickets: boolean;
}

/** An order by its number with everything its page shows, or null for an unknown number. */
export async function getAdminOrder(db: Db, number: string): Promise<AdminOrder | null> {
  const found = await findOrderDetail(db, eq(orders.number, number));
  if (!found) return null;
  const { detail, row } = found;
  const followsTickets = row.kind === 'bespoke' && (await orderHasTickets(db, row.id));
  const next = canMoveFulfilment(row) ? nextFulfilmentStatuses(row.fulfilmentStatus) : [];
  return {
    ...detail,
    nextStatuses: followsTickets ? next.filter((status) => status === 'confirmed') : next,
    followsTickets,
    hasAccount: row.userId !== null,
    walkIn: row.userId === null && row.customerId !== null,
    providerPaymentId: row.providerPaymentId,
    version: row.updatedAt.toISOString(),
  };
}

const OUT_OF_DATE = 'This order page is out of date. Reload it and try again.';

/** The form of 'advance-fulfilment': the order, the step to move it to, the version seen. */
export const advanceFulfilmentSchema = z.object({
  number: z
    .string({ error: 'This order could not be found.' })
    .trim()
    .min(1, 'This order could not be found.')
    .max(40, 'This order could not be found.'),
  status: z.enum(FULFILMENT_STATUSES, { error: 'Please choose the step to move the order to.' }),
  version: z
    .string({ error: OUT_OF_DATE })
    .refine((value) => value !== '' && !Number.isNaN(Date.parse(value)), OUT_OF_DATE),
});

/**
 * The 'advance-fulfilment' intent: `moveFulfilment` (features/orders/orders-commands.server.ts,
 * which holds the rule, the timeline, audit and message), given the ledger's balance due for the
 * 'ready' message. Resolves to the toast's message and the order's number.
 * A bespoke order with work tickets only moves to 'Confirmed' by hand: its later steps follow its
 * garments (issue 31 item 1, features/workshop). Confirming a bespoke order reserves its
 * garments' fabric in the same transaction (issue 31 item 7, `reserveOrderFabric`); a length
 * that did not fit in the stock is reserved all the same and the toast warns of it.
 * @throws Refusal 'not-found' for an unknown order; 'conflict' for an order that may not move
 *   (canMoveFulfilment), a stale version, a step that is not later than the current one, or a
 *   step after 'Confirmed' of an order that follows its tickets.
 */
export async function advanceFulfilment(
  db: Db,
  actor: Actor,
  input: z.output<typeof advanceFulfilmentSchema>,
  site: OrderMailSite,
): Promise<{ message: string; id: string }> {
  if (input.status !== 'confirmed') {
    const [order] = await db
      .select({ id: orders.id, kind: orders.kind })
      .from(orders)
      .where(eq(orders.number, input.number));
    if (order?.kind === 'bespoke' && (await orderHasTickets(db, order.id))) {
      throw new Refusal(
        'conflict',
        'This order follows its garments: move each garment in the Tickets panel.',
        'status',
      );
    }
  }
  return moveFulfilment(
    db,
    actor,
    input,
    site,
    {
      balanceDuePaise: async (tx, order) => (await balanceOf(tx, order)).balancePaise,
    },
    // Issue 31 item 7: confirming a bespoke order reserves its garments' fabric.
    reserveOrderFabric,
  );
}

/** The form of 'revoke-order-links': the order whose signed links stop working. */
const revokeOrderLinksSchema = z.object({
  number: z
    .string({ error: 'This order could not be found.' })
    .trim()
    .min(1, 'This order could not be found.')
    .max(40, 'This order could not be found.'),
});

/** The intents of /admin/orders/:number. */
export type OrderIntent = 'advance-fulfilment' | 'revoke-order-links' | 'send-document';

/** The action handlers of an order's page, by intent, for `runAdminAction`. */
export function orderHandlers(deps: {
  db: Db;
  publicUrl: string;
  /** The context's `linkSecret` (signs the order's links). */
  linkSecret: string;
  /** The shop's name for the e-mail (read only when a move is made). */
  shopName: () => Promise<string>;
}): Record<OrderIntent, AnyAdminHandler> {
  return {
    'revoke-order-links': adminHandler(revokeOrderLinksSchema, (input, admin) =>
      revokeOrderLinks(deps.db, admin, input),
    ),
    // Issue 30 item 2: the invoice or a voucher to the customer, on WhatsApp or by e-mail.
    'send-document': adminHandler(sendDocumentSchema, (input, admin) =>
      sendOrderDocument(deps.db, admin, input, {
        publicUrl: deps.publicUrl,
        linkSecret: deps.linkSecret,
      }),
    ),
    'advance-fulfilment': adminHandler(advanceFulfilmentSchema, async (input, admin) =>
      advanceFulfilment(deps.db, admin, input, {
        publicUrl: deps.publicUrl,
        linkSecret: deps.linkSecret,
        shopName: await deps.shopName(),
      }),
    ),
  };
}
