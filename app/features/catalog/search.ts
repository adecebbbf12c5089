/**
 * Turning what a shopper typed into a PostgreSQL full-text query (issue "Search").
 */

/** Longest search text read, in characters; the rest is ignored. */
export const SEARCH_MAX_LENGTH = 100;
/** Most words of a search that count. */
const SEARCH_MAX_TERMS = 8;

/**
 * The words of a search: lower case, split on anything that is not a letter or digit, at most
 * 8 words of at most 40 characters from the first 100 characters.
 */
export function searchTerms(text: string): string[] {
  return text
    .slice(0, SEARCH_MAX_LENGTH)
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, 40))
    .slice(0, SEARCH_MAX_TERMS);
}

/**
 * A `to_tsquery` text where every word must match as a prefix ('raw sil' -> 'raw:* & sil:*'),
 * or null when the text holds no word. Only letters and digits reach the query, so no
 * operator can be injected.
 */
export function toPrefixTsQuery(text: string): string | null {
  const terms = searchTerms(text);
  return terms.length > 0 ? terms.map((term) => `${term}:*`).join(' & ') : null;
}
