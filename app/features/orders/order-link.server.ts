/**
 * The signed link that opens one order without an account (issue 30 item 2: "Every message
 * about an order … carries a signed link that opens it without an account … Give the link an
 * expiry and a revocation, like the booking manage link"; decision 027).
 *
 * A link is `/o/<id>.<expiry>.<signature>`: the order's id, the instant it stops working (Unix
 * seconds in base 36) and an HMAC-SHA256 of `order:<id>:<linkVersion>:<expiry>` under the
 * context's `linkSecret`, cut to 32 hex characters (128 bits). Nobody can make a link for
 * another order or stretch its expiry; raising the order's `link_version` (staff's "Revoke
 * links") makes every link signed before it fail. A link lives `ORDER_LINK_DAYS` days from the
 * message that carried it; every new message carries a fresh one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import { orders } from '~/lib/schema.server';
import type { OrderTimelineEntry } from './fulfilment';
import { ORDER_LINK_DAYS } from './order-link';
import { findOrderDetail, type OrderDetail } from './orders.server';

const SIGNATURE_HEX = 32;
const DAY_MS = 86_400_000;

/** What the signature binds: the order and the version of its links. */
interface SignedOrder {
  id: number;
  linkVersion: number;
}

/** Where links point and what signs them (the context's `PUBLIC_URL` and `linkSecret`). */
export interface OrderLinkSite {
  /** The shop's public origin, e.g. 'https://shop.example' (no trailing slash). */
  publicUrl: string;
  /** The context's `linkSecret`. */
  linkSecret: string;
}

function signature(secret: string, order: SignedOrder, expiry: string): string {
  return createHmac('sha256', secret)
    .update(`order:${order.id}:${order.linkVersion}:${expiry}`)
    .digest('hex')
    .slice(0, SIGNATURE_HEX);
}

/**
 * The token of `order`'s link, working until `now` + ORDER_LINK_DAYS:
 * '<id>.<expiry, Unix seconds in base 36>.<32 hex>'.
 */
export function orderLinkToken(secret: string, order: SignedOrder, now: Date): string {
  const expiry = Math.floor((now.getTime() + ORDER_LINK_DAYS * DAY_MS) / 1000).toString(36);
  return `${order.id}.${expiry}.${signature(secret, order, expiry)}`;
}

/**
 * The absolute link of order `orderId` as of `now` (its current link version read in `db`),
 * e.g. 'https://shop.example/o/12.t9x0k0.3f…'. For every customer message about the order.
 * @throws Error when the order does not exist (the caller has just read or written it).
 */
export async function orderLinkUrl(
  db: DbOrTx,
  site: OrderLinkSite,
  orderId: number,
  now = new Date(),
): Promise<string> {
  const [row] = await db
    .select({ id: orders.id, linkVersion: orders.linkVersion })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) throw new Error(`Order ${orderId} not found for its link`);
  return new URL(`/o/${orderLinkToken(site.linkSecret, row, now)}`, site.publicUrl).toString();
}

/**
 * The order a token opens at `now`, as its id and number; null when the token is malformed,
 * forged or tampered with, expired, or revoked (signed under an older link version), or the
 * order is gone. The caller answers null with 404.
 */
export async function findOrderByLink(
  db: DbOrTx,
  secret: string,
  token: string,
  now = new Date(),
): Promise<{ id: number; number: string } | null> {
  const match = /^([1-9][0-9]{0,9})\.([0-9a-z]{1,9})\.([0-9a-f]{32})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (id > 2_147_483_647) return null;
  const expiry = match[2]!;
  if (parseInt(expiry, 36) * 1000 <= now.getTime()) return null;
  const [row] = await db
    .select({ id: orders.id, number: orders.number, linkVersion: orders.linkVersion })
    .from(orders)
    .where(eq(orders.id, id));
  if (!row) return null;
  const expected = Buffer.from(signature(secret, row, expiry));
  const given = Buffer.from(match[3]!);
  return timingSafeEqual(expected, given) ? { id: row.id, number: row.number } : null;
}

/**
 * What the link's page shows of an order (issue 30 item 2: "the order's progress, its balance …
 * and the PDFs"): its number, state, lines and timeline in plain words, and the stored
 * fields the page needs to find its bespoke garments; no e-mail, phone, address or the staff
 * behind each step.
 */
export interface LinkedOrder {
  id: number;
  number: string;
  kind: 'shop' | 'bespoke';
  status: OrderDetail['status'];
  fulfilmentStatus: OrderDetail['fulfilmentStatus'];
  amountPaise: number;
  /** ISO 8601. */
  createdAt: string;
  lines: OrderDetail['lines'];
  timeline: OrderTimelineEntry[];
  /** Bespoke orders: for `bespokeDetailOf` (the notes are the shop's, never shown). */
  customerId: number | null;
  promisedOn: string | null;
  /** Issue 32 item 2: the shipping charge in paise and the delivery. */
  shippingPaise: number;
  deliveryMethod: 'ship' | 'pickup';
  /** Issue 32 item 4: the coupon's code and its discount on the goods (paise); null without. */
  discount: { code: string; paise: number } | null;
  /** Issue 32 item 3: cash on delivery, its fee (paise) and when it was confirmed (ISO 8601). */
  paymentMethod: 'online' | 'cod';
  codFeePaise: number;
  codConfirmedAt: string | null;
}

/**
 * The order `token` opens at `now` (findOrderByLink), as LinkedOrder; null for any token that
 * does not open one (the page answers 404).
 */
export async function linkedOrder(
  db: Db,
  secret: string,
  token: string,
  now = new Date(),
): Promise<LinkedOrder | null> {
  const found = await findOrderByLink(db, secret, token, now);
  if (!found) return null;
  const order = await findOrderDetail(db, eq(orders.id, found.id));
  if (!order) return null;
  const { detail, row } = order;
  return {
    id: detail.id,
    number: detail.number,
    kind: row.kind,
    status: detail.status,
    fulfilmentStatus: detail.fulfilmentStatus,
    amountPaise: detail.amountPaise,
    createdAt: detail.createdAt,
    lines: detail.lines,
    timeline: detail.timeline.map(({ kind, fulfilmentStatus, note, at }) => ({
      kind,
      fulfilmentStatus,
      note,
      at,
    })),
    customerId: row.customerId,
    promisedOn: row.promisedOn,
    shippingPaise: row.shippingPaise,
    deliveryMethod: row.deliveryMethod,
    discount: detail.discount,
    paymentMethod: detail.paymentMethod,
    codFeePaise: detail.codFeePaise,
    codConfirmedAt: detail.codConfirmedAt,
  };
}
