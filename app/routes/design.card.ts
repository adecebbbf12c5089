import { designCard, loadDesignView } from '~/features/bespoke/design-page.server';
import { getSiteSettings } from '~/features/site/settings.server';
import type { Route } from './+types/design.card';

/** GET /d/:id/card.jpg: the design's 1200×630 social card; an unknown id is 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const design = await loadDesignView(context.db, params.id);
  if (!design) return new Response('Not found', { status: 404 });
  const settings = await getSiteSettings(context.db);
  const card = await designCard(context.storage, design, settings.shopName);
  return new Response(new Uint8Array(card), {
    headers: {
      'Content-Type': 'image/jpeg',
      'Cache-Control': 'public, max-age=86400',
      'Content-Length': String(card.length),
    },
  });
}
