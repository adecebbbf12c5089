/**
 * The back office's delivery calendar page (issue 31 item 6, `/admin/workshop/calendar`):
 * reads the query (a bad view or date answers 400 with its message), narrows a workshop
 * member to the garments assigned to them, and says whether the viewer may open the orders'
 * pages (the workshop may not: no links). The calendar itself is
 * features/workshop/calendar.server.ts.
 */
import { data } from 'react-router';
import type { Db } from '~/lib/db.server';
import { shopDateOf } from '~/lib/shop-time';
import { mayDo, type SessionUser } from '~/features/account/session.server';
import {
  deliveryCalendar,
  parseCalendarQuery,
  type DeliveryCalendar,
} from '~/features/workshop/calendar.server';
import { seesAllTickets } from '~/features/workshop/ticket-access.server';

/** What the calendar's page shows. */
export interface CalendarPage {
  calendar: DeliveryCalendar;
  /** The viewer may open /admin/orders/:number (the owner and the counter). */
  linkOrders: boolean;
}

/**
 * The calendar for `viewer` with the query of `url`, at `now`.
 * @throws a 400 response with the message for a bad `view` or `date`.
 */
export async function loadCalendarPage(
  db: Db,
  viewer: Pick<SessionUser, 'id' | 'role'>,
  url: URL,
  now = new Date(),
): Promise<CalendarPage> {
  const parsed = parseCalendarQuery(url.searchParams, shopDateOf(now));
  if (!parsed.ok) throw data(parsed.message, { status: 400 });
  const calendar = await deliveryCalendar(
    db,
    { id: viewer.id, ownOnly: !seesAllTickets(viewer) },
    parsed.query,
    now,
  );
  return { calendar, linkOrders: mayDo(viewer, { orders: ['read'] }) };
}
