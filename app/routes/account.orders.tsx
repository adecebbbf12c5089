import { PackageIcon } from 'lucide-react';
import { Link, useLoaderData } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { TableHead, type TableColumn } from '~/components/ui/table-head';
import { requireUser } from '~/features/account/session.server';
import { FULFILMENT_STEPS } from '~/features/orders/fulfilment';
import { OrderBadges } from '~/features/orders/order-status';
import { listOrders } from '~/features/orders/orders.server';
import { rootMetaData } from '~/features/site/root-data';
import { formatRupees } from '~/lib/money';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/account.orders';

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Your Orders', rootMetaData(matches).settings.shopName);

/**
 * /account/orders: the shopper's orders with number, date, status (payment, and the tailoring
 * step with what it means once the shop has confirmed the order) and total.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { orders: await listOrders(context.db, user.id) };
}

const COLUMNS: TableColumn[] = [
  'Order',
  'Date',
  'Status',
  { label: 'Total', className: 'text-right' },
];

// The shop's calendar day (Asia/Kolkata), whatever the server's zone.
const date = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

export default function Orders() {
  const { orders } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <p className="text-sm">
        <Link to="/account" className="text-primary underline">
          Your Account
        </Link>
      </p>
      <h1 className="mt-2 text-4xl font-semibold">Your Orders</h1>
      {orders.length === 0 ? (
        <Card
          padding="none"
          className="mt-10 flex flex-col items-center border-dashed px-6 py-16 text-center"
        >
          <PackageIcon aria-hidden className="size-10 text-muted-foreground" />
          <p className="mt-4 text-xl font-semibold">No orders yet</p>
          <Button asChild className="mt-6">
            <Link to="/wardrobe">Continue Shopping</Link>
          </Button>
        </Card>
      ) : (
        <table className="mt-8 w-full border-collapse text-left text-sm">
          <caption className="sr-only">Your orders, newest first</caption>
          <TableHead look="plain" columns={COLUMNS} />
          <tbody>
            {orders.map((order) => (
              <tr key={order.id} className="border-b border-border align-top">
                <td className="py-3 pr-3">
                  <Link
                    to={`/account/orders/${order.number}`}
                    className="font-medium text-primary underline"
                  >
                    {order.number}
                  </Link>
                </td>
                <td className="py-3 pr-3">{date.format(new Date(order.createdAt))}</td>
                <td className="py-3 pr-3">
                  <OrderBadges
                    status={order.status}
                    fulfilmentStatus={order.fulfilmentStatus}
                    paidPaise={order.paidPaise}
                  />
                  {order.fulfilmentStatus && (
                    <span className="mt-1 block max-w-xs text-xs text-muted-foreground">
                      {FULFILMENT_STEPS[order.fulfilmentStatus].description}
                    </span>
                  )}
                </td>
                <td className="py-3 text-right font-medium">{formatRupees(order.amountPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
