import { designCard, loadDesignView } from '~/features/bespoke/design-page.server';
import { getSiteSettings } from '~/features/site/settings.server';
import type { Route } from './+types/design.card';

/**
 * GET /d/:id/card.jpg: the design's 1200×630 social card, revalidated by every cache; an
 * unknown (or deleted) id is 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const design = await loadDesignView(context.db, params.id);
  if (!design) return new Response('Not found', { status: 404 });
  const settings = await getSiteSettings(context.db);
  const card = await designCard(context.storage, design, settings.shopName);
  return new Response(new Uint8Array(card), {
    headers: {
      'Content-Type': 'image/jpeg',
      // Any cache may keep it but asks each time, so a deleted design's card is gone at once
      // (issue 28 item 8); the server answers from storage, or 404 once the design is gone.
      'Cache-Control': 'public, no-cache',
      'Content-Length': String(card.length),
    },
  });
}
