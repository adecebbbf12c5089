/**
 * One-time notices carried across a redirect (SPEC.md section 8: 'Logged out', …). An action
 * sets a short-lived cookie naming the notice; the next page's root loader reads it, clears
 * it and shows the toast. Only names from `FLASH_NOTICES` are accepted, so a forged cookie can
 * show nothing else.
 */
/** The notices, by name: title, description and whether it reports a failure. */
const FLASH_NOTICES = {
  'logged-out': {
    title: 'Logged out',
    description: 'You have been successfully logged out.',
    error: false,
  },
  'cart-empty': {
    title: 'Cart is empty',
    description: 'Please add items to your cart before checkout',
    error: true,
  },
  'payment-success': {
    title: 'Payment successful',
    description: 'Thank you! Your order is confirmed.',
    error: false,
  },
  'payment-failed': {
    title: 'Checkout failed',
    description: 'There was an error processing your order. Please try again.',
    error: true,
  },
  'account-deleted': {
    title: 'Account deleted',
    description: 'Your account and its saved data have been removed.',
    error: false,
  },
} as const;

export type FlashName = keyof typeof FLASH_NOTICES;
export type FlashNotice = (typeof FLASH_NOTICES)[FlashName] & { name: FlashName };

const COOKIE = 'flash';

/** The Set-Cookie value that shows `name` on the next page (kept for 60 s at most). */
export function flashCookie(name: FlashName, secure: boolean): string {
  return `${COOKIE}=${name}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The notice a request carries, and the Set-Cookie value that clears it; null without one. */
export function readFlash(request: Request): { notice: FlashNotice; clear: string } | null {
  const cookie = request.headers.get('cookie');
  const match = cookie && /(?:^|;\s*)flash=([a-z-]{1,40})(?:;|$)/.exec(cookie);
  if (!match) return null;
  const name = match[1] as FlashName;
  const clear = `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
  if (!Object.hasOwn(FLASH_NOTICES, name)) return null;
  return { notice: { ...FLASH_NOTICES[name], name }, clear };
}
