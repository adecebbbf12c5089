/**
 * The back office's product rules shared by the server and the browser (the editor's live
 * preview reads prices with the same rule the save does): prices typed in rupees, the
 * comma-separated size and colour lists, the limits, and the list's sort orders.
 */
import { readRupees, type RupeesProblem } from '~/lib/money';

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
} as const satisfies Record<RupeesProblem, string>;

/**
 * Reads a price typed in rupees ('1250', '1,250.50', '₹ 12,50,000', 'Rs. 799') as integer
 * paise with lib/money's `readRupees`, up to ₹10,00,000; a refusal carries the editor's
 * message (PRICE_MESSAGES).
 */
export function parseRupees(typed: string): PriceReading {
  const reading = readRupees(typed, PRODUCT_LIMITS.maxPricePaise);
  return reading.ok ? reading : { ok: false, message: PRICE_MESSAGES[reading.problem] };
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

/** What reading a typed length or stock gives: hundredths (cm for metres), null when empty. */
export type HundredthsReading = { ok: true; hundredths: number | null } | { ok: false };

/**
 * Reads a length or a stock typed in metres or pieces ('0.25', '3.5', '50', '') as an integer
 * count of hundredths (so metres become centimetres): '3.5' → 350, '' → null; anything else
 * (a sign, letters, more than two decimals, past 1,00,000) is refused (issue 29 item 2).
 */
export function readHundredths(typed: string): HundredthsReading {
  const value = typed.trim();
  if (value === '') return { ok: true, hundredths: null };
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return { ok: false };
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  if (whole > 100_000) return { ok: false };
  return { ok: true, hundredths: whole * 100 + fraction };
}
