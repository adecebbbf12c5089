/**
 * /admin/customers/:id/measurements/new?garment=…&appointment=…: 'Record measurements'. Every
 * point of the garment in the staff member's unit, prefilled from the newest version, the fit,
 * posture notes, notes and optional photos; a refusal shows its message beside each point.
 * Saving makes a new version and opens the history.
 */
import { Form, Link, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { FieldError } from '~/components/ui/form-field';
import { GARMENTS, type MeasurementUnit } from '~/features/measurements/garments';
import { MeasurementFields } from '~/features/measurements/measurement-fields';
import type {
  MeasuredCustomer,
  MeasurementVersionView,
} from '~/features/measurements/measurements.server';
import { IMAGE_ACCEPT } from '~/features/media/limits';
import { GARMENT_TYPES, type GarmentType } from '~/lib/schema-enums';
import type { AdminOutcome } from '~/features/admin/shared/admin-action.server';
import { BackToClient, UnitToggle } from './client-measurements-screen';

export interface RecordMeasurementsScreenProps {
  customer: MeasuredCustomer;
  garment: GarmentType;
  unit: MeasurementUnit;
  latest: MeasurementVersionView | null;
  appointmentId: number | null;
  /** What the last save answered (a refusal keeps the typed fields). */
  outcome?: AdminOutcome;
  /** The fields as sent, after a refusal. */
  sent?: Record<string, string | string[]>;
}

export function RecordMeasurementsScreen({
  customer,
  garment,
  unit,
  latest,
  appointmentId,
  outcome,
  sent,
}: RecordMeasurementsScreenProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const base = `/admin/customers/${customer.id}/measurements`;
  const refused = outcome && !outcome.ok ? outcome : undefined;
  const sentText = (name: string) =>
    typeof sent?.[name] === 'string' ? (sent[name] as string) : undefined;
  const sentPosture =
    sent?.posture === undefined ? undefined : ([] as string[]).concat(sent.posture);
  return (
    <>
      <BackToClient customer={customer} to={base} label={`${customer.name}’s measurements`} />
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">Record measurements</h1>
          <p className="mt-1 text-muted-foreground">
            {customer.name} · {GARMENTS[garment].label}
            {latest ? ` · prefilled from version ${latest.version}` : ' · first measurement'}
          </p>
        </div>
        <UnitToggle unit={unit} />
      </div>
      <nav aria-label="Garment" className="mt-4 flex flex-wrap gap-2">
        {GARMENT_TYPES.map((type) => (
          <Link
            key={type}
            to={`?garment=${type}${appointmentId ? `&appointment=${appointmentId}` : ''}`}
            aria-current={type === garment ? 'page' : undefined}
            className={
              type === garment
                ? 'rounded-full bg-primary px-3 py-2 text-sm text-primary-foreground'
                : 'rounded-full border border-border px-3 py-2 text-sm hover:bg-muted'
            }
          >
            {GARMENTS[type].label}
          </Link>
        ))}
      </nav>
      <Card padding="md" className="mt-6">
        {refused && (
          <p
            role="alert"
            className="mb-4 rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive"
          >
            {refused.message}
          </p>
        )}
        <Form
          method="post"
          encType="multipart/form-data"
          key={`${garment}-${unit}-${latest?.version ?? 0}`}
        >
          <input type="hidden" name="intent" value="save-measurements" />
          <input type="hidden" name="garment" value={garment} />
          <input type="hidden" name="unit" value={unit} />
          {appointmentId && <input type="hidden" name="appointmentId" value={appointmentId} />}
          <MeasurementFields
            garment={garment}
            unit={unit}
            values={
              sent
                ? Object.fromEntries(
                    GARMENTS[garment].points.map((p) => [p.key, sentText(p.key) ?? '']),
                  )
                : (latest?.valuesCm ?? {})
            }
            fit={
              (sentText('fit') as MeasurementVersionView['fit'] | undefined) ??
              latest?.fit ??
              'regular'
            }
            posture={sentPosture ?? latest?.posture ?? []}
            notes={sentText('notes') ?? latest?.notes ?? ''}
            errors={refused?.fieldErrors}
            withPosture
          />
          <div className="mt-6 grid gap-2">
            <label htmlFor="m-photos" className="text-sm font-medium">
              Fitting photos (optional, private)
            </label>
            <input
              id="m-photos"
              name="photos"
              type="file"
              accept={IMAGE_ACCEPT}
              multiple
              aria-describedby={refused?.fieldErrors?.photos ? 'm-photos-error' : undefined}
              className="text-sm"
            />
            <FieldError id="m-photos-error" message={refused?.fieldErrors?.photos} />
            <FieldError id="m-appointment-error" message={refused?.fieldErrors?.appointmentId} />
          </div>
          <Button type="submit" className="mt-6 min-h-11 w-full sm:w-auto" disabled={busy}>
            {busy ? 'Saving…' : 'Save measurements'}
          </Button>
        </Form>
      </Card>
    </>
  );
}
