import { data } from 'react-router';
import { z } from 'zod';
import { getSessionUser } from '~/features/account/session.server';
import { quoteCart, quoteProduct } from '~/features/shipping/delivery-quote.server';
import { CourierProviderError } from '~/lib/couriers/couriers.server';
import {
  clientAddress,
  enforceLimits,
  RateLimitedError,
  tooManyAttemptsMessage,
} from '~/lib/rate-limit.server';
import { MAX_DB_INTEGER } from '~/lib/request-body.server';
import { cartLinesSchema } from '~/features/cart/line-schema';
import type { Route } from './+types/api.delivery-quote';

/** Per client address: 30 checks a minute (typing a pincode, then checkout's changes). */
const QUOTE_LIMIT = { windowS: 60, max: 30 } as const;

const query = z.union([
  z.object({
    pincode: z
      .string()
      .trim()
      .regex(/^[1-9]\d{5}$/, 'Please enter a 6-digit PIN code'),
    product: z.coerce.number().int().positive().max(MAX_DB_INTEGER, 'Unknown product'),
  }),
  z.object({
    pincode: z
      .string()
      .trim()
      .regex(/^[1-9]\d{5}$/, 'Please enter a 6-digit PIN code'),
    cart: z.literal('1'),
  }),
  // Issue 32 item 5: a guest's cart, its lines as JSON (the server prices them).
  z.object({
    pincode: z
      .string()
      .trim()
      .regex(/^[1-9]\d{5}$/, 'Please enter a 6-digit PIN code'),
    lines: z
      .string()
      .max(8000, 'Too many lines')
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'The cart lines are not readable' });
          return z.NEVER;
        }
      })
      .pipe(cartLinesSchema),
  }),
]);

/**
 * GET /api/delivery-quote?pincode=400001&product=12 (the product page's check) or
 * ?pincode=…&cart=1 (checkout, the signed-in shopper's cart) or ?pincode=…&lines=<JSON> (a
 * guest's checkout, issue 32 item 5): JSON `DeliveryAnswer` (issue 32
 * item 2). Bad input 400 with `{ error }`, an unknown product or empty cart 404, over the limit
 * 429 with Retry-After, a courier that does not answer 503.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = query.safeParse(Object.fromEntries(url.searchParams));
  const headers = { 'Cache-Control': 'private, no-store' };
  if (!parsed.success) {
    const pincodeIssue = parsed.error.issues.find((issue) => issue.path[0] === 'pincode');
    return data(
      { error: pincodeIssue?.message ?? 'Please give a pincode and a product' },
      { status: 400, headers },
    );
  }
  try {
    await enforceLimits(
      context.db,
      [{ key: `delivery-quote:ip:${clientAddress(request)}`, limit: QUOTE_LIMIT }],
      'Too many pincode checks',
    );
    const { pincode } = parsed.data;
    let answer;
    if ('product' in parsed.data) {
      answer = await quoteProduct(context.db, context.courier, {
        productId: parsed.data.product,
        pincode,
      });
    } else if ('lines' in parsed.data) {
      answer = await quoteCart(context.db, context.courier, {
        lines: parsed.data.lines,
        pincode,
      });
    } else {
      const user = await getSessionUser(request, context);
      answer = user
        ? await quoteCart(context.db, context.courier, { userId: user.id, pincode })
        : null;
    }
    if (!answer) return data({ error: 'Nothing to deliver' }, { status: 404, headers });
    return data(answer, { headers });
  } catch (error) {
    if (error instanceof RateLimitedError) {
      return data(
        { error: tooManyAttemptsMessage(error.retryAfterS) },
        { status: 429, headers: { ...headers, 'Retry-After': String(error.retryAfterS) } },
      );
    }
    if (error instanceof CourierProviderError) {
      return data(
        { error: 'The courier could not be reached. Please try again in a moment.' },
        { status: 503, headers },
      );
    }
    throw error;
  }
}
