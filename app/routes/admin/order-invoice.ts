import { requireAdmin } from '~/features/account/session.server';
import { documentPdfResponse } from '~/features/invoices/downloads.server';
import type { Route } from './+types/order-invoice';

/**
 * GET /admin/orders/:number/invoice.pdf: the order's tax invoice for an administrator; an
 * unknown order or one without an invoice answers 404. Never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const response = await documentPdfResponse(context.db, 'admin', params.number, 'invoice');
  if (!response) throw new Response('Not found', { status: 404 });
  return response;
}
