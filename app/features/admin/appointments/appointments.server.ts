/**
 * The back office's appointments (issue 20 item 2, "/admin/appointments"): the day, week and
 * list views, booking for a phone or walk-in customer, and the changes staff make (move,
 * cancel with a message, attended, no-show).
 *
 * Every change goes through the booking core (features/booking/booking.server.ts), which takes
 * the slot's place in the database, queues the customer's messages and writes the audit entry
 * in the same transaction. A refusal of the core (a {@link Refusal}) becomes an
 * {@link Refusal} with its status and message; when a slot was just taken, the answer also
 * carries the next free times.
 */
import { and, count, eq, gte } from 'drizzle-orm';
import { data, type AppLoadContext } from 'react-router';
import * as z from 'zod';
import {
  adminHandler,
  runAdminAction,
  type AdminOutcome,
  type AnyAdminHandler,
} from '~/features/admin/shared/admin-action.server';
import { ACTION_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import type { Permission } from '~/lib/access-control.server';
import { pagedList } from '~/features/admin/shared/paged-list.server';
import { pageCount } from '~/features/admin/shared/paging';
import {
  appointmentsBetween,
  findAppointments,
  bookAppointment,
  cancelAppointment,
  getAppointment,
  listAppointmentTypes,
  recordAppointmentOutcome,
  rescheduleAppointment,
  slotsOn,
  SlotTaken,
  type AppointmentType,
  type AppointmentView,
} from '~/features/booking/booking.server';
import type { Slot } from '~/features/booking/slots';
import {
  emailSchema,
  formatIndianMobile,
  indianMobileSchema,
  personNameSchema,
} from '~/features/customers/contact-fields';
import {
  customerChoice,
  findCustomers,
  type CustomerChoice,
} from '~/features/customers/customer-search.server';
import type { Db } from '~/lib/db.server';
import { appointments } from '~/lib/schema.server';
import {
  addShopDays,
  formatShopDateTime,
  shopDateOf,
  shopInstant,
  type ShopDate,
} from '~/lib/shop-time';
import { readShopDate, shopInstantField } from '~/lib/shop-time-input';
import { mondayOf, readAppointmentsQuery, type AppointmentsQuery } from './appointments-query';
import { Refusal } from '~/lib/refusal';
import { idField } from '~/lib/form-fields.server';

/** Appointments per page of the list view. */
const APPOINTMENTS_PAGE_SIZE = 25;

/** The longest cancellation message, in characters (issue 20: max 500). */
const CANCEL_MESSAGE_MAX = 500;
/** The longest note staff add to a booking, in characters. */
const NOTES_MAX = 1000;

/** An appointment type as the screens offer it. */
interface TypeChoice {
  id: number;
  key: string;
  name: string;
  durationMinutes: number;
}

const typeChoice = (type: AppointmentType): TypeChoice => ({
  id: type.id,
  key: type.key,
  name: type.name,
  durationMinutes: type.durationMinutes,
});

/** One day of the day or week view and its appointments, in time order. */
interface AppointmentDay {
  date: ShopDate;
  appointments: AppointmentView[];
}

/** Everything /admin/appointments shows. */
export interface AppointmentsScreenData {
  query: AppointmentsQuery;
  /** The shop's day at the time of the request. */
  today: ShopDate;
  types: TypeChoice[];
  /** One day (day view) or seven, Monday first (week view); empty for the list. */
  days: AppointmentDay[];
  /** The list view's page; null in the other views. */
  list: { rows: AppointmentView[]; total: number; pages: number } | null;
  /** The move panel: the appointment, the day chosen and its slots of the same type. */
  move: { appointment: AppointmentView; date: ShopDate; slots: Slot[] } | null;
}

/** Shop days from `first`, `n` of them. */
function daysFrom(first: ShopDate, n: number): ShopDate[] {
  return Array.from({ length: n }, (_, i) => addShopDays(first, i));
}

/**
 * The data of /admin/appointments for a query (see appointments-query.ts) at `now`. A move
 * panel for an appointment that does not exist or is no longer booked is left closed.
 * @throws when the database fails.
 */
export async function appointmentsScreen(
  db: Db,
  search: URLSearchParams,
  now: Date,
): Promise<AppointmentsScreenData> {
  const today = shopDateOf(now);
  const query = readAppointmentsQuery(search, today);
  const types = await listAppointmentTypes(db);
  let days: AppointmentDay[] = [];
  let list: AppointmentsScreenData['list'] = null;
  if (query.view === 'list') {
    const type = types.find((t) => t.key === query.type);
    list = await upcomingAppointments(db, {
      from: shopInstant(today, 0),
      status: query.status,
      typeId: type?.id ?? null,
      page: query.page,
    });
  } else {
    const dates = query.view === 'week' ? daysFrom(mondayOf(query.date), 7) : [query.date];
    const rows = await appointmentsBetween(
      db,
      shopInstant(dates[0]!, 0),
      shopInstant(addShopDays(dates.at(-1)!, 1), 0),
    );
    days = dates.map((date) => ({
      date,
      appointments: rows.filter((row) => shopDateOf(new Date(row.startsAt)) === date),
    }));
  }
  let move: AppointmentsScreenData['move'] = null;
  if (query.move !== null) {
    const appointment = await getAppointment(db, query.move);
    const type = appointment && types.find((t) => t.id === appointment.type.id);
    if (appointment?.status === 'booked' && type) {
      const own = shopDateOf(new Date(appointment.startsAt));
      const date = query.moveDate ?? (own < today ? today : own);
      move = { appointment, date, slots: await slotsOn(db, type, date, now, { staff: true }) };
    }
  }
  return { query, today, types: types.map(typeChoice), days, list, move };
}

/**
 * One page of the appointments starting from `from`, soonest first, optionally of one status
 * and one type, and how many match.
 */
async function upcomingAppointments(
  db: Db,
  options: { from: Date; status: AppointmentsQuery['status']; typeId: number | null; page: number },
): Promise<NonNullable<AppointmentsScreenData['list']>> {
  const where = and(
    gte(appointments.startsAt, options.from),
    options.status ? eq(appointments.status, options.status) : undefined,
    options.typeId ? eq(appointments.typeId, options.typeId) : undefined,
  );
  const { rows, total } = await pagedList(
    { page: options.page, size: APPOINTMENTS_PAGE_SIZE },
    ({ limit, offset }) => findAppointments(db, where, { limit, offset }),
    async () => {
      const [row] = await db.select({ n: count() }).from(appointments).where(where);
      return Number(row?.n ?? 0);
    },
  );
  return {
    rows,
    total,
    pages: pageCount(total, APPOINTMENTS_PAGE_SIZE),
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Booking for a phone or walk-in customer                                                     */
/* ------------------------------------------------------------------------------------------ */

/** The longest client search the form accepts; longer ones are cut. */
const MAX_SEARCH = 100;

/** Everything /admin/appointments/new shows. */
export interface NewAppointmentData {
  types: TypeChoice[];
  /** The type chosen (`?type=` key; the first type by default). */
  type: TypeChoice;
  /** The day chosen (`?date=`; today by default). */
  date: ShopDate;
  today: ShopDate;
  /** That day's slots of the type, full ones with `left` 0. */
  slots: Slot[];
  /** The client search (`?q=`) and what it found. */
  q: string;
  matches: CustomerChoice[];
  /** The client chosen (`?customer=`), when it exists. */
  client: CustomerChoice | null;
}

/**
 * The data of /admin/appointments/new: `?type=` (a type's key), `?date=`, `?q=` (a client
 * search) and `?customer=` (a chosen client's id); anything unreadable falls back to the
 * default. Staff see every slot of the day from the start of today.
 * @throws when the database fails.
 */
export async function newAppointmentScreen(
  db: Db,
  search: URLSearchParams,
  now: Date,
): Promise<NewAppointmentData> {
  const today = shopDateOf(now);
  const types = await listAppointmentTypes(db);
  if (types.length === 0) throw new Error('No appointment types: the migration seeds them.');
  const type = types.find((t) => t.key === search.get('type')) ?? types[0]!;
  const date = readShopDate(search.get('date')) ?? today;
  const q = (search.get('q') ?? '').trim().slice(0, MAX_SEARCH);
  const customerId = /^[1-9]\d{0,8}$/.test(search.get('customer') ?? '')
    ? Number(search.get('customer'))
    : null;
  const [slots, matches, client] = await Promise.all([
    slotsOn(db, type, date, now, { staff: true }),
    findCustomers(db, q),
    customerId === null ? null : customerChoice(db, customerId),
  ]);
  return {
    types: types.map(typeChoice),
    type: typeChoice(type),
    date,
    today,
    slots,
    q,
    matches,
    client,
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Actions                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/** What an appointment action answers: the admin outcome, and other times when one was taken. */
export interface AppointmentOutcome extends AdminOutcome {
  /** The next free times of the same type, when the chosen one was just taken. */
  nextSlots?: Slot[];
}

const PICK_TIME = 'Please choose a time.';

/**
 * A slot's start as the form sends it (ISO 8601 with its zone), read as a Date on a shop day
 * from 2000 to 2099 (issue 28 item 7).
 */
const startsAtField = shopInstantField(PICK_TIME);

/** Optional text of at most `max` characters, trimmed; absent reads as ''. */
const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters.`)
    .optional()
    .transform((value) => value ?? '');

const bookSchema = z.intersection(
  z.object({
    typeId: idField('Please choose the kind of appointment.'),
    startsAt: startsAtField,
    notes: optionalText(NOTES_MAX, 'Notes'),
  }),
  z.discriminatedUnion(
    'client',
    [
      z.object({
        client: z.literal('existing'),
        customerId: idField('Please choose a client.'),
      }),
      z.object({
        client: z.literal('new'),
        name: personNameSchema,
        phone: indianMobileSchema,
        email: z.preprocess(
          (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
          z.optional(emailSchema),
        ),
      }),
    ],
    { error: 'Please choose a client or enter a new one.' },
  ),
);

const idSchema = z.object({ id: idField('This appointment no longer exists.') });

const moveSchema = z.object({
  id: idField('This appointment no longer exists.'),
  startsAt: startsAtField,
});

const cancelSchema = z.object({
  id: idField('This appointment no longer exists.'),
  message: optionalText(CANCEL_MESSAGE_MAX, 'The message'),
});

/** The core's refusal as the back office's, keeping the next free times for the answer. */
function refusal(error: unknown, taken: { slots?: Slot[] }, field?: string): never {
  if (!(error instanceof Refusal)) throw error;
  if (error instanceof SlotTaken && error.nextSlots.length > 0) taken.slots = error.nextSlots;
  throw new Refusal(error.code, error.message, error.code === 'not-found' ? undefined : field);
}

const when = (appointment: { startsAt: Date }) =>
  formatShopDateTime(appointment.startsAt.toISOString());

/** The intents of /admin/appointments and /admin/appointments/new. */
type AppointmentIntent =
  'book-appointment' | 'move-appointment' | 'cancel-appointment' | 'mark-attended' | 'mark-no-show';

function appointmentHandlers(
  db: Db,
  now: Date,
  taken: { slots?: Slot[] },
): Record<AppointmentIntent, AnyAdminHandler> {
  const outcome = (intent: 'attended' | 'no_show') =>
    adminHandler(idSchema, async ({ id }, admin) => {
      const marked = await recordAppointmentOutcome(db, {
        appointmentId: id,
        outcome: intent,
        actor: { id: admin.id, email: admin.email },
        now,
      }).catch((error: unknown) => refusal(error, taken));
      const view = await getAppointment(db, marked.id);
      return {
        message: `${view?.customer.name ?? 'The client'}: ${intent === 'attended' ? 'attended' : 'no-show'} (${view?.type.name ?? 'appointment'}, ${when(marked)}).`,
        id: marked.id,
      };
    });
  return {
    'book-appointment': adminHandler(bookSchema, async (input, admin) => {
      const types = await listAppointmentTypes(db);
      const type = types.find((t) => t.id === input.typeId);
      if (!type)
        throw new Refusal('not-found', 'This kind of appointment no longer exists.', 'typeId');
      const customer =
        input.client === 'existing'
          ? await customerChoice(db, input.customerId)
          : { name: input.name, phone: input.phone };
      if (!customer) throw new Refusal('not-found', 'This client no longer exists.', 'customerId');
      const booked = await bookAppointment(db, {
        type,
        startsAt: input.startsAt,
        customer:
          input.client === 'existing'
            ? { customerId: input.customerId }
            : { guest: { name: input.name, phone: input.phone, email: input.email ?? null } },
        notes: input.notes,
        by: { kind: 'staff', actor: { id: admin.id, email: admin.email } },
        now,
      }).catch((error: unknown) => refusal(error, taken, 'startsAt'));
      return {
        message: `Booked ${type.name} for ${customer.name} (${formatIndianMobile(customer.phone)}) on ${when(booked)}.`,
        id: booked.id,
      };
    }),
    'move-appointment': adminHandler(moveSchema, async (input, admin) => {
      const moved = await rescheduleAppointment(db, {
        appointmentId: input.id,
        startsAt: input.startsAt,
        by: { kind: 'staff', actor: { id: admin.id, email: admin.email } },
        now,
      }).catch((error: unknown) => refusal(error, taken, 'startsAt'));
      return { message: `Moved to ${when(moved)}.`, id: moved.id };
    }),
    'cancel-appointment': adminHandler(cancelSchema, async (input, admin) => {
      const cancelled = await cancelAppointment(db, {
        appointmentId: input.id,
        by: { kind: 'staff', actor: { id: admin.id, email: admin.email } },
        now,
        message: input.message,
      }).catch((error: unknown) => refusal(error, taken, 'message'));
      return {
        message: `Cancelled the appointment on ${when(cancelled)}. The client is told${input.message ? ', with your message' : ''}.`,
        id: cancelled.id,
      };
    }),
    'mark-attended': outcome('attended'),
    'mark-no-show': outcome('no_show'),
  };
}

/**
 * Runs one appointment action of `route` (its intents in ACTION_PERMISSIONS: the calendar's
 * book-appointment, move-appointment, cancel-appointment, mark-attended, mark-no-show; the
 * booking page's book-appointment; any other is 400) for staff whose role may book
 * (runAdminAction: 401 for a visitor, 403 for a shopper or a role without
 * `appointments: book`, 422 for a bad form). A refusal of the booking core keeps
 * its status (400 not offered, 404 gone, 409 taken or no longer booked) and message; when the
 * slot was just taken the answer carries `nextSlots`.
 */
export async function runAppointmentAction(
  request: Request,
  context: AppLoadContext,
  route: '/admin/appointments' | '/admin/appointments/new',
  now: Date = new Date(),
) {
  const taken: { slots?: Slot[] } = {};
  // The route's intents only (the booking page books; the calendar also moves and marks).
  const permissions: Partial<Record<AppointmentIntent, Permission>> = ACTION_PERMISSIONS[route];
  const all = appointmentHandlers(context.db, now, taken);
  const handlers = Object.fromEntries(
    Object.keys(permissions).map((intent) => [intent, all[intent as AppointmentIntent]]),
  ) as Record<string, AnyAdminHandler>;
  const result = await runAdminAction(
    request,
    context,
    handlers,
    permissions as Record<string, Permission>,
  );
  if (!taken.slots) return result;
  return data<AppointmentOutcome>(
    { ...result.data, nextSlots: taken.slots },
    result.init ?? undefined,
  );
}
