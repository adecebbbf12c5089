/**
 * The product editor's live preview: the storefront's own ProductCard, fed by what the form
 * holds right now (a photo chosen but not yet saved is laid over the card's image). It is
 * inert: a preview's heart, link and Add to Cart do nothing.
 */
import { ProductCard } from '~/features/storefront/product-card';
import type { ProductCard as ProductCardData } from '~/features/catalog/types';

export interface PreviewImage {
  /** A stored image ('img-…'), or a chosen file's object URL. */
  key?: string;
  url?: string;
  placeholder?: string | null;
}

export function ProductPreview({
  product,
  image,
  isActive,
}: {
  product: Omit<ProductCardData, 'imageKey' | 'imagePlaceholder'>;
  image: PreviewImage | null;
  isActive: boolean;
}) {
  const card: ProductCardData = {
    ...product,
    imageKey: image?.key ?? null,
    imagePlaceholder: image?.placeholder ?? null,
  };
  return (
    <section aria-labelledby="product-preview-heading" className="grid gap-3">
      <h2 id="product-preview-heading" className="text-lg font-semibold">
        Preview
      </h2>
      <p className="text-sm text-muted-foreground">
        How the product card looks in the shop, as you type.
      </p>
      <div inert className="relative mx-auto w-full max-w-64 select-none">
        <ProductCard product={card} />
        {image?.url && (
          <img
            src={image.url}
            alt=""
            className="pointer-events-none absolute top-px right-px left-px aspect-[4/5] w-[calc(100%-2px)] rounded-t-lg object-cover"
          />
        )}
      </div>
      <ul className="grid gap-1 text-sm text-muted-foreground">
        <li>{isActive ? 'Active: shown in the shop.' : 'Inactive: hidden from the shop.'}</li>
        {product.featured && <li>Featured on the home page.</li>}
      </ul>
    </section>
  );
}
