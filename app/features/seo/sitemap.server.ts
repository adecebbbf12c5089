/**
 * /sitemap.xml from the database (issue "Search-engine data"): the public pages, every active
 * category, subcategory and product, with lastmod where the database knows it.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { categories, products, subcategories } from '~/lib/schema.server';
import { visibleProduct } from '~/features/catalog/catalog.server';
import { subcategoryLinkSlug } from '~/features/catalog/slug';

/** Public pages that are always in the sitemap. */
const STATIC_PATHS = [
  '/',
  '/wardrobe',
  '/about',
  '/services',
  '/gallery',
  '/contact',
  '/book',
  '/bespoke',
  '/privacy-policy',
  '/terms-conditions',
] as const;

export interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

/** Every URL of the sitemap, as root-relative paths. */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [categoryRows, subcategoryRows, productRows] = await Promise.all([
    db
      .select({ slug: categories.slug, updatedAt: categories.updatedAt })
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(categories.displayOrder),
    db
      .select({ name: subcategories.name, updatedAt: subcategories.updatedAt })
      .from(subcategories)
      .innerJoin(categories, eq(subcategories.categoryId, categories.id))
      .where(and(eq(subcategories.isActive, true), eq(categories.isActive, true)))
      .orderBy(categories.displayOrder, subcategories.displayOrder),
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .leftJoin(subcategories, eq(products.subcategoryId, subcategories.id))
      .where(visibleProduct)
      .orderBy(products.id),
  ]);
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...categoryRows.map((row) => ({
      path: `/wardrobe?category=${encodeURIComponent(row.slug)}`,
      lastmod: row.updatedAt,
    })),
    ...subcategoryRows.map((row) => ({
      path: `/category?subcategory=${encodeURIComponent(subcategoryLinkSlug(row.name))}`,
      lastmod: row.updatedAt,
    })),
    ...productRows.map((row) => ({ path: `/product/${row.id}`, lastmod: row.updatedAt })),
  ];
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`,
  );

/** The sitemap document (sitemaps.org 0.9) for the public origin. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything public, the private areas kept out, and the sitemap's address. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /account',
    'Disallow: /checkout',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /wishlist',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
