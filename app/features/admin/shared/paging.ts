/** Page numbers of the back office's paginated lists (`?page=`, 1-based). */

/** The highest page number a URL may ask for; anything beyond is read as page 1. */
const MAX_PAGE = 100_000;

/** The page a URL asks for: a whole number from 1; anything else (absent, '0', 'x') is 1. */
export function pageFromSearch(search: URLSearchParams): number {
  const raw = search.get('page') ?? '';
  if (!/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** How many pages `total` rows fill at `size` per page; at least 1 (an empty list is a page). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
