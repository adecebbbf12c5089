import { data } from 'react-router';
import { documentPdfResponse } from '~/features/invoices/downloads.server';
import { linkedOrder } from '~/features/orders/order-link.server';
import type { Route } from './+types/order-link.document';

/**
 * /o/:token/invoice.pdf and /o/:token/credit-notes/:id: a tax document of the order a signed
 * link opens (issue 30 item 2: "the PDFs"), `private, no-store`. A bad, expired or revoked
 * token, or a document of another order, answers 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const order = await linkedOrder(context.db, context.linkSecret, params.token.slice(0, 80));
  const response =
    order &&
    (await documentPdfResponse(
      context.db,
      { orderId: order.id },
      order.number,
      params.id ?? 'invoice',
    ));
  if (!response) throw data('Document not found', { status: 404 });
  return response;
}
