/**
 * The slip rule (issue 31 item 6): a garment is flagged before its promised date when the stage
 * it stands at is overdue, or when the days its remaining stages take (the settings' durations)
 * carry it past the promised date; the boundaries (a forecast on the promised date, a stage due
 * today) are not slips.
 */
import { describe, expect, it } from 'vitest';
import { addShopDays } from '~/lib/shop-time';
import { forecastReadyOn, slipOf, type SlipInput } from './slip';
import { defaultWorkshopSettings as settings } from './stages';

const TODAY = '2026-11-28';
const day = (n: number) => addShopDays(TODAY, n);

/** A shirt (cutting 1, stitching 3, finishing 1, trial 1, alteration 2, ready 1 days). */
const shirt = (changes: Partial<SlipInput>): SlipInput => ({
  garmentType: 'shirt',
  stage: 'measured',
  promisedOn: day(20),
  stageDueOn: day(5),
  stageStartedOn: TODAY,
  ...changes,
});

describe('the slip rule', () => {
  it('forecasts the remaining stages at the settings’ pace', () => {
    // Measured takes no days; cutting to ready 1 + 3 + 1 + 1 + 2 + 1 = 9.
    expect(forecastReadyOn(shirt({}), settings, TODAY)).toBe(day(9));
    // Stitching (3 days) started 2 days ago: 1 day left, then finishing to ready 5.
    expect(
      forecastReadyOn(shirt({ stage: 'stitching', stageStartedOn: day(-2) }), settings, TODAY),
    ).toBe(day(6));
    // Started long ago: nothing left of it, never less.
    expect(
      forecastReadyOn(shirt({ stage: 'stitching', stageStartedOn: day(-30) }), settings, TODAY),
    ).toBe(day(5));
    // At the alteration: its 2 days and ready's 1.
    expect(forecastReadyOn(shirt({ stage: 'alteration' }), settings, TODAY)).toBe(day(3));
    // Without a trial, cutting to ready is 1 + 3 + 1 + 1 = 6.
    expect(forecastReadyOn(shirt({}), { ...settings, skipTrial: true }, TODAY)).toBe(day(6));
  });

  it('flags a forecast past the promised date, and not one on it (the boundary)', () => {
    expect(slipOf(shirt({ promisedOn: day(9) }), settings, TODAY)).toBeNull();
    expect(slipOf(shirt({ promisedOn: day(8) }), settings, TODAY)).toEqual({
      reason: 'forecast',
      forecastOn: day(9),
    });
  });

  it('flags an open stage due before today, and not one due today', () => {
    const stitching = { stage: 'stitching', stageStartedOn: day(-3) } as const;
    expect(slipOf(shirt({ ...stitching, stageDueOn: TODAY }), settings, TODAY)).toBeNull();
    expect(slipOf(shirt({ ...stitching, stageDueOn: day(-1) }), settings, TODAY)).toEqual({
      reason: 'stage-overdue',
      forecastOn: day(5),
    });
  });

  it('says when the promise has passed, and leaves ready, delivered and unpromised garments', () => {
    expect(slipOf(shirt({ promisedOn: day(-1) }), settings, TODAY)?.reason).toBe('promise-passed');
    for (const stage of ['ready', 'delivered'] as const) {
      expect(slipOf(shirt({ stage, promisedOn: day(-1) }), settings, TODAY)).toBeNull();
    }
    expect(slipOf(shirt({ promisedOn: null, stageDueOn: null }), settings, TODAY)).toBeNull();
  });
});
