import { redirect } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import { shipmentOfOrder } from '~/features/dispatch/dispatch.server';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import { CourierProviderError } from '~/lib/couriers/types';
import type { Route } from './+types/order-label';

/**
 * GET /admin/orders/:number/label.pdf: the courier's label of a shipped order (issue 32 item 6,
 * `courier.label()`): the PDF the local provider draws, or a redirect to the label the courier
 * hosts. An order not shipped answers 404; a courier that fails, 503. Never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/orders/:number/label.pdf']);
  const shipment = await shipmentOfOrder(context.db, params.number.slice(0, 40));
  if (!shipment) throw new Response('Not found', { status: 404 });
  try {
    const label = await context.courier.label(shipment);
    if (label.kind === 'url') return redirect(label.url);
    return new Response(new Uint8Array(label.bytes), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="label-${shipment.awb.replace(/[^A-Za-z0-9-]/g, '')}.pdf"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (error) {
    if (error instanceof CourierProviderError) {
      throw new Response('The courier did not give the label. Please try again.', { status: 503 });
    }
    throw error;
  }
}
