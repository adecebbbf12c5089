import { data, useLoaderData } from 'react-router';
import { loadDesignView } from '~/features/bespoke/design-page.server';
import { DesignScreen } from '~/features/bespoke/design-view';
import { rootMetaData } from '~/features/site/root-data';
import { formatRupees } from '~/lib/money';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/design';

export const meta: Route.MetaFunction = ({ matches, data: page }) => {
  const { settings, origin } = rootMetaData(matches);
  if (!page) return [{ title: `Design not found | ${settings.shopName}` }];
  const { design } = page;
  const title = `${design.garmentLabel} design`;
  const description = `${design.fabric?.name ?? 'A bespoke design'}: ${design.options
    .slice(0, 4)
    .map((o) => o.name)
    .join(', ')}. Estimate ${formatRupees(design.estimatePaise)}.`;
  return pageMeta({
    title,
    description,
    origin,
    path: `/d/${design.id}`,
    shopName: settings.shopName,
    image: `/d/${design.id}/card.jpg`,
    imageAlt: `${title} in ${design.fabric?.name ?? 'fabric'}`,
    extra: [
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '630' },
      { name: 'robots', content: 'noindex' },
    ],
  });
};

/** /d/:id: a saved design, read-only (issue 21 item 2); an unknown id is 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const design = await loadDesignView(context.db, params.id);
  if (!design) throw data('This design does not exist.', { status: 404 });
  const link = new URL(`/d/${design.id}`, context.env.PUBLIC_URL).toString();
  return {
    design,
    saved: new URL(request.url).searchParams.get('saved') === '1',
    whatsappHref: `https://wa.me/?text=${encodeURIComponent(`My ${design.garmentLabel.toLowerCase()} design: ${link}`)}`,
  };
}

export default function Design() {
  const { design, saved, whatsappHref } = useLoaderData<typeof loader>();
  return <DesignScreen design={design} saved={saved} whatsappHref={whatsappHref} />;
}
