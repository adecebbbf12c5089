/**
 * The proof that this browser verified a phone (issue 32 item 5; decision 037): after the right
 * one-time code, a short-lived cookie `verified_phone` = `<E.164>.<expiry>.<signature>`, the
 * expiry in Unix seconds in base 36 and the signature an HMAC-SHA256 of
 * `verified-phone:<purpose>:<phone>:<expiry>` under the context's `linkSecret` (the secret that
 * signs order links, order-link.server.ts), cut to 32 hex characters. httpOnly, SameSite=Lax,
 * Secure on https, {@link VERIFIED_PHONE_HOURS} hours. A tampered, expired or other-purpose
 * cookie reads as none; the phone is taken from it, never from a form.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PhoneCodePurpose } from './phone-codes.server';

const COOKIE = 'verified_phone';
const SIGNATURE_HEX = 32;

/** How long the proof lasts, in hours. */
const VERIFIED_PHONE_HOURS = 2;

function signature(secret: string, purpose: PhoneCodePurpose, phone: string, expiry: string) {
  return createHmac('sha256', secret)
    .update(`verified-phone:${purpose}:${phone}:${expiry}`)
    .digest('hex')
    .slice(0, SIGNATURE_HEX);
}

/** The cookie's value for `phone` (E.164), working until `now` + VERIFIED_PHONE_HOURS. */
export function verifiedPhoneToken(
  secret: string,
  purpose: PhoneCodePurpose,
  phone: string,
  now = new Date(),
): string {
  const expiry = Math.floor((now.getTime() + VERIFIED_PHONE_HOURS * 3_600_000) / 1000).toString(36);
  return `${phone}.${expiry}.${signature(secret, purpose, phone, expiry)}`;
}

/**
 * The Set-Cookie value proving `phone` for `purpose` (`secure` on https: `PUBLIC_URL`'s scheme).
 */
export function verifiedPhoneCookie(
  secret: string,
  purpose: PhoneCodePurpose,
  phone: string,
  secure: boolean,
  now = new Date(),
): string {
  const token = verifiedPhoneToken(secret, purpose, phone, now);
  return `${COOKIE}=${token}; Path=/; Max-Age=${VERIFIED_PHONE_HOURS * 3600}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value that forgets the proof (after the order is placed, or "Change number"). */
export function clearVerifiedPhoneCookie(secure: boolean): string {
  return `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The phone a token proves for `purpose` at `now`, or null (malformed, forged, expired). */
export function readVerifiedPhoneToken(
  secret: string,
  purpose: PhoneCodePurpose,
  token: string,
  now = new Date(),
): string | null {
  const match = /^(\+\d{8,15})\.([0-9a-z]{1,9})\.([0-9a-f]{32})$/.exec(token);
  if (!match) return null;
  const [, phone, expiry, given] = match as unknown as [string, string, string, string];
  if (parseInt(expiry, 36) * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(signature(secret, purpose, phone, expiry));
  return timingSafeEqual(expected, Buffer.from(given)) ? phone : null;
}

/** The phone the request's cookie proves for `purpose`, or null. */
export function verifiedPhoneOf(
  request: Request,
  secret: string,
  purpose: PhoneCodePurpose,
  now = new Date(),
): string | null {
  const cookie = request.headers.get('cookie');
  const match = cookie && /(?:^|;\s*)verified_phone=([^;]{1,120})/.exec(cookie);
  return match ? readVerifiedPhoneToken(secret, purpose, match[1]!, now) : null;
}
