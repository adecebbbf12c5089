/**
 * The slip rule (issue 31 item 6, "The delivery calendar": "Orders whose stages slip past the
 * promised date are flagged before the promised date, not after it"): whether a garment's work
 * ticket will miss its order's promised date, worked out from the stage it stands at, that
 * stage's due date and start, and the workshop settings' durations. Pure and client-safe; the
 * calendar (calendar.server.ts) and the production board read it.
 */
import { addShopDays, type ShopDate } from '~/lib/shop-time';
import type { GarmentType } from '~/lib/schema-enums';
import { plannedStages, type WorkshopSettings, type WorkStage } from './stages';

/** What the rule reads of one garment's ticket. Dates are Kolkata calendar days. */
export interface SlipInput {
  garmentType: GarmentType;
  /** The stage the ticket stands at. */
  stage: WorkStage;
  /** The order's promised date, or null (no promise: never at risk). */
  promisedOn: ShopDate | null;
  /** The due date of the stage it stands at, or null. */
  stageDueOn: ShopDate | null;
  /** The day the stage it stands at started, or null (counted as starting today). */
  stageStartedOn: ShopDate | null;
}

/**
 * Why a garment is at risk, most serious first:
 * - 'promise-passed': the promised date is before today and the garment is not ready;
 * - 'stage-overdue': the stage it stands at was due before today and is still open;
 * - 'forecast': today plus the days its remaining stages take lands after the promised date.
 */
export type SlipReason = 'promise-passed' | 'stage-overdue' | 'forecast';

/** A garment at risk: the reason, and the day its work would be done at the settings' pace. */
export interface Slip {
  reason: SlipReason;
  /** The forecast day the garment reaches the end of its ready stage ('YYYY-MM-DD'). */
  forecastOn: ShopDate;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
function daysBetween(from: ShopDate, to: ShopDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The day a garment's work would be done (the end of its ready stage) if every remaining stage
 * took the days the workshop settings give its garment type, counted as the due dates are
 * planned (`stageDueDates`: a stage of n days that starts on day S is due on S + n):
 * - the stage it stands at: the days left of it, n less the days since it started (at least 0;
 *   a stage without a start counts from today);
 * - then every later stage of the plan up to ready, in the shop's order (with the alteration
 *   when it is planned after a trial still ahead, as the due dates assume one).
 * A garment at ready or delivered is done: its forecast is today.
 */
export function forecastReadyOn(
  input: Pick<SlipInput, 'garmentType' | 'stage' | 'stageStartedOn'>,
  settings: WorkshopSettings,
  today: ShopDate,
): ShopDate {
  if (input.stage === 'ready' || input.stage === 'delivered') return today;
  const days = settings.durations[input.garmentType];
  const started = input.stageStartedOn ?? today;
  const left = Math.max(0, days[input.stage] - Math.max(0, daysBetween(started, today)));
  const planned = plannedStages(settings);
  const at = settings.order.indexOf(input.stage);
  const later = settings.order
    .slice(at + 1, settings.order.indexOf('ready') + 1)
    .filter((stage) => planned.includes(stage))
    .reduce((sum, stage) => sum + days[stage], 0);
  return addShopDays(today, left + later);
}

/**
 * Whether garment `input` will miss its order's promised date, as of `today` (Kolkata), with the
 * workshop settings' stage order and durations (issue 31 item 6). Null when it will not: no
 * promised date, or the garment is ready or delivered, or its stage is not overdue and its
 * forecast (`forecastReadyOn`) falls on or before the promised date. Otherwise the first of:
 * 'promise-passed' (promised before today), 'stage-overdue' (the stage it stands at was due
 * before today), 'forecast' (the forecast falls after the promised date). A stage due today, or
 * a forecast on the promised date itself, is not a slip.
 */
export function slipOf(input: SlipInput, settings: WorkshopSettings, today: ShopDate): Slip | null {
  if (input.promisedOn === null || input.stage === 'ready' || input.stage === 'delivered') {
    return null;
  }
  const forecastOn = forecastReadyOn(input, settings, today);
  if (input.promisedOn < today) return { reason: 'promise-passed', forecastOn };
  if (input.stageDueOn !== null && input.stageDueOn < today) {
    return { reason: 'stage-overdue', forecastOn };
  }
  if (forecastOn > input.promisedOn) return { reason: 'forecast', forecastOn };
  return null;
}
