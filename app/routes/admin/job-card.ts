import { z } from 'zod';
import { requirePermission } from '~/features/account/session.server';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import { JOB_CARD_SIZES } from '~/features/workshop/job-card-pdf.server';
import { printJobCard } from '~/features/workshop/job-card-print.server';
import { jobCardTicketFor } from '~/features/workshop/ticket-access.server';
import type { Route } from './+types/job-card';

const paramsSchema = z.object({
  garmentId: z.coerce.number().int().positive().max(2_147_483_647),
});
const querySchema = z.object({ size: z.enum(JOB_CARD_SIZES).default('a5') });

/**
 * GET /admin/workshop/garments/:garmentId/card.pdf?size=a5|80mm (issue 31 item 4): the
 * garment's job card as an A5 page (the default) or an 80 mm thermal slip, never cached; the
 * print is audited as a read of the customer's measurements. A workshop member prints only the
 * garments assigned to them (features/workshop/ticket-access). An unknown garment answers 404,
 * a size other than 'a5' or '80mm' 400.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requirePermission(
    request,
    context,
    PAGE_PERMISSIONS['/admin/workshop/garments/:garmentId/card.pdf'],
  );
  const id = paramsSchema.safeParse(params);
  if (!id.success) throw new Response('No such garment', { status: 404 });
  const query = querySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams.entries()),
  );
  if (!query.success) {
    throw new Response('The size must be a5 or 80mm.', { status: 400 });
  }
  const ticket = await jobCardTicketFor(context.db, admin, id.data.garmentId);
  if (ticket === null) throw new Response('No such garment', { status: 404 });
  const printed = await printJobCard(context.db, admin, id.data.garmentId, query.data.size, {
    storage: context.storage,
    publicUrl: context.env.PUBLIC_URL,
    ticket,
  });
  if (!printed) throw new Response('No such garment', { status: 404 });
  return new Response(new Uint8Array(printed.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${printed.fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
