/**
 * `/api/coupon` (issue 32 item 4): the signed-in shopper's applied coupon on their stored cart,
 * and applying or removing a code, from the cart drawer and the checkout. Composes the cart
 * (prices at the server's figures) and the coupons (the rules and the applied code). Guests
 * get `{ signedIn: false, coupon: null }`; applying a code needs an account (401).
 */
import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { getSessionUser } from '~/features/account/session.server';
import { getCart, type PricedCart } from '~/features/cart/cart.server';
import { quoteCartCoupon, type CartCouponAnswer } from '~/features/coupons/coupons.server';
import { applyCartCoupon, removeCartCoupon } from '~/features/coupons/coupons-commands.server';
import type { CartCouponState, CouponApiAnswer } from '~/features/coupons/coupon-state';
import type { Db } from '~/lib/db.server';
import { enforceLimits, RateLimitedError, waitInWords } from '~/lib/rate-limit.server';
import { readFormData } from '~/lib/request-body.server';
import { Refusal, refusalStatus } from '~/lib/refusal';

/** Codes a shopper may try: 20 in 10 minutes (a guard against guessing codes). */
const APPLY_LIMIT = { windowS: 10 * 60, max: 20 } as const;

/** The lines a coupon is quoted on: those that can be bought. */
export function couponLines(lines: PricedCart['lines']) {
  return lines.filter((line) => line.available);
}

/** A quote as the pages show it; null without a code. */
export function couponState(answer: CartCouponAnswer | null): CartCouponState | null {
  if (!answer) return null;
  return answer.ok
    ? {
        code: answer.quote.code,
        applies: true,
        discountPaise: answer.quote.discountPaise,
        message: null,
      }
    : { code: answer.code, applies: false, discountPaise: 0, message: answer.message };
}

/** The shopper's applied coupon on their stored cart, as the pages show it. */
async function cartCouponState(db: Db, userId: string): Promise<CartCouponState | null> {
  const cart = await getCart(db, userId);
  return couponState(await quoteCartCoupon(db, userId, couponLines(cart.lines)));
}

const couponRequestSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('apply-coupon'),
    code: z
      .string('Please enter a code.')
      .trim()
      .min(1, 'Please enter a code.')
      .max(30, 'No such code'),
  }),
  z.object({ intent: z.literal('remove-coupon') }),
]);

/** GET /api/coupon. */
export async function couponLoader(request: Request, context: AppLoadContext) {
  const user = await getSessionUser(request, context);
  const answer: CouponApiAnswer = user
    ? { ok: true, signedIn: true, coupon: await cartCouponState(context.db, user.id) }
    : { ok: true, signedIn: false, coupon: null };
  return data(answer, { headers: { 'Cache-Control': 'private, no-store' } });
}

/**
 * POST /api/coupon, a form with `intent` 'apply-coupon' (and `code`) or 'remove-coupon'.
 * Answers the state after it; a code that does not apply is 422 with the reason.
 */
export async function couponAction(request: Request, context: AppLoadContext) {
  const user = await getSessionUser(request, context);
  if (!user) {
    return data<CouponApiAnswer>(
      { ok: false, signedIn: false, coupon: null, message: 'Please sign in to use a code.' },
      { status: 401 },
    );
  }
  const parsed = couponRequestSchema.safeParse(
    Object.fromEntries((await readFormData(request)).entries()),
  );
  if (!parsed.success) {
    return data<CouponApiAnswer>(
      {
        ok: false,
        signedIn: true,
        coupon: await cartCouponState(context.db, user.id),
        message: parsed.error.issues[0]?.message ?? 'Please enter a code.',
      },
      { status: 400 },
    );
  }
  if (parsed.data.intent === 'remove-coupon') {
    await removeCartCoupon(context.db, user.id);
    return data<CouponApiAnswer>({
      ok: true,
      signedIn: true,
      coupon: null,
      message: 'Code removed',
    });
  }
  try {
    await enforceLimits(
      context.db,
      [{ key: `coupon:user:${user.id}`, limit: APPLY_LIMIT }],
      'Too many codes tried',
    );
    const cart = await getCart(context.db, user.id);
    const quote = await applyCartCoupon(
      context.db,
      user.id,
      parsed.data.code,
      couponLines(cart.lines),
    );
    return data<CouponApiAnswer>({
      ok: true,
      signedIn: true,
      coupon: {
        code: quote.code,
        applies: true,
        discountPaise: quote.discountPaise,
        message: null,
      },
      message: `Code ${quote.code} applied`,
    });
  } catch (error) {
    const refused =
      error instanceof Refusal
        ? { status: refusalStatus(error.code), message: error.message }
        : error instanceof RateLimitedError
          ? {
              status: 429,
              message: `Too many codes tried. Please try again in ${waitInWords(error.retryAfterS)}.`,
            }
          : null;
    if (!refused) throw error;
    return data<CouponApiAnswer>(
      {
        ok: false,
        signedIn: true,
        coupon: await cartCouponState(context.db, user.id),
        message: refused.message,
      },
      { status: refused.status },
    );
  }
}
