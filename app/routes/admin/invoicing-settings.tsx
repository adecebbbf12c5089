import { Link } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import { adminHandler, runAdminAction } from '~/features/admin/shared/admin-action.server';
import { InvoicingSettingsScreen } from '~/features/admin/invoices/invoicing-settings-screen';
import {
  getInvoicingSettingsView,
  invoicingSettingsFormSchema,
  saveInvoicingSettings,
} from '~/features/invoices/invoicing-settings.server';
import {
  addRateRule,
  rateRuleFormSchema,
  retireRateRule,
  retireRateRuleSchema,
} from '~/features/invoices/rate-rules.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/invoicing-settings';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Invoicing settings', rootMetaData(matches).settings.shopName);

/** /admin/invoices/settings (issue 21 item 5): administrators only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/invoices/settings']);
  return getInvoicingSettingsView(context.db);
}

/**
 * Saves the invoicing settings (`intent` save-invoicing-settings), adds a GST rate rule
 * (add-tax-rate-rule) or retires one (retire-tax-rate-rule); the role is checked first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    {
      'save-invoicing-settings': adminHandler(invoicingSettingsFormSchema, (input, admin) =>
        saveInvoicingSettings(context.db, admin, input),
      ),
      'add-tax-rate-rule': adminHandler(rateRuleFormSchema, (input, admin) =>
        addRateRule(context.db, admin, input),
      ),
      'retire-tax-rate-rule': adminHandler(retireRateRuleSchema, (input, admin) =>
        retireRateRule(context.db, admin, input),
      ),
    },
    ACTION_PERMISSIONS['/admin/invoices/settings'],
  );
}

export default function AdminInvoicingSettings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p className="text-sm">
        <Link to="/admin/invoices" className="text-primary underline">
          Invoices
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">Invoicing settings</h1>
      <p className="mt-1 mb-6 text-muted-foreground">
        What every new tax invoice and credit note prints. Issued documents keep what they printed.
      </p>
      <InvoicingSettingsScreen {...loaderData} />
    </>
  );
}
