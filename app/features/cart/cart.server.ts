/**
 * Carts on the server (issue "Cart, wishlist, checkout" 1): a signed-in shopper's lines in
 * `cart_lines`, and the pricing of any lines (a guest's too) from the catalogue's current
 * prices. A product that is no longer for sale stays in the cart, flagged, and cannot be
 * checked out.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import type { UQCS } from '~/lib/schema-enums';
import { cartLines, categories, orderLines, products, subcategories } from '~/lib/schema.server';
import { visibleProduct } from '../catalog/catalog.server';
import { availableStockSql } from '../catalog/fabric-stock.server';
import {
  formatStock,
  lengthProblem,
  stockTaken,
  unitPriceOf,
  type SaleTerms,
} from '../catalog/sale-units';
import { activeVariants, type VariantRow } from '../catalog/variants.server';
import { piecePrice, variantStockMessage } from '../catalog/variants';
import {
  lineKey,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  mergeLines,
  type CartLine,
  type LineIdentity,
} from './lines';

/** A cart line as the browser shows it, priced by the server (paise). */
interface PricedLine extends CartLine {
  name: string;
  imageKey: string | null;
  /** The price of one piece, or of one cut of `lengthCm` (`metreLinePaise`). */
  unitPricePaise: number;
  lineTotalPaise: number;
  /** Issue 29 item 2: the product's price a metre when it is sold by the metre, else null. */
  metrePricePaise: number | null;
  /** The GST unit quantity code the invoice prints (MTR, PCS, SET, NOS). */
  uqc: (typeof UQCS)[number];
  /** Issue 29 item 2: the size variant the line buys and its SKU; null for a product without. */
  variantId: number | null;
  sku: string | null;
  /** False when the product is no longer for sale: flagged, not payable. */
  available: boolean;
  /** Why the line cannot be bought as it stands (not enough stock, a length off its steps), or null. */
  problem: string | null;
}

/** A priced cart: lines and the total of the available ones (paise). */
export interface PricedCart {
  lines: PricedLine[];
  subtotalPaise: number;
  totalPaise: number;
  /** Whether every line can be paid for (and there is at least one). */
  payable: boolean;
}

/** Thrown for a line the catalogue cannot sell: unknown product, size or colour. */
export class CartLineError extends Error {
  override name = 'CartLineError';
}

interface ProductFacts extends SaleTerms {
  id: number;
  name: string;
  pricePaise: number;
  imageKey: string | null;
  /** Issue 29 item 2: the active size variants (the sizes offered); empty without sizes. */
  variants: VariantRow[];
  colors: string[];
  available: boolean;
  /**
   * What can be sold: pieces, or centimetres for the metre less the open fabric reservations
   * (issue 31 item 7); null when not tracked.
   */
  stock: number | null;
  uqc: (typeof UQCS)[number];
}

/** The columns of `ProductFacts`, for selects over `products` joined to its category. */
const productFactColumns = {
  id: products.id,
  name: products.name,
  pricePaise: products.pricePaise,
  imageKey: sql<string | null>`${products.imageKeys}[1]`,
  colors: products.colors,
  available: sql<boolean>`coalesce(${visibleProduct}, false)`,
  saleUnit: products.saleUnit,
  lengthStepCm: products.lengthStepCm,
  lengthMinCm: products.lengthMinCm,
  lengthMaxCm: products.lengthMaxCm,
  // Issue 31 item 7: the metres held for bespoke garments are not for sale.
  stock: availableStockSql,
  uqc: products.uqc,
};

async function productFacts(db: Db, ids: number[]): Promise<Map<number, ProductFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(productFactColumns)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(subcategories, eq(products.subcategoryId, subcategories.id))
    .where(inArray(products.id, [...new Set(ids)]));
  return withVariants(db, rows);
}

/** Facts of `rows` (products read with `productFactColumns`) with their active variants. */
async function withVariants(
  db: Db,
  rows: readonly Omit<ProductFacts, 'variants'>[],
): Promise<Map<number, ProductFacts>> {
  const variants = await activeVariants(
    db,
    rows.map((row) => row.id),
  );
  return new Map(rows.map((row) => [row.id, { ...row, variants: variants.get(row.id) ?? [] }]));
}

/** The variant a line of `product` names by its size, or undefined (none, or no variants). */
function variantOf(product: ProductFacts, line: LineIdentity): VariantRow | undefined {
  return product.variants.find((variant) => variant.size === line.size);
}

/**
 * Checks a line against the catalogue: the product exists and is for sale, and the size and
 * colour are ones it comes in ('' only when it has none to choose from).
 * @throws CartLineError saying what is wrong.
 */
async function checkLine(db: Db, line: CartLine): Promise<void> {
  checkAgainst((await productFacts(db, [line.productId])).get(line.productId), line);
}

/**
 * `checkLine` against facts already read.
 * @throws CartLineError saying what is wrong.
 */
function checkAgainst(product: ProductFacts | undefined, line: CartLine): void {
  if (!product || !product.available) throw new CartLineError('This product is not available');
  const valid = (choice: string, options: string[]) =>
    options.length === 0 ? choice === '' : options.includes(choice);
  const sizes = product.variants.map((variant) => variant.size);
  if (!valid(line.size, sizes)) {
    throw new CartLineError(`Please choose one of the sizes: ${sizes.join(', ') || 'none'}`);
  }
  // Issue 29 item 2: a size whose stock is counted and gone cannot be added.
  if (variantOf(product, line)?.stock === 0) {
    throw new CartLineError(`${product.name} in size ${line.size} is sold out`);
  }
  if (!valid(line.color, product.colors)) {
    throw new CartLineError(
      `Please choose one of the colours: ${product.colors.join(', ') || 'none'}`,
    );
  }
  const length = lengthProblem(product, line.lengthCm ?? 0);
  if (length) throw new CartLineError(length);
}

/**
 * Why lines cannot be served from stock, by line key: the product tracks stock and all its
 * lines together want more than is left (issue 29 item 2). Checked again, atomically, when the
 * order is paid (features/orders/stock.server).
 */
function stockProblems(
  lines: readonly CartLine[],
  facts: Map<number, ProductFacts>,
): Map<string, string> {
  const wanted = new Map<number, number>();
  const wantedOfSize = new Map<number, number>();
  for (const line of lines) {
    const product = facts.get(line.productId);
    const variant = product && variantOf(product, line);
    if (variant) {
      // Issue 29 item 2: a size variant's stock is its own, in pieces.
      wantedOfSize.set(variant.id, (wantedOfSize.get(variant.id) ?? 0) + line.quantity);
      continue;
    }
    wanted.set(
      line.productId,
      (wanted.get(line.productId) ?? 0) +
        stockTaken({ lengthCm: line.lengthCm ?? 0, quantity: line.quantity }),
    );
  }
  const problems = new Map<string, string>();
  for (const line of lines) {
    const product = facts.get(line.productId);
    const variant = product && variantOf(product, line);
    if (variant) {
      if (variant.stock !== null && (wantedOfSize.get(variant.id) ?? 0) > variant.stock) {
        problems.set(lineKey(line), variantStockMessage(product.name, variant, 'is'));
      }
      continue;
    }
    if (!product || product.stock === null) continue;
    if ((wanted.get(line.productId) ?? 0) <= product.stock) continue;
    problems.set(
      lineKey(line),
      product.stock === 0
        ? `${product.name} is out of stock`
        : `Only ${formatStock(product.saleUnit, product.stock)} of ${product.name} ${product.stock === 1 && product.saleUnit === 'piece' ? 'is' : 'are'} left`,
    );
  }
  return problems;
}

/**
 * Prices lines with the catalogue's current prices. Lines of products that no longer exist
 * are dropped; lines of products no longer for sale are kept and flagged.
 */
export async function priceLines(db: Db, lines: readonly CartLine[]): Promise<PricedCart> {
  const facts = await productFacts(
    db,
    lines.map((line) => line.productId),
  );
  return pricedCart(lines, facts);
}

/** Lines priced by `facts`; lines whose product is not among them are dropped. */
function pricedCart(lines: readonly CartLine[], facts: Map<number, ProductFacts>): PricedCart {
  const priced: PricedLine[] = [];
  const short = stockProblems(lines, facts);
  for (const line of lines) {
    const product = facts.get(line.productId);
    if (!product) continue;
    const lengthCm = line.lengthCm ?? 0;
    const variant = variantOf(product, line);
    // Issue 29 item 2: a line of a product with sizes is priced by its size's variant; a size
    // the product no longer offers is priced at nothing and flagged.
    const piece = piecePrice(product.pricePaise, product.variants, line.size);
    const sizeRefusal =
      piece === null ? `${product.name} is no longer sold in size ${line.size || 'none'}` : null;
    const lengthRefusal = lengthProblem(product, lengthCm) ?? sizeRefusal;
    // A cut whose length the product no longer sells is priced at nothing and flagged.
    const unitPricePaise = lengthRefusal ? 0 : unitPriceOf(piece ?? 0, lengthCm);
    priced.push({
      ...line,
      lengthCm,
      name: product.name,
      imageKey: product.imageKey,
      unitPricePaise,
      lineTotalPaise: unitPricePaise * line.quantity,
      metrePricePaise: product.saleUnit === 'metre' ? product.pricePaise : null,
      uqc: product.uqc,
      variantId: variant?.id ?? null,
      sku: variant?.sku ?? null,
      available: product.available,
      problem: lengthRefusal ?? short.get(lineKey(line)) ?? null,
    });
  }
  const subtotalPaise = priced
    .filter((line) => line.available)
    .reduce((sum, line) => sum + line.lineTotalPaise, 0);
  return {
    lines: priced,
    subtotalPaise,
    totalPaise: subtotalPaise,
    payable: priced.length > 0 && priced.every((line) => line.available && line.problem === null),
  };
}

/** A shopper's stored lines, oldest first. */
export async function getCartLines(db: Db, userId: string): Promise<CartLine[]> {
  return db
    .select({
      productId: cartLines.productId,
      size: cartLines.size,
      color: cartLines.color,
      lengthCm: cartLines.lengthCm,
      quantity: cartLines.quantity,
    })
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(cartLines.id);
}

/** A shopper's cart, priced: its lines and their products in one query. */
export async function getCart(db: Db, userId: string): Promise<PricedCart> {
  const rows = await db
    .select({
      line: {
        productId: cartLines.productId,
        size: cartLines.size,
        color: cartLines.color,
        lengthCm: cartLines.lengthCm,
        quantity: cartLines.quantity,
      },
      product: productFactColumns,
    })
    .from(cartLines)
    .innerJoin(products, eq(cartLines.productId, products.id))
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(subcategories, eq(products.subcategoryId, subcategories.id))
    .where(eq(cartLines.userId, userId))
    .orderBy(cartLines.id);
  return pricedCart(
    rows.map((row) => row.line),
    await withVariants(
      db,
      rows.map((row) => row.product),
    ),
  );
}

/** How many items a shopper's cart holds. */
export async function countCartItems(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(cartLines)
    .where(eq(cartLines.userId, userId));
  return row?.count ?? 0;
}

/**
 * Adds lines to a shopper's cart in one statement: a new product, size and colour is appended,
 * an equal line's quantity adds up to `MAX_LINE_QUANTITY` (SPEC.md section 4). One statement,
 * so a shopper adding from two tabs at once gets both, never a unique-key error. `lines` must
 * not repeat a line (PostgreSQL refuses to update a row twice in one statement).
 */
async function addLines(db: Db, userId: string, lines: readonly CartLine[]): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insert(cartLines)
    .values(lines.map((line) => ({ ...line, lengthCm: line.lengthCm ?? 0, userId })))
    .onConflictDoUpdate({
      target: [
        cartLines.userId,
        cartLines.productId,
        cartLines.size,
        cartLines.color,
        cartLines.lengthCm,
      ],
      set: {
        quantity: sql`least(${cartLines.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})`,
        updatedAt: new Date(),
      },
    });
}

/**
 * Adds a line to a shopper's cart (SPEC.md section 4: equal lines add up, to 20 at most).
 * @throws CartLineError when the catalogue cannot sell it, or when it is a new line and the
 *   cart already holds `MAX_CART_LINES`.
 */
export async function addToCart(db: Db, userId: string, line: CartLine): Promise<void> {
  const [, [held]] = await Promise.all([
    checkLine(db, line),
    db
      .select({
        lines: sql<number>`count(*)::int`,
        hasLine: sql<boolean>`coalesce(bool_or(${sameLine(userId, line)}), false)`,
      })
      .from(cartLines)
      .where(eq(cartLines.userId, userId)),
  ]);
  if (held && !held.hasLine && held.lines >= MAX_CART_LINES) {
    throw new CartLineError(`A cart holds at most ${MAX_CART_LINES} different items`);
  }
  await addLines(db, userId, [line]);
}

/** The stored line of `userId` with the product, size and colour of `line`. */
function sameLine(userId: string, line: LineIdentity) {
  return and(
    eq(cartLines.userId, userId),
    eq(cartLines.productId, line.productId),
    eq(cartLines.size, line.size),
    eq(cartLines.color, line.color),
    eq(cartLines.lengthCm, line.lengthCm ?? 0),
  );
}

/** Sets the quantity of one line (already clamped by the schema). */
export async function setCartQuantity(db: Db, userId: string, line: CartLine): Promise<void> {
  await db
    .update(cartLines)
    .set({ quantity: line.quantity, updatedAt: new Date() })
    .where(sameLine(userId, line));
}

/** Removes one line. */
export async function removeFromCart(db: Db, userId: string, line: LineIdentity): Promise<void> {
  await db.delete(cartLines).where(sameLine(userId, line));
}

/** Empties a shopper's cart. */
export async function clearCart(db: Db, userId: string): Promise<void> {
  await db.delete(cartLines).where(eq(cartLines.userId, userId));
}

/**
 * Merges a guest cart into a shopper's cart on sign-in (same rule as adding). Lines the
 * catalogue cannot sell (unknown product, size or colour) are left out.
 */
export async function mergeIntoCart(
  db: Db,
  userId: string,
  guest: readonly CartLine[],
): Promise<void> {
  const [facts, held] = await Promise.all([
    productFacts(
      db,
      guest.map((line) => line.productId),
    ),
    getCartLines(db, userId),
  ]);
  const sellable = guest.filter((line) => {
    try {
      checkAgainst(facts.get(line.productId), line);
      return true;
    } catch (error) {
      if (error instanceof CartLineError) return false;
      throw error;
    }
  });
  // Equal guest lines become one; new lines beyond the cart's limit are left out.
  const heldKeys = new Set(held.map(lineKey));
  let room = MAX_CART_LINES - held.length;
  const added: CartLine[] = [];
  for (const line of mergeLines([], sellable)) {
    if (heldKeys.has(lineKey(line))) added.push(line);
    else if (room > 0) {
      added.push(line);
      room -= 1;
    }
  }
  await addLines(db, userId, added);
}

/**
 * Takes out of user `userId`'s cart only what order `orderId` bought, in the transaction that
 * makes it paid: paying an older order must not empty a cart the shopper has filled since
 * (issue 17 item 9).
 */
export async function clearBoughtFromCart(tx: DbOrTx, orderId: number, userId: string) {
  await tx.execute(sql`
    delete from ${cartLines}
    where ${cartLines.userId} = ${userId}
      and exists (
        select 1 from ${orderLines}
        where ${orderLines.orderId} = ${orderId}
          and ${orderLines.productId} = ${cartLines.productId}
          and ${orderLines.size} = ${cartLines.size}
          and ${orderLines.color} = ${cartLines.color}
          and coalesce(${orderLines.lengthCm}, 0) = ${cartLines.lengthCm}
      )`);
}
