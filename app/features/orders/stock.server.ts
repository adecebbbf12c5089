/**
 * Stock taken when a shop order is paid (issue 29 item 2; decision "stock and lengths").
 *
 * A product's `stock` counts pieces, or centimetres for a product sold by the metre; null means
 * the shop does not track it. In the transaction that marks the order paid, each tracked
 * product loses what the order's lines take (`stockTaken`: length × cuts, or pieces) by a
 * conditional update, `stock = stock - wanted where stock >= wanted`, one product at a time in
 * id order (so two orders sharing products never lock them in opposite orders). The row lock
 * the update takes makes a second payer wait for the first to commit and then read the stock
 * it left: two shoppers paying for the last 2 m at once cannot both get it.
 *
 * A line of a size variant (issue 29 item 2, decision "size variants") takes its pieces from
 * that variant's own `stock` by the same conditional update, variants after products, each in
 * id order; a variant whose stock is null is not tracked.
 *
 * Metres held for bespoke garments (open fabric reservations, issue 31 item 7) are not for
 * sale: the take counts them, and a shortage names what was available.
 *
 * The updates themselves are the catalogue's stock commands (issue 30 item 4: `catalog` owns
 * `products` and `productVariants`); this module chooses what to take and in which order.
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { orderLines, products, productVariants } from '~/lib/schema.server';
import { formatStock, stockTaken } from '../catalog/sale-units';
import { variantStockMessage } from '../catalog/variants';
import { availableStockSql } from '../catalog/fabric-stock.server';
import {
  returnProductStock,
  returnVariantStock,
  takeProductStock,
  takeVariantStock,
} from '../catalog/catalog-commands.server';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What an order could not be served: the product and what is left of it. */
export interface StockShortage {
  productId: number;
  name: string;
  /** For the shopper and the order's timeline, e.g. 'Only 1.50 m of Irish Linen Shirting was left'. */
  message: string;
}

/**
 * What each tracked product of the order's lines takes, in product id order.
 * @returns pairs of product id and amount (pieces or centimetres).
 */
async function wantedByProduct(tx: Tx, orderId: number): Promise<[number, number][]> {
  const lines = await tx
    .select({
      productId: orderLines.productId,
      lengthCm: orderLines.lengthCm,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.orderId, orderId),
        isNotNull(orderLines.productId),
        isNull(orderLines.variantId),
      ),
    );
  const wanted = new Map<number, number>();
  for (const line of lines) {
    const id = line.productId!;
    wanted.set(
      id,
      (wanted.get(id) ?? 0) + stockTaken({ lengthCm: line.lengthCm ?? 0, quantity: line.quantity }),
    );
  }
  if (wanted.size === 0) return [];
  const tracked = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...wanted.keys()]), isNotNull(products.stock)))
    .orderBy(asc(products.id));
  return tracked.map((row) => [row.id, wanted.get(row.id)!]);
}

/**
 * What each tracked size variant of the order's lines takes (pieces), in variant id order.
 * @returns pairs of variant id and pieces.
 */
async function wantedByVariant(tx: Tx, orderId: number): Promise<[number, number][]> {
  const rows = await tx
    .select({
      variantId: productVariants.id,
      pieces: sql<number>`sum(${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .innerJoin(productVariants, eq(productVariants.id, orderLines.variantId))
    .where(and(eq(orderLines.orderId, orderId), isNotNull(productVariants.stock)))
    .groupBy(productVariants.id)
    .orderBy(asc(productVariants.id));
  return rows.map((row) => [row.variantId, row.pieces]);
}

/**
 * Takes the order's stock inside `tx` (the transaction marking it paid), all or nothing: when
 * one product has less than its lines want, what was already taken for the others is put back
 * (in the same transaction, before anyone else can see it) and the shortage is returned.
 * @returns null when every line was served, else the first product that could not be.
 */
export async function takeOrderStock(tx: Tx, orderId: number): Promise<StockShortage | null> {
  const taken: [number, number][] = [];
  const putBack = async () => {
    for (const [backId, backAmount] of taken) {
      await returnProductStock(tx, backId, backAmount);
    }
  };
  for (const [productId, amount] of await wantedByProduct(tx, orderId)) {
    if (await takeProductStock(tx, productId, amount)) {
      taken.push([productId, amount]);
      continue;
    }
    await putBack();
    const [product] = await tx
      .select({ name: products.name, stock: availableStockSql, saleUnit: products.saleUnit })
      .from(products)
      .where(eq(products.id, productId));
    const left = product?.stock ?? 0;
    const name = product?.name ?? 'A product';
    return {
      productId,
      name,
      message:
        left === 0
          ? `${name} sold out before this payment arrived`
          : `Only ${formatStock(product!.saleUnit, left)} of ${name} was left when this payment arrived`,
    };
  }
  const takenOfSize: [number, number][] = [];
  for (const [variantId, pieces] of await wantedByVariant(tx, orderId)) {
    if (await takeVariantStock(tx, variantId, pieces)) {
      takenOfSize.push([variantId, pieces]);
      continue;
    }
    await putBack();
    for (const [backId, backPieces] of takenOfSize) {
      await returnVariantStock(tx, backId, backPieces);
    }
    const [variant] = await tx
      .select({
        productId: productVariants.productId,
        size: productVariants.size,
        stock: productVariants.stock,
        name: products.name,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(productVariants.id, variantId));
    const name = variant?.name ?? 'A product';
    const size = variant?.size ?? '';
    return {
      productId: variant?.productId ?? 0,
      name,
      message:
        (variant?.stock ?? 0) === 0
          ? `${name} in size ${size} sold out before this payment arrived`
          : `${variantStockMessage(name, { size, stock: variant!.stock }, 'was')} when this payment arrived`,
    };
  }
  return null;
}

/**
 * Puts back what `takeOrderStock` took for the order (issue 32 item 3: a cash-on-delivery order
 * holds its stock from placing, and an unconfirmed one that expires releases it), inside `tx`,
 * products then variants in id order. Untracked products and variants are left alone.
 */
export async function returnOrderStock(tx: Tx, orderId: number): Promise<void> {
  for (const [productId, amount] of await wantedByProduct(tx, orderId)) {
    await returnProductStock(tx, productId, amount);
  }
  for (const [variantId, pieces] of await wantedByVariant(tx, orderId)) {
    await returnVariantStock(tx, variantId, pieces);
  }
}
