/**
 * How a measurement version reads on every page (the back office's history, the shopper's
 * account): its values per point in cm and in inches, fit and posture notes, and the changes
 * from the version before.
 */
import type { GarmentType } from '~/lib/schema-enums';
import type { VersionChanges } from './history';
import {
  FIT_LABELS,
  formatMeasurement,
  GARMENTS,
  postureLabel,
  type MeasurementUnit,
} from './garments';
import type { MeasurementVersionView } from './measurements.server';

/** A version's values as a table: point, then the value in `first` unit, then the other. */
export function MeasurementValues({
  garment,
  version,
  first = 'cm',
}: {
  garment: GarmentType;
  version: Pick<MeasurementVersionView, 'valuesCm' | 'fit' | 'posture' | 'notes' | 'version'>;
  first?: MeasurementUnit;
}) {
  const second: MeasurementUnit = first === 'cm' ? 'in' : 'cm';
  return (
    <div className="mt-3 grid gap-3">
      <table className="w-full max-w-md text-sm">
        <caption className="sr-only">
          {GARMENTS[garment].label} measurements, version {version.version}
        </caption>
        <thead>
          <tr className="border-b border-border text-left text-muted-foreground">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Point
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              {first}
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              {second}
            </th>
          </tr>
        </thead>
        <tbody>
          {GARMENTS[garment].points.map((point) => {
            const cm = version.valuesCm[point.key];
            return (
              <tr key={point.key} className="border-b border-border/60 last:border-0">
                <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                  {point.label}
                </th>
                <td className="py-1.5 pr-3 text-right tabular-nums">
                  {cm === undefined ? '—' : formatMeasurement(cm, first)}
                </td>
                <td className="py-1.5 text-right text-muted-foreground tabular-nums">
                  {cm === undefined ? '—' : formatMeasurement(cm, second)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Fit</dt>
        <dd>{FIT_LABELS[version.fit]}</dd>
        <dt className="text-muted-foreground">Posture</dt>
        <dd>
          {version.posture.length ? version.posture.map(postureLabel).join(', ') : 'None noted'}
        </dd>
        {version.notes && (
          <>
            <dt className="text-muted-foreground">Notes</dt>
            <dd className="break-words whitespace-pre-wrap">{version.notes}</dd>
          </>
        )}
      </dl>
    </div>
  );
}

/** The changes from the version before, one line each ('Chest: 102 cm → 104 cm'). */
export function VersionChangeList({
  changes,
  unit,
}: {
  changes: VersionChanges;
  unit: MeasurementUnit;
}) {
  const value = (cm: number | null) => (cm === null ? 'none' : formatMeasurement(cm, unit));
  const lines = [
    ...changes.points.map((point) => `${point.label}: ${value(point.from)} → ${value(point.to)}`),
    ...(changes.fit
      ? [`Fit: ${FIT_LABELS[changes.fit.from]} → ${FIT_LABELS[changes.fit.to]}`]
      : []),
    ...changes.postureAdded.map((key) => `Posture added: ${postureLabel(key)}`),
    ...changes.postureRemoved.map((key) => `Posture removed: ${postureLabel(key)}`),
    ...(changes.notes ? ['Notes changed'] : []),
  ];
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">No changes.</p>;
  return (
    <ul className="list-disc space-y-0.5 pl-5 text-sm">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
