import { sitemapEntries, sitemapXml } from '~/features/seo/sitemap.server';
import type { Route } from './+types/sitemap.xml';

/** GET /sitemap.xml */
export async function loader({ context }: Route.LoaderArgs) {
  const xml = sitemapXml(context.env.PUBLIC_URL, await sitemapEntries(context.db));
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600, s-maxage=3600',
    },
  });
}
