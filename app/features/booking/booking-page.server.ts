/**
 * The public booking page `/book` (issue 20 item 2): what each step shows and what the
 * confirm action does. The steps live in the URL (type → date → time → details), so every
 * step is a plain link and the page works without JavaScript; the action books through
 * `bookAppointment` (the database keeps capacity) and sends the shopper to the manage page.
 */
import { Refusal, refusalStatus } from '~/lib/refusal';
import { data, redirect, type AppLoadContext } from 'react-router';
import { getSessionUser } from '~/features/account/session.server';
import { customerForUser, ensureCustomerForUser } from '~/features/customers/customers.server';
import { formatIndianMobile } from '~/features/customers/contact-fields';
import { fieldErrors, formValues, type FieldErrors } from '~/lib/forms';
import { clientAddress, takeHits, waitInWords, type RequestLimit } from '~/lib/rate-limit.server';
import { readFormData } from '~/lib/request-body.server';
import { formatShopDate, shopDateOf, type ShopDate } from '~/lib/shop-time';
import {
  bookAppointment,
  calendarDays,
  listAppointmentTypes,
  slotsOn,
  SLOT_TAKEN_MESSAGE,
  SlotTaken,
  type AppointmentType,
  type BookingRequest,
} from './booking.server';
import { readBookingQuery, bookingTimeSchema, type BookingQuery } from './booking-form';
import {
  BOOKING_FIELDS,
  guestBookingSchema,
  shopperBookingSchema,
  type BookingField,
} from './booking-details';
import type * as z from 'zod/mini';
import { calendarMonth, type CalendarMonth } from './calendar-month';
import { manageToken } from './manage-link.server';
import type { Slot } from './slots';

/** An appointment type as the page shows it. */
interface TypeChoice {
  key: string;
  name: string;
  description: string;
  durationMinutes: number;
}

/** A slot offered instead of one just taken, with its day for reading. */
export interface SlotChoice extends Slot {
  /** 'Saturday, 28 November 2026'. */
  dateLabel: string;
}

/** The signed-in shopper's details for the form; null for a guest. */
interface ShopperDetails {
  name: string;
  email: string;
  /** '+91 98250 12345', or '' when the shop has no phone for them yet. */
  phone: string;
}

interface PageBase {
  types: TypeChoice[];
  /** The query as understood: only valid, known values. */
  query: BookingQuery;
  product: { id: number; name: string } | null;
  /** The saved design the booking is about (issue 21 item 2), when the id names one. */
  design: BookingDesign | null;
  shopper: ShopperDetails | null;
}

/** A saved design as the booking page shows it: garment, fabric, estimate and its link. */
interface BookingDesign {
  id: string;
  garmentLabel: string;
  fabricName: string | null;
  estimatePaise: number;
}

/** What `/book` shows, by step. */
export type BookingPage =
  | (PageBase & { step: 'type'; type: null })
  | (PageBase & { step: 'date'; type: TypeChoice; month: CalendarMonth })
  | (PageBase & {
      step: 'time' | 'details';
      type: TypeChoice;
      month: CalendarMonth;
      date: ShopDate;
      dateLabel: string;
      slots: Slot[];
      /** The chosen slot (details step). */
      chosen: Slot | null;
      /** Why a time in the URL was not taken up ('That time was just taken — …'). */
      notice: string | null;
    });

type GuestDetails = z.infer<typeof guestBookingSchema>;

function typeChoice(type: AppointmentType): TypeChoice {
  return {
    key: type.key,
    name: type.name,
    description: type.description,
    durationMinutes: type.durationMinutes,
  };
}

/** A signed-in shopper's name, e-mail and (from their customer record) phone. */
async function shopperDetails(
  request: Request,
  context: AppLoadContext,
): Promise<ShopperDetails | null> {
  const user = await getSessionUser(request, context);
  if (!user) return null;
  const customer = await customerForUser(context.db, user.id);
  return {
    name: customer?.name ?? user.name,
    email: user.email,
    phone: customer ? formatIndianMobile(customer.phone) : '',
  };
}

/** The product a booking is about, when the id names an active product. */
async function contextProduct(context: AppLoadContext, productId: number | undefined) {
  if (productId === undefined) return null;
  const product = await context.catalogue.product(productId);
  return product ? { id: product.id, name: product.name } : null;
}

/** The saved design a booking is about, when the id names one. */
async function contextDesign(
  context: AppLoadContext,
  designId: string | undefined,
): Promise<BookingDesign | null> {
  if (designId === undefined) return null;
  const design = await context.catalogue.design(designId);
  return design
    ? {
        id: design.id,
        garmentLabel: design.garmentLabel,
        fabricName: design.fabric?.name ?? null,
        estimatePaise: design.estimatePaise,
      }
    : null;
}

/**
 * The data of `/book` for its URL at `now`: the online types, then the chosen type's month
 * grid, the chosen day's slots and the chosen time. Unknown or bad query values fall back to
 * the step before them; a time that is full or no longer offered comes back to the day's
 * slots with a notice.
 */
export async function loadBookingPage(
  request: Request,
  context: AppLoadContext,
  now: Date = new Date(),
): Promise<BookingPage> {
  const asked = readBookingQuery(new URL(request.url).searchParams);
  const [types, shopper, product, design] = await Promise.all([
    listAppointmentTypes(context.db, { onlineOnly: true }),
    shopperDetails(request, context),
    contextProduct(context, asked.productId),
    contextDesign(context, asked.designId),
  ]);
  const type = types.find((candidate) => candidate.key === asked.type);
  const query: BookingQuery = {
    type: type?.key,
    productId: product?.id,
    designId: design?.id,
  };
  const base = { types: types.map(typeChoice), product, design, shopper };
  if (!type) return { ...base, query, step: 'type', type: null };

  const days = await calendarDays(context.db, type, now);
  const askedDate = asked.date ?? (asked.time ? shopDateOf(new Date(asked.time)) : undefined);
  const date = days.some((day) => day.date === askedDate) ? askedDate : undefined;
  const month = calendarMonth(days, asked.month ?? date?.slice(0, 7));
  if (asked.month === month.key) query.month = month.key;
  if (!date) return { ...base, query, step: 'date', type: typeChoice(type), month };

  query.date = date;
  const slots = await slotsOn(context.db, type, date, now);
  const askedTime = asked.time ? new Date(asked.time).toISOString() : undefined;
  const match = slots.find((slot) => slot.startsAt === askedTime);
  const chosen = match && match.left > 0 ? match : null;
  if (chosen) query.time = chosen.startsAt;
  let notice: string | null = null;
  if (askedTime && !chosen) {
    notice = match
      ? SLOT_TAKEN_MESSAGE
      : 'That time is not offered. Please pick one of the times shown.';
  }
  return {
    ...base,
    query,
    step: chosen ? 'details' : 'time',
    type: typeChoice(type),
    month,
    date,
    dateLabel: formatShopDate(date),
    slots,
    chosen,
    notice,
  };
}

/**
 * How many bookings one visitor may send (like the contact form's limits): per client
 * address, and per phone number so that changing networks does not help.
 */
const BOOKING_LIMITS = {
  perAddress: { windowS: 15 * 60, max: 10 },
  perPhone: { windowS: 60 * 60, max: 6 },
} as const satisfies Record<string, RequestLimit>;

/** What the confirm action answers when it does not book. */
export interface BookingRefusal {
  ok: false;
  errors: FieldErrors<BookingField>;
  /** What was typed, to keep in the form. */
  values: Partial<Record<BookingField, string>>;
  /** A refusal that is not about one field (too many bookings, a time not offered). */
  notice?: { title: string; description: string };
  /** The slot was just taken: the binding message and other times to pick. */
  taken?: { message: string; nextSlots: SlotChoice[] };
}

function refused(body: Omit<BookingRefusal, 'ok'>, init: number | ResponseInit) {
  return data<BookingRefusal>({ ok: false, ...body }, init);
}

/**
 * The confirm action of `/book`: checks the form (guest: name, phone, e-mail; signed-in: name
 * and phone), takes a rate-limit hit, books, and redirects to `/book/manage/<token>?booked=1`.
 * Answers 400 with field errors or a notice, 409 with {@link SLOT_TAKEN_MESSAGE} and the next
 * free slots when the time was just taken, 409 'Already booked' with the refusal
 * 'already-booked' when the same person already holds that time (the form sent
 * twice, issue 28 item 4), 429 with Retry-After when over the limits. A guest's booking never
 * changes an existing client record (see `customerForGuest`).
 */
export async function submitBooking(
  request: Request,
  context: AppLoadContext,
  now: Date = new Date(),
) {
  const form = await readFormData(request);
  const values = formValues(form, BOOKING_FIELDS);
  const hidden = formValues(form, ['type', 'product', 'design']);
  const asked = readBookingQuery(new URLSearchParams(hidden));
  const user = await getSessionUser(request, context);
  const parsed = (user ? shopperBookingSchema : guestBookingSchema).safeParse(values);
  const time = bookingTimeSchema.safeParse(values.time);
  const errors: FieldErrors<BookingField> = parsed.success ? {} : fieldErrors(parsed.error);
  if (!time.success) errors.time = time.error.issues[0]!.message;
  if (!parsed.success || !time.success) return refused({ errors, values }, 400);
  const startsAt = time.data;

  const types = await listAppointmentTypes(context.db, { onlineOnly: true });
  const type = types.find((candidate) => candidate.key === asked.type);
  if (!type) {
    return refused(
      {
        errors: {},
        values,
        notice: {
          title: 'Please choose an appointment',
          description:
            'That kind of appointment is not booked online. Please pick one of those shown.',
        },
      },
      400,
    );
  }
  const allowed = await takeHits(context.db, [
    { key: `booking:ip:${clientAddress(request)}`, limit: BOOKING_LIMITS.perAddress },
    { key: `booking:phone:${parsed.data.phone}`, limit: BOOKING_LIMITS.perPhone },
  ]);
  if (!allowed.ok) {
    return refused(
      {
        errors: {},
        values,
        notice: {
          title: 'Too many bookings',
          description: `You have made several bookings in a short time. Please try again in ${waitInWords(allowed.retryAfterS)}, or call us.`,
        },
      },
      { status: 429, headers: { 'Retry-After': String(allowed.retryAfterS) } },
    );
  }

  const product = await contextProduct(context, asked.productId);
  const design = await contextDesign(context, asked.designId);
  const about = {
    ...(product ? { productId: product.id, productName: product.name } : {}),
    ...(design ? { designId: design.id } : {}),
  };
  const details = parsed.data;
  const customer: BookingRequest['customer'] = user
    ? { customerId: (await ensureCustomerForUser(context.db, user.id, details)).id }
    : {
        guest: { name: details.name, phone: details.phone, email: (details as GuestDetails).email },
      };
  try {
    const appointment = await bookAppointment(context.db, {
      type,
      startsAt,
      customer,
      notes: details.notes,
      context: Object.keys(about).length > 0 ? about : undefined,
      by: { kind: 'customer' },
      now,
    });
    return redirect(`/book/manage/${manageToken(context.linkSecret, appointment.id)}?booked=1`);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    if (error instanceof SlotTaken) {
      return refused(
        {
          errors: {},
          values,
          taken: { message: error.message, nextSlots: error.nextSlots.map(slotChoice) },
        },
        409,
      );
    }
    return refused(
      {
        errors: {},
        values,
        notice: {
          title: error.code === 'already-booked' ? 'Already booked' : 'Please pick another time',
          description: error.message,
        },
      },
      refusalStatus(error.code),
    );
  }
}

/** A slot with its day written out, for offering times on other days. */
export function slotChoice(slot: Slot): SlotChoice {
  return { ...slot, dateLabel: formatShopDate(shopDateOf(new Date(slot.startsAt))) };
}
