/**
 * Cart line rules (SPEC.md section 4 "Cart", section 9), shared by the browser (a guest's
 * cart in local storage) and the server (a shopper's `cart_lines`). A line is a product with
 * a size and a colour ('' when the product has none) and a quantity; prices are never part
 * of a line: the server prices lines from its own catalogue. The zod schemas that check lines
 * from a browser are in `line-schema.ts`, so that these rules reach every page without zod.
 */
/** Most of one line a cart may hold. */
export const MAX_LINE_QUANTITY = 20;
/** Product ids are database `integer`s (2^31 - 1 at most). */
export const MAX_PRODUCT_ID = 2_147_483_647;

/** Most lines a cart may hold. */
export const MAX_CART_LINES = 50;

/** A cart line as stored and sent: no price, no name. */
export interface CartLine {
  productId: number;
  size: string;
  color: string;
  /** Whole number from 1 to MAX_LINE_QUANTITY. */
  quantity: number;
}

/** The identity of a line: product, size and colour. */
export function lineKey(line: Pick<CartLine, 'productId' | 'size' | 'color'>): string {
  return `${line.productId}|${line.size}|${line.color}`;
}

/**
 * Adds a line: the same product, size and colour raises that line's quantity (up to the
 * maximum); anything else is appended. Returns a new array.
 */
export function addLine(lines: readonly CartLine[], added: CartLine): CartLine[] {
  const key = lineKey(added);
  const existing = lines.find((line) => lineKey(line) === key);
  if (!existing) return [...lines, { ...added }];
  return lines.map((line) =>
    lineKey(line) === key
      ? { ...line, quantity: Math.min(MAX_LINE_QUANTITY, line.quantity + added.quantity) }
      : line,
  );
}

/** Sets a line's quantity, kept between 1 and the maximum (decreasing stops at 1). */
export function setLineQuantity(
  lines: readonly CartLine[],
  target: Pick<CartLine, 'productId' | 'size' | 'color'>,
  quantity: number,
): CartLine[] {
  const key = lineKey(target);
  const clamped = Math.max(1, Math.min(MAX_LINE_QUANTITY, Math.trunc(quantity)));
  return lines.map((line) => (lineKey(line) === key ? { ...line, quantity: clamped } : line));
}

/** Removes one line. */
export function removeLine(
  lines: readonly CartLine[],
  target: Pick<CartLine, 'productId' | 'size' | 'color'>,
): CartLine[] {
  const key = lineKey(target);
  return lines.filter((line) => lineKey(line) !== key);
}

/**
 * Merges a guest cart into a shopper's cart on sign-in by the same rule as adding: equal
 * lines add up (capped), others are appended after the shopper's own lines.
 */
export function mergeLines(own: readonly CartLine[], guest: readonly CartLine[]): CartLine[] {
  return guest.reduce<CartLine[]>((merged, line) => addLine(merged, line), [...own]);
}

/** How many items the lines hold (the navigation badge). */
export function itemCount(lines: readonly Pick<CartLine, 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
