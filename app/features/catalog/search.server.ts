/**
 * Product search (issue "Search"): PostgreSQL full-text search over the product name
 * (weight A), category, subcategory and fabric (B) and description (C), ranked, with prefix
 * matching, English stemming, and any case or punctuation.
 */
import { and, eq, sql } from 'drizzle-orm';
import { cardColumns, visibleProduct } from './catalog.server';
import type { Db } from '~/lib/db.server';
import { categories, products, subcategories } from '~/lib/schema.server';
import { toPrefixTsQuery } from './search';
import type { ProductCard } from './types';

/** Most results returned for one search. */
const SEARCH_LIMIT = 60;

/**
 * Active products matching the text, best match first (then rating), at most 60, and how many
 * matched in all. A text with no letters or digits matches nothing.
 */
export async function searchProducts(
  db: Db,
  text: string,
): Promise<{ total: number; products: ProductCard[] }> {
  const tsquery = toPrefixTsQuery(text);
  if (!tsquery) return { total: 0, products: [] };
  const query = sql`to_tsquery('english', ${tsquery})`;
  const document = sql`(
    setweight(to_tsvector('english', ${products.name}), 'A') ||
    setweight(to_tsvector('english', ${categories.name} || ' ' || coalesce(${subcategories.name}, '') || ' ' || ${products.fabricType}), 'B') ||
    setweight(to_tsvector('english', ${products.description}), 'C')
  )`;
  const rows = await db
    .select({ ...cardColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(subcategories, eq(products.subcategoryId, subcategories.id))
    .where(and(visibleProduct, sql`${document} @@ ${query}`))
    .orderBy(sql`ts_rank(${document}, ${query}) desc`, sql`${products.rating} desc`, products.id)
    .limit(SEARCH_LIMIT);
  return {
    total: rows[0]?.total ?? 0,
    products: rows.map(({ total: _total, ...card }) => card),
  };
}
