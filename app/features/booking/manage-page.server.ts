/**
 * The manage page of one appointment, `/book/manage/:token` (issue 20 item 2: "a signed
 * manage link for rescheduling or cancelling, allowed until a cut-off the admin sets"). The
 * token is the only key: a malformed or forged one, or one for an appointment that is gone,
 * answers 404. Until the cut-off the holder may pick a new day and slot (the same pickers as
 * `/book`, in the URL) or cancel; after it, both are refused with the cut-off message.
 */
import { Refusal, refusalStatus } from '~/lib/refusal';
import { createEvent } from 'ics';
import { data, redirect, type AppLoadContext } from 'react-router';
import * as z from 'zod/mini';
import { formatAddress } from '~/features/site/settings';
import { readFormData } from '~/lib/request-body.server';
import { formatShopDate, formatShopTime, shopDateOf, type ShopDate } from '~/lib/shop-time';
import { shopDateField, shopMonthField } from '~/lib/shop-time-input';
import type { AppointmentStatus } from '~/lib/schema-enums';
import {
  calendarDays,
  canCustomerChange,
  cancelAppointment,
  cutoffMessage,
  getAppointment,
  listAppointmentTypes,
  rescheduleAppointment,
  slotsOn,
  SlotTaken,
  type AppointmentView,
} from './booking.server';
import { getBookingSettings } from './booking-settings.server';
import { bookingTimeSchema } from './booking-form';
import { slotChoice, type SlotChoice } from './booking-page.server';
import { calendarMonth, type CalendarMonth } from './calendar-month';
import { readManageToken } from './manage-link.server';
import type { Slot } from './slots';

/**
 * One appointment as its holder reads it. It carries nothing of the client record it is on
 * (issue 28 item 1: the holder of a link may be a guest who only typed a phone and e-mail).
 */
export interface ManagedAppointment {
  typeKey: string;
  typeName: string;
  status: AppointmentStatus;
  startsAt: string;
  endsAt: string;
  /** 'Saturday, 28 November 2026'. */
  dateLabel: string;
  /** '11:00 am – 11:45 am' (Asia/Kolkata). */
  timeLabel: string;
  productName: string | null;
  cancelReason: string | null;
}

/** What the manage page shows. */
export interface ManagePage {
  token: string;
  appointment: ManagedAppointment;
  /** The shop's address on one line, and its phone. */
  place: string;
  phone: string;
  /** Whether the holder may still reschedule or cancel. */
  canChange: boolean;
  /** The cut-off message, when a booked appointment can no longer be changed online. */
  cutoffNotice: string | null;
  /** What just happened, from the query: booked, rescheduled or cancelled. */
  done: 'booked' | 'rescheduled' | 'cancelled' | null;
  /** The reschedule pickers, when asked for (`?reschedule=1`). */
  reschedule: {
    month: CalendarMonth;
    date: ShopDate | null;
    dateLabel: string | null;
    slots: Slot[] | null;
    /** Why a `month` or `date` of the query was not taken up (the page answers 400). */
    notice: string | null;
  } | null;
  /** Whether the cancel step asks for confirmation (`?cancel=1`). */
  confirmCancel: boolean;
}

const NOT_FOUND = 'Appointment not found';

/** The appointment a token opens, or a thrown 404. */
async function appointmentOfToken(
  context: AppLoadContext,
  token: string,
): Promise<AppointmentView> {
  const id = readManageToken(context.linkSecret, token);
  const appointment = id === null ? undefined : await getAppointment(context.db, id);
  if (!appointment) throw data(NOT_FOUND, { status: 404 });
  return appointment;
}

/** The holder's reading of an appointment. */
export function managedAppointment(appointment: AppointmentView): ManagedAppointment {
  return {
    typeKey: appointment.type.key,
    typeName: appointment.type.name,
    status: appointment.status,
    startsAt: appointment.startsAt,
    endsAt: appointment.endsAt,
    dateLabel: formatShopDate(shopDateOf(new Date(appointment.startsAt))),
    timeLabel: `${formatShopTime(appointment.startsAt)} – ${formatShopTime(appointment.endsAt)}`,
    productName: appointment.context?.productName ?? null,
    cancelReason: appointment.cancelReason,
  };
}

const DONE = ['booked', 'rescheduled', 'cancelled'] as const;

/** The refusals of the reschedule pickers' query. */
const BAD_MONTH = 'Please choose a month like 2026-11.';
const BAD_DATE = 'Please choose a day like 2026-11-28.';

const monthQuery = shopMonthField(BAD_MONTH);
const dateQuery = shopDateField(BAD_DATE);

/**
 * The reschedule pickers' `month` ('YYYY-MM') and `date` ('YYYY-MM-DD') from the query (issue
 * 28 item 7: the manage page checks them as `/book` does). A malformed one, or one outside the
 * shop's years (2026-11x, 2026-11-99, 9999-12), is left out and its refusal is the notice.
 */
function pickerQuery(params: URLSearchParams): {
  month?: string;
  date?: ShopDate;
  notice: string | null;
} {
  let notice: string | null = null;
  const read = (schema: typeof monthQuery, value: string | null) => {
    if (value === null) return undefined;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    notice ??= parsed.error.issues[0]!.message;
    return undefined;
  };
  const month = read(monthQuery, params.get('month'));
  const date = read(dateQuery, params.get('date'));
  return { month, date, notice };
}

/**
 * The data of `/book/manage/:token` at `now`.
 * @throws a 404 response for a malformed, forged or stale token.
 */
export async function loadManagePage(
  request: Request,
  context: AppLoadContext,
  token: string,
  now: Date = new Date(),
): Promise<ManagePage> {
  const appointment = await appointmentOfToken(context, token);
  const params = new URL(request.url).searchParams;
  const [settings, site] = await Promise.all([
    getBookingSettings(context.db),
    context.catalogue.settings(),
  ]);
  const booked = appointment.status === 'booked';
  const canChange =
    booked && canCustomerChange(new Date(appointment.startsAt), now, settings.cutoffHours);
  let reschedule: ManagePage['reschedule'] = null;
  if (canChange && params.has('reschedule')) {
    const types = await listAppointmentTypes(context.db);
    const type = types.find((candidate) => candidate.id === appointment.type.id)!;
    const days = await calendarDays(context.db, type, now);
    const asked = pickerQuery(params);
    const date = days.some((day) => day.date === asked.date) ? asked.date! : null;
    reschedule = {
      month: calendarMonth(days, asked.month ?? date?.slice(0, 7)),
      date,
      dateLabel: date ? formatShopDate(date) : null,
      slots: date ? await slotsOn(context.db, type, date, now) : null,
      notice: asked.notice,
    };
  }
  const done = DONE.find((word) => params.has(word)) ?? null;
  return {
    token,
    appointment: managedAppointment(appointment),
    place: formatAddress(site.address),
    phone: site.phone,
    canChange,
    cutoffNotice: booked && !canChange ? cutoffMessage(settings.cutoffHours) : null,
    done,
    reschedule,
    confirmCancel: canChange && params.has('cancel'),
  };
}

/**
 * `/book/manage/:token` as the route answers it at `now`: {@link loadManagePage}, with status
 * 400 when the reschedule pickers' query was refused (the page shows the refusal and the
 * pickers).
 * @throws a 404 response for a malformed, forged or stale token.
 */
export async function answerManagePage(
  request: Request,
  context: AppLoadContext,
  token: string,
  now: Date = new Date(),
) {
  const page = await loadManagePage(request, context, token, now);
  return data(page, { status: page.reschedule?.notice ? 400 : 200 });
}

/** What the manage action answers when it refuses. */
export interface ManageRefusal {
  ok: false;
  message: string;
  /** Other free times, when the chosen one was just taken. */
  nextSlots: SlotChoice[];
}

const intentSchema = z.enum(['reschedule', 'cancel']);

/**
 * The manage page's action: `intent` 'reschedule' with `time` (an offered slot's ISO start),
 * or 'cancel'. Redirects back to the page with `?rescheduled=1` or `?cancelled=1`. Refuses
 * with 400 (bad form, time not offered) or 409 (after the cut-off: its message; not booked;
 * slot just taken: {@link SlotTaken} and the next free slots).
 * @throws a 404 response for a bad token.
 */
export async function submitManage(
  request: Request,
  context: AppLoadContext,
  token: string,
  now: Date = new Date(),
) {
  const appointment = await appointmentOfToken(context, token);
  const form = await readFormData(request);
  const intent = intentSchema.safeParse(form.get('intent'));
  const refuse = (message: string, status: number, nextSlots: SlotChoice[] = []) =>
    data<ManageRefusal>({ ok: false, message, nextSlots }, { status });
  if (!intent.success) return refuse('Please choose to reschedule or cancel.', 400);
  const by = { kind: 'customer' as const };
  const here = `/book/manage/${token}`;
  try {
    if (intent.data === 'cancel') {
      await cancelAppointment(context.db, { appointmentId: appointment.id, by, now });
      return redirect(`${here}?cancelled=1`);
    }
    const time = bookingTimeSchema.safeParse(form.get('time'));
    if (!time.success) return refuse(time.error.issues[0]!.message, 400);
    const startsAt = time.data;
    await rescheduleAppointment(context.db, { appointmentId: appointment.id, startsAt, by, now });
    return redirect(`${here}?rescheduled=1`);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const offered = error instanceof SlotTaken ? error.nextSlots.map(slotChoice) : [];
    return refuse(error.message, refusalStatus(error.code), offered);
  }
}

/** UTC date-time parts for the calendar file: [year, month, day, hour, minute]. */
function utcParts(iso: string): [number, number, number, number, number] {
  const date = new Date(iso);
  return [
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
  ];
}

/**
 * The appointment of a token as an iCalendar file (RFC 5545, by the `ics` library) for
 * "Add to calendar": its type, times in UTC, the shop's address and the manage link.
 * A cancelled appointment's event has STATUS:CANCELLED.
 * @throws a 404 response for a bad token.
 */
export async function appointmentCalendar(context: AppLoadContext, token: string): Promise<string> {
  const appointment = await appointmentOfToken(context, token);
  const site = await context.catalogue.settings();
  const manage = new URL(`/book/manage/${token}`, context.env.PUBLIC_URL).toString();
  const { error, value } = createEvent({
    uid: `appointment-${appointment.id}@${new URL(context.env.PUBLIC_URL).hostname}`,
    sequence: appointment.revision,
    title: `${appointment.type.name} at ${site.shopName}`,
    description: `Your ${appointment.type.name.toLowerCase()} at ${site.shopName}. To reschedule or cancel: ${manage}`,
    location: formatAddress(site.address),
    url: manage,
    start: utcParts(appointment.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcParts(appointment.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: appointment.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    productId: site.shopName,
  });
  if (error || !value) throw error ?? new Error('the calendar file was not made');
  return value;
}
