import { requirePermission } from '~/features/account/session.server';
import { documentPdfResponse } from '~/features/invoices/downloads.server';
import type { Route } from './+types/order-credit-note';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/**
 * GET /admin/orders/:number/credit-notes/:id: one credit note of the order as a PDF, for an
 * administrator; an id that is not this order's credit note answers 404. Never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(
    request,
    context,
    PAGE_PERMISSIONS['/admin/orders/:number/credit-notes/:id'],
  );
  const response = await documentPdfResponse(context.db, 'admin', params.number, params.id);
  if (!response) throw new Response('Not found', { status: 404 });
  return response;
}
