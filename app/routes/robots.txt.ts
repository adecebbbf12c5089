import { robotsTxt } from '~/features/seo/sitemap.server';
import type { Route } from './+types/robots.txt';

/** GET /robots.txt */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.env.PUBLIC_URL), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    },
  });
}
