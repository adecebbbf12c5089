import { Link, useLoaderData } from 'react-router';
import { Card, Section } from '~/components/ui/card';
import { requireAdmin } from '~/features/account/session.server';
import { dashboardFigures } from '~/features/admin/dashboard/dashboard.server';
import { MessageStatusBadge } from '~/features/admin/messages/message-status';
import { formatShopDateTime } from '~/lib/shop-time';
import { OrderStatusBadge } from '~/features/orders/order-status';
import { rootMetaData } from '~/features/site/root-data';
import { formatRupees } from '~/lib/money';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/dashboard';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Admin Dashboard', rootMetaData(matches).settings.shopName);

/**
 * /admin: today's, the last 7 days' and the last 30 days' orders, paid revenue, new customers
 * and messages; the latest orders and messages; the catalogue's size. Administrators only
 * (checked again here, as in every admin loader).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return { adminName: admin.name, figures: await dashboardFigures(context.db, new Date()) };
}

const textLink = 'font-medium text-primary underline underline-offset-4';

/** The dashboard screen: period figures, recent orders and messages, catalogue counts. */
export default function AdminDashboard() {
  const { adminName, figures } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-3xl font-semibold sm:text-4xl">Admin Dashboard</h1>
      <p className="mt-2 text-muted-foreground">Signed in as {adminName}</p>

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

      <div className="mt-8 grid gap-6 xl:grid-cols-2">
        <Section heading="Recent orders" padding="md">
          {figures.recentOrders.length === 0 ? (
            <p className="mt-3 text-sm text-muted-foreground">No orders yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-border">
              {figures.recentOrders.map((order) => (
                <li
                  key={order.number}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3"
                >
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
                </li>
              ))}
            </ul>
          )}
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
          {figures.recentMessages.length === 0 ? (
            <p className="mt-3 text-sm text-muted-foreground">No messages yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-border">
              {figures.recentMessages.map((message) => (
                <li
                  key={message.id}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3"
                >
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
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <Section heading="Catalogue" padding="md" className="mt-6">
        <dl className="mt-3 grid grid-cols-2 gap-4 sm:max-w-md">
          <div>
            <dt className="text-sm text-muted-foreground">
              <Link to="/admin/products" className={textLink}>
                Products
              </Link>
            </dt>
            <dd className="text-lg font-semibold">
              {figures.products.total}{' '}
              <span className="text-sm font-normal text-muted-foreground">
                ({figures.products.active} active)
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">
              <Link to="/admin/categories" className={textLink}>
                Categories
              </Link>
            </dt>
            <dd className="text-lg font-semibold">
              {figures.categories.total}{' '}
              <span className="text-sm font-normal text-muted-foreground">
                ({figures.categories.active} active)
              </span>
            </dd>
          </div>
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
