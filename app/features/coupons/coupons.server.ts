/**
 * Reading coupons (issue 32 item 4, decision 036): a code by its text, the uses that count,
 * the categories of a cart's lines, the quote of the code a shopper applied to their cart, and
 * the back office's list. Writes are coupons-commands.server.ts.
 *
 * A use counts while its order is not cancelled: placed and awaiting payment, or paid. An order
 * that expires unpaid or is cancelled gives its use back without a write. The shopper's own
 * orders awaiting payment are not counted against them: their next checkout replaces that order
 * (one open order a shopper, issue 29 item 6) and its use with it.
 */
import { and, asc, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '~/lib/audit.server';
import {
  cartCoupons,
  categories,
  couponRedemptions,
  coupons,
  orders,
  products,
} from '~/lib/schema.server';
import { shopDateOf } from '~/lib/shop-time';
import {
  COUPON_MESSAGES,
  normalizeCode,
  quoteCoupon,
  type CouponQuote,
  type CouponUses,
} from './coupon-rules';

/** A stored coupon. */
export type CouponRow = typeof coupons.$inferSelect;

/** A coupon by its code, in any case; null when there is none. */
export async function findCoupon(db: DbOrTx, code: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${normalizeCode(code)}`);
  return row ?? null;
}

/**
 * The uses of coupon `couponId` that count (module comment), all shoppers' and `userId`'s.
 * Inside the transaction that holds the coupon's row lock, the count is exact.
 */
async function couponUses(
  db: DbOrTx,
  couponId: number,
  userId: string | null,
): Promise<CouponUses> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      byCustomer: sql<number>`count(*) filter (where ${couponRedemptions.userId} = ${userId ?? ''})::int`,
    })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        ne(orders.status, 'cancelled'),
        userId
          ? or(
              sql`${orders.userId} is distinct from ${userId}`,
              notInArray(orders.status, ['created', 'failed']),
            )
          : undefined,
      ),
    );
  return { total: row?.total ?? 0, byCustomer: row?.byCustomer ?? 0 };
}

/** A cart line as a coupon is quoted on: its product and value (paise). */
export interface QuotedLine {
  productId: number;
  lineTotalPaise: number;
}

/** The category of each product of `productIds`. */
async function categoriesOf(db: DbOrTx, productIds: readonly number[]) {
  if (productIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(rows.map((row) => [row.id, row.categoryId]));
}

/** What a code gives a cart, or why it does not apply. */
export type CartCouponAnswer =
  { ok: true; couponId: number; quote: CouponQuote } | { ok: false; code: string; message: string };

/**
 * Quotes `code` on `lines` for `userId` at `now` (coupon-rules `quoteCoupon`, uses by
 * `couponUses`). Pass `lock` inside a transaction to hold the coupon's row until it ends, so
 * the count and the use recorded after it cannot race another checkout.
 */
export async function quoteCode(
  db: DbOrTx,
  input: {
    code: string;
    userId: string | null;
    lines: readonly QuotedLine[];
    now?: Date;
    lock?: boolean;
  },
): Promise<CartCouponAnswer> {
  const code = normalizeCode(input.code);
  const query = db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${code}`);
  const [coupon] = input.lock ? await query.for('update') : await query;
  if (!coupon) return { ok: false, code, message: COUPON_MESSAGES.unknown };
  const [uses, categoryOf] = await Promise.all([
    couponUses(db, coupon.id, input.userId),
    categoriesOf(
      db,
      input.lines.map((line) => line.productId),
    ),
  ]);
  const answer = quoteCoupon(
    coupon,
    input.lines.map((line) => ({
      linePaise: line.lineTotalPaise,
      categoryId: categoryOf.get(line.productId) ?? -1,
    })),
    shopDateOf(input.now ?? new Date()),
    uses,
  );
  return answer.ok
    ? { ok: true, couponId: coupon.id, quote: answer.quote }
    : { ok: false, code: coupon.code, message: answer.message };
}

/** The code a shopper applied to their cart, or null. */
async function cartCouponCode(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: cartCoupons.code })
    .from(cartCoupons)
    .where(eq(cartCoupons.userId, userId));
  return row?.code ?? null;
}

/**
 * The shopper's applied code quoted on their cart's lines (the cart drawer and checkout
 * summaries), or null when none is applied.
 */
export async function quoteCartCoupon(
  db: DbOrTx,
  userId: string,
  lines: readonly QuotedLine[],
): Promise<CartCouponAnswer | null> {
  const code = await cartCouponCode(db, userId);
  return code === null ? null : quoteCode(db, { code, userId, lines });
}

/** One coupon on the back office's list, with its uses that count. */
export interface CouponListRow extends CouponRow {
  uses: number;
  /** The names of its categories (empty: all). */
  categoryNames: string[];
}

/** Every coupon, newest first, with its uses; and the categories to pick from. */
export async function listCoupons(db: DbOrTx): Promise<{
  coupons: CouponListRow[];
  categories: { id: number; name: string }[];
}> {
  const [rows, uses, cats] = await Promise.all([
    db
      .select()
      .from(coupons)
      .orderBy(sql`${coupons.createdAt} desc`, asc(coupons.id)),
    db
      .select({ couponId: couponRedemptions.couponId, n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
      .where(ne(orders.status, 'cancelled'))
      .groupBy(couponRedemptions.couponId),
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.displayOrder), asc(categories.name)),
  ]);
  const used = new Map(uses.map((row) => [row.couponId, row.n]));
  const names = new Map(cats.map((cat) => [cat.id, cat.name]));
  return {
    coupons: rows.map((row) => ({
      ...row,
      uses: used.get(row.id) ?? 0,
      categoryNames: row.categoryIds.map((id) => names.get(id) ?? `#${id}`),
    })),
    categories: cats,
  };
}
