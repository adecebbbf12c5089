import { describe, expect, it } from 'vitest';
import { GARMENT_TYPES } from '~/lib/schema-enums';
import {
  cmToInches,
  GARMENTS,
  garmentOf,
  inchesToCm,
  MEASUREMENT_UNITS,
  measurementValuesSchema,
  rangeInUnit,
  readPointValue,
  valueInUnit,
  type MeasurementUnit,
} from './garments';

const chest = GARMENTS.shirt.points.find((point) => point.key === 'chest')!;

describe('the garment definitions', () => {
  it('has every garment type, each with points inside sane ranges', () => {
    expect(Object.keys(GARMENTS)).toEqual([...GARMENT_TYPES]);
    for (const garment of Object.values(GARMENTS)) {
      expect(garment.points.length).toBeGreaterThanOrEqual(5);
      expect(new Set(garment.points.map((p) => p.key)).size).toBe(garment.points.length);
      for (const point of garment.points) {
        expect(point.minCm).toBeGreaterThan(0);
        expect(point.maxCm).toBeGreaterThan(point.minCm);
        expect(point.hint.length).toBeGreaterThan(10);
      }
    }
  });

  it('has the standard shirt and trouser points', () => {
    expect(GARMENTS.shirt.points.map((p) => p.key)).toEqual([
      'neck',
      'chest',
      'waist',
      'seat',
      'shoulder',
      'sleeve',
      'cuff',
      'length',
      'bicep',
    ]);
    expect(GARMENTS.trouser.points.map((p) => p.key)).toEqual([
      'waist',
      'seat',
      'thigh',
      'knee',
      'bottom',
      'rise',
      'inseam',
      'outseam',
    ]);
    expect(GARMENTS.jodhpuri.label).toBe('Jodhpuri / bandhgala');
    expect(GARMENTS.churidar.label).toBe('Churidar / pyjama');
  });

  it('finds a garment by type and nothing for anything else', () => {
    expect(garmentOf('kurta')?.label).toBe('Kurta');
    expect(garmentOf('toString')).toBeNull();
    expect(garmentOf('cape')).toBeNull();
    expect(garmentOf(null)).toBeNull();
  });
});

describe('unit conversion', () => {
  it.each([
    [102.5, 40.25],
    [76, 30],
    [160, 63],
    [38.1, 15],
    [91.44, 36],
  ])('%d cm reads as %d in', (cm, inches) => {
    expect(cmToInches(cm)).toBe(inches);
  });

  it.each([
    [40.25, 102.2],
    [36, 91.4],
    [15.5, 39.4],
    [40.3, 102.2],
  ])('%d in is stored as %d cm', (inches, cm) => {
    expect(inchesToCm(inches)).toBe(cm);
  });
});

describe('reading a point', () => {
  it.each<[string, MeasurementUnit, number | string]>([
    ['102.5', 'cm', 102.5],
    [' 102,54 ', 'cm', 102.5],
    ['76', 'cm', 76],
    ['160', 'cm', 160],
    ['75.9', 'cm', 'Chest must be between 76 and 160 cm'],
    ['160.1', 'cm', 'Chest must be between 76 and 160 cm'],
    ['40.25', 'in', 102.2],
    ['29.9', 'in', 76.2],
    ['63', 'in', 160],
    ['29.8', 'in', 'Chest must be between 29.9 and 63 in'],
    ['63.25', 'in', 'Chest must be between 29.9 and 63 in'],
    ['', 'cm', 'Chest is required'],
    ['forty', 'in', 'Chest must be a number in in'],
    ['-90', 'cm', 'Chest must be a number in cm'],
    ['1e2', 'cm', 'Chest must be a number in cm'],
  ])('%j in %s gives %j', (raw, unit, expected) => {
    const reading = readPointValue(chest, raw, unit);
    if (typeof expected === 'number') expect(reading).toEqual({ ok: true, cm: expected });
    else expect(reading).toEqual({ ok: false, message: expected });
  });

  it('keeps a stored value that the field still shows in inches', () => {
    expect(readPointValue(chest, '40.25', 'in', 102.5)).toEqual({ ok: true, cm: 102.5 });
    expect(readPointValue(chest, '40.5', 'in', 102.5)).toEqual({ ok: true, cm: 102.9 });
  });
});

describe('a round trip through the form changes no value (issue 33 item 3)', () => {
  const points = Object.values(GARMENTS).flatMap((garment) => garment.points);

  it.each(MEASUREMENT_UNITS)(
    'every stored value of every point, shown in %s and saved unchanged, stays as stored',
    (unit) => {
      let checked = 0;
      for (const point of points) {
        // Every value a point can hold, in the 0.1 cm steps values are stored in.
        for (let tenths = point.minCm * 10; tenths <= point.maxCm * 10; tenths += 1) {
          const cm = tenths / 10;
          const shown = valueInUnit(cm, unit);
          expect(readPointValue(point, shown, unit, cm)).toEqual({ ok: true, cm });
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(10_000);
    },
  );

  it('every quarter inch typed in range shows again as typed, and so does every 0.1 cm', () => {
    for (const point of points) {
      const [minIn, maxIn] = rangeInUnit(point, 'in');
      for (let quarters = Math.ceil(minIn * 4); quarters <= Math.floor(maxIn * 4); quarters += 1) {
        const typed = String(quarters / 4);
        const reading = readPointValue(point, typed, 'in');
        if (!reading.ok) throw new Error(`${point.label} ${typed} in: ${reading.message}`);
        expect(valueInUnit(reading.cm, 'in')).toBe(typed);
      }
      for (let tenths = point.minCm * 10; tenths <= point.maxCm * 10; tenths += 1) {
        const typed = String(tenths / 10);
        const reading = readPointValue(point, typed, 'cm');
        if (!reading.ok) throw new Error(`${point.label} ${typed} cm: ${reading.message}`);
        expect(valueInUnit(reading.cm, 'cm')).toBe(typed);
      }
    }
  });
});

describe('the values schema', () => {
  const trouser = {
    waist: '86',
    seat: '100',
    thigh: '60',
    knee: '44',
    bottom: '40',
    rise: '28',
    inseam: '78',
    outseam: '104',
  };

  it('reads a whole garment to centimetres', () => {
    const parsed = measurementValuesSchema('trouser', 'cm').safeParse(trouser);
    expect(parsed.success && parsed.data).toEqual({
      waist: 86,
      seat: 100,
      thigh: 60,
      knee: 44,
      bottom: 40,
      rise: 28,
      inseam: 78,
      outseam: 104,
    });
  });

  it('puts each refusal on its point', () => {
    const parsed = measurementValuesSchema('trouser', 'in').safeParse({
      ...trouser,
      waist: '10',
      knee: '',
      seat: '39.5',
      thigh: '23.5',
      bottom: '15.75',
      rise: '11',
      inseam: '30.75',
      outseam: '41',
    });
    expect(parsed.success).toBe(false);
    const issues = parsed.error!.issues.map((issue) => [issue.path[0], issue.message]);
    expect(issues).toEqual([
      ['waist', 'Waist must be between 23.6 and 63 in'],
      ['knee', 'Knee is required'],
    ]);
  });
});
