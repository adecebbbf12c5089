/**
 * Ready-to-wear sizes as variants (issue 29 item 2, decision "size variants"): the pure rules,
 * safe in the browser. A product sold by the piece may come in sizes; each size is a variant
 * with its own SKU, price (integer paise a piece) and stock (pieces; null = not tracked).
 */

/** A variant as the shop offers it (only active variants are offered). */
export interface VariantOffer {
  size: string;
  sku: string;
  pricePaise: number;
  /** True when the shop counts its stock and none is left: shown, not sold. */
  soldOut: boolean;
}

/**
 * The SKU made from a product's slug and a size (the migration's backfill and a new row the
 * product form leaves without one): slug and size joined by '-', upper-cased, each run of
 * characters other than A-Z and 0-9 made one '-', no '-' at either end. So 'kurta-silk-blue'
 * in size 'M' is 'KURTA-SILK-BLUE-M', and size '2 XL' is 'KURTA-SILK-BLUE-2-XL'. When that SKU
 * is in `taken`, '-2', '-3', … is appended (the first free one).
 * @returns the SKU, never one of `taken`.
 */
export function skuFor(slug: string, size: string, taken: ReadonlySet<string> = new Set()): string {
  const base = `${slug}-${size}`
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

/**
 * The price of one piece of a product in size `size`: the variant's price when the product has
 * variants, else the product's own price. The server prices cart lines with it; the browser's
 * price is never used.
 * @returns the price in paise, or null when the product has variants and none is `size`.
 */
export function piecePrice(
  productPricePaise: number,
  variants: readonly Pick<VariantOffer, 'size' | 'pricePaise'>[],
  size: string,
): number | null {
  if (variants.length === 0) return productPricePaise;
  return variants.find((variant) => variant.size === size)?.pricePaise ?? null;
}

/** The size a product page or card chooses first: the first one not sold out, else the first. */
export function firstSize(variants: readonly Pick<VariantOffer, 'size' | 'soldOut'>[]): string {
  return (variants.find((variant) => !variant.soldOut) ?? variants[0])?.size ?? '';
}

/**
 * What the shopper is told when a size variant has fewer pieces left than the cart or order
 * wants (issue 29 item 2), e.g. 'Only 1 of Silk Kurta (size M) is left'.
 */
export function variantStockMessage(
  name: string,
  variant: { size: string; stock: number | null },
  verb: 'is' | 'was',
): string {
  const left = variant.stock ?? 0;
  return left === 0
    ? `${name} in size ${variant.size} is sold out`
    : `Only ${left} of ${name} (size ${variant.size}) ${left === 1 ? verb : verb === 'is' ? 'are' : 'were'} left`;
}
