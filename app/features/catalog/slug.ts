/**
 * Slug and name rules of the catalogue (SPEC.md section 3 "Category", "Subcategory" and the
 * lookup helper; section 7 row 8). Pure functions shared by the server and the browser.
 */

/**
 * A category or product slug derived from a name: lower case, each run of characters other
 * than a-z and 0-9 becomes one hyphen, no hyphen at either end (SPEC.md section 3).
 * Letters with accents are folded to their base letter first ("Café" -> "cafe").
 * @example slugify('Wedding Suites') === 'wedding-suites'; slugify('Father & Son') === 'father-son'
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The link slug of a subcategory card: its name lower-cased with spaces replaced by hyphens
 * (SPEC.md section 2 "Wardrobe"), e.g. 'Iron Free' -> 'iron-free', 'T-Shirts' -> 't-shirts'.
 */
export function subcategoryLinkSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/**
 * The key two subcategory names are compared by: case, ampersands, spaces and hyphens are
 * ignored (SPEC.md section 3, the lookup helper). 'Father & Son', 'father-son' and
 * 'FATHER-&-SON' share the key 'fatherson'.
 */
export function lookupKey(nameOrSlug: string): string {
  return nameOrSlug.toLowerCase().replace(/[&\s-]+/g, '');
}

/**
 * Turns a listing slug into title-cased words, the form the listing matched product
 * subcategories by (SPEC.md section 7 row 8): 'raw-silk' -> 'Raw Silk'.
 */
export function slugToTitle(slug: string): string {
  return slug
    .split(/[-\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** A category or subcategory reference that the lookup helper can resolve. */
interface SubcategoryRef {
  id: number | string;
  name: string;
  slug?: string;
}

export interface CategoryRef<S extends SubcategoryRef = SubcategoryRef> {
  id: number | string;
  name: string;
  slug?: string;
  subcategories: readonly S[];
}

/** What the lookup helper returns (SPEC.md section 3). */
export interface SubcategoryMatch<C extends CategoryRef> {
  category: C;
  subcategory: C['subcategories'][number];
}

/**
 * Finds a subcategory by name, slug or id across categories, ignoring case, ampersands, spaces
 * and hyphens (SPEC.md section 3). Returns undefined when nothing matches or the query is
 * blank. The first match in category order wins.
 */
export function findSubcategory<C extends CategoryRef>(
  categories: readonly C[],
  query: string,
): SubcategoryMatch<C> | undefined {
  const key = lookupKey(query);
  if (!key) return undefined;
  for (const category of categories) {
    for (const subcategory of category.subcategories) {
      if (
        lookupKey(subcategory.name) === key ||
        (subcategory.slug !== undefined && lookupKey(subcategory.slug) === key) ||
        String(subcategory.id) === query.trim()
      ) {
        return { category, subcategory };
      }
    }
  }
  return undefined;
}
