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

/** The longest cut a line may ask for, in centimetres (100 m); a product sets its own maximum. */
export const MAX_LENGTH_CM = 10_000;

/** Most lines a cart may hold. */
export const MAX_CART_LINES = 50;

/** A cart line as stored and sent: no price, no name. */
export interface CartLine {
  productId: number;
  size: string;
  color: string;
  /**
   * A cut of a product sold by the metre, in centimetres (issue 29 item 2); 0 or absent for
   * a product sold by the piece. Cuts of different lengths are different lines.
   */
  lengthCm?: number;
  /** Whole number from 1 to MAX_LINE_QUANTITY (cuts of this length, for the metre). */
  quantity: number;
}

/** What tells one line from another: product, size, colour and length. */
export type LineIdentity = Pick<CartLine, 'productId' | 'size' | 'color' | 'lengthCm'>;

/** The identity of a line: product, size, colour and length (cm, 0 for a piece). */
export function lineKey(line: LineIdentity): string {
  return `${line.productId}|${line.size}|${line.color}|${line.lengthCm ?? 0}`;
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
  target: LineIdentity,
  quantity: number,
): CartLine[] {
  const key = lineKey(target);
  const clamped = Math.max(1, Math.min(MAX_LINE_QUANTITY, Math.trunc(quantity)));
  return lines.map((line) => (lineKey(line) === key ? { ...line, quantity: clamped } : line));
}

/** Removes one line. */
export function removeLine(lines: readonly CartLine[], target: LineIdentity): CartLine[] {
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
