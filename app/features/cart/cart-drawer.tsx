/**
 * The cart drawer (SPEC.md section 2 "Cart drawer"): slides in from the right with 'Your Cart',
 * the lines (image, name, price, size, colour, quantity controls, remove), Subtotal and Total,
 * 'Proceed to Checkout' and 'Clear Cart'; empty, it says 'Your cart is empty' / 'Add items to
 * your cart to see them here' with 'Continue Shopping'. Prices are the server's.
 */
import { MinusIcon, PlusIcon, ShoppingBagIcon, Trash2Icon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog';
import { Spinner } from '~/components/ui/spinner';
import { ResponsiveImage } from '~/features/media/responsive-image';
import { formatRupees } from '~/lib/money';
import { describeCut } from '~/features/catalog/sale-units';
import { CouponField, DiscountRow, useCartCoupon } from '~/features/coupons/coupon-field';
import { useCart } from './cart-context';
import { lineKey, MAX_LINE_QUANTITY } from './lines';

export default function CartDrawer() {
  const cart = useCart();
  const navigate = useNavigate();
  const { priced } = cart;
  const loading = cart.lines.length > 0 && !priced;
  const empty = cart.lines.length === 0;
  // Issue 32 item 4: the shopper's coupon, read again whenever the server prices the cart.
  const coupon = useCartCoupon(priced, { enabled: cart.open && !empty && !!priced });
  const discountPaise = coupon.coupon?.applies ? coupon.coupon.discountPaise : 0;

  return (
    <Dialog open={cart.open} onOpenChange={cart.setOpen}>
      <DialogContent className="left-auto right-0 top-0 flex h-dvh max-h-none w-full max-w-md translate-x-0 translate-y-0 flex-col gap-0 rounded-none p-0">
        <div className="border-b border-border px-5 py-4">
          <DialogTitle>Your Cart</DialogTitle>
          <DialogDescription className="sr-only">
            The items in your cart, their prices and the total.
          </DialogDescription>
        </div>
        {empty ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
            <ShoppingBagIcon aria-hidden className="size-12 text-muted-foreground" />
            <p className="text-lg font-semibold">Your cart is empty</p>
            <p className="text-muted-foreground">Add items to your cart to see them here</p>
            <Button asChild className="mt-2" onClick={() => cart.setOpen(false)}>
              <Link to="/wardrobe">Continue Shopping</Link>
            </Button>
          </div>
        ) : loading ? (
          <Spinner label="Loading your cart..." className="flex-1" />
        ) : (
          <>
            <ul
              className="flex-1 divide-y divide-border overflow-y-auto px-5"
              aria-label="Cart items"
            >
              {priced!.lines.map((line) => (
                <li key={lineKey(line)} className="flex gap-3 py-4">
                  <div className="size-20 shrink-0 overflow-hidden rounded-md border border-border">
                    <ResponsiveImage
                      imageKey={line.imageKey}
                      alt=""
                      width={160}
                      height={160}
                      sizes="80px"
                      className="size-full"
                    />
                  </div>
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <Link
                      to={`/product/${line.productId}`}
                      onClick={() => cart.setOpen(false)}
                      className="font-medium leading-snug hover:underline"
                    >
                      {line.name}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      {[line.size && `Size ${line.size}`, line.color && `Colour ${line.color}`]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    {line.lengthCm && line.metrePricePaise !== null ? (
                      <p className="text-sm">{describeCut(line.lengthCm, line.metrePricePaise)}</p>
                    ) : null}
                    {!line.available && (
                      <p className="text-sm font-medium text-destructive">
                        No longer available: remove it to check out
                      </p>
                    )}
                    {line.available && line.problem && (
                      <p className="text-sm font-medium text-destructive">{line.problem}</p>
                    )}
                    <p className="text-sm font-semibold text-primary">
                      {formatRupees(line.unitPricePaise)}
                    </p>
                    <div className="mt-1 flex items-center gap-2">
                      <Button
                        type="button"
                        variant="outline"
                        size="icon"
                        className="size-8"
                        aria-label={`One fewer ${line.name}`}
                        disabled={line.quantity <= 1}
                        onClick={() => void cart.setQuantity(line, line.quantity - 1)}
                      >
                        <MinusIcon aria-hidden />
                      </Button>
                      <span aria-label={`Quantity of ${line.name}`} className="min-w-6 text-center">
                        {line.quantity}
                      </span>
                      <Button
                        type="button"
                        variant="outline"
                        size="icon"
                        className="size-8"
                        aria-label={`One more ${line.name}`}
                        disabled={line.quantity >= MAX_LINE_QUANTITY}
                        onClick={() => void cart.setQuantity(line, line.quantity + 1)}
                      >
                        <PlusIcon aria-hidden />
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="ml-auto size-8 text-destructive"
                        aria-label={`Remove ${line.name}`}
                        onClick={() => void cart.remove(line)}
                      >
                        <Trash2Icon aria-hidden />
                      </Button>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <div className="border-t border-border px-5 py-4">
              <div className="mb-3">
                <CouponField idPrefix="cart" state={coupon} />
              </div>
              <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
                <dt>Subtotal</dt>
                <dd>{formatRupees(priced!.subtotalPaise)}</dd>
                <DiscountRow coupon={coupon.coupon} />
                <dt className="text-base font-semibold">Total</dt>
                <dd className="text-base font-semibold">
                  {formatRupees(priced!.totalPaise - discountPaise)}
                </dd>
              </dl>
              <Button
                type="button"
                size="lg"
                className="mt-4 w-full"
                disabled={!priced!.payable}
                onClick={() => {
                  cart.setOpen(false);
                  void navigate('/checkout');
                }}
              >
                Proceed to Checkout
              </Button>
              <Button
                type="button"
                variant="outline"
                className="mt-2 w-full"
                onClick={() => void cart.clear()}
              >
                Clear Cart
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
