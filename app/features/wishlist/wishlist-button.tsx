/** The heart that saves a product to the wishlist or takes it out (a toggle button). */
import { HeartIcon } from 'lucide-react';
import { cn } from '~/lib/utils';
import { useWishlist } from './wishlist-context';

export function WishlistButton({
  productId,
  productName,
  className,
}: {
  productId: number;
  productName: string;
  className?: string;
}) {
  const wishlist = useWishlist();
  const saved = wishlist.has(productId);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={`Save ${productName} to your wishlist`}
      onClick={() => void wishlist.toggle(productId)}
      className={cn(
        'flex size-10 items-center justify-center rounded-full border border-border bg-white/90 text-primary shadow-sm transition-colors hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <HeartIcon aria-hidden className={cn('size-5', saved && 'fill-current')} />
    </button>
  );
}
