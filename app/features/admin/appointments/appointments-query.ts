/**
 * The query of /admin/appointments (issue 20 item 2, "/admin/appointments"), read the same way
 * by the server and the screen's links:
 *
 * - `view`: 'day' (default), 'week' (Monday to Sunday of `date`) or 'list' (upcoming, paged);
 * - `date`: a shop day 'YYYY-MM-DD' (Asia/Kolkata; default today);
 * - `page` (list), `status` (one of APPOINTMENT_STATUSES) and `type` (an appointment type's
 *   key) filter the list;
 * - `move` (an appointment id) opens the move panel, `moveDate` the day whose slots it shows.
 *
 * Anything unreadable falls back to its default, so no query answers an error.
 */
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '~/lib/schema-enums';
import { addShopDays, shopWeekday, type ShopDate } from '~/lib/shop-time';
import { readShopDate } from '~/lib/shop-time-input';

/** The three ways the screen lists appointments. */
const CALENDAR_VIEWS = ['day', 'week', 'list'] as const;

/** One of the screen's views. */
type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** The query, read. */
export interface AppointmentsQuery {
  view: CalendarView;
  /** The day shown (day view) or a day of the week shown (week view). */
  date: ShopDate;
  /** 1-based page of the list. */
  page: number;
  status: AppointmentStatus | null;
  /** An appointment type's key, as given (the server checks it exists). */
  type: string | null;
  move: number | null;
  moveDate: ShopDate | null;
}

/** The words the screen uses for each status. */
export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  booked: 'Booked',
  attended: 'Attended',
  no_show: 'No-show',
  cancelled: 'Cancelled',
};

/** A positive whole number of at most 9 digits, else null. */
function readId(value: string | null): number | null {
  if (!value || !/^[1-9]\d{0,8}$/.test(value)) return null;
  return Number(value);
}

/** Reads the query of /admin/appointments; `today` is the shop's day now. */
export function readAppointmentsQuery(search: URLSearchParams, today: ShopDate): AppointmentsQuery {
  const view = search.get('view');
  const status = search.get('status');
  const type = search.get('type');
  const page = readId(search.get('page'));
  return {
    view: (CALENDAR_VIEWS as readonly (string | null)[]).includes(view)
      ? (view as CalendarView)
      : 'day',
    date: readShopDate(search.get('date')) ?? today,
    page: page !== null && page <= 100_000 ? page : 1,
    status: (APPOINTMENT_STATUSES as readonly (string | null)[]).includes(status)
      ? (status as AppointmentStatus)
      : null,
    type: type && /^[a-z_]{1,40}$/.test(type) ? type : null,
    move: readId(search.get('move')),
    moveDate: readShopDate(search.get('moveDate')),
  };
}

/** The Monday of the shop week holding `date` (weeks run Monday to Sunday). */
export function mondayOf(date: ShopDate): ShopDate {
  return addShopDays(date, -((shopWeekday(date) + 6) % 7));
}

/**
 * The link to a view of the screen, e.g. ({view: 'week', date: '2026-11-25'}) ->
 * '/admin/appointments?view=week&date=2026-11-25'. Empty and null values are left out.
 */
export function appointmentsHref(
  params: Partial<Record<keyof AppointmentsQuery, string | number | null>>,
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return `/admin/appointments${text ? `?${text}` : ''}`;
}
