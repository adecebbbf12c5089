import { data } from 'react-router';
import { mayDo, requirePermission } from '~/features/account/session.server';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import { adminHandler, runAdminAction } from '~/features/admin/shared/admin-action.server';
import { DuesScreen } from '~/features/admin/workshop/dues-screen';
import {
  duesMonthOf,
  monthDues,
  recordWorkerPayment,
  workerPaymentFormSchema,
  workshopWorkers,
} from '~/features/workshop/wages.server';
import { rootMetaData } from '~/features/site/root-data';
import { shopDateOf } from '~/lib/shop-time';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/workshop-dues';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privatePageMeta(
    loaderData?.all === false ? 'My month' : 'Workers’ dues',
    rootMetaData(matches).settings.shopName,
  );

/**
 * /admin/workshop/dues?month=YYYY-MM (issue 31 item 8; the Kolkata month, this month when
 * absent): the owner sees every worker's month and records payments to them (`wages`); a
 * workshop member sees their own month only (`wages-own`); the counter is answered 403. An
 * unreadable month answers 400.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(
    request,
    context,
    PAGE_PERMISSIONS['/admin/workshop/dues'],
  );
  const month = duesMonthOf(new URL(request.url).searchParams);
  if (month === null) {
    throw data('Please choose a month written YYYY-MM, from 2000 to 2099.', { status: 400 });
  }
  const all = mayDo(viewer, { wages: ['read'] });
  const mayPay = mayDo(viewer, { wages: ['edit'] });
  return {
    all,
    mayPay,
    today: shopDateOf(new Date()),
    dues: await monthDues(context.db, month, all ? null : viewer.id),
    workers: mayPay ? await workshopWorkers(context.db) : [],
  };
}

/** Records a payment to a worker (`intent` record-worker-payment); the role is checked first. */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    {
      'record-worker-payment': adminHandler(workerPaymentFormSchema, (input, admin) =>
        recordWorkerPayment(context.db, admin, input),
      ),
    },
    ACTION_PERMISSIONS['/admin/workshop/dues'],
  );
}

export default function AdminWorkshopDues({ loaderData }: Route.ComponentProps) {
  return <DuesScreen {...loaderData} />;
}
