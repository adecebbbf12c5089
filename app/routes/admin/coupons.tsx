import { mayDo, requirePermission } from '~/features/account/session.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { CouponsScreen } from '~/features/admin/coupons/coupons-screen';
import { couponsHandlers, getCouponsAdmin } from '~/features/admin/coupons/coupons.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/coupons';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Coupons', rootMetaData(matches).settings.shopName);

/** /admin/coupons (issue 32 item 4): the discount codes with their uses. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePermission(request, context, PAGE_PERMISSIONS['/admin/coupons']);
  return {
    ...(await getCouponsAdmin(context.db)),
    // The counter reads the codes; only a role that may edit them sees the forms.
    canEdit: mayDo(staff, ACTION_PERMISSIONS['/admin/coupons']['save-coupon']),
  };
}

/**
 * Changes a coupon (`intent` save-coupon, deactivate-coupon, activate-coupon); each checks the
 * role first (runAdminAction) and is audited.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    couponsHandlers(context.db),
    ACTION_PERMISSIONS['/admin/coupons'],
  );
}

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  return <CouponsScreen {...loaderData} />;
}
