/**
 * What changed between two versions of a measurement profile (issue 20 item 3: "the history
 * shows what changed between versions"): per point old → new (cm), the fit, the posture notes
 * added and removed, and the notes. Pure, for the server and the screens alike.
 */
import type { FitPreference, GarmentType } from '~/lib/schema-enums';
import { GARMENTS } from './garments';

/** The parts of a version that can change. Values in centimetres by point key. */
export interface VersionSnapshot {
  valuesCm: Readonly<Record<string, number>>;
  fit: FitPreference;
  posture: readonly string[];
  notes: string;
}

/** One point that changed; null where the version has no value for it. Centimetres. */
interface PointChange {
  key: string;
  label: string;
  from: number | null;
  to: number | null;
}

/** Everything that changed from one version to the next. */
export interface VersionChanges {
  points: PointChange[];
  fit: { from: FitPreference; to: FitPreference } | null;
  postureAdded: string[];
  postureRemoved: string[];
  notes: { from: string; to: string } | null;
}

/**
 * The changes from `previous` to `next` of a `garment` profile: the garment's points in their
 * order, then any other stored key (a point since retired), compared to 0.1 cm.
 */
export function versionChanges(
  garment: GarmentType,
  previous: VersionSnapshot,
  next: VersionSnapshot,
): VersionChanges {
  const known = GARMENTS[garment].points;
  const keys = [
    ...known.map((point) => point.key),
    ...[...Object.keys(previous.valuesCm), ...Object.keys(next.valuesCm)].filter(
      (key) => !known.some((point) => point.key === key),
    ),
  ];
  const points: PointChange[] = [];
  for (const key of new Set(keys)) {
    const from = previous.valuesCm[key] ?? null;
    const to = next.valuesCm[key] ?? null;
    const same = from !== null && to !== null ? Math.abs(from - to) < 0.05 : from === to;
    if (!same) {
      points.push({ key, label: known.find((p) => p.key === key)?.label ?? key, from, to });
    }
  }
  return {
    points,
    fit: previous.fit === next.fit ? null : { from: previous.fit, to: next.fit },
    postureAdded: next.posture.filter((key) => !previous.posture.includes(key)),
    postureRemoved: previous.posture.filter((key) => !next.posture.includes(key)),
    notes: previous.notes === next.notes ? null : { from: previous.notes, to: next.notes },
  };
}
