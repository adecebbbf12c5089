import { data, type ShouldRevalidateFunctionArgs } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import { CustomerMergeScreen } from '~/features/admin/customer-merge/customer-merge-screen';
import {
  mergeHandlers,
  mergePageData,
  recordIdParam,
} from '~/features/admin/customer-merge/customer-merge.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/customer-merge';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  privatePageMeta(
    loaderData ? `Merge into ${loaderData.record.name}` : 'Merge records',
    rootMetaData(matches).settings.shopName,
  );

/**
 * /admin/customers/:id/merge (decision 030): find another customer record (`?q=`), see what
 * merging it (`?with=`) into this one moves; an unknown or malformed id answers 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/customers/:id/merge']);
  const page = await mergePageData(context.db, recordIdParam(params.id), new URL(request.url));
  if (!page) throw data('Customer record not found', { status: 404 });
  return page;
}

/** Merges the chosen record into this one (`intent` merge-customers); checks the role first. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    mergeHandlers(context.db, recordIdParam(params.id)),
    ACTION_PERMISSIONS['/admin/customers/:id/merge'],
  );
}

/** After a merge the chosen record is gone; the screen leaves for the kept record's page. */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return (actionResult as { ok?: boolean } | null | undefined)?.ok === true
    ? false
    : defaultShouldRevalidate;
}

export default function AdminCustomerMerge({ loaderData }: Route.ComponentProps) {
  return <CustomerMergeScreen {...loaderData} />;
}
