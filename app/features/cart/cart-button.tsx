/**
 * The navigation bar's cart button with the item count, and the cart drawer loaded only when
 * it is first opened (its code stays out of every page's first download).
 */
import { ShoppingBagIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '~/components/ui/button';
import { useCart } from './cart-context';

const CartDrawer = lazy(() => import('./cart-drawer'));

/** The navigation bar's cart button with the item count. */
export function CartButton({ className }: { className?: string }) {
  const cart = useCart();
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={`relative ${className ?? ''}`}
      aria-label={`Cart, ${cart.count} ${cart.count === 1 ? 'item' : 'items'}`}
      onClick={() => cart.setOpen(true)}
    >
      <ShoppingBagIcon aria-hidden />
      {cart.count > 0 && (
        <span
          aria-hidden
          className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs font-semibold text-primary-foreground"
        >
          {cart.count}
        </span>
      )}
    </Button>
  );
}

/** Mounts the drawer once the cart has been opened. */
export function LazyCartDrawer() {
  const cart = useCart();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (cart.open) setWanted(true);
  }, [cart.open]);
  if (!wanted && !cart.open) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}
