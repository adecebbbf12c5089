/**
 * A signed-in shopper's appointments (`/account/appointments`, issue 20 item 2): those of the
 * customer record linked to their account, upcoming first (soonest first) then past (newest
 * first), each with its manage link while it may still be changed online.
 */
import type { Db } from '~/lib/db.server';
import { customerForUser } from '~/features/customers/customers.server';
import { appointmentsOfCustomer, canCustomerChange } from './booking.server';
import { getBookingSettings } from './booking-settings.server';
import { managedAppointment, type ManagedAppointment } from './manage-page.server';
import { manageToken } from './manage-link.server';

/** One of the shopper's appointments as the list shows it. */
export interface ShopperAppointment extends ManagedAppointment {
  id: number;
  /** The manage page's path ('/book/manage/<token>'). */
  managePath: string;
  /** Whether it may still be rescheduled or cancelled online. */
  canChange: boolean;
}

/** The shopper's upcoming and past appointments; both empty when they have no record. */
export async function shopperAppointments(
  db: Db,
  userId: string,
  linkSecret: string,
  now: Date = new Date(),
): Promise<{ upcoming: ShopperAppointment[]; past: ShopperAppointment[]; cutoffHours: number }> {
  const [customer, settings] = await Promise.all([
    customerForUser(db, userId),
    getBookingSettings(db),
  ]);
  const rows = customer ? await appointmentsOfCustomer(db, [customer.id]) : [];
  const upcoming: ShopperAppointment[] = [];
  const past: ShopperAppointment[] = [];
  for (const row of rows) {
    const startsAt = new Date(row.startsAt);
    const item: ShopperAppointment = {
      ...managedAppointment(row),
      id: row.id,
      managePath: `/book/manage/${manageToken(linkSecret, row.id)}`,
      canChange: row.status === 'booked' && canCustomerChange(startsAt, now, settings.cutoffHours),
    };
    if (row.status === 'booked' && new Date(row.endsAt) > now) upcoming.push(item);
    else past.push(item);
  }
  upcoming.reverse();
  return { upcoming, past, cutoffHours: settings.cutoffHours };
}
