/**
 * The catalogue's size variants in the database (issue 29 item 2, decision "size variants"):
 * `product_variants` is the one source of the sizes a product is offered in. Reads for the
 * shop (active variants, in `position` order), the SQL a product card selects, and the
 * replacement of a product's variants by the back office's product form.
 */
import { and, asc, eq, inArray, like, notInArray, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { products, productVariants } from '~/lib/schema.server';
import { skuFor } from './variants';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A variant row as the shop and the cart read it. */
export interface VariantRow {
  id: number;
  productId: number;
  size: string;
  sku: string;
  pricePaise: number;
  /** Pieces left; null = not tracked. */
  stock: number | null;
}

/** Whether `products` (the row in scope) has an active variant. */
const hasActiveVariant = sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.is_active)`;

/**
 * SQL over a `products` row for a product card: the lowest active variant price (else the
 * product's own price), whether the active variants' prices differ ("From ₹X"), and the size a
 * card's Add to Cart chooses (the first active one with stock, else the first; '' without).
 */
export const variantCardColumns = {
  pricePaise: sql<number>`(case when ${hasActiveVariant} then (select min(v.price_paise) from ${productVariants} v where v.product_id = ${products.id} and v.is_active) else ${products.pricePaise} end)::int`,
  priceVaries: sql<boolean>`coalesce((select count(distinct v.price_paise) > 1 from ${productVariants} v where v.product_id = ${products.id} and v.is_active), false)`,
  defaultSize: sql<string>`coalesce((select v.size from ${productVariants} v where v.product_id = ${products.id} and v.is_active order by (v.stock = 0) nulls first, v.position, v.id limit 1), '')`,
};

/**
 * The active variants of the given products, each product's in `position` order.
 * @returns a map from product id to its variants (absent for a product without any).
 */
export async function activeVariants(
  db: Db | Tx,
  productIds: readonly number[],
): Promise<Map<number, VariantRow[]>> {
  const byProduct = new Map<number, VariantRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      size: productVariants.size,
      sku: productVariants.sku,
      pricePaise: productVariants.pricePaise,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(
      and(
        inArray(productVariants.productId, [...new Set(productIds)]),
        eq(productVariants.isActive, true),
      ),
    )
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/** A variant as the product form shows and saves it (inactive ones included). */
export interface EditableVariant {
  /** The stored row's id; null for a row the form adds. */
  id: number | null;
  size: string;
  /** '' when the form leaves it to `skuFor`. */
  sku: string;
  pricePaise: number;
  stock: number | null;
  isActive: boolean;
}

/** Every variant of a product, active or not, in `position` order (the product form). */
export async function productVariantsOf(db: Db, productId: number): Promise<EditableVariant[]> {
  return db
    .select({
      id: productVariants.id,
      size: productVariants.size,
      sku: productVariants.sku,
      pricePaise: productVariants.pricePaise,
      stock: productVariants.stock,
      isActive: productVariants.isActive,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

/** A SKU that another product's variant already has, with that product's name. */
export interface SkuInUse {
  sku: string;
  productName: string;
}

/**
 * The first of `skus` another product (not `productId`) already uses, or null. The unique
 * index on `sku` still guards two saves at the same moment.
 */
export async function skuInUse(
  db: Db | Tx,
  productId: number | null,
  skus: readonly string[],
): Promise<SkuInUse | null> {
  if (skus.length === 0) return null;
  const [row] = await db
    .select({ sku: productVariants.sku, productName: products.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        inArray(productVariants.sku, [...skus]),
        productId === null ? undefined : sql`${productVariants.productId} <> ${productId}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Makes a product's variants exactly `rows`, in their order (`position` 0, 1, …), inside the
 * product's save transaction: rows with an id update that variant (which must be the
 * product's), rows without one are added (a blank SKU made by `skuFor` from `slug`, the first
 * free one), stored variants not in `rows` are removed (order lines that bought one keep
 * their copied size and SKU). Two rows never share a size or a SKU (the form's rules).
 * @throws the database's unique violation when a SKU is taken by another product meanwhile.
 */
export async function replaceVariants(
  tx: Tx,
  productId: number,
  slug: string,
  rows: readonly EditableVariant[],
): Promise<void> {
  const keptIds = rows.flatMap((row) => (row.id === null ? [] : [row.id]));
  await tx
    .delete(productVariants)
    .where(
      and(
        eq(productVariants.productId, productId),
        keptIds.length > 0 ? notInArray(productVariants.id, keptIds) : undefined,
      ),
    );
  // Sizes and SKUs may move between kept rows (M renamed L while L is renamed M): park the kept
  // rows on unique placeholder values first, so no intermediate state breaks a unique index.
  if (keptIds.length > 0) {
    await tx
      .update(productVariants)
      .set({
        size: sql`'~parked~' || ${productVariants.id}::text`,
        sku: sql`'~parked~' || ${productVariants.id}::text`,
      })
      .where(and(eq(productVariants.productId, productId), inArray(productVariants.id, keptIds)));
  }
  const taken = new Set<string>(rows.map((row) => row.sku).filter(Boolean));
  const blank = rows.some((row) => row.sku === '');
  if (blank) {
    const prefix = skuFor(slug, '');
    for (const row of await tx
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(like(productVariants.sku, `${prefix}%`))) {
      taken.add(row.sku);
    }
  }
  for (const [position, row] of rows.entries()) {
    let sku = row.sku;
    if (sku === '') {
      sku = skuFor(slug, row.size, taken);
      taken.add(sku);
    }
    const values = {
      size: row.size,
      sku,
      pricePaise: row.pricePaise,
      stock: row.stock,
      isActive: row.isActive,
      position,
    };
    if (row.id === null) {
      await tx.insert(productVariants).values({ ...values, productId });
    } else {
      await tx
        .update(productVariants)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(productVariants.id, row.id), eq(productVariants.productId, productId)));
    }
  }
}
