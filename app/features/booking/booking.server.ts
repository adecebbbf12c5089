/**
 * Booking appointments (issue 20 item 2; DESIGN.md "Appointments: capacity is enforced by the
 * database, not by a check-then-insert").
 *
 * A booking, a reschedule and a cancellation each run in one transaction that moves the slot
 * counters of `appointment_slots`: a place is taken with a conditional upsert
 * (`… on conflict do update set booked = booked + 1 where booked < capacity`), which PostgreSQL
 * runs under the row's lock, so with any number of requests and instances exactly `capacity`
 * of them get a slot and the others are refused with {@link SlotTaken} and the next
 * free times. The confirmation, change and reminder messages are queued as jobs in the same
 * transaction (`appointment.notify`, `appointment.reminder`; features/booking/appointment-messages).
 *
 * Every function takes the clock (`now`) from its caller, so tests move time.
 */
import { and, asc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  customerForGuest,
  findGuestCustomer,
  type CustomerDetails,
} from '~/features/customers/customers.server';
import { getSiteSettings } from '~/features/site/settings.server';
import type { Db } from '~/lib/db.server';
import { enqueueJob, type DbOrTx } from '~/lib/jobs/enqueue.server';
import {
  appointments,
  appointmentSlots,
  appointmentTypes,
  customers,
  shopClosures,
} from '~/lib/schema.server';
import type { AppointmentStatus } from '~/lib/schema-enums';
import {
  addShopDays,
  formatShopDateTime,
  shopDateOf,
  shopInstant,
  type ShopDate,
} from '~/lib/shop-time';
import { Refusal } from '~/lib/refusal';
import { queueAppointmentReminders } from './appointment-messages.server';
import { getBookingSettings, type BookingSettings } from './booking-settings.server';
import { weeklyHours, type WeeklyHours } from './shop-hours';
import { bookingWindow, daySlots, isOnGrid, type Closure, type Slot } from './slots';
import { type Actor, recordAudit } from '~/lib/audit.server';
import { isUniqueViolation } from '~/lib/audited-write.server';

/** The refusal when the last place of a slot went to someone else (issue 20, binding text). */
export const SLOT_TAKEN_MESSAGE = 'That time was just taken — please pick another';

/**
 * The refusal when the same customer books the same time again (issue 28 item 4: the form
 * sent twice). It names no appointment and gives no link: a guest who only typed the phone
 * and e-mail of a record must not reach that record's booking.
 */
const ALREADY_BOOKED_MESSAGE =
  'You already have an appointment at this time. The link in your confirmation message changes it.';

/** The same refusal as staff read it (the back office's new appointment and book-trial). */
const ALREADY_BOOKED_FOR_STAFF = 'This client already has an appointment at this time.';

/** The refusal of a second booking of one customer at one time, worded for who asks. */
function alreadyBookedError(by: BookingActor): Refusal {
  return new Refusal(
    'already-booked',
    by.kind === 'staff' ? ALREADY_BOOKED_FOR_STAFF : ALREADY_BOOKED_MESSAGE,
  );
}

/**
 * The refusal 'slot-taken' ({@link SLOT_TAKEN_MESSAGE}): the last place of the slot went to
 * someone else; `nextSlots` are the next free times to offer instead (empty inside the
 * transaction, filled in when the refusal leaves it).
 */
export class SlotTaken extends Refusal {
  constructor(readonly nextSlots: Slot[] = []) {
    super('slot-taken', SLOT_TAKEN_MESSAGE);
    this.name = 'SlotTaken';
  }
}

/** An appointment type as stored. */
export type AppointmentType = typeof appointmentTypes.$inferSelect;

/** The appointment types in their order; `onlineOnly` leaves out those not offered online. */
export async function listAppointmentTypes(
  db: DbOrTx,
  options: { onlineOnly?: boolean } = {},
): Promise<AppointmentType[]> {
  return db
    .select()
    .from(appointmentTypes)
    .where(options.onlineOnly ? eq(appointmentTypes.onlineBookable, true) : undefined)
    .orderBy(asc(appointmentTypes.position), asc(appointmentTypes.id));
}

/** What the calendar of a span of days needs, read in three queries. */
interface Calendar {
  hours: WeeklyHours;
  settings: BookingSettings;
  closures: Closure[];
  booked: Map<number, number>;
}

/** Reads the hours, rules, closures and slot counters of a type from `from` to `to` (shop days). */
async function readCalendar(
  db: DbOrTx,
  typeId: number,
  from: ShopDate,
  to: ShopDate,
): Promise<Calendar> {
  const start = shopInstant(from, 0);
  const end = shopInstant(addShopDays(to, 1), 0);
  // One after another: inside a transaction they share one connection.
  const site = await getSiteSettings(db as Db);
  const settings = await getBookingSettings(db);
  const closures = await db
    .select({ startsAt: shopClosures.startsAt, endsAt: shopClosures.endsAt })
    .from(shopClosures)
    .where(and(lt(shopClosures.startsAt, end), gt(shopClosures.endsAt, start)));
  const counters = await db
    .select({ startsAt: appointmentSlots.startsAt, booked: appointmentSlots.booked })
    .from(appointmentSlots)
    .where(
      and(
        eq(appointmentSlots.typeId, typeId),
        gte(appointmentSlots.startsAt, start),
        lt(appointmentSlots.startsAt, end),
      ),
    );
  return {
    hours: weeklyHours(site.hours),
    settings,
    closures,
    booked: new Map(counters.map((row) => [row.startsAt.getTime(), row.booked])),
  };
}

/** A day of the online calendar: whether any slot is free, and how many places are left. */
export interface CalendarDay {
  date: ShopDate;
  /** Free slots that day (0: full, closed or outside the window). */
  freeSlots: number;
}

/**
 * The days shoppers may book a type on, from today to the horizon (issue 20: 60 days), each
 * with its number of free slots, for a date picker that marks available days.
 */
export async function calendarDays(
  db: DbOrTx,
  type: AppointmentType,
  now: Date,
): Promise<CalendarDay[]> {
  const today = shopDateOf(now);
  const settings = await getBookingSettings(db);
  const window = bookingWindow(now, settings);
  const calendar = await readCalendar(db, type.id, today, window.lastDate);
  const days: CalendarDay[] = [];
  for (let date = today; date <= window.lastDate; date = addShopDays(date, 1)) {
    const slots = daySlots({ date, type, ...calendar, window });
    days.push({ date, freeSlots: slots.filter((slot) => slot.left > 0).length });
  }
  return days;
}

/**
 * The slots of a type on a shop day. Online (`staff` false) keeps to the booking window;
 * staff see every slot of the day from the start of today.
 */
export async function slotsOn(
  db: DbOrTx,
  type: AppointmentType,
  date: ShopDate,
  now: Date,
  options: { staff?: boolean } = {},
): Promise<Slot[]> {
  const calendar = await readCalendar(db, type.id, date, date);
  const window = options.staff
    ? { earliest: shopInstant(shopDateOf(now), 0), lastDate: '9999-12-31' }
    : bookingWindow(now, calendar.settings);
  return daySlots({ date, type, ...calendar, window });
}

/**
 * Up to `count` free online slots of a type after `after` (the time just refused), from its
 * day to the horizon.
 */
export async function nextFreeSlots(
  db: DbOrTx,
  type: AppointmentType,
  after: Date,
  now: Date,
  count = 6,
): Promise<Slot[]> {
  const settings = await getBookingSettings(db);
  const window = bookingWindow(now, settings);
  const first = shopDateOf(after > now ? after : now);
  const calendar = await readCalendar(db, type.id, first, window.lastDate);
  const found: Slot[] = [];
  for (
    let date = first;
    date <= window.lastDate && found.length < count;
    date = addShopDays(date, 1)
  ) {
    for (const slot of daySlots({ date, type, ...calendar, window })) {
      if (slot.left > 0 && new Date(slot.startsAt) > after) found.push(slot);
      if (found.length === count) break;
    }
  }
  return found;
}

/** Who asks for a change: the customer (online, within the rules) or a member of staff. */
export type BookingActor = { kind: 'customer' } | { kind: 'staff'; actor: Actor };

const NOT_OFFERED = 'That time is not offered. Please pick one of the times shown.';

/**
 * Refuses a time the shop does not offer for this actor: off the type's grid, in a closure,
 * and for customers outside the booking window (issue 20: 2 h to 60 days ahead).
 */
async function assertOffered(
  tx: DbOrTx,
  type: AppointmentType,
  startsAt: Date,
  now: Date,
  by: BookingActor,
): Promise<void> {
  const date = shopDateOf(startsAt);
  const calendar = await readCalendar(tx, type.id, date, date);
  if (!isOnGrid(startsAt, calendar.hours, type)) throw new Refusal('bad-request', NOT_OFFERED);
  const slots = daySlots({
    date,
    type,
    ...calendar,
    window:
      by.kind === 'staff'
        ? { earliest: shopInstant(shopDateOf(now), 0), lastDate: '9999-12-31' }
        : bookingWindow(now, calendar.settings),
  });
  if (!slots.some((slot) => slot.startsAt === startsAt.toISOString())) {
    throw new Refusal('bad-request', NOT_OFFERED);
  }
}

/** Takes one place of a slot, or resolves false when it is full. */
async function claimPlace(tx: DbOrTx, type: AppointmentType, startsAt: Date): Promise<boolean> {
  const rows = await tx
    .insert(appointmentSlots)
    .values({ typeId: type.id, startsAt, booked: 1 })
    .onConflictDoUpdate({
      target: [appointmentSlots.typeId, appointmentSlots.startsAt],
      set: { booked: sql`${appointmentSlots.booked} + 1` },
      setWhere: sql`${appointmentSlots.booked} < ${type.capacity}`,
    })
    .returning({ booked: appointmentSlots.booked });
  return rows.length === 1;
}

/** Gives back one place of a slot. */
async function releasePlace(tx: DbOrTx, typeId: number, startsAt: Date): Promise<void> {
  await tx
    .update(appointmentSlots)
    .set({ booked: sql`${appointmentSlots.booked} - 1` })
    .where(
      and(
        eq(appointmentSlots.typeId, typeId),
        eq(appointmentSlots.startsAt, startsAt),
        gt(appointmentSlots.booked, 0),
      ),
    );
}

/** Queues the message of a change (confirmed, rescheduled, cancelled), due at once. */
async function queueNotice(
  tx: DbOrTx,
  appointment: { id: number; revision: number },
  event: 'confirmed' | 'rescheduled' | 'cancelled',
  now: Date,
  message?: string,
): Promise<void> {
  await enqueueJob(tx, {
    kind: 'appointment.notify',
    payload: { appointmentId: appointment.id, event, revision: appointment.revision, message },
    runAt: now,
    dedupeKey: `appointment:${appointment.id}:r${appointment.revision}:${event}`,
  });
}

/** An appointment as stored. */
export type AppointmentRow = typeof appointments.$inferSelect;

/** A booking request. */
export interface BookingRequest {
  type: AppointmentType;
  startsAt: Date;
  /** A guest's details (their record is found or made), or a known customer record. */
  customer: { guest: CustomerDetails } | { customerId: number };
  notes?: string;
  context?: AppointmentRow['context'];
  /** The bespoke order a trial is booked for (issue 21 item 3), or none. */
  orderId?: number;
  by: BookingActor;
  now: Date;
}

/**
 * Books an appointment: checks the time is offered, takes a place of its slot, stores the
 * appointment and queues its confirmation and reminders, all in one transaction.
 * @throws Refusal 'bad-request' when the time is not offered (or the type not bookable online),
 *   'already-booked' {@link ALREADY_BOOKED_MESSAGE} (to staff: 'This client already has…') when
 *   the customer already has a booked appointment at that time (the database's unique index
 *   decides under concurrency), {@link SlotTaken} with the next free slots when the slot is full.
 */
export async function bookAppointment(db: Db, request: BookingRequest): Promise<AppointmentRow> {
  const { type, startsAt, now, by } = request;
  if (by.kind === 'customer' && !type.onlineBookable) {
    throw new Refusal(
      'bad-request',
      'This kind of appointment is booked by phone. Please call us.',
    );
  }
  try {
    return await db.transaction(async (tx) => {
      await assertOffered(tx, type, startsAt, now, by);
      if (!(await claimPlace(tx, type, startsAt))) {
        if (await alreadyBooked(tx, request.customer, startsAt)) {
          throw alreadyBookedError(by);
        }
        throw new SlotTaken();
      }
      // The guest's record is found or made after the slot's row is locked by claimPlace, so
      // two bookings of one time run here one after the other and the second finds the
      // first's record (and its appointment, refused below by the unique index).
      const customerId =
        'customerId' in request.customer
          ? request.customer.customerId
          : (await customerForGuest(tx, request.customer.guest)).id;
      const [appointment] = await tx
        .insert(appointments)
        .values({
          customerId,
          typeId: type.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + type.durationMinutes * 60_000),
          source: by.kind === 'staff' ? 'staff' : 'online',
          notes: request.notes?.trim() ?? '',
          context: request.context ?? null,
          orderId: request.orderId ?? null,
        })
        // appointments_customer_start_key: one booked appointment per customer and time.
        .onConflictDoNothing({
          target: [appointments.customerId, appointments.startsAt],
          where: sql`${appointments.status} = 'booked'`,
        })
        .returning();
      if (!appointment) throw alreadyBookedError(by);
      await queueNotice(tx, appointment, 'confirmed', now);
      await queueAppointmentReminders(tx, { ...appointment, typeKey: type.key }, now);
      if (by.kind === 'staff') {
        await recordAudit(tx, by.actor, {
          action: 'appointment.create',
          entity: 'appointment',
          entityId: appointment.id,
          summary: `Booked ${type.name} on ${formatShopDateTime(startsAt.toISOString())}`,
          after: appointment,
        });
      }
      return appointment;
    });
  } catch (error) {
    if (error instanceof SlotTaken) {
      throw new SlotTaken(await nextFreeSlots(db, type, startsAt, now));
    }
    throw error;
  }
}

/** Whether the customer of a booking request already has a booked appointment at `startsAt`. */
async function alreadyBooked(
  tx: DbOrTx,
  customer: BookingRequest['customer'],
  startsAt: Date,
): Promise<boolean> {
  const customerId =
    'customerId' in customer
      ? customer.customerId
      : (await findGuestCustomer(tx, customer.guest))?.id;
  if (customerId === undefined) return false;
  const [row] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.customerId, customerId),
        eq(appointments.startsAt, startsAt),
        eq(appointments.status, 'booked'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const GONE = 'This appointment no longer exists.';

/** Reads and locks an appointment with its type, or refuses. */
async function lockAppointment(
  tx: DbOrTx,
  appointmentId: number,
): Promise<{ appointment: AppointmentRow; type: AppointmentType }> {
  const [row] = await tx
    .select({ appointment: appointments, type: appointmentTypes })
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .where(eq(appointments.id, appointmentId))
    .for('update', { of: appointments });
  if (!row) throw new Refusal('not-found', GONE);
  return row;
}

const STATUS_REFUSALS: Record<Exclude<AppointmentStatus, 'booked'>, string> = {
  cancelled: 'This appointment was cancelled.',
  attended: 'This appointment has already taken place.',
  no_show: 'This appointment has already passed.',
};

/** Refuses a change to an appointment that is not booked, or (for customers) past the cut-off. */
function assertChangeable(
  appointment: AppointmentRow,
  by: BookingActor,
  now: Date,
  cutoffHours: number,
) {
  if (appointment.status !== 'booked')
    throw new Refusal('conflict', STATUS_REFUSALS[appointment.status]);
  if (by.kind === 'customer' && !canCustomerChange(appointment.startsAt, now, cutoffHours)) {
    throw new Refusal('conflict', cutoffMessage(cutoffHours));
  }
}

/** Whether a customer may still move or cancel an appointment starting at `startsAt`. */
export function canCustomerChange(startsAt: Date, now: Date, cutoffHours: number): boolean {
  return now.getTime() <= startsAt.getTime() - cutoffHours * 3_600_000;
}

/** The refusal after the cut-off, e.g. 'Appointments can be changed online until 3 hours before…'. */
export function cutoffMessage(cutoffHours: number): string {
  return `Appointments can be changed online until ${cutoffHours} hours before they start. Please call us to change this one.`;
}

/**
 * Moves an appointment to another time: gives back its place, takes one in the new slot,
 * raises its revision (old reminders no longer match) and queues the change message and new
 * reminders.
 * @throws Refusal 'not-found' when it does not exist; 'conflict' when it is not booked or after
 *   the customer's cut-off; 'already-booked' when the customer already has another appointment
 *   at the new time ({@link ALREADY_BOOKED_MESSAGE}); {@link SlotTaken} (with the next free
 *   slots) when the new slot is full; 'bad-request' when the new time is not offered.
 */
export async function rescheduleAppointment(
  db: Db,
  input: { appointmentId: number; startsAt: Date; by: BookingActor; now: Date },
): Promise<AppointmentRow> {
  const { appointmentId, startsAt, by, now } = input;
  let typeOfSlot: AppointmentType | undefined;
  try {
    return await db.transaction(async (tx) => {
      const { appointment, type } = await lockAppointment(tx, appointmentId);
      typeOfSlot = type;
      const settings = await getBookingSettings(tx);
      assertChangeable(appointment, by, now, settings.cutoffHours);
      if (appointment.startsAt.getTime() === startsAt.getTime()) return appointment;
      await assertOffered(tx, type, startsAt, now, by);
      if (await alreadyBooked(tx, { customerId: appointment.customerId }, startsAt)) {
        throw alreadyBookedError(by);
      }
      await releasePlace(tx, type.id, appointment.startsAt);
      if (!(await claimPlace(tx, type, startsAt))) throw new SlotTaken();
      const [moved] = await tx
        .update(appointments)
        .set({
          startsAt,
          endsAt: new Date(startsAt.getTime() + type.durationMinutes * 60_000),
          revision: appointment.revision + 1,
          updatedAt: now,
        })
        .where(eq(appointments.id, appointment.id))
        .returning();
      await queueNotice(tx, moved!, 'rescheduled', now);
      await queueAppointmentReminders(tx, { ...moved!, typeKey: type.key }, now);
      if (by.kind === 'staff') {
        await recordAudit(tx, by.actor, {
          action: 'appointment.move',
          entity: 'appointment',
          entityId: appointment.id,
          summary: `Moved ${type.name} from ${formatShopDateTime(appointment.startsAt.toISOString())} to ${formatShopDateTime(startsAt.toISOString())}`,
          before: appointment,
          after: moved,
        });
      }
      return moved!;
    });
  } catch (error) {
    // appointments_customer_start_key: the customer already has another appointment then.
    if (isUniqueViolation(error)) throw alreadyBookedError(by);
    if (error instanceof SlotTaken && typeOfSlot) {
      throw new SlotTaken(await nextFreeSlots(db, typeOfSlot, startsAt, now));
    }
    throw error;
  }
}

/**
 * Cancels an appointment: gives back its place and queues the cancellation message (with the
 * shop's `message`, when staff give one).
 * @throws Refusal 'not-found' when it does not exist; 'conflict' when it is not booked or after the
 *   customer's cut-off.
 */
export async function cancelAppointment(
  db: Db,
  input: { appointmentId: number; by: BookingActor; now: Date; message?: string },
): Promise<AppointmentRow> {
  const { appointmentId, by, now } = input;
  const message = input.message?.trim() || null;
  return db.transaction(async (tx) => {
    const { appointment, type } = await lockAppointment(tx, appointmentId);
    const settings = await getBookingSettings(tx);
    assertChangeable(appointment, by, now, settings.cutoffHours);
    await releasePlace(tx, type.id, appointment.startsAt);
    const [cancelled] = await tx
      .update(appointments)
      .set({
        status: 'cancelled',
        cancelReason: message,
        revision: appointment.revision + 1,
        updatedAt: now,
      })
      .where(eq(appointments.id, appointment.id))
      .returning();
    await queueNotice(tx, cancelled!, 'cancelled', now, message ?? undefined);
    if (by.kind === 'staff') {
      await recordAudit(tx, by.actor, {
        action: 'appointment.cancel',
        entity: 'appointment',
        entityId: appointment.id,
        summary: `Cancelled ${type.name} on ${formatShopDateTime(appointment.startsAt.toISOString())}${message ? `: ${message}` : ''}`,
        before: appointment,
        after: cancelled,
      });
    }
    return cancelled!;
  });
}

/**
 * Records how a booked appointment went: attended or no-show, from its own day on.
 * @throws Refusal 'not-found' when it does not exist; 'conflict' when it is not booked or its day has
 *   not come.
 */
export async function recordAppointmentOutcome(
  db: Db,
  input: { appointmentId: number; outcome: 'attended' | 'no_show'; actor: Actor; now: Date },
): Promise<AppointmentRow> {
  const { appointmentId, outcome, actor, now } = input;
  return db.transaction(async (tx) => {
    const { appointment, type } = await lockAppointment(tx, appointmentId);
    if (appointment.status !== 'booked')
      throw new Refusal('conflict', STATUS_REFUSALS[appointment.status]);
    if (shopDateOf(appointment.startsAt) > shopDateOf(now)) {
      throw new Refusal('conflict', 'An appointment can be marked on its day, not before.');
    }
    const [marked] = await tx
      .update(appointments)
      .set({ status: outcome, updatedAt: now })
      .where(eq(appointments.id, appointment.id))
      .returning();
    await recordAudit(tx, actor, {
      action: outcome === 'attended' ? 'appointment.attended' : 'appointment.no_show',
      entity: 'appointment',
      entityId: appointment.id,
      summary: `${outcome === 'attended' ? 'Attended' : 'No-show'}: ${type.name} on ${formatShopDateTime(appointment.startsAt.toISOString())}`,
      before: appointment,
      after: marked,
    });
    return marked!;
  });
}

/** An appointment with its type and customer, as pages show it. */
export interface AppointmentView {
  id: number;
  startsAt: string;
  endsAt: string;
  status: AppointmentStatus;
  source: 'online' | 'staff';
  notes: string;
  cancelReason: string | null;
  context: AppointmentRow['context'];
  revision: number;
  type: { id: number; key: string; name: string };
  customer: {
    id: number;
    name: string;
    phone: string;
    email: string | null;
    userId: string | null;
  };
}

const viewColumns = {
  appointment: appointments,
  type: { id: appointmentTypes.id, key: appointmentTypes.key, name: appointmentTypes.name },
  customer: {
    id: customers.id,
    name: customers.name,
    phone: customers.phone,
    email: customers.email,
    userId: customers.userId,
  },
};

function toView(row: {
  appointment: AppointmentRow;
  type: AppointmentView['type'];
  customer: AppointmentView['customer'];
}): AppointmentView {
  const a = row.appointment;
  return {
    id: a.id,
    startsAt: a.startsAt.toISOString(),
    endsAt: a.endsAt.toISOString(),
    status: a.status,
    source: a.source,
    notes: a.notes,
    cancelReason: a.cancelReason,
    context: a.context,
    revision: a.revision,
    type: row.type,
    customer: row.customer,
  };
}

/** One appointment with its type and customer; undefined when there is none. */
export async function getAppointment(db: DbOrTx, id: number): Promise<AppointmentView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(eq(appointments.id, id))
    .limit(1);
  return row && toView(row);
}

/** A customer's appointments, newest first (at most 200). */
export async function appointmentsOfCustomer(
  db: DbOrTx,
  customerIds: number[],
): Promise<AppointmentView[]> {
  if (customerIds.length === 0) return [];
  const rows = await db
    .select(viewColumns)
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(inArray(appointments.customerId, customerIds))
    .orderBy(sql`${appointments.startsAt} desc`)
    .limit(200);
  return rows.map(toView);
}

/** Appointments starting in [from, to), in time order (the back office's day and week views). */
export async function appointmentsBetween(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<AppointmentView[]> {
  return findAppointments(db, and(gte(appointments.startsAt, from), lt(appointments.startsAt, to)));
}

/**
 * The appointments matching `where` (over `appointments`), with their type and customer, in
 * time order; `page` takes `limit` rows from `offset` (the back office's list).
 */
export async function findAppointments(
  db: DbOrTx,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<AppointmentView[]> {
  const query = db
    .select(viewColumns)
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(where)
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(toView);
}
