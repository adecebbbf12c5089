/**
 * Guest checkout (issue 32 item 5 "A shopper can check out with a phone number, confirmed by a
 * one-time code over WhatsApp … An e-mail is optional"; decision 037). The checkout page's
 * intents for a signed-out shopper, parsed with zod:
 *
 * - 'send-code' { phone }: a one-time code to the phone on WhatsApp (features/otp).
 * - 'verify-code' { phone, code }: the right code sets the `verified_phone` cookie (2 hours).
 * - 'change-phone': forgets the cookie.
 * - 'guest-order' { the checkout fields, `lines` (the local cart, JSON) }: with the cookie's
 *   phone (never the form's), the order is placed from the lines at the server's prices for the
 *   customer record of that phone, `user_id` null; the answer is the order's signed link
 *   (/o/:token), where the guest pays (or, for cash on delivery, reads the order), and a
 *   WhatsApp message carries the same link.
 *
 * Every refusal is an answer with a 4xx status and a message; a spent limit 429 with Retry-After.
 */
import escapeHtml from 'escape-html';
import type { AppLoadContext } from 'react-router';
import * as z from 'zod/mini';
import { enforceLimits, RateLimitedError, waitInWords } from '~/lib/rate-limit.server';
import { Refusal } from '~/lib/refusal';
import { cartLinesSchema } from '~/features/cart/line-schema';
import type { CartLine } from '~/features/cart/lines';
import { customerForGuest } from '~/features/customers/customers.server';
import { emailSchema, indianMobileSchema } from '~/features/customers/contact-fields';
import { formatIndianMobile } from '~/features/customers/phone';
import { codPlacement } from '~/features/cod/cod.server';
import { queueOrderMessage } from '~/features/orders/order-messages.server';
import { orderLinkUrl } from '~/features/orders/order-link.server';
import { createOrderFromCart } from '~/features/orders/orders.server';
import { CHECKOUT_LIMITS } from '~/features/payments/payment-start.server';
import { sendPhoneCode, verifyPhoneCode } from '~/features/otp/phone-codes.server';
import {
  clearVerifiedPhoneCookie,
  verifiedPhoneCookie,
  verifiedPhoneOf,
} from '~/features/otp/verified-phone.server';
import { checkoutSchema, type CheckoutDetails } from './checkout-details';

/** The purpose of the guest checkout's codes and cookie. */
const PURPOSE = 'guest-checkout';

/** The form of 'send-code'. */
const sendCodeSchema = z.object({ phone: indianMobileSchema });

const CODE_MESSAGE = 'Please enter the six-digit code we sent you on WhatsApp.';

/** The form of 'verify-code': the phone the code went to and the code. */
const verifyCodeSchema = z.object({
  phone: indianMobileSchema,
  code: z.string(CODE_MESSAGE).check(z.trim(), z.regex(/^\d{6}$/, CODE_MESSAGE)),
});

/** The refusal of lines that do not read as a cart. */
const LINES_MESSAGE = 'Your cart could not be read. Please open your cart and try again.';

/**
 * The form of 'guest-order': the checkout's fields, the e-mail optional ('' for none), the phone
 * left out (the cookie's), and the local cart's lines as JSON (`cartLinesSchema`: whole
 * quantities from 1 to 20, at most 50 lines).
 */
export const guestOrderSchema = z.object({
  ...z.omit(checkoutSchema, { phone: true, email: true, saveAddress: true }).shape,
  email: z.optional(z.union([z.literal(''), emailSchema])),
  lines: z.pipe(
    z.pipe(
      z.string(LINES_MESSAGE).check(z.maxLength(8000, LINES_MESSAGE)),
      z.transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.issues.push({ code: 'custom', message: LINES_MESSAGE, input: text });
          return z.NEVER;
        }
      }),
    ),
    cartLinesSchema,
  ),
});

/** The fields of 'guest-order' read from the form. */
export type GuestOrderForm = z.output<typeof guestOrderSchema>;

/** The phone the cookie proves (E.164), or null. */
export function guestPhoneOf(
  request: Request,
  context: Pick<AppLoadContext, 'linkSecret'>,
): string | null {
  return verifiedPhoneOf(request, context.linkSecret, PURPOSE);
}

/**
 * A phone as the guest's pages show it: E.164 for the forms, and formatted ('+91 98250 12345')
 * here on the server, so the page's first load carries no phone number metadata.
 */
export interface GuestPhone {
  e164: string;
  label: string;
}

/** `phone` (E.164) with its label; null for null. */
export function guestPhone(phone: string | null): GuestPhone | null {
  return phone === null ? null : { e164: phone, label: formatIndianMobile(phone) };
}

/** An answer of one of the guest intents: the status, the JSON and the headers. */
export interface GuestAnswer {
  status: number;
  body:
    | { ok: true; step: 'code'; phone: GuestPhone }
    | { ok: true; step: 'verified'; phone: GuestPhone }
    | { ok: true; step: 'phone' }
    | { ok: true; guestOrder: { orderNumber: string; orderPath: string } }
    | {
        ok: false;
        errors?: Partial<Record<string, string>>;
        notice?: { title: string; description: string };
      };
  headers?: Record<string, string>;
}

const secureOf = (context: Pick<AppLoadContext, 'env'>) =>
  context.env.PUBLIC_URL.startsWith('https://');

/** A spent limit as an answer: 429, its wait in words, Retry-After. */
function limited(error: RateLimitedError, title: string): GuestAnswer {
  return {
    status: 429,
    body: {
      ok: false,
      notice: { title, description: `Please try again in ${waitInWords(error.retryAfterS)}.` },
    },
    headers: { 'Retry-After': String(error.retryAfterS) },
  };
}

function firstIssues(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** 'send-code': a code to the phone. */
export async function sendGuestCode(
  context: AppLoadContext,
  form: Record<string, unknown>,
  clientAddress: string,
): Promise<GuestAnswer> {
  const parsed = sendCodeSchema.safeParse(form);
  if (!parsed.success)
    return { status: 400, body: { ok: false, errors: firstIssues(parsed.error) } };
  try {
    await sendPhoneCode(context.db, {
      phone: parsed.data.phone,
      purpose: PURPOSE,
      clientAddress,
    });
  } catch (error) {
    if (error instanceof RateLimitedError) return limited(error, 'Too many codes');
    throw error;
  }
  return { status: 200, body: { ok: true, step: 'code', phone: guestPhone(parsed.data.phone)! } };
}

/** 'verify-code': the right code sets the cookie; a wrong, expired or dead one says so (400). */
export async function verifyGuestCode(
  context: AppLoadContext,
  form: Record<string, unknown>,
  clientAddress: string,
): Promise<GuestAnswer> {
  const parsed = verifyCodeSchema.safeParse(form);
  if (!parsed.success)
    return { status: 400, body: { ok: false, errors: firstIssues(parsed.error) } };
  let outcome;
  try {
    outcome = await verifyPhoneCode(context.db, {
      phone: parsed.data.phone,
      purpose: PURPOSE,
      code: parsed.data.code,
      clientAddress,
    });
  } catch (error) {
    if (error instanceof RateLimitedError) return limited(error, 'Too many tries');
    throw error;
  }
  if (!outcome.ok) return { status: 400, body: { ok: false, errors: { code: outcome.message } } };
  return {
    status: 200,
    body: { ok: true, step: 'verified', phone: guestPhone(parsed.data.phone)! },
    headers: {
      'Set-Cookie': verifiedPhoneCookie(
        context.linkSecret,
        PURPOSE,
        parsed.data.phone,
        secureOf(context),
      ),
    },
  };
}

/** 'change-phone': forgets the verified phone. */
export function changeGuestPhone(context: AppLoadContext): GuestAnswer {
  return {
    status: 200,
    body: { ok: true, step: 'phone' },
    headers: { 'Set-Cookie': clearVerifiedPhoneCookie(secureOf(context)) },
  };
}

/**
 * Places a guest's order (issue 32 item 5) for `phone` (the cookie's, E.164): limited like a
 * checkout (per phone and per client address), the customer record found or made by
 * `customerForGuest` (the customer issue's rules: an unlinked record with this phone and
 * e-mail, else a new one), the order made by `createOrderFromCart` from the guest's `lines`,
 * and an 'order.placed' message with the order's signed link queued to the record (WhatsApp,
 * and the e-mail when one was given).
 * @returns the order's number and the path of its signed link.
 * @throws RateLimitedError; Refusal as `createOrderFromCart` throws them.
 */
export async function placeGuestOrder(
  context: AppLoadContext,
  input: { phone: string; form: GuestOrderForm; clientAddress: string },
): Promise<{ orderNumber: string; orderPath: string }> {
  const { phone, form } = input;
  await enforceLimits(
    context.db,
    [
      { key: `checkout:phone:${phone}`, limit: CHECKOUT_LIMITS.perAccount },
      { key: `checkout:ip:${input.clientAddress}`, limit: CHECKOUT_LIMITS.perAddress },
    ],
    'Too many checkouts',
  );
  const { lines, email, ...rest } = form;
  if (lines.length === 0) throw new Refusal('cart-empty', 'Cart is empty');
  const details: CheckoutDetails = { ...rest, email: email ?? '', phone };
  const customer = await customerForGuest(context.db, {
    name: details.name,
    phone,
    email: details.email || null,
  });
  const guest = { customerId: customer.id, phone, lines: lines as CartLine[] };
  const order = await createOrderFromCart(context.db, {
    guest,
    details,
    provider: context.payments.name,
    cod: details.payment === 'cod' ? await codPlacement(context, { lines }, details) : undefined,
  });
  const orderUrl = await orderLinkUrl(
    context.db,
    { publicUrl: context.env.PUBLIC_URL, linkSecret: context.linkSecret },
    order.id,
  );
  const statusLabel =
    details.payment === 'cod' ? 'Placed, to pay in cash on delivery' : 'Placed, awaiting payment';
  const text = `Dear ${details.name}, your order ${order.number} is ${statusLabel.toLowerCase()}. Open it here: ${orderUrl}`;
  await queueOrderMessage(
    context.db,
    {
      id: order.id,
      number: order.number,
      userId: null,
      customerId: customer.id,
      customerName: details.name,
      email: details.email,
    },
    {
      kind: 'order.placed',
      mail: {
        to: details.email,
        subject: `Your order ${order.number}`,
        text,
        html: `<p>${escapeHtml(text)}</p>`,
        link: orderUrl,
      },
      statusLabel,
      orderUrl,
      dedupeKey: `order:${order.id}:placed:${order.amountPaise}`,
    },
  );
  return { orderNumber: order.number, orderPath: new URL(orderUrl).pathname };
}
