/**
 * /admin/workshop/settings (issue 31 item 1): the stages' names and places, whether garments
 * skip the trial, and the days each stage takes per garment type (due dates are worked back
 * from the promised date with them). Refusals show beside the field and in a toast.
 */
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { GARMENT_TYPES } from '~/lib/schema-enums';
import { garmentLabel } from '~/features/bespoke/style-groups';
import { WORK_STAGES, WORKSHOP_LIMITS, type WorkshopSettings } from '~/features/workshop/stages';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';

export function WorkshopSettingsForm({
  settings,
  version,
}: {
  settings: WorkshopSettings;
  version: string | null;
}) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  const stages = [...WORK_STAGES].sort(
    (a, b) => settings.order.indexOf(a) - settings.order.indexOf(b),
  );
  return (
    <fetcher.Form method="post" className="grid gap-6" noValidate aria-label="Workshop">
      <input type="hidden" name="intent" value="save-workshop-settings" />
      <input type="hidden" name="version" value={version ?? ''} />
      <fieldset className="grid gap-4 rounded-xl border border-border bg-white p-5">
        <legend className="px-1 font-serif text-lg font-semibold">Stages</legend>
        <p className="text-sm text-muted-foreground">
          Rename a stage, or change its place (1 to {WORK_STAGES.length}). Measured comes first,
          Ready and Delivered last, and the trial before its alteration.
        </p>
        {errors['place-measured'] && (
          <p role="alert" className="text-sm text-destructive">
            {errors['place-measured']}
          </p>
        )}
        <div className="grid gap-3">
          {stages.map((stage) => (
            <div key={stage} className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
              <FormField
                id={`workshop-label-${stage}`}
                name={`label-${stage}`}
                label={`Name of the stage “${settings.labels[stage]}”`}
                defaultValue={settings.labels[stage]}
                maxLength={WORKSHOP_LIMITS.maxLabel}
                required
                error={errors[`label-${stage}`]}
              />
              <FormField
                id={`workshop-place-${stage}`}
                name={`place-${stage}`}
                label={`Place of “${settings.labels[stage]}”`}
                type="number"
                inputMode="numeric"
                min={1}
                max={WORK_STAGES.length}
                defaultValue={String(settings.order.indexOf(stage) + 1)}
                required
                error={errors[`place-${stage}`]}
              />
            </div>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="skipTrial" defaultChecked={settings.skipTrial} />
          Skip the trial (and its alteration) for every garment
        </label>
        <fieldset className="grid gap-1 text-sm">
          <legend className="font-medium">Measurements are shown first in</legend>
          <p className="text-muted-foreground">
            On job cards, on customers&rsquo; measurement pages, and in the back office for staff
            who have not chosen their own unit. Values are kept in centimetres either way.
          </p>
          {(
            [
              ['in', 'Inches (centimetres beside)'],
              ['cm', 'Centimetres (inches beside)'],
            ] as const
          ).map(([unit, label]) => (
            <label key={unit} className="flex min-h-10 items-center gap-2">
              <input
                type="radio"
                name="unit"
                value={unit}
                defaultChecked={settings.unit === unit}
              />
              {label}
            </label>
          ))}
          {errors.unit && <p className="text-destructive">{errors.unit}</p>}
        </fieldset>
      </fieldset>
      <fieldset className="grid gap-4 rounded-xl border border-border bg-white p-5">
        <legend className="px-1 font-serif text-lg font-semibold">Days per stage</legend>
        <p className="text-sm text-muted-foreground">
          Whole days from 0 to {WORKSHOP_LIMITS.maxDays}. Each stage is due when the next must
          start, counted back from the promised date.
        </p>
        <div className="overflow-x-auto">
          <table className="text-sm">
            <caption className="sr-only">Days each stage takes, by garment</caption>
            <thead>
              <tr>
                <th scope="col" className="p-1 text-left">
                  Garment
                </th>
                {stages.map((stage) => (
                  <th key={stage} scope="col" className="p-1 text-left font-medium">
                    {settings.labels[stage]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {GARMENT_TYPES.map((type) => (
                <tr key={type}>
                  <th scope="row" className="p-1 text-left font-medium whitespace-nowrap">
                    {garmentLabel(type)}
                  </th>
                  {stages.map((stage) => {
                    const name = `days-${type}-${stage}`;
                    return (
                      <td key={stage} className="p-1">
                        <input
                          name={name}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={WORKSHOP_LIMITS.maxDays}
                          defaultValue={settings.durations[type][stage]}
                          aria-label={`${garmentLabel(type)}: days of ${settings.labels[stage]}`}
                          aria-invalid={errors[name] ? true : undefined}
                          className="h-10 w-16 rounded-md border border-border px-2"
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Saving…' : 'Save workshop settings'}
        </Button>
      </div>
    </fetcher.Form>
  );
}
