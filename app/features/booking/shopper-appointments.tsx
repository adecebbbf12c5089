/**
 * The list of a shopper's appointments on `/account/appointments`: each with its day and time
 * (Asia/Kolkata), status, and links to reschedule or cancel on its manage page.
 */
import { CalendarDaysIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, Section } from '~/components/ui/card';
import { AppointmentStatusBadge } from './manage-screen';
import type { ShopperAppointment } from './shopper-appointments.server';

/** Upcoming and past appointments, or an invitation to book when there are none. */
export function ShopperAppointments({
  upcoming,
  past,
  cutoffHours,
}: {
  upcoming: ShopperAppointment[];
  past: ShopperAppointment[];
  cutoffHours: number;
}) {
  if (upcoming.length === 0 && past.length === 0) {
    return (
      <Card
        padding="none"
        className="mt-8 flex flex-col items-center border-dashed px-6 py-16 text-center"
      >
        <CalendarDaysIcon aria-hidden className="size-10 text-muted-foreground" />
        <p className="mt-4 text-xl font-semibold">No appointments yet</p>
        <Button asChild className="mt-6">
          <Link to="/book?type=consultation">Book Consultation</Link>
        </Button>
      </Card>
    );
  }
  return (
    <div className="mt-8 grid gap-6">
      <Section
        heading="Upcoming"
        padding="md"
        description={`You can reschedule or cancel online until ${cutoffHours} hours before.`}
        actions={
          <Button asChild size="sm" variant="outline">
            <Link to="/book">Book another</Link>
          </Button>
        }
      >
        {upcoming.length === 0 ? (
          <p className="mt-3 text-muted-foreground">Nothing booked ahead.</p>
        ) : (
          <AppointmentItems items={upcoming} />
        )}
      </Section>
      {past.length > 0 && (
        <Section heading="Past and cancelled" padding="md">
          <AppointmentItems items={past} />
        </Section>
      )}
    </div>
  );
}

function AppointmentItems({ items }: { items: ShopperAppointment[] }) {
  return (
    <ul className="mt-3 divide-y divide-border">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div>
            <p className="flex flex-wrap items-center gap-2 font-semibold">
              {item.typeName} <AppointmentStatusBadge status={item.status} />
            </p>
            <p className="text-sm text-muted-foreground">
              {item.dateLabel}, {item.timeLabel}
            </p>
            {item.productName && <p className="text-sm">About: {item.productName}</p>}
          </div>
          {item.canChange ? (
            <div className="flex flex-wrap gap-2">
              <Button asChild size="sm">
                <Link
                  to={`${item.managePath}?reschedule=1`}
                  aria-label={`Reschedule ${item.typeName} on ${item.dateLabel}`}
                >
                  Reschedule
                </Link>
              </Button>
              <Button asChild size="sm" variant="outline">
                <Link
                  to={`${item.managePath}?cancel=1`}
                  aria-label={`Cancel ${item.typeName} on ${item.dateLabel}`}
                >
                  Cancel
                </Link>
              </Button>
            </div>
          ) : (
            <Link to={item.managePath} className="text-sm text-primary underline">
              Details
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
