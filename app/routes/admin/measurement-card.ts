import { requirePermission } from '~/features/account/session.server';
import {
  garmentParam,
  openClientMeasurements,
} from '~/features/admin/measurements/measurements.server';
import { measurementCardPdf } from '~/features/measurements/card.server';
import { getProfileHistory } from '~/features/measurements/measurements.server';
import { getSiteSettings } from '~/features/site/settings.server';
import type { Route } from './+types/measurement-card';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/**
 * GET /admin/customers/:id/measurements/:garment/card.pdf?version=N: the printable card of
 * version N (the newest when none is given) as a PDF, never cached; the read is audited.
 * An unknown client, garment or version answers 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requirePermission(
    request,
    context,
    PAGE_PERMISSIONS['/admin/customers/:id/measurements/:garment/card.pdf'],
  );
  const garment = garmentParam(params.garment);
  const customer = await openClientMeasurements(
    context.db,
    admin,
    params.id,
    `the ${garment} measurement card`,
  );
  const history = await getProfileHistory(context.db, customer.id, garment);
  const asked = new URL(request.url).searchParams.get('version');
  const version = asked
    ? history?.versions.find((row) => String(row.version) === asked)
    : history?.versions[0];
  if (!version) throw new Response('No such version', { status: 404 });
  const settings = await getSiteSettings(context.db);
  const pdf = await measurementCardPdf({ shopName: settings.shopName, customer, garment, version });
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="measurements-${customer.id}-${garment}-v${version.version}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
