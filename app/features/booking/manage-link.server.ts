/**
 * The signed link a customer manages an appointment with (issue 20 item 2: "a signed manage
 * link for rescheduling or cancelling"): `/book/manage/<id>.<signature>`, where the signature
 * is an HMAC-SHA256 of the appointment id under the context's `linkSecret`, cut to 32 hex
 * characters (128 bits). Anyone holding the link may reschedule or cancel until the cut-off;
 * nobody can make one for another appointment.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_HEX = 32;

function signature(secret: string, appointmentId: number): string {
  return createHmac('sha256', secret)
    .update(`appointment:${appointmentId}`)
    .digest('hex')
    .slice(0, SIGNATURE_HEX);
}

/** The token of an appointment's manage link: '<id>.<32 hex>'. */
export function manageToken(secret: string, appointmentId: number): string {
  return `${appointmentId}.${signature(secret, appointmentId)}`;
}

/** The absolute manage link, e.g. 'https://shop.example/book/manage/12.3f…'. */
export function manageUrl(publicUrl: string, secret: string, appointmentId: number): string {
  return new URL(`/book/manage/${manageToken(secret, appointmentId)}`, publicUrl).toString();
}

/** The appointment id a token was signed for, or null when it is malformed or forged. */
export function readManageToken(secret: string, token: string): number | null {
  const match = /^([1-9][0-9]{0,9})\.([0-9a-f]{32})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  const expected = Buffer.from(signature(secret, id));
  const given = Buffer.from(match[2]!);
  return timingSafeEqual(expected, given) ? id : null;
}
