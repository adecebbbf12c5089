/**
 * The meta of the public account pages: title, description, canonical, a WebPage with its
 * breadcrumb as JSON-LD, and noindex.
 */
import type { MetaDescriptor } from 'react-router';
import { rootMetaData } from '~/features/site/root-data';
import { NOINDEX_FOLLOW, pageMeta, webPageJsonLd } from '~/lib/seo';

export function authPageMeta(
  matches: Parameters<typeof rootMetaData>[0],
  page: { title: string; path: string; description: (shopName: string) => string },
): MetaDescriptor[] {
  const { settings, origin } = rootMetaData(matches);
  const description = page.description(settings.shopName);
  return pageMeta({
    title: page.title,
    description,
    origin,
    path: page.path,
    shopName: settings.shopName,
    jsonLd: [
      webPageJsonLd(origin, {
        name: page.title,
        description,
        path: page.path,
        shopName: settings.shopName,
      }),
    ],
    extra: [NOINDEX_FOLLOW],
  });
}
