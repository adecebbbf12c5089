/**
 * The coupon field of the cart drawer and the checkout (issue 32 item 4): a code to apply, or
 * the applied code with its discount (or why it no longer applies) and "Remove code"; and the
 * "Discount (CODE)" row of their summaries. Talks to `/api/coupon` through one fetcher; the
 * server recomputes the discount whenever the cart is read, and again at placement.
 */
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { formatRupees } from '~/lib/money';
import type { CartCouponState, CouponApiAnswer } from './coupon-state';

/**
 * The shopper's coupon and the fetcher that changes it. `watch` is read again from the server
 * whenever it changes (the priced cart) while `enabled` (the drawer is open), unless `initial`,
 * the state the page's loader gives (read again by the loader after each change), is passed.
 */
export function useCartCoupon(
  watch: unknown,
  { initial, enabled = true }: { initial?: CartCouponState | null; enabled?: boolean } = {},
) {
  const fetcher = useFetcher<CouponApiAnswer>();
  const { load } = fetcher;
  useEffect(() => {
    if (initial === undefined && enabled) void load('/api/coupon');
  }, [watch, initial, enabled, load]);
  const answer = fetcher.data;
  const coupon = initial !== undefined ? initial : (answer?.coupon ?? null);
  return {
    fetcher,
    coupon,
    /** Null until the server answers whether the shopper is signed in. */
    signedIn: answer ? answer.signedIn : initial !== undefined ? true : null,
    /** The refusal of the last apply, when it was refused. */
    refusal: fetcher.state === 'idle' && answer && !answer.ok ? (answer.message ?? null) : null,
    busy: fetcher.state !== 'idle',
  };
}

/** The field: apply a code, or the applied one with "Remove code". */
export function CouponField({
  idPrefix,
  state,
}: {
  idPrefix: string;
  state: ReturnType<typeof useCartCoupon>;
}) {
  const { fetcher, coupon, refusal, busy, signedIn } = state;
  if (signedIn === null) return null;
  if (!signedIn) {
    return <p className="text-sm text-muted-foreground">Sign in to use a coupon code.</p>;
  }
  if (coupon) {
    return (
      <fetcher.Form
        method="post"
        action="/api/coupon"
        className="grid gap-2 text-sm"
        aria-label="Applied coupon"
      >
        <input type="hidden" name="intent" value="remove-coupon" />
        <p className="flex items-center justify-between gap-2">
          <span>
            Code <span className="font-semibold">{coupon.code}</span>{' '}
            {coupon.applies ? 'applied' : 'does not apply'}
          </span>
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            Remove code
          </Button>
        </p>
        {!coupon.applies && coupon.message && (
          <p role="alert" className="text-destructive">
            {coupon.message}
          </p>
        )}
      </fetcher.Form>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action="/api/coupon"
      className="flex items-start gap-2"
      aria-label="Coupon"
    >
      <input type="hidden" name="intent" value="apply-coupon" />
      <FormField
        id={`${idPrefix}-coupon`}
        name="code"
        label="Coupon code"
        autoComplete="off"
        maxLength={30}
        required
        className="flex-1 uppercase"
        error={refusal ?? undefined}
      />
      <Button type="submit" variant="outline" disabled={busy} className="mt-7">
        Apply
      </Button>
    </fetcher.Form>
  );
}

/** The summary's "Discount (CODE)" row (a `dt` and a `dd`), when the code applies. */
export function DiscountRow({ coupon }: { coupon: CartCouponState | null }) {
  if (!coupon?.applies || coupon.discountPaise <= 0) return null;
  return (
    <>
      <dt>Discount ({coupon.code})</dt>
      <dd>−{formatRupees(coupon.discountPaise)}</dd>
    </>
  );
}
