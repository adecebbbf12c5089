/**
 * The fields of a measurement form, shared by the back office's 'Record measurements' and the
 * shopper's 'Submit your own measurements': one labelled input per point of the garment in
 * the chosen unit (with its hint and its error), the fit, optionally the posture notes, and
 * free notes. Plain inputs: the form works without JavaScript, and the server checks it all.
 */
import { FieldError, FormField } from '~/components/ui/form-field';
import type { GarmentType } from '~/lib/schema-enums';
import { FIT_PREFERENCES, type FitPreference } from '~/lib/schema-enums';
import {
  FIT_LABELS,
  GARMENTS,
  POSTURES,
  rangeInUnit,
  valueInUnit,
  type MeasurementUnit,
} from './garments';

export interface MeasurementFieldsProps {
  garment: GarmentType;
  unit: MeasurementUnit;
  /** Values to prefill, cm by point key; or the raw fields sent back after a refusal. */
  values: Readonly<Record<string, number | string>>;
  fit: FitPreference;
  posture?: readonly string[];
  notes: string;
  errors?: Readonly<Record<string, string>>;
  /** Shows the posture checkboxes (staff only). */
  withPosture?: boolean;
  /** Prefixes the element ids (several forms on one page). */
  idPrefix?: string;
}

export function MeasurementFields({
  garment,
  unit,
  values,
  fit,
  posture = [],
  notes,
  errors = {},
  withPosture = false,
  idPrefix = 'm',
}: MeasurementFieldsProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">
          Measurements in {unit === 'cm' ? 'centimetres' : 'inches'}
        </legend>
        {GARMENTS[garment].points.map((point) => {
          const value = values[point.key];
          const [min, max] = rangeInUnit(point, unit);
          return (
            <FormField
              key={point.key}
              id={id(point.key)}
              name={point.key}
              label={`${point.label} (${unit})`}
              inputMode="decimal"
              autoComplete="off"
              required
              defaultValue={typeof value === 'number' ? valueInUnit(value, unit) : (value ?? '')}
              error={errors[point.key]}
              hint={`${point.hint} ${min}–${max} ${unit}.`}
            />
          );
        })}
      </fieldset>
      <fieldset className="mt-6">
        <legend className="mb-2 font-semibold">Fit</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {FIT_PREFERENCES.map((choice) => (
            <label key={choice} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="fit"
                value={choice}
                defaultChecked={fit === choice}
                className="size-4"
              />
              {FIT_LABELS[choice]}
            </label>
          ))}
        </div>
        <FieldError id={id('fit-error')} message={errors.fit} />
      </fieldset>
      {withPosture && (
        <fieldset className="mt-6">
          <legend className="mb-2 font-semibold">Posture</legend>
          <div className="grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
            {POSTURES.map((choice) => (
              <label
                key={choice.key}
                className="inline-flex min-h-11 items-center gap-2 text-sm sm:min-h-9"
              >
                <input
                  type="checkbox"
                  name="posture"
                  value={choice.key}
                  defaultChecked={posture.includes(choice.key)}
                  className="size-4"
                />
                {choice.label}
              </label>
            ))}
          </div>
          <FieldError id={id('posture-error')} message={errors.posture} />
        </fieldset>
      )}
      <div className="mt-6 grid gap-2">
        <label htmlFor={id('notes')} className="text-sm font-medium">
          Notes
        </label>
        <textarea
          id={id('notes')}
          name="notes"
          rows={3}
          maxLength={2000}
          defaultValue={notes}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? id('notes-error') : undefined}
          className="rounded-md border border-input bg-background px-3 py-2 text-base sm:text-sm"
        />
        <FieldError id={id('notes-error')} message={errors.notes} />
      </div>
    </>
  );
}
