/**
 * Search-engine and link-preview metadata (SPEC.md section 1: title, description and structured
 * data on every page; canonical, geo, social-card and keyword tags on the wardrobe).
 */
import type { MetaDescriptor } from 'react-router';

/** Longest product meta description, in characters (SPEC.md section 9). */
export const PRODUCT_DESCRIPTION_MAX = 145;
/** Longest category meta description, in characters (SPEC.md section 9). */
export const CATEGORY_DESCRIPTION_MAX = 155;

/**
 * Cuts text to at most `max` characters for a meta description: white space is folded, and a
 * longer text is cut at the last word boundary that leaves room for '…'.
 * @throws RangeError when max < 2.
 */
export function cutDescription(text: string, max: number): string {
  if (max < 2) throw new RangeError('max must be at least 2');
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= max) return folded;
  const room = folded.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace > max / 2 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:.–-]+$/, '')}…`;
}

/** The social card of pages without an image of their own (1200 x 630 px). */
const DEFAULT_SOCIAL_IMAGE = { path: '/social-card.png', width: 1200, height: 630 } as const;

export interface PageMeta {
  /** The page's own title; the shop name is appended. */
  title: string;
  description: string;
  /** The public origin, e.g. https://shop.example (from the root loader). */
  origin: string;
  /** Path and query of the canonical URL, e.g. /product/12. */
  path: string;
  shopName: string;
  /** Absolute or root-relative URL of the social-card image; the shop's card when absent. */
  image?: string;
  imageAlt?: string;
  type?: 'website' | 'product';
  /** JSON-LD objects, each rendered in its own script tag. */
  jsonLd?: readonly object[];
  /** Extra descriptors (geo, keywords). */
  extra?: readonly MetaDescriptor[];
}

/** Makes a URL absolute against the public origin. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).toString();
}

/**
 * The meta descriptors of a page: title, description, canonical link, Open Graph and Twitter
 * card tags, and JSON-LD.
 */
export function pageMeta(meta: PageMeta): MetaDescriptor[] {
  const title = `${meta.title} | ${meta.shopName}`;
  const url = absoluteUrl(meta.origin, meta.path);
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: 'description', content: meta.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: meta.shopName },
    { property: 'og:type', content: meta.type ?? 'website' },
    { property: 'og:title', content: meta.title },
    { property: 'og:description', content: meta.description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: 'en_IN' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: meta.title },
    { name: 'twitter:description', content: meta.description },
  ];
  const image = absoluteUrl(meta.origin, meta.image ?? DEFAULT_SOCIAL_IMAGE.path);
  descriptors.push(
    { property: 'og:image', content: image },
    { property: 'og:image:alt', content: meta.imageAlt ?? meta.title },
    { name: 'twitter:image', content: image },
  );
  if (!meta.image) {
    descriptors.push(
      { property: 'og:image:width', content: String(DEFAULT_SOCIAL_IMAGE.width) },
      { property: 'og:image:height', content: String(DEFAULT_SOCIAL_IMAGE.height) },
    );
  }
  for (const data of meta.jsonLd ?? []) descriptors.push({ 'script:ld+json': data });
  descriptors.push(...(meta.extra ?? []));
  return descriptors;
}

/** A schema.org BreadcrumbList from (name, path) pairs. */
export function breadcrumbJsonLd(
  origin: string,
  items: readonly { name: string; path: string }[],
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(origin, item.path),
    })),
  };
}

/**
 * A schema.org WebPage for a page with no richer type (sign-in, register, password reset):
 * its name, description and canonical URL, the site it belongs to, and its breadcrumb from the
 * home page (SPEC.md section 1: structured data on every page).
 */
export function webPageJsonLd(
  origin: string,
  page: { name: string; description: string; path: string; shopName: string },
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: page.name,
    description: page.description,
    url: absoluteUrl(origin, page.path),
    isPartOf: { '@type': 'WebSite', name: page.shopName, url: absoluteUrl(origin, '/') },
    breadcrumb: breadcrumbJsonLd(origin, [
      { name: 'Home', path: '/' },
      { name: page.name, path: page.path },
    ]),
  };
}

/**
 * The meta of a page behind a sign-in (account, checkout, admin): its title, and a robots tag
 * keeping it out of search results.
 */
export function privatePageMeta(title: string, shopName: string): MetaDescriptor[] {
  return [{ title: `${title} | ${shopName}` }, { name: 'robots', content: 'noindex, nofollow' }];
}

/** The robots tag of public pages with nothing to find (sign-in, register, password reset). */
export const NOINDEX_FOLLOW: MetaDescriptor = { name: 'robots', content: 'noindex, follow' };
