import { Link } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import { adminHandler, runAdminAction } from '~/features/admin/shared/admin-action.server';
import { SettingsScreen } from '~/features/admin/settings/settings-screen';
import { MessageSettingsForm } from '~/features/admin/settings/message-settings-form';
import { OrderSettingsForm } from '~/features/admin/settings/order-settings-form';
import {
  getOrderSettingsForAdmin,
  orderSettingsFormSchema,
  saveOrderSettings,
} from '~/features/admin/settings/order-settings.server';
import {
  getMessageSettingsForAdmin,
  messageSettingsFormSchema,
  saveMessageSettings,
} from '~/features/admin/settings/message-settings.server';
import {
  getSettingsForAdmin,
  saveSettings,
  settingsFormSchema,
} from '~/features/admin/settings/settings.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/settings';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Settings', rootMetaData(matches).settings.shopName);

/** /admin/settings (issue "Back office" item 8; issue 20 item 4): administrators only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/settings']);
  const [shop, messages, orders] = await Promise.all([
    getSettingsForAdmin(context.db),
    getMessageSettingsForAdmin(context.db),
    getOrderSettingsForAdmin(context.db),
  ]);
  return { ...shop, messages, orders };
}

/**
 * Saves the shop's settings (`intent` save-settings), the WhatsApp templates
 * (save-message-settings) or the unpaid orders' expiry (save-order-settings, issue 29 item 6);
 * the role is checked first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    {
      'save-settings': adminHandler(settingsFormSchema, (input, admin) =>
        saveSettings(context.db, admin, input),
      ),
      'save-message-settings': adminHandler(messageSettingsFormSchema, (input, admin) =>
        saveMessageSettings(context.db, admin, input),
      ),
      'save-order-settings': adminHandler(orderSettingsFormSchema, (input, admin) =>
        saveOrderSettings(context.db, admin, input),
      ),
    },
    ACTION_PERMISSIONS['/admin/settings'],
  );
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-semibold sm:text-4xl">Settings</h1>
      <p className="mt-1 mb-6 text-muted-foreground">
        The shop&rsquo;s details as the footer, contact page, enquiry links and search engines show
        them. A save shows in the shop at once.
      </p>
      <p className="mb-6">
        <Link to="/admin/settings/shipping" className="text-primary underline">
          Shipping settings
        </Link>
        : delivery zones, charges by weight, free shipping and collecting from the shop.
      </p>
      <SettingsScreen settings={loaderData.settings} version={loaderData.version} />
      <div className="mt-10">
        <MessageSettingsForm
          settings={loaderData.messages.settings}
          version={loaderData.messages.version}
        />
      </div>
      <div className="mt-10">
        <OrderSettingsForm
          settings={loaderData.orders.settings}
          version={loaderData.orders.version}
        />
      </div>
    </>
  );
}
