/**
 * The shopper's applied coupon as the cart drawer and the checkout show it (issue 32 item 4):
 * what `/api/coupon` answers and the checkout's loader returns. Safe for the browser.
 */

/** The applied code: its discount on the cart now, or why it no longer applies. */
export interface CartCouponState {
  code: string;
  /** False when the code stopped applying (then `message` says why, and the discount is 0). */
  applies: boolean;
  /** Paise taken off the goods. */
  discountPaise: number;
  message: string | null;
}

/** What `/api/coupon` answers: the state (null: no code applied; guests get null too). */
export interface CouponApiAnswer {
  ok: boolean;
  signedIn: boolean;
  coupon: CartCouponState | null;
  /** Why an apply was refused, or what was done. */
  message?: string;
}
