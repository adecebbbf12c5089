/**
 * A shopper's own measurements (issue 20 item 3 "Shoppers see their own … They may submit a
 * self-measured set"): the form of /account/measurements, checked with the garment's ranges,
 * saved as a version flagged self-measured that waits for the shop's check.
 */
import { data } from 'react-router';
import { z } from 'zod';
import type { Db } from '~/lib/db.server';
import { takeHits, waitInWords, type RequestLimit } from '~/lib/rate-limit.server';
import { FIT_PREFERENCES, GARMENT_TYPES } from '~/lib/schema-enums';
import { indianMobileSchema } from '~/features/customers/contact-fields';
import { customerForUser, ensureCustomerForUser } from '~/features/customers/customers.server';
import type { SessionUser } from '~/features/account/session.server';
import { MEASUREMENT_UNITS, measurementValuesSchema } from './garments';
import { saveMeasurementVersion } from './measurements.server';

/**
 * How many sets of their own measurements a shopper may send (issue 28 item 6; decision 007):
 * per account and per client address, in fixed windows of `windowS` seconds. Only sets that
 * pass the form's checks count; a refusal for a value out of range costs nothing.
 */
export const SELF_MEASURED_LIMITS = {
  perAccount: { windowS: 60 * 60, max: 10 },
  perAddress: { windowS: 60 * 60, max: 30 },
} as const satisfies Record<string, RequestLimit>;

const baseSchema = z.object({
  garment: z.enum(GARMENT_TYPES, 'Choose a garment.'),
  unit: z.enum(MEASUREMENT_UNITS, 'Choose cm or in.'),
  fit: z.enum(FIT_PREFERENCES, 'Choose how you like it to fit.'),
  notes: z.string().trim().max(2000, 'Please keep the notes to 2,000 characters.').default(''),
});

/** What the form answers: a refusal with messages by field and the fields as typed. */
export interface SelfMeasuredRefusal {
  ok: false;
  garment: string;
  message: string;
  fieldErrors: Record<string, string>;
  sent: Record<string, string>;
}

/**
 * Saves the signed-in shopper's own set from the form's fields (garment, unit, fit, notes,
 * one field per point; `phone` too when they have no customer record yet, which is made
 * then), within `SELF_MEASURED_LIMITS`.
 * @param address the client address the request counts against (`clientAddress(request)`).
 * @returns the garment and version saved, or a refusal ({@link SelfMeasuredRefusal}): 422 with
 *   a message per field (a value outside its range names the point and the range), or 429 with
 *   `Retry-After` and the wait in words when the limit is spent (nothing saved).
 */
export async function submitSelfMeasured(
  db: Db,
  user: SessionUser,
  form: FormData,
  address: string,
) {
  const sent: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string') sent[name] = value;
  const refuse = (fieldErrors: Record<string, string>) =>
    data<SelfMeasuredRefusal>(
      {
        ok: false,
        garment: sent.garment ?? '',
        message: Object.values(fieldErrors)[0] ?? 'Please correct the highlighted fields.',
        fieldErrors,
        sent,
      },
      { status: 422 },
    );
  const base = baseSchema.safeParse(sent);
  if (!base.success) return refuse(firstErrors(base.error.issues));
  const values = measurementValuesSchema(base.data.garment, base.data.unit).safeParse(sent);
  let customer = await customerForUser(db, user.id);
  const phone = customer ? null : indianMobileSchema.safeParse(sent.phone ?? '');
  const phoneError = phone && !phone.success ? phone.error.issues[0]?.message : undefined;
  if (!values.success || phoneError) {
    return refuse({
      ...(phoneError ? { phone: phoneError } : {}),
      ...(values.success ? {} : firstErrors(values.error.issues)),
    });
  }
  const allowed = await takeHits(db, [
    { key: `measurements:user:${user.id}`, limit: SELF_MEASURED_LIMITS.perAccount },
    { key: `measurements:ip:${address}`, limit: SELF_MEASURED_LIMITS.perAddress },
  ]);
  if (!allowed.ok) {
    return data<SelfMeasuredRefusal>(
      {
        ok: false,
        garment: base.data.garment,
        message: `You have sent several sets of measurements in a short time. Please try again in ${waitInWords(allowed.retryAfterS)}.`,
        fieldErrors: {},
        sent,
      },
      { status: 429, headers: { 'Retry-After': String(allowed.retryAfterS) } },
    );
  }
  if (!customer && phone?.success) {
    customer = await ensureCustomerForUser(db, user.id, { name: user.name, phone: phone.data });
  }
  const saved = await db.transaction((tx) =>
    saveMeasurementVersion(tx, {
      customerId: customer!.id,
      garment: base.data.garment,
      valuesCm: values.data,
      fit: base.data.fit,
      posture: [],
      notes: base.data.notes,
      selfMeasured: true,
      takenBy: { id: user.id, name: user.name },
    }),
  );
  return {
    ok: true as const,
    garment: base.data.garment,
    version: saved.version,
    unit: base.data.unit,
  };
}

function firstErrors(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
