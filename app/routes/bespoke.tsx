import { useActionData, useLoaderData } from 'react-router';
import { loadConfigurator, submitConfigurator } from '~/features/bespoke/configurator.server';
import { ConfiguratorScreen } from '~/features/bespoke/configurator-screen';
import { rootMetaData } from '~/features/site/root-data';
import { NOINDEX_FOLLOW, pageMeta, webPageJsonLd } from '~/lib/seo';
import type { Route } from './+types/bespoke';

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { settings, origin } = rootMetaData(matches);
  const description =
    'Design a bespoke sherwani, bandhgala, suit or shirt: choose the fabric, lapels, buttons, pockets, vents and lining, and see the price before your measurement in Rajkot.';
  return pageMeta({
    title: 'Design Your Garment',
    description,
    origin,
    path: '/bespoke',
    shopName: settings.shopName,
    jsonLd: [
      webPageJsonLd(origin, {
        name: 'Design Your Garment',
        description,
        path: '/bespoke',
        shopName: settings.shopName,
      }),
    ],
    extra: location.search ? [NOINDEX_FOLLOW] : [],
  });
};

/** /bespoke: the configurator's step for the URL's state (issue 21 item 2). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadConfigurator(request, context);
}

/** The summary's actions; see `submitConfigurator`. */
export function action({ request, context }: Route.ActionArgs) {
  return submitConfigurator(request, context);
}

export default function Bespoke() {
  const page = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return <ConfiguratorScreen page={page} refusal={refusal} />;
}
