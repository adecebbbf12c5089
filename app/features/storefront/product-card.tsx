/**
 * A product in a grid: image, name, category, fabric, rating and price, linking to its page;
 * the wishlist heart, and Add to Cart with the product's first size and colour.
 */
import { CardImage } from '~/features/media/card-image';
import { StarIcon } from 'lucide-react';
import { Link } from 'react-router';
import { AddToCartButton, addToCartLabel } from '~/features/cart/add-to-cart-button';
import { WishlistButton } from '~/features/wishlist/wishlist-button';
import { formatRupees } from '~/lib/money';
import type { ProductTile } from '~/features/catalog/types';

export function ProductCard({
  product,
  priority = false,
}: {
  product: ProductTile;
  priority?: boolean;
}) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg border border-border bg-white shadow-sm transition-shadow hover:shadow-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2">
      <CardImage
        ratio="portrait"
        imageKey={product.imageKey}
        placeholder={product.imagePlaceholder}
        width={640}
        height={800}
        sizes="(min-width: 1280px) 280px, (min-width: 768px) 30vw, 50vw"
        priority={priority}
      />
      <WishlistButton
        productId={product.id}
        productName={product.name}
        className="absolute right-2 top-2 z-10"
      />
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <p className="text-xs uppercase tracking-wide text-muted-foreground">
          {product.subcategoryName ?? product.categoryName}
        </p>
        <h3 className="font-sans text-sm font-semibold leading-snug sm:text-base">
          <Link
            to={`/product/${product.id}`}
            className="after:absolute after:inset-0 focus-visible:outline-none group-has-[:focus-visible]:underline"
          >
            {product.name}
          </Link>
        </h3>
        {product.fabricType && (
          <p className="text-xs text-muted-foreground">{product.fabricType}</p>
        )}
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          <p className="text-base font-semibold text-primary">
            {product.priceVaries && <span className="text-xs font-normal">From </span>}
            {formatRupees(product.pricePaise)}
            {product.defaultLengthCm > 0 && <span className="text-xs font-normal"> a metre</span>}
          </p>
          {product.rating > 0 && (
            <p className="flex items-center gap-1 text-xs text-muted-foreground">
              <StarIcon aria-hidden className="size-3.5 fill-accent text-accent" />
              <span>
                {product.rating.toFixed(1)}
                <span className="sr-only"> out of 5</span>
              </span>
            </p>
          )}
        </div>
        <AddToCartButton
          productId={product.id}
          productSize={product.defaultSize}
          productColor={product.defaultColor}
          lengthCm={product.defaultLengthCm}
          variant="outline"
          size="sm"
          className="relative z-10 mt-2 w-full"
          aria-label={addToCartLabel(product.name)}
        />
      </div>
    </article>
  );
}

/** A responsive grid of product cards; the first `priorityCount` load eagerly. */
export function ProductGrid({
  products,
  priorityCount = 0,
  label,
}: {
  products: ProductTile[];
  priorityCount?: number;
  label?: string;
}) {
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4"
    >
      {products.map((product, index) => (
        <li key={product.id} className="flex">
          <div className="w-full">
            <ProductCard product={product} priority={index < priorityCount} />
          </div>
        </li>
      ))}
    </ul>
  );
}
