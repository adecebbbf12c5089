import { requirePermission } from '~/features/account/session.server';
import { documentPdfResponse } from '~/features/invoices/downloads.server';
import type { Route } from './+types/order-invoice';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/**
 * GET /admin/orders/:number/invoice.pdf: the order's tax invoice for an administrator; an
 * unknown order or one without an invoice answers 404. Never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/orders/:number/invoice.pdf']);
  const response = await documentPdfResponse(context.db, 'admin', params.number, 'invoice');
  if (!response) throw new Response('Not found', { status: 404 });
  return response;
}
