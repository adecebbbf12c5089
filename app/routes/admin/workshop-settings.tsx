import { requirePermission } from '~/features/account/session.server';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import { adminHandler, runAdminAction } from '~/features/admin/shared/admin-action.server';
import { WorkshopSettingsForm } from '~/features/admin/workshop/workshop-settings-form';
import {
  getWorkshopSettingsForAdmin,
  saveWorkshopSettings,
  workshopSettingsFormSchema,
} from '~/features/workshop/workshop-settings.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/workshop-settings';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Workshop settings', rootMetaData(matches).settings.shopName);

/** /admin/workshop/settings (issue 31 item 1): the owner's, administrators only for now. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/workshop/settings']);
  return getWorkshopSettingsForAdmin(context.db);
}

/** Saves the workshop's settings (`intent` save-workshop-settings); the role is checked first. */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    {
      'save-workshop-settings': adminHandler(workshopSettingsFormSchema, (input, admin) =>
        saveWorkshopSettings(context.db, admin, input),
      ),
    },
    ACTION_PERMISSIONS['/admin/workshop/settings'],
  );
}

export default function AdminWorkshopSettings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-semibold sm:text-4xl">Workshop settings</h1>
      <p className="mt-1 mb-6 text-muted-foreground">
        The stages each garment passes through, and how long each takes. Garments already in the
        workshop keep their due dates until their order&rsquo;s promised date changes.
      </p>
      <WorkshopSettingsForm settings={loaderData.settings} version={loaderData.version} />
    </>
  );
}
