import { appointmentCalendar } from '~/features/booking/manage-page.server';
import type { Route } from './+types/book.manage.calendar';

/** GET /book/manage/:token/calendar.ics: the appointment as an iCalendar file; bad token 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const body = await appointmentCalendar(context, params.token);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="appointment.ics"',
      'Cache-Control': 'private, no-store',
    },
  });
}
