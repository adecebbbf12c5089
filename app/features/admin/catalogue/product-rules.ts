/**
 * The back office's product rules shared by the server and the browser (the editor's live
 * preview reads prices with the same rule the save does): prices typed in rupees, the
 * comma-separated size and colour lists, the limits, and the list's sort orders.
 */

/** What a product may hold. */
export const PRODUCT_LIMITS = {
  name: 120,
  slug: 120,
  description: 4000,
  fabricType: 80,
  /** Characters of one size or colour. */
  option: 40,
  /** Sizes, and colours, per product. */
  options: 20,
  images: 8,
  /** Bytes of one uploaded image: the pipeline's MEDIA_LIMITS.imageBytes (15 MiB). */
  imageBytes: 15 * 1024 * 1024,
  /** ₹10,00,000 in paise. */
  maxPricePaise: 100_000_000,
} as const;

/** What reading a typed price gives: the amount in paise, or why not. */
export type PriceReading = { ok: true; paise: number } | { ok: false; message: string };

export const PRICE_MESSAGES = {
  missing: 'Please enter a price.',
  unreadable: 'Please enter the price in rupees, like 1,250 or 1,250.50.',
  notPositive: 'Please enter a price above ₹0.',
  tooHigh: 'Please check the price: it is over ₹10,00,000.',
  decimals: 'Please use at most two digits after the decimal point, like 1,250.50.',
} as const;

/**
 * Reads a price typed in rupees ('1250', '1,250.50', '₹ 12,50,000', 'Rs. 799') as integer
 * paise, exactly (no floating point). Refuses zero and negative amounts, more than two
 * decimals, and anything over ₹10,00,000.
 */
export function parseRupees(typed: string): PriceReading {
  const text = typed
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/\s+/g, '');
  if (text === '') return { ok: false, message: PRICE_MESSAGES.missing };
  const match = /^([-+]?)(\d[\d,]*)?(?:\.(\d*))?$/.exec(text);
  if (!match || (!match[2] && !match[3])) return { ok: false, message: PRICE_MESSAGES.unreadable };
  const [, sign, whole = '0', fraction = ''] = match;
  if (whole.endsWith(',') || whole.includes(',,')) {
    return { ok: false, message: PRICE_MESSAGES.unreadable };
  }
  if (fraction.length > 2) return { ok: false, message: PRICE_MESSAGES.decimals };
  const digits = whole.replaceAll(',', '').replace(/^0+(?=\d)/, '');
  // Anything longer than 10 digits is far past the limit; never build a huge number from it.
  if (digits.length > 10) {
    return sign === '-'
      ? { ok: false, message: PRICE_MESSAGES.notPositive }
      : { ok: false, message: PRICE_MESSAGES.tooHigh };
  }
  const paise = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  if (sign === '-' || paise <= 0) return { ok: false, message: PRICE_MESSAGES.notPositive };
  if (paise > PRODUCT_LIMITS.maxPricePaise) return { ok: false, message: PRICE_MESSAGES.tooHigh };
  return { ok: true, paise };
}

/** Paise as the editor shows them for typing: 125050 -> '1250.50', 125000 -> '1250'. */
export function paiseToTyped(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`;
}

/**
 * A comma-separated list as typed ('S, M ,L,,m') as its trimmed entries, each once (the first
 * spelling of entries that differ only in case wins): ['S', 'M', 'L'].
 */
export function splitList(typed: string): string[] {
  const seen = new Set<string>();
  const entries: string[] = [];
  for (const part of typed.split(',')) {
    const entry = part.trim().replace(/\s+/g, ' ');
    const key = entry.toLowerCase();
    if (entry && !seen.has(key)) {
      seen.add(key);
      entries.push(entry);
    }
  }
  return entries;
}

/** Why a size or colour list is refused, or null when it is fine. */
export function listProblem(entries: string[], what: 'size' | 'colour'): string | null {
  const long = entries.find((entry) => entry.length > PRODUCT_LIMITS.option);
  if (long) {
    return `Please keep each ${what} to ${PRODUCT_LIMITS.option} characters ("${long.slice(0, 20)}…" is longer).`;
  }
  if (entries.length > PRODUCT_LIMITS.options) {
    return `Please list at most ${PRODUCT_LIMITS.options} ${what === 'size' ? 'sizes' : 'colours'}.`;
  }
  return null;
}

/** Orders of the back office's product list. */
export const ADMIN_PRODUCT_SORTS = [
  'updated-desc',
  'updated-asc',
  'newest',
  'oldest',
  'name-asc',
  'name-desc',
  'price-asc',
  'price-desc',
] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

export const ADMIN_PRODUCT_SORT_LABELS: Record<AdminProductSort, string> = {
  'updated-desc': 'Recently edited first',
  'updated-asc': 'Least recently edited first',
  newest: 'Newest first',
  oldest: 'Oldest first',
  'name-asc': 'Name A to Z',
  'name-desc': 'Name Z to A',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};

export const DEFAULT_ADMIN_PRODUCT_SORT: AdminProductSort = 'updated-desc';

function isAdminProductSort(value: unknown): value is AdminProductSort {
  return (ADMIN_PRODUCT_SORTS as readonly unknown[]).includes(value);
}

/** Products per page of /admin/products. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;

/** The list's filters as the URL carries them (`?q=&category=&subcategory=&active=&featured=&sort=`). */
export interface AdminProductFilters {
  q: string;
  categoryId: number | null;
  subcategoryId: number | null;
  /** 'yes' active only, 'no' inactive only, null both. */
  active: 'yes' | 'no' | null;
  featured: 'yes' | 'no' | null;
  sort: AdminProductSort;
}

const idFrom = (value: string | null) =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
const yesNo = (value: string | null) => (value === 'yes' || value === 'no' ? value : null);

/** The filters a URL asks for; anything unreadable is left out. */
export function productFiltersFromSearch(search: URLSearchParams): AdminProductFilters {
  const sort = search.get('sort');
  return {
    q: (search.get('q') ?? '').trim().slice(0, 100),
    categoryId: idFrom(search.get('category')),
    subcategoryId: idFrom(search.get('subcategory')),
    active: yesNo(search.get('active')),
    featured: yesNo(search.get('featured')),
    sort: isAdminProductSort(sort) ? sort : DEFAULT_ADMIN_PRODUCT_SORT,
  };
}

const exactRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** A price for the back office, to the paisa when it has any: '₹1,250', '₹1,250.50'. */
export function formatPriceExact(paise: number): string {
  return paise % 100 === 0 ? wholeRupees.format(paise / 100) : exactRupees.format(paise / 100);
}
