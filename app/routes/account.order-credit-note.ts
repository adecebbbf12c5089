import { getSessionUser } from '~/features/account/session.server';
import { documentPdfResponse } from '~/features/invoices/downloads.server';
import type { Route } from './+types/account.order-credit-note';

/**
 * GET /account/orders/:number/credit-notes/:id: one credit note of the order as a PDF, for the
 * shopper whose order it is; anyone else, and an id that is not this order's credit note,
 * answer 404. Never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  const response = user
    ? await documentPdfResponse(context.db, { userId: user.id }, params.number, params.id)
    : null;
  if (!response) throw new Response('Not found', { status: 404 });
  return response;
}
