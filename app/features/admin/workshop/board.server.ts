/**
 * The back office's production board (issue 31 item 3, `/admin/workshop`): reads the board's
 * filters from the URL (a bad filter answers 400 with its message), loads the board, the staff
 * and garment types the filters offer, and moves a card through the tickets' own 'move-ticket'
 * handler (features/workshop/tickets.server.ts holds the rules and the version check: a lost
 * race answers 409 "Someone else moved this garment just now…").
 *
 * Live updates need no call here: a trigger on `work_tickets` sends a NOTIFY on the 'workshop'
 * channel for every move and assignment, which /api/events relays to every open board.
 */
import { data } from 'react-router';
import type { Db } from '~/lib/db.server';
import { GARMENT_TYPES, type GarmentType } from '~/lib/schema-enums';
import type { AnyAdminHandler } from '~/features/admin/shared/admin-action.server';
import type { OrderMailSite } from '~/features/orders/orders-commands.server';
import { garmentLabel } from '~/features/bespoke/style-groups';
import {
  parseBoardFilters,
  productionBoard,
  type BoardFilters,
  type ProductionBoard,
} from '~/features/workshop/board.server';
import { staffChoices, type StaffChoice } from '~/features/workshop/tickets.server';
import { seesAllTickets } from '~/features/workshop/ticket-access.server';
import { mayDo, type SessionUser } from '~/features/account/session.server';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import { ticketHandlers } from './workshop.server';

/** What the board's page shows. */
export interface BoardPage {
  board: ProductionBoard;
  filters: BoardFilters;
  /** The people the person filter offers. */
  staff: StaffChoice[];
  /** The garment types the garment filter offers, with their names. */
  garmentTypes: { value: GarmentType; label: string }[];
  /** The viewer sees only their own cards (the workshop role): no person filter. */
  ownOnly: boolean;
  /** What the viewer's role opens from the board: the order pages, the workshop settings. */
  may: { openOrders: boolean; editSettings: boolean };
}

/**
 * The board for `viewer` with the filters of `url`'s query, at `now`. A viewer whose role does
 * not open every ticket (the workshop) sees only the cards assigned to them, whatever the
 * person filter says (issue 31: "They see only their cards").
 * @throws a 400 response with the filter's message for a bad filter.
 */
export async function loadBoardPage(
  db: Db,
  viewer: Pick<SessionUser, 'id' | 'role'>,
  url: URL,
  now = new Date(),
): Promise<BoardPage> {
  const parsed = parseBoardFilters(url.searchParams);
  if (!parsed.ok) throw data(parsed.message, { status: 400 });
  const ownOnly = !seesAllTickets(viewer);
  const filters: BoardFilters = ownOnly ? { ...parsed.filters, person: 'me' } : parsed.filters;
  const [board, staff] = await Promise.all([
    productionBoard(db, viewer.id, filters, now),
    ownOnly ? [] : staffChoices(db),
  ]);
  return {
    board,
    filters,
    staff,
    garmentTypes: GARMENT_TYPES.map((value) => ({ value, label: garmentLabel(value) })),
    ownOnly,
    may: {
      openOrders: mayDo(viewer, PAGE_PERMISSIONS['/admin/orders/:number']),
      editSettings: mayDo(viewer, PAGE_PERMISSIONS['/admin/workshop/settings']),
    },
  };
}

/** The board's intents: a card's move (its buttons and its drop on a column). */
export function boardHandlers(deps: {
  db: Db;
  site: () => Promise<OrderMailSite>;
}): Record<'move-ticket', AnyAdminHandler> {
  return { 'move-ticket': ticketHandlers(deps)['move-ticket'] };
}
