import { data, useLoaderData } from 'react-router';
import { trackingOfAwb } from '~/features/dispatch/dispatch.server';
import { AwbTrackingView } from '~/features/dispatch/tracking';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/track';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches, params }) =>
  privatePageMeta(`Tracking ${params.awb}`, rootMetaData(matches).settings.shopName);

/**
 * /track/:awb: the public tracking page of a parcel the shop's own dispatch carries (issue 32
 * items 2 and 6): its stages and the courier's scans, the delivery city only (no name, address
 * or phone). An AWB the shop never issued answers 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const awb = params.awb.trim().toUpperCase().slice(0, 40);
  const tracking = /^[A-Z0-9-]{4,40}$/.test(awb) ? await trackingOfAwb(context.db, awb) : null;
  if (!tracking) throw data('This tracking number is not known.', { status: 404 });
  return { tracking };
}

export default function TrackPage() {
  const { tracking } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <AwbTrackingView tracking={tracking} />
    </div>
  );
}
