/** The meta of the public account pages: title, description, canonical, and noindex. */
import type { MetaDescriptor } from 'react-router';
import { rootMetaData } from '~/features/site/root-data';
import { NOINDEX_FOLLOW, pageMeta } from '~/lib/seo';

export function authPageMeta(
  matches: Parameters<typeof rootMetaData>[0],
  page: { title: string; path: string; description: (shopName: string) => string },
): MetaDescriptor[] {
  const { settings, origin } = rootMetaData(matches);
  return pageMeta({
    title: page.title,
    description: page.description(settings.shopName),
    origin,
    path: page.path,
    shopName: settings.shopName,
    extra: [NOINDEX_FOLLOW],
  });
}
