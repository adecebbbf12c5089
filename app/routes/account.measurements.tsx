import { redirect } from 'react-router';
import { z } from 'zod';
import { MEASUREMENT_UNITS } from '~/features/measurements/garments';
import { getWorkshopSettings } from '~/features/workshop/workshop-settings.server';
import { requireUser } from '~/features/account/session.server';
import { customerForUser } from '~/features/customers/customers.server';
import { AccountMeasurements } from '~/features/measurements/account-measurements';
import { listOwnProfiles } from '~/features/measurements/measurements.server';
import {
  submitSelfMeasured,
  type SelfMeasuredRefusal,
} from '~/features/measurements/self-measured.server';
import { rootMetaData } from '~/features/site/root-data';
import { clientAddress } from '~/lib/rate-limit.server';
import { readFormData } from '~/lib/request-body.server';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/account.measurements';

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Your measurements', rootMetaData(matches).settings.shopName);

/**
 * /account/measurements: the signed-in shopper's own profiles (their customer record's; a
 * visitor is sent to /login), each with every version and what changed (issue 36 item 2),
 * never the staff's notes; `?unit=in` for the self-measurement form in inches.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const customer = await customerForUser(context.db, user.id);
  const url = new URL(request.url);
  const version = Number(url.searchParams.get('version'));
  const garment = url.searchParams.get('submitted');
  return {
    profiles: customer ? await listOwnProfiles(context.db, customer.id) : [],
    needsPhone: !customer,
    // ?unit= switches; without it, the shop's unit (inches unless it chose cm: issue 33 item 3).
    unit: z
      .enum(MEASUREMENT_UNITS)
      .catch((await getWorkshopSettings(context.db)).unit)
      .parse(url.searchParams.get('unit')),
    submitted: garment && Number.isInteger(version) && version > 0 ? { garment, version } : null,
  };
}

/**
 * `intent` submit-measurements: the shopper's own set; a refusal is 422 with its messages, or
 * 429 with `Retry-After` once the shopper's limit is spent (issue 28 item 6).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await readFormData(request);
  if (form.get('intent') !== 'submit-measurements') {
    return new Response('This action is not known.', { status: 400 });
  }
  const result = await submitSelfMeasured(context.db, user, form, clientAddress(request));
  if ('ok' in result && result.ok) {
    // Back in the unit the shopper measured in.
    throw redirect(
      `/account/measurements?submitted=${result.garment}&version=${result.version}&unit=${result.unit}`,
    );
  }
  return result;
}

export default function AccountMeasurementsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountMeasurements {...loaderData} refusal={actionData as SelfMeasuredRefusal | undefined} />
  );
}
