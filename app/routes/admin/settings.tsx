import { requireAdmin } from '~/features/account/session.server';
import { adminHandler, runAdminAction } from '~/features/admin/shared/admin-action.server';
import { SettingsScreen } from '~/features/admin/settings/settings-screen';
import {
  getSettingsForAdmin,
  saveSettings,
  settingsFormSchema,
} from '~/features/admin/settings/settings.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/settings';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Settings', rootMetaData(matches).settings.shopName);

/** /admin/settings (issue "Back office" item 8): administrators only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return getSettingsForAdmin(context.db);
}

/** Saves the settings (`intent` save-settings); the role is checked first. */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, {
    'save-settings': adminHandler(settingsFormSchema, (input, admin) =>
      saveSettings(context.db, admin, input),
    ),
  });
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-semibold sm:text-4xl">Settings</h1>
      <p className="mt-1 mb-6 text-muted-foreground">
        The shop&rsquo;s details as the footer, contact page, enquiry links and search engines show
        them. A save shows in the shop at once.
      </p>
      <SettingsScreen settings={loaderData.settings} version={loaderData.version} />
    </>
  );
}
