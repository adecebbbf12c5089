import { useLoaderData } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import { isOrderFilter } from '~/features/admin/orders/order-filters';
import { OrdersScreen } from '~/features/admin/orders/orders-screen';
import {
  isOrderKind,
  listAdminOrders,
  ORDERS_PAGE_SIZE,
} from '~/features/admin/orders/orders.server';
import { pageCount, pageFromSearch } from '~/features/admin/shared/paging';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import { shopDateOf } from '~/lib/shop-time';
import type { Route } from './+types/orders';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Orders', rootMetaData(matches).settings.shopName);

/**
 * /admin/orders: every order, newest first, 25 a page (`?page=`), filtered by `?status=`
 * (payment status, 'to-confirm' or a fulfilment step; anything else shows all) and `?kind=`
 * ('shop' or 'bespoke'), searched by `?q=` (order number, customer name, e-mail or phone
 * digits). Promised dates are warned against today in Kolkata. Administrators only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/orders']);
  const search = new URL(request.url).searchParams;
  const status = search.get('status');
  const filter = isOrderFilter(status) ? status : undefined;
  const kindParam = search.get('kind');
  const kind = isOrderKind(kindParam) ? kindParam : undefined;
  const q = (search.get('q') ?? '').trim().slice(0, 100);
  const page = pageFromSearch(search);
  const result = await listAdminOrders(context.db, { page, status: filter, q, kind });
  return {
    ...result,
    filter: filter ?? null,
    kind: kind ?? null,
    today: shopDateOf(new Date()),
    q,
    page,
    pages: pageCount(result.total, ORDERS_PAGE_SIZE),
  };
}

export default function AdminOrders() {
  return <OrdersScreen {...useLoaderData<typeof loader>()} />;
}
