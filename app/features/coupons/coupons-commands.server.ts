/**
 * The one door to the coupons' tables (issue 32 item 4, decision 036): `coupons`,
 * `coupon_redemptions` and `cart_coupons` are written only here.
 *
 * - The back office creates, edits and deactivates coupons, each change audited in its
 *   transaction (`auditedWrite`).
 * - A shopper applies a code to their cart (checked first: a code that does not apply is
 *   refused with the reason) and removes it.
 * - Placing an order redeems the applied code inside the order's transaction
 *   (`redeemCartCoupon` then `recordRedemption`): the coupon's row is locked `for update`, its
 *   uses counted and the use written before the lock is released, so ten checkouts racing for a
 *   single-use code leave one use. A redemption counts from placement while the order awaits
 *   payment and once paid; an order that expires unpaid or is cancelled gives it back (the
 *   count leaves cancelled orders out, coupons.server.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import type { Actor, DbOrTx } from '~/lib/audit.server';
import {
  assertVersion,
  auditedWrite,
  isUniqueViolation,
  versionMatches,
} from '~/lib/audited-write.server';
import { Refusal } from '~/lib/refusal';
import { cartCoupons, couponRedemptions, coupons, orders } from '~/lib/schema.server';
import type { CouponQuote, CouponTerms } from './coupon-rules';
import { findCoupon, quoteCode, type CouponRow, type QuotedLine } from './coupons.server';

/** A coupon as the back office saves it (the form's parsed fields). */
export type CouponSave = Omit<CouponTerms, 'isActive'> & { id: number | null; version?: string };

/** The fields of a coupon the audit log keeps. */
function couponState(row: CouponRow) {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minOrderPaise: row.minOrderPaise,
    categoryIds: row.categoryIds,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    totalLimit: row.totalLimit,
    perCustomerLimit: row.perCustomerLimit,
    isActive: row.isActive,
  };
}

const codeTaken = (code: string) =>
  new Refusal('conflict', `The code ${code} is already used by another coupon.`, 'code');

/**
 * Creates (no id) or edits (id and version) a coupon (audit 'coupon.create' or
 * 'coupon.update').
 * @throws Refusal 'conflict' when the code is taken or the coupon changed since the form
 *   opened, 'not-found' when it is gone.
 */
export async function saveCoupon(db: Db, actor: Actor, input: CouponSave) {
  const values = {
    code: input.code,
    kind: input.kind,
    value: input.value,
    minOrderPaise: input.minOrderPaise,
    categoryIds: [...new Set(input.categoryIds)],
    validFrom: input.validFrom,
    validUntil: input.validUntil,
    totalLimit: input.totalLimit,
    perCustomerLimit: input.perCustomerLimit,
  };
  const clash = await findCoupon(db, input.code);
  if (clash && clash.id !== input.id) throw codeTaken(input.code);
  const id = input.id;
  if (id === null) {
    return auditedWrite(db, actor, {
      read: async () => null,
      write: (tx) =>
        tx
          .insert(coupons)
          .values(values)
          .onConflictDoNothing()
          .returning()
          .then(([row]) => row),
      stale: () => codeTaken(input.code),
      audit: (_none, created) => ({
        action: 'coupon.create',
        entity: 'coupon',
        entityId: created.id,
        summary: `Created the coupon ${created.code}`,
        after: couponState(created),
      }),
      answer: (_none, created) => ({ message: `Created ${created.code}.`, id: created.id }),
    });
  }
  const version = assertVersion(input.version, 'coupon');
  return auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select()
        .from(coupons)
        .where(eq(coupons.id, id))
        .for('update')
        .then(([row]) => row),
    missing: () => new Refusal('not-found', 'This coupon no longer exists.'),
    write: (tx) =>
      tx
        .update(coupons)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(coupons.id, id), versionMatches(coupons.updatedAt, version)))
        .returning()
        .then(([row]) => row)
        // Another coupon took the code since the check above.
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? codeTaken(input.code) : error;
        }),
    stale: () =>
      new Refusal(
        'conflict',
        'This coupon was changed by someone else since you opened it. Reload and edit again.',
      ),
    audit: (before, after) => ({
      action: 'coupon.update',
      entity: 'coupon',
      entityId: after.id,
      summary: `Edited the coupon ${after.code}`,
      before: couponState(before),
      after: couponState(after),
    }),
    answer: (_before, after) => ({ message: `Saved ${after.code}.`, id: after.id }),
  });
}

/**
 * Deactivates or reactivates a coupon (audit 'coupon.deactivate' or 'coupon.activate'). A
 * deactivated code no longer applies; its uses stay counted.
 * @throws Refusal 'not-found' when it is gone.
 */
export async function setCouponActive(
  db: Db,
  actor: Actor,
  input: { id: number; active: boolean },
) {
  return auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select()
        .from(coupons)
        .where(eq(coupons.id, input.id))
        .for('update')
        .then(([row]) => row),
    missing: () => new Refusal('not-found', 'This coupon no longer exists.'),
    check: (before) =>
      before.isActive === input.active
        ? { message: `${before.code} is already ${input.active ? 'active' : 'inactive'}.` }
        : undefined,
    write: (tx) =>
      tx
        .update(coupons)
        .set({ isActive: input.active, updatedAt: new Date() })
        .where(eq(coupons.id, input.id))
        .returning()
        .then(([row]) => row),
    audit: (before, after) => ({
      action: input.active ? 'coupon.activate' : 'coupon.deactivate',
      entity: 'coupon',
      entityId: after.id,
      summary: `${input.active ? 'Reactivated' : 'Deactivated'} the coupon ${after.code}`,
      before: couponState(before),
      after: couponState(after),
    }),
    answer: (_before, after) => ({
      message: `${after.code} is ${input.active ? 'active again' : 'deactivated'}.`,
    }),
  });
}

/**
 * Applies `code` to the shopper's cart of `lines`, replacing any code applied before.
 * @returns the quote (the discount and each line's share).
 * @throws Refusal 'invalid' with the reason it does not apply (coupon-rules
 *   `COUPON_MESSAGES`), the field 'code'.
 */
export async function applyCartCoupon(
  db: Db,
  userId: string,
  code: string,
  lines: readonly QuotedLine[],
): Promise<CouponQuote> {
  const answer = await quoteCode(db, { code, userId, lines });
  if (!answer.ok) throw new Refusal('invalid', answer.message, 'code');
  await db
    .insert(cartCoupons)
    .values({ userId, code: answer.quote.code })
    .onConflictDoUpdate({
      target: cartCoupons.userId,
      set: { code: answer.quote.code, appliedAt: new Date() },
    });
  return answer.quote;
}

/** Takes the applied code off the shopper's cart (nothing when none is applied). */
export async function removeCartCoupon(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
}

/** A coupon redeemed at placement: its row (locked) and what it gives the order's lines. */
export interface Redeemed {
  couponId: number;
  quote: CouponQuote;
}

/**
 * Inside the transaction placing an order: the code applied to `userId`'s cart, checked again
 * on `lines` (the server's prices) with the coupon's row locked until the transaction ends.
 * @returns null when no code is applied.
 * @throws Refusal 'conflict' "The code X no longer applies: <reason>. …" when it stopped
 *   applying (expired, used up, the cart changed).
 */
export async function redeemCartCoupon(
  tx: DbOrTx,
  userId: string,
  lines: readonly QuotedLine[],
): Promise<Redeemed | null> {
  const [applied] = await tx
    .select({ code: cartCoupons.code })
    .from(cartCoupons)
    .where(eq(cartCoupons.userId, userId));
  if (!applied) return null;
  const answer = await quoteCode(tx, { code: applied.code, userId, lines, lock: true });
  if (!answer.ok) {
    throw new Refusal(
      'conflict',
      `The code ${answer.code} no longer applies: ${answer.message}. Remove it from your cart to check out.`,
      'code',
    );
  }
  return { couponId: answer.couponId, quote: answer.quote };
}

/**
 * Records (or, with null, clears) order `orderId`'s use of a coupon, in the transaction that
 * placed it after `redeemCartCoupon` (an order reused by a second checkout replaces its use).
 */
export async function recordRedemption(
  tx: DbOrTx,
  orderId: number,
  userId: string,
  redeemed: Redeemed | null,
): Promise<void> {
  await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
  if (!redeemed) return;
  await tx.insert(couponRedemptions).values({
    couponId: redeemed.couponId,
    orderId,
    userId,
    discountPaise: redeemed.quote.discountPaise,
  });
}

/**
 * Takes the code order `orderId` used off user `userId`'s cart, in the transaction that makes
 * the order paid (beside `clearBoughtFromCart`): a code applied since, another one, stays.
 */
export async function clearUsedCartCoupon(
  tx: DbOrTx,
  orderId: number,
  userId: string,
): Promise<void> {
  await tx
    .delete(cartCoupons)
    .where(
      and(
        eq(cartCoupons.userId, userId),
        sql`${cartCoupons.code} = (select ${orders.couponCode} from ${orders} where ${orders.id} = ${orderId})`,
      ),
    );
}
