/**
 * The one refusal of the shop (issue 30 item 4): a rule said no. A domain throws it with a
 * short code and a message for whoever asked (a shopper, a guest, an administrator); the route's
 * edge chooses the HTTP status, once, with {@link refusalStatus}. Control flow tells refusals
 * apart by their code, never by their text (a message may be reworded; a code may not).
 */

/**
 * Why a request was refused:
 * - `invalid`: the input breaks a rule (a price below zero, a field left out) — 422;
 * - `bad-request`: the request itself is unreadable or not offered (a time not on the grid) — 400;
 * - `forbidden`: the caller may not do this — 403;
 * - `not-found`: the thing is not there, or not the caller's to see — 404;
 * - `conflict`: the thing's state forbids it now (paid, cancelled, changed since the form
 *   opened, a name already used) — 409;
 * - `slot-taken`: the last place of an appointment slot went to someone else — 409;
 * - `already-booked`: the same customer already has an appointment at that time — 409;
 * - `cart-empty`: an order was asked of an empty cart — 409;
 * - `too-large`: an upload is larger than allowed — 413;
 * - `unsupported-media`: an upload of a kind not taken — 415;
 * - `unavailable`: a service behind the change (the storage) cannot take it now — 503.
 */
export type RefusalCode =
  | 'invalid'
  | 'bad-request'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'slot-taken'
  | 'already-booked'
  | 'cart-empty'
  | 'too-large'
  | 'unsupported-media'
  | 'unavailable';

/** A refusal: its code, the message to show, and the form field it belongs beside, if any. */
export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
    /** The form field the message belongs beside, when it is about one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

/** The HTTP status of each refusal code. */
const STATUS = {
  invalid: 422,
  'bad-request': 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'slot-taken': 409,
  'already-booked': 409,
  'cart-empty': 409,
  'too-large': 413,
  'unsupported-media': 415,
  unavailable: 503,
} as const satisfies Record<RefusalCode, number>;

/** An HTTP status a refusal can be answered with. */
export type RefusalStatus = (typeof STATUS)[RefusalCode];

/**
 * The HTTP status a route answers a refusal with: the one place the mapping is made (the
 * admin action wrapper and the routes' actions and loaders call it; domains never pick one).
 */
export function refusalStatus(code: RefusalCode): RefusalStatus {
  return STATUS[code];
}
