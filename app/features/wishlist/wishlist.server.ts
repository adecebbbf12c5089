/**
 * Wishlists on the server (SPEC.md sections 2 "Wishlist", 4): a signed-in shopper's saved
 * products in `wishlist_items`; adding a product already there does nothing.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { categories, products, subcategories, wishlistItems } from '~/lib/schema.server';
import { cardColumns, visibleProduct } from '../catalog/catalog.server';
import type { ProductCard } from '../catalog/types';

/** Most products a wishlist may hold. */
export const MAX_WISHLIST_ITEMS = 200;

/** The product ids of a shopper's wishlist, newest first. */
export async function getWishlistIds(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
  return rows.map((row) => row.productId);
}

/** The wishlist's products that are still for sale, as cards, newest first. */
export async function getWishlistProducts(db: Db, userId: string): Promise<ProductCard[]> {
  return db
    .select(cardColumns)
    .from(wishlistItems)
    .innerJoin(products, eq(wishlistItems.productId, products.id))
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(subcategories, eq(products.subcategoryId, subcategories.id))
    .where(and(eq(wishlistItems.userId, userId), visibleProduct))
    .orderBy(desc(wishlistItems.createdAt)) as Promise<ProductCard[]>;
}

/** How many products a shopper saved. */
export async function countWishlist(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId));
  return row?.count ?? 0;
}

/**
 * Saves products (unknown ids are ignored; those already saved stay as they are).
 * Resolves to how many were new.
 */
export async function addToWishlist(db: Db, userId: string, productIds: number[]): Promise<number> {
  const unique = [...new Set(productIds)].slice(0, MAX_WISHLIST_ITEMS);
  if (unique.length === 0) return 0;
  const known = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, unique));
  if (known.length === 0) return 0;
  const inserted = await db
    .insert(wishlistItems)
    .values(known.map((row) => ({ userId, productId: row.id })))
    .onConflictDoNothing()
    .returning({ productId: wishlistItems.productId });
  return inserted.length;
}

/** Removes one product from a shopper's wishlist. */
export async function removeFromWishlist(db: Db, userId: string, productId: number): Promise<void> {
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

/** Empties a shopper's wishlist. */
export async function clearWishlist(db: Db, userId: string): Promise<void> {
  await db.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
}
