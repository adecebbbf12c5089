import { data } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { TicketScreen } from '~/features/admin/workshop/ticket-screen';
import { ticketHandlers, ticketTrials } from '~/features/admin/workshop/workshop.server';
import { ticketCardFor } from '~/features/workshop/ticket-access.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { ChromeHandle } from '~/root';
import type { Route } from './+types/workshop-ticket';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privatePageMeta(
    loaderData ? `${loaderData.ticket.garment}, ${loaderData.ticket.number}` : 'Garment',
    rootMetaData(matches).settings.shopName,
  );

/** A garment id of the path: a positive whole number, or null. */
function garmentIdOf(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,8}$/.test(param) ? Number(param) : null;
}

/**
 * /admin/workshop/garments/:garmentId, the one-tap ticket page a job card's QR opens (issue 31
 * item 4): outside the back office's frame, light for a workshop phone. Staff whose role opens
 * every ticket, and the workshop member it is assigned to; anyone else, a garment without a
 * ticket, or an unreadable id answers 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requirePermission(
    request,
    context,
    PAGE_PERMISSIONS['/admin/workshop/garments/:garmentId'],
  );
  const garmentId = garmentIdOf(params.garmentId);
  const ticket = garmentId === null ? null : await ticketCardFor(context.db, viewer, garmentId);
  if (!ticket) throw data('Garment not found', { status: 404 });
  return { ticket, ...(await ticketTrials(context.db, viewer, ticket.garmentId)) };
}

/**
 * Moves the garment's ticket (`intent` move-ticket: `garmentId`, `toStage`, `version`) or records
 * its trial (`intent` record-trial: `garmentId`, `version`, `outcome` fits | alteration, `notes`,
 * `alterationAssigneeId`; issue 31 item 5); a lost race answers 409 "Someone else moved this garment just now…". The role is checked first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { 'move-ticket': move, 'record-trial': recordTrial } = ticketHandlers({
    db: context.db,
    site: async () => ({
      publicUrl: context.env.PUBLIC_URL,
      linkSecret: context.linkSecret,
      shopName: (await context.catalogue.settings()).shopName,
    }),
  });
  return runAdminAction(
    request,
    context,
    { 'move-ticket': move, 'record-trial': recordTrial },
    ACTION_PERMISSIONS['/admin/workshop/garments/:garmentId'],
  );
}

export default function WorkshopTicket({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <TicketScreen
      ticket={loaderData.ticket}
      trials={loaderData.trials}
      staff={loaderData.staff}
      mayBookTrial={loaderData.mayBookTrial}
      mayOpenOrder={loaderData.mayOpenOrder}
      outcome={actionData}
    />
  );
}

/** Bare: no shop header, footer or cart on a workshop phone (`root.tsx`, ChromeHandle). */
export const handle: ChromeHandle = { chrome: 'bare' };
