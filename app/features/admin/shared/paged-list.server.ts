/**
 * The back office's paginated lists (media, products, customers, messages, the audit log): one
 * page of rows and how many rows match, read in parallel. Page numbers are 1-based (see
 * `./paging` for reading them from a URL and counting pages); a page past the end is empty.
 */
import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '~/lib/db.server';

/** The rows of one page, for a query's `.limit(limit).offset(offset)`. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * Reads one page of a list and its total in parallel. `page` is 1-based; anything below 1 or
 * not a number reads as 1, and a fraction is rounded down. `rows` gets the page's window
 * (`limit` = `size`, `offset` = (page − 1) × `size`); `total` reads how many rows match (usually
 * {@link countWhere} with the rows' WHERE), in whatever shape the list needs.
 * @throws whatever either read throws (when the database fails).
 */
export async function pagedList<Row, Total>(
  request: { page: number; size: number },
  rows: (window: PageWindow) => PromiseLike<Row[]>,
  total: () => PromiseLike<Total>,
): Promise<{ rows: Row[]; total: Total }> {
  const page = Math.max(1, Math.floor(request.page) || 1);
  const [pageRows, matching] = await Promise.all([
    rows({ limit: request.size, offset: (page - 1) * request.size }),
    total(),
  ]);
  return { rows: pageRows, total: matching };
}

/**
 * How many rows of `table` match `where` (all of them when it is undefined).
 * @throws when the database fails.
 */
export async function countWhere(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}
