/**
 * The back office's dashboard (/admin): today's, the last 7 days' and the last 30 days'
 * figures, today's appointments, the latest orders and messages, and the catalogue's size.
 */
import { PromisedDate } from '~/features/bespoke/promised-date-badge';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Section } from '~/components/ui/card';
import { MessageStatusBadge } from '~/features/admin/messages/message-status';
import { OrderStatusBadge } from '~/features/orders/order-status';
import { formatRupees } from '~/lib/money';
import { formatShopDateTime, formatShopTime } from '~/lib/shop-time';
import { AppointmentStatusBadge } from '~/features/admin/appointments/appointment-parts';
import { FailedJobs } from '~/features/admin/shared/failed-jobs';
import type { FailedJobView } from '~/features/admin/shared/failed-jobs.server';
import type { DashboardFigures } from './dashboard.server';

const textLink = 'font-medium text-primary underline underline-offset-4';

/**
 * The dashboard screen: period figures, recent orders and messages, catalogue counts. Staff
 * whose role may not read the figures (the workshop, issue 31 item 2) get `figures` null and
 * see only the greeting; the menu shows what they may open.
 */
export function DashboardScreen({
  adminName,
  figures,
  failedJobs = [],
}: {
  /** The signed-in staff member's name. */
  adminName: string;
  figures: DashboardFigures | null;
  /** The latest jobs that failed for good (issue 28 item 3), shown first when there are any. */
  failedJobs?: FailedJobView[];
}) {
  if (!figures) {
    return (
      <>
        <h1 className="text-3xl font-semibold sm:text-4xl">Back office</h1>
        <p className="mt-2 text-muted-foreground">Signed in as {adminName}</p>
        <p className="mt-6">Choose a screen from the menu.</p>
      </>
    );
  }
  return (
    <>
      <h1 className="text-3xl font-semibold sm:text-4xl">Admin Dashboard</h1>
      <p className="mt-2 text-muted-foreground">Signed in as {adminName}</p>
      <FailedJobs jobs={failedJobs} withOrder className="mt-8" />

      <section aria-labelledby="figures-heading" className="mt-8">
        <h2 id="figures-heading" className="sr-only">
          Figures
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {figures.periods.map((period) => (
            <Card asChild padding="md" key={period.key}>
              <li>
                <h3 className="font-semibold">{period.label}</h3>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3">
                  <Figure label="Orders placed" value={period.orders.toLocaleString('en-IN')} />
                  <Figure label="Paid revenue" value={formatRupees(period.paidRevenuePaise)} />
                  <Figure
                    label="New customers"
                    value={period.newCustomers.toLocaleString('en-IN')}
                  />
                  <Figure label="New messages" value={period.newMessages.toLocaleString('en-IN')} />
                </dl>
              </li>
            </Card>
          ))}
        </ul>
        <p className="mt-2 text-xs text-muted-foreground">
          Today starts at midnight India time; figures as of {formatShopDateTime(figures.asOf)}.
        </p>
      </section>

      <Section
        heading={`Today’s appointments (${figures.todaysAppointments.length})`}
        padding="md"
        className="mt-8"
        actions={
          <Link
            to={`/admin/appointments?view=day&date=${figures.today}`}
            className={`${textLink} text-sm`}
          >
            Day view
          </Link>
        }
      >
        <RecentList empty="No appointments today.">
          {figures.todaysAppointments.map((appointment) => (
            <RecentRow key={appointment.id}>
              <p className="min-w-0 break-words">
                <time dateTime={appointment.startsAt} className="font-medium">
                  {formatShopTime(appointment.startsAt)}
                </time>{' '}
                · {appointment.typeName} ·{' '}
                <span className="text-muted-foreground">{appointment.customerName}</span>
              </p>
              <AppointmentStatusBadge status={appointment.status} />
            </RecentRow>
          ))}
        </RecentList>
      </Section>

      {figures.lowStock.length > 0 && (
        <Section
          heading={`Fabric running low (${figures.lowStock.length})`}
          padding="md"
          className="mt-6"
        >
          <p className="mt-1 text-sm text-muted-foreground">
            Left is what is on the shelf; reserved is what confirmed bespoke garments hold until
            they are cut. The length that warns is in the bespoke prices (Style options).
          </p>
          <RecentList empty="">
            {figures.lowStock.map((fabric) => (
              <RecentRow key={fabric.productId}>
                <p>{fabric.message}</p>
              </RecentRow>
            ))}
          </RecentList>
        </Section>
      )}

      {figures.returns.length > 0 && (
        <Section
          heading={`Returns to handle (${figures.returns.length})`}
          padding="md"
          className="mt-6"
        >
          <RecentList empty="">
            {figures.returns.map((request) => (
              <RecentRow key={request.id}>
                <div className="min-w-0">
                  <Link to={`/admin/orders/${request.number}`} className={`${textLink} break-all`}>
                    {request.number}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {request.customerName}: {request.kind === 'return' ? 'return' : 'exchange'} of{' '}
                    {request.lineName}
                  </p>
                </div>
                <p className="text-sm">
                  {request.status === 'requested' ? 'To decide' : 'Coming back'} · asked{' '}
                  {formatShopDateTime(request.createdAt)}
                </p>
              </RecentRow>
            ))}
          </RecentList>
        </Section>
      )}

      {figures.bespokeDue.length > 0 && (
        <Section
          heading={`Bespoke orders due (${figures.bespokeDue.length})`}
          padding="md"
          className="mt-6"
          actions={
            <Link to="/admin/orders?kind=bespoke" className={`${textLink} text-sm`}>
              All bespoke orders
            </Link>
          }
        >
          <RecentList empty="">
            {figures.bespokeDue.map((order) => (
              <RecentRow key={order.number}>
                <div className="min-w-0">
                  <Link to={`/admin/orders/${order.number}`} className={`${textLink} break-all`}>
                    {order.number}
                  </Link>
                  <p className="text-sm text-muted-foreground">{order.customerName}</p>
                </div>
                <PromisedDate
                  promisedOn={order.promisedOn}
                  today={figures.today}
                  fulfilmentStatus={order.fulfilmentStatus}
                  className="text-sm"
                />
              </RecentRow>
            ))}
          </RecentList>
        </Section>
      )}

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <Section heading="Recent orders" padding="md">
          <RecentList empty="No orders yet.">
            {figures.recentOrders.map((order) => (
              <RecentRow key={order.number}>
                <div className="min-w-0">
                  <Link to={`/admin/orders/${order.number}`} className={`${textLink} break-all`}>
                    {order.number}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {order.customerName} ·{' '}
                    <time dateTime={order.createdAt}>{formatShopDateTime(order.createdAt)}</time>
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <OrderStatusBadge status={order.status} />
                  <span className="font-medium">{formatRupees(order.amountPaise)}</span>
                </div>
              </RecentRow>
            ))}
          </RecentList>
        </Section>

        <Section
          heading="Recent messages"
          padding="md"
          actions={
            <Link to="/admin/messages" className={`${textLink} text-sm`}>
              All messages
            </Link>
          }
        >
          <RecentList empty="No messages yet.">
            {figures.recentMessages.map((message) => (
              <RecentRow key={message.id}>
                <div className="min-w-0">
                  <p className="font-medium">
                    <Link to="/admin/messages" className="hover:underline">
                      {message.name}
                    </Link>
                  </p>
                  <p className="text-sm break-words">{message.topic}</p>
                  <p className="text-sm text-muted-foreground">
                    <time dateTime={message.createdAt}>
                      {formatShopDateTime(message.createdAt)}
                    </time>
                  </p>
                </div>
                <MessageStatusBadge status={message.status} />
              </RecentRow>
            ))}
          </RecentList>
        </Section>
      </div>

      <Section heading="Catalogue" padding="md" className="mt-6">
        <dl className="mt-3 grid grid-cols-2 gap-4 sm:max-w-md">
          <CatalogueCount label="Products" to="/admin/products" count={figures.products} />
          <CatalogueCount label="Categories" to="/admin/categories" count={figures.categories} />
        </dl>
      </Section>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold break-words">{value}</dd>
    </div>
  );
}

/** A catalogue figure: its list linked by name, how many rows there are and how many are shown. */
function CatalogueCount({
  label,
  to,
  count,
}: {
  label: string;
  to: string;
  count: DashboardFigures['products'];
}) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">
        <Link to={to} className={textLink}>
          {label}
        </Link>
      </dt>
      <dd className="text-lg font-semibold">
        {count.total}{' '}
        <span className="text-sm font-normal text-muted-foreground">({count.active} active)</span>
      </dd>
    </div>
  );
}

/** The rows of a "Recent …" card, or the `empty` line when there are none. */
function RecentList({ empty, children }: { empty: string; children: ReactNode[] }) {
  return children.length === 0 ? (
    <p className="mt-3 text-sm text-muted-foreground">{empty}</p>
  ) : (
    <ul className="mt-3 divide-y divide-border">{children}</ul>
  );
}

/** One row of a "Recent …" list: what it is on the left, its status (and amount) on the right. */
function RecentRow({ children }: { children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">{children}</li>
  );
}
