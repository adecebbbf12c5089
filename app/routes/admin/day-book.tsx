import { useLoaderData } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import { adminHandler, runAdminAction } from '~/features/admin/shared/admin-action.server';
import { DayBookScreen } from '~/features/admin/payments/day-book-screen';
import { cashCountSchema, getDayBook, recordCashCount } from '~/features/payments/day-book.server';
import { rootMetaData } from '~/features/site/root-data';
import { shopDateOf } from '~/lib/shop-time';
import { readShopDate } from '~/lib/shop-time-input';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/day-book';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Day book', rootMetaData(matches).settings.shopName);

/**
 * /admin/day-book?date=YYYY-MM-DD (issue 29 item 4): a shop day's receipts and refunds, the
 * cash drawer and its counts; the shop's today (Asia/Kolkata) when `date` is missing or not a
 * real day of 2000 to 2099. Administrators only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/day-book']);
  const date = readShopDate(new URL(request.url).searchParams.get('date'));
  return { view: await getDayBook(context.db, date ?? shopDateOf(new Date())) };
}

/** Records the counted cash of a day (`intent` record-cash-count); the role is checked first. */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    {
      'record-cash-count': adminHandler(cashCountSchema, (input, admin) =>
        recordCashCount(context.db, admin, input),
      ),
    },
    ACTION_PERMISSIONS['/admin/day-book'],
  );
}

export default function AdminDayBook() {
  return <DayBookScreen {...useLoaderData<typeof loader>()} />;
}
