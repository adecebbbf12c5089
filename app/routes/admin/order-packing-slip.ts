import { requirePermission } from '~/features/account/session.server';
import { packingSlipResponse } from '~/features/dispatch/packing-slip.server';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import type { Route } from './+types/order-packing-slip';

/**
 * GET /admin/orders/:number/packing-slip.pdf: a shop order's packing slip (issue 32 item 6);
 * an unknown order or a bespoke one answers 404. Never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(
    request,
    context,
    PAGE_PERMISSIONS['/admin/orders/:number/packing-slip.pdf'],
  );
  const shopName = (await context.catalogue.settings()).shopName;
  const response = await packingSlipResponse(context.db, params.number.slice(0, 40), shopName);
  if (!response) throw new Response('Not found', { status: 404 });
  return response;
}
