import { data, redirect } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import {
  garmentParam,
  getStaffUnit,
  latestVersionOf,
  measurementHandlers,
  openClientMeasurements,
} from '~/features/admin/measurements/measurements.server';
import { RecordMeasurementsScreen } from '~/features/admin/measurements/record-measurements-screen';
import { runAdminAction, type AdminOutcome } from '~/features/admin/shared/admin-action.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/record-measurements';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Record measurements', rootMetaData(matches).settings.shopName);

/**
 * /admin/customers/:id/measurements/new?garment=<type>&appointment=<id>: the form, prefilled
 * from the newest version of the garment (shirt when none is asked for); the read is audited.
 * An unknown client or garment answers 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requirePermission(
    request,
    context,
    PAGE_PERMISSIONS['/admin/customers/:id/measurements/new'],
  );
  const url = new URL(request.url);
  const garment = garmentParam(url.searchParams.get('garment') ?? 'shirt');
  const customer = await openClientMeasurements(
    context.db,
    admin,
    params.id,
    'the measurement form',
  );
  const appointment = url.searchParams.get('appointment') ?? '';
  const [latest, unit] = await Promise.all([
    latestVersionOf(context.db, customer.id, garment),
    getStaffUnit(context.db, admin.id),
  ]);
  return {
    customer,
    garment,
    unit,
    latest,
    appointmentId: /^\d{1,9}$/.test(appointment) ? Number(appointment) : null,
  };
}

/** The text fields of a refused form, to show them again as typed. */
async function sentFields(copy: Request): Promise<Record<string, string | string[]>> {
  const form = await copy.formData().catch(() => null);
  const fields: Record<string, string | string[]> = {};
  if (!form) return fields;
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name).filter((value) => typeof value === 'string');
    fields[name] = name === 'posture' ? values : (values[0] ?? '');
  }
  return fields;
}

/**
 * `intent` save-measurements (the form) or set-unit. A saved version opens the history
 * (`?saved=N`); a refusal answers its status with the fields as typed.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const copy = request.clone();
  const result = await runAdminAction(
    request,
    context,
    measurementHandlers(context.db, context.storage, params.id),
    ACTION_PERMISSIONS['/admin/customers/:id/measurements/new'],
  );
  const outcome = result.data as AdminOutcome;
  if (outcome.intent === 'save-measurements') {
    if (outcome.ok) {
      const garment = new URL(request.url).searchParams.get('garment') ?? '';
      const form = await sentFields(copy);
      const saved = typeof form.garment === 'string' ? form.garment : garment;
      throw redirect(`/admin/customers/${params.id}/measurements/${saved}?saved=${outcome.id}`);
    }
    return data({ outcome, sent: await sentFields(copy) }, { status: result.init?.status ?? 422 });
  }
  return data({ outcome, sent: undefined }, { status: result.init?.status ?? 200 });
}

export default function AdminRecordMeasurements({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RecordMeasurementsScreen
      {...loaderData}
      outcome={actionData?.outcome}
      sent={actionData?.outcome.ok ? undefined : actionData?.sent}
    />
  );
}
