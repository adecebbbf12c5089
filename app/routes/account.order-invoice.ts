import { getSessionUser } from '~/features/account/session.server';
import { documentPdfResponse } from '~/features/invoices/downloads.server';
import type { Route } from './+types/account.order-invoice';

/**
 * GET /account/orders/:number/invoice.pdf: the order's tax invoice, for the shopper whose
 * order it is; a visitor, anyone else's order and an order without an invoice all answer the
 * same 404. Never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  const response = user
    ? await documentPdfResponse(context.db, { userId: user.id }, params.number, 'invoice')
    : null;
  if (!response) throw new Response('Not found', { status: 404 });
  return response;
}
