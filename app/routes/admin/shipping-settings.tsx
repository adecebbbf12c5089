import { requirePermission } from '~/features/account/session.server';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import { adminHandler, runAdminAction } from '~/features/admin/shared/admin-action.server';
import { ShippingSettingsForm } from '~/features/admin/settings/shipping-settings-form';
import {
  getShippingSettingsForAdmin,
  saveShippingSettings,
  shippingSettingsFormSchema,
} from '~/features/shipping/shipping-settings-form.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/shipping-settings';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Shipping settings', rootMetaData(matches).settings.shopName);

/** /admin/settings/shipping (issue 32 item 2): those who read the settings see it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/settings/shipping']);
  return getShippingSettingsForAdmin(context.db);
}

/** Saves the shipping settings (`intent` save-shipping-settings); the role is checked first. */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    {
      'save-shipping-settings': adminHandler(shippingSettingsFormSchema, (input, admin) =>
        saveShippingSettings(context.db, admin, input),
      ),
    },
    ACTION_PERMISSIONS['/admin/settings/shipping'],
  );
}

export default function AdminShippingSettings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-semibold sm:text-4xl">Shipping settings</h1>
      <p className="mt-1 mb-6 text-muted-foreground">
        What shoppers pay for delivery, by zone and parcel weight, and when it is free. Orders
        already placed keep the charge they were placed with.
      </p>
      <ShippingSettingsForm settings={loaderData.settings} version={loaderData.version} />
    </>
  );
}
