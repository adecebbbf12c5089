/**
 * The garments the shop measures for, and their points (issue 20 item 3, DESIGN.md "The
 * bespoke business"): one data module, safe for the browser, that the back office's form, the
 * shopper's self-measurement form and guide, the server's checks and the printable card all
 * read.
 *
 * - Every point has a label, a valid range in centimetres (adult men) and a one-line hint on
 *   how to measure it.
 * - Values are stored in centimetres rounded to 0.1 cm. Staff enter and read them in cm or in
 *   inches; inches are read to the nearest quarter inch (a tape's mark) and converted.
 * - {@link readPointValue} and {@link measurementValuesSchema} refuse a value outside its range
 *   with a message naming the point and the range in the unit used, e.g. 'Chest must be
 *   between 76 and 160 cm' or 'Chest must be between 29.9 and 63 in'.
 */
import * as z from 'zod/mini';
import type { FitPreference, GarmentType } from '~/lib/schema-enums';

/** One point a tailor measures. Centimetres. */
export interface MeasurementPoint {
  /** The key in `values_cm`, e.g. 'chest'. */
  key: string;
  label: string;
  /** The smallest valid value, cm. */
  minCm: number;
  /** The largest valid value, cm. */
  maxCm: number;
  /** How to take it, one line. */
  hint: string;
}

/** A garment type with its points, in the order a tailor takes them. */
export interface GarmentDefinition {
  type: GarmentType;
  label: string;
  points: readonly MeasurementPoint[];
}

type PointSpec = Omit<MeasurementPoint, 'key'>;

/** The points several garments share; a garment may narrow a range (lengths differ). */
const POINTS = {
  neck: {
    label: 'Neck',
    minCm: 33,
    maxCm: 53,
    hint: 'Round the base of the neck, one finger inside the tape.',
  },
  chest: {
    label: 'Chest',
    minCm: 76,
    maxCm: 160,
    hint: 'Round the fullest part of the chest, under the arms, tape level.',
  },
  waist: {
    label: 'Waist',
    minCm: 60,
    maxCm: 160,
    hint: 'Round the natural waist, at the navel, breathing normally.',
  },
  stomach: {
    label: 'Stomach',
    minCm: 60,
    maxCm: 165,
    hint: 'Round the fullest part of the stomach.',
  },
  seat: {
    label: 'Seat',
    minCm: 76,
    maxCm: 160,
    hint: 'Round the fullest part of the seat, feet together.',
  },
  shoulder: {
    label: 'Shoulder',
    minCm: 36,
    maxCm: 60,
    hint: 'Across the back, from one shoulder point to the other.',
  },
  acrossBack: {
    label: 'Across back',
    minCm: 32,
    maxCm: 56,
    hint: 'Across the shoulder blades, from armpit seam to armpit seam.',
  },
  sleeve: {
    label: 'Sleeve',
    minCm: 50,
    maxCm: 75,
    hint: 'From the shoulder point down the bent arm to the wrist bone.',
  },
  bicep: {
    label: 'Bicep',
    minCm: 24,
    maxCm: 50,
    hint: 'Round the fullest part of the upper arm, arm relaxed.',
  },
  cuff: {
    label: 'Cuff',
    minCm: 18,
    maxCm: 30,
    hint: 'Round the wrist over the wrist bone, with room for a watch.',
  },
  thigh: {
    label: 'Thigh',
    minCm: 44,
    maxCm: 90,
    hint: 'Round the fullest part of the thigh, just below the crotch.',
  },
  knee: {
    label: 'Knee',
    minCm: 34,
    maxCm: 60,
    hint: 'Round the knee, leg straight.',
  },
  calf: {
    label: 'Calf',
    minCm: 28,
    maxCm: 50,
    hint: 'Round the fullest part of the calf.',
  },
  bottom: {
    label: 'Bottom',
    minCm: 30,
    maxCm: 56,
    hint: 'The opening at the hem, measured all the way round.',
  },
  rise: {
    label: 'Rise',
    minCm: 20,
    maxCm: 40,
    hint: 'From the crotch seam up to the top of the waistband, in front.',
  },
  inseam: {
    label: 'Inseam',
    minCm: 60,
    maxCm: 95,
    hint: 'From the crotch down the inside leg to the floor, shoes off.',
  },
  outseam: {
    label: 'Outseam',
    minCm: 85,
    maxCm: 120,
    hint: 'From the waist down the outside leg to the floor, shoes off.',
  },
} satisfies Record<string, PointSpec>;

type PointKey = keyof typeof POINTS;

/** A length: from the nape (or the shoulder, in front) down to where the garment ends. */
function length(minCm: number, maxCm: number, hint: string): PointSpec {
  return { label: 'Length', minCm, maxCm, hint };
}

function garment(
  type: GarmentType,
  label: string,
  points: (PointKey | [string, PointSpec])[],
): GarmentDefinition {
  return {
    type,
    label,
    points: points.map((point) =>
      typeof point === 'string' ? { key: point, ...POINTS[point] } : { key: point[0], ...point[1] },
    ),
  };
}

/** Every garment the shop measures for, by type (the order of `GARMENT_TYPES`). */
export const GARMENTS: Readonly<Record<GarmentType, GarmentDefinition>> = {
  shirt: garment('shirt', 'Shirt', [
    'neck',
    'chest',
    'waist',
    'seat',
    'shoulder',
    'sleeve',
    'cuff',
    ['length', length(65, 95, 'From the base of the collar at the back down to the shirt tail.')],
    'bicep',
  ]),
  trouser: garment('trouser', 'Trouser', [
    'waist',
    'seat',
    'thigh',
    'knee',
    'bottom',
    'rise',
    'inseam',
    'outseam',
  ]),
  suit_jacket: garment('suit_jacket', 'Suit jacket', [
    'chest',
    'stomach',
    'seat',
    'shoulder',
    'acrossBack',
    'sleeve',
    'bicep',
    ['length', length(66, 90, 'From the base of the collar at the back to the jacket hem.')],
  ]),
  waistcoat: garment('waistcoat', 'Waistcoat', [
    'neck',
    'chest',
    'stomach',
    'shoulder',
    ['length', length(50, 75, 'From the shoulder by the neck, down the front to the point.')],
  ]),
  sherwani: garment('sherwani', 'Sherwani', [
    'neck',
    'chest',
    'stomach',
    'seat',
    'shoulder',
    'sleeve',
    'bicep',
    'cuff',
    ['length', length(95, 125, 'From the base of the collar at the back to just below the knee.')],
  ]),
  jodhpuri: garment('jodhpuri', 'Jodhpuri / bandhgala', [
    'neck',
    'chest',
    'stomach',
    'seat',
    'shoulder',
    'sleeve',
    'bicep',
    'cuff',
    ['length', length(66, 90, 'From the base of the collar at the back to the hem.')],
  ]),
  kurta: garment('kurta', 'Kurta', [
    'neck',
    'chest',
    'stomach',
    'seat',
    'shoulder',
    'sleeve',
    'cuff',
    ['length', length(80, 120, 'From the base of the collar at the back to the hem.')],
  ]),
  churidar: garment('churidar', 'Churidar / pyjama', [
    'waist',
    'seat',
    'thigh',
    'knee',
    'calf',
    [
      'bottom',
      {
        ...POINTS.bottom,
        minCm: 18,
        maxCm: 56,
        hint: 'Round the ankle (churidar) or the hem opening (pyjama).',
      },
    ],
    ['length', length(95, 135, 'From the waist down the outside leg to the floor, shoes off.')],
  ]),
};

/** The posture notes a tailor ticks, by key, with their labels. */
export const POSTURES = [
  { key: 'sloping_shoulders', label: 'Sloping shoulders' },
  { key: 'square_shoulders', label: 'Square shoulders' },
  { key: 'erect', label: 'Erect' },
  { key: 'stooping', label: 'Stooping' },
  { key: 'prominent_chest', label: 'Prominent chest' },
  { key: 'prominent_stomach', label: 'Prominent stomach' },
  { key: 'prominent_seat', label: 'Prominent seat' },
  { key: 'flat_seat', label: 'Flat seat' },
  { key: 'right_shoulder_lower', label: 'Right shoulder lower' },
  { key: 'left_shoulder_lower', label: 'Left shoulder lower' },
  { key: 'forward_neck', label: 'Forward neck' },
  { key: 'bow_legs', label: 'Bow legs' },
] as const;

/** The label of a posture key; the key itself when it is not (or no longer) on the list. */
export function postureLabel(key: string): string {
  return POSTURES.find((posture) => posture.key === key)?.label ?? key;
}

/** How each fit preference reads. */
export const FIT_LABELS: Readonly<Record<FitPreference, string>> = {
  slim: 'Slim',
  regular: 'Regular',
  relaxed: 'Relaxed',
};

/** The units staff enter and read values in. */
export const MEASUREMENT_UNITS = ['cm', 'in'] as const;

/** One of {@link MEASUREMENT_UNITS}. */
export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number];

const CM_PER_INCH = 2.54;
const round = (value: number, step: number) => Math.round(value / step) * step;
/** Rounds and strips floating-point dust (102.50000001 -> 102.5). */
const tidy = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** Centimetres rounded to 0.1 cm, as they are stored. */
function roundCm(cm: number): number {
  return tidy(round(cm, 0.1), 1);
}

/** Centimetres to inches, to the nearest quarter inch: 102.5 -> 40.25. */
export function cmToInches(cm: number): number {
  return tidy(round(cm / CM_PER_INCH, 0.25), 2);
}

/** Inches (read to the nearest quarter) to centimetres rounded to 0.1: 40.25 -> 102.2. */
export function inchesToCm(inches: number): number {
  return roundCm(round(inches, 0.25) * CM_PER_INCH);
}

/** A stored value in the unit: '102.5 cm' or '40.25 in'. */
export function formatMeasurement(cm: number, unit: MeasurementUnit): string {
  return unit === 'cm' ? `${roundCm(cm)} cm` : `${cmToInches(cm)} in`;
}

/** A stored value as a form field shows it in the unit ('102.5', '40.25'). */
export function valueInUnit(cm: number, unit: MeasurementUnit): string {
  return String(unit === 'cm' ? roundCm(cm) : cmToInches(cm));
}

/** A point's range in the unit, as messages show it: [76, 160] cm or [29.9, 63] in. */
export function rangeInUnit(point: MeasurementPoint, unit: MeasurementUnit): [number, number] {
  if (unit === 'cm') return [point.minCm, point.maxCm];
  return [tidy(point.minCm / CM_PER_INCH, 1), tidy(point.maxCm / CM_PER_INCH, 1)];
}

/** The refusal of a value outside the point's range, in the unit used. */
function rangeMessage(point: MeasurementPoint, unit: MeasurementUnit): string {
  const [min, max] = rangeInUnit(point, unit);
  return `${point.label} must be between ${min} and ${max} ${unit}`;
}

/** What reading one field gave: centimetres, or the message to show beside the field. */
export type PointReading = { ok: true; cm: number } | { ok: false; message: string };

/**
 * Reads one point's field, typed in `unit` ('102.5', '40 1/4' is not accepted, '40,25' is).
 * When `previousCm` is given and the field still shows it (unchanged in inches), the stored
 * value is kept as it was rather than rounded again through the quarter inch, even where its
 * quarter inch lies just past the point's range in inches.
 * Refusals: '{Label} is required', '{Label} must be a number in {unit}', and the range
 * message ({@link rangeMessage}).
 */
export function readPointValue(
  point: MeasurementPoint,
  raw: unknown,
  unit: MeasurementUnit,
  previousCm?: number,
): PointReading {
  const text = typeof raw === 'string' ? raw.trim().replace(',', '.') : '';
  if (text === '') return { ok: false, message: `${point.label} is required` };
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(text)) {
    return { ok: false, message: `${point.label} must be a number in ${unit}` };
  }
  const typed = Number(text);
  const [min, max] = rangeInUnit(point, unit);
  const reading = unit === 'cm' ? roundCm(typed) : tidy(round(typed, 0.25), 2);
  // Before the range: a value stored at the range's end can show past the inch range's rounded
  // end (60 cm, the least waist, shows as 23.5 in; the range reads 23.6 in), and saving the
  // form unchanged must keep it (issue 33 item 3: no value changes by a round trip).
  const unchanged =
    previousCm !== undefined &&
    previousCm >= point.minCm &&
    previousCm <= point.maxCm &&
    valueInUnit(previousCm, unit) === String(reading);
  if (unchanged) return { ok: true, cm: previousCm };
  if (reading < min || reading > max) return { ok: false, message: rangeMessage(point, unit) };
  const cm = unit === 'cm' ? reading : inchesToCm(reading);
  // The range's ends in inches are rounded to 0.1 in; keep the stored value inside the cm range.
  return { ok: true, cm: Math.min(point.maxCm, Math.max(point.minCm, cm)) };
}

/**
 * The schema of a garment's values as a form sends them (one field per point key, in
 * `unit`), to centimetres by point key. Every point is required; each refusal is on the
 * point's field. `previous` (cm by key) keeps unchanged values as stored ({@link readPointValue}).
 */
export function measurementValuesSchema(
  garmentType: GarmentType,
  unit: MeasurementUnit,
  previous: Readonly<Record<string, number>> = {},
) {
  const shape: Record<string, z.ZodMiniType<number, unknown>> = {};
  for (const point of GARMENTS[garmentType].points) {
    shape[point.key] = z.pipe(
      z.optional(z.unknown()),
      z.transform((raw, ctx) => {
        const reading = readPointValue(point, raw, unit, previous[point.key]);
        if (reading.ok) return reading.cm;
        ctx.issues.push({ code: 'custom', message: reading.message, input: raw });
        return z.NEVER;
      }),
    );
  }
  return z.object(shape);
}

/** The garment of a type string from a URL or form; null when it is not one. */
export function garmentOf(type: string | null | undefined): GarmentDefinition | null {
  return type && Object.hasOwn(GARMENTS, type) ? GARMENTS[type as GarmentType] : null;
}
