/**
 * The workshop's stages and their rules (issue 31 item 1, "A work ticket per garment"):
 * client-safe, shared by the server, the back office's screens and the shopper's order pages.
 *
 * Each bespoke garment has a work ticket standing at one stage of `WORK_STAGES` (measured →
 * cutting → stitching → finishing → trial → alteration → ready → delivered). The shop's
 * workshop settings rename and reorder them (measured stays first; ready and delivered stay
 * last; the trial comes before its alteration) and may skip the trial. A ticket moves forward
 * along its path (the stages in order, without the alteration, and without the trial when it is
 * skipped); from a trial it may go back to an alteration, and from an alteration to another
 * trial. Due dates are worked back from the order's promised date with a duration in days per
 * garment type and stage. The order's fulfilment follows its least advanced ticket.
 */
import type { MeasurementUnit } from '~/features/measurements/garments';
import { addShopDays, type ShopDate } from '~/lib/shop-time';
import {
  GARMENT_TYPES,
  WORK_STAGES,
  type FulfilmentStatus,
  type GarmentType,
  type WorkStage,
} from '~/lib/schema-enums';

export { WORK_STAGES, type WorkStage };

/** The workshop's settings (`site_settings` row 'workshop'). */
export interface WorkshopSettings {
  /** Every stage once, in the shop's order. */
  order: WorkStage[];
  /** What the back office calls each stage (the shop's own words, up to 40 characters). */
  labels: Record<WorkStage, string>;
  /** No trial (and so no alteration) for any garment. */
  skipTrial: boolean;
  /** Working days each stage takes, per garment type (whole days, 0 to 60). */
  durations: Record<GarmentType, Record<WorkStage, number>>;
  /**
   * The unit the workshop cuts in: job cards print measurements in it, the other unit beside
   * (issue 31 item 4: "inches by default, with centimetres").
   */
  unit: MeasurementUnit;
}

/** The limits of the settings: a label of 1 to 40 characters, 0 to 60 days a stage. */
export const WORKSHOP_LIMITS = { maxLabel: 40, maxDays: 60 } as const;

/** The stages' default names. */
const DEFAULT_STAGE_LABELS: Record<WorkStage, string> = {
  measured: 'Measured',
  cutting: 'Cutting',
  stitching: 'Stitching',
  finishing: 'Finishing',
  trial: 'Trial',
  alteration: 'Alteration',
  ready: 'Ready',
  delivered: 'Delivered',
};

/**
 * Days a stage takes by default, per garment type: a Rajkot house's usual pace (a shirt in about
 * a week and a half, a sherwani with its hand finishing in about four weeks). Measured takes no
 * days of its own (the garment is measured when the order is made); delivered is the handover.
 */
const DAYS: Record<GarmentType, [number, number, number, number, number, number]> = {
  //            cutting stitching finishing trial alteration ready
  shirt: [1, 3, 1, 1, 2, 1],
  trouser: [1, 3, 1, 1, 2, 1],
  suit_jacket: [2, 8, 3, 2, 4, 1],
  waistcoat: [1, 4, 2, 1, 2, 1],
  sherwani: [2, 10, 6, 2, 4, 1],
  jodhpuri: [2, 8, 3, 2, 4, 1],
  kurta: [1, 3, 2, 1, 2, 1],
  churidar: [1, 2, 1, 1, 2, 1],
};

/** What a new install starts with: the stages in their usual order, a trial for each garment. */
export const defaultWorkshopSettings: WorkshopSettings = {
  order: [...WORK_STAGES],
  labels: { ...DEFAULT_STAGE_LABELS },
  skipTrial: false,
  unit: 'in',
  durations: Object.fromEntries(
    GARMENT_TYPES.map((type) => {
      const [cutting, stitching, finishing, trial, alteration, ready] = DAYS[type];
      return [
        type,
        { measured: 0, cutting, stitching, finishing, trial, alteration, ready, delivered: 0 },
      ];
    }),
  ) as WorkshopSettings['durations'],
};

/**
 * Why an order of the stages is refused, or null when it is one: every stage once, measured
 * first, ready then delivered last, the trial before the alteration.
 */
export function stageOrderProblem(order: readonly string[]): string | null {
  if (order.length !== WORK_STAGES.length || new Set(order).size !== WORK_STAGES.length) {
    return 'Please give each stage one place.';
  }
  if (!order.every((stage) => (WORK_STAGES as readonly string[]).includes(stage))) {
    return 'Please give each stage one place.';
  }
  if (order[0] !== 'measured') return 'Measured must come first.';
  if (order.at(-2) !== 'ready' || order.at(-1) !== 'delivered') {
    return 'Ready and Delivered must come last, in that order.';
  }
  if (order.indexOf('trial') > order.indexOf('alteration')) {
    return 'The trial must come before its alteration.';
  }
  return null;
}

/**
 * The stages a ticket's plan holds, in order: every stage, without the trial and alteration when
 * the trial is skipped. The alteration is planned (a fitting usually asks for one) but a ticket
 * only enters it from a trial.
 */
export function plannedStages(
  settings: Pick<WorkshopSettings, 'order' | 'skipTrial'>,
): WorkStage[] {
  return settings.order.filter(
    (stage) => !(settings.skipTrial && (stage === 'trial' || stage === 'alteration')),
  );
}

/** The forward path: the planned stages without the alteration. */
function forwardPath(settings: Pick<WorkshopSettings, 'order' | 'skipTrial'>): WorkStage[] {
  return plannedStages(settings).filter((stage) => stage !== 'alteration');
}

/**
 * The stage a ticket at `current` moves to next with one tap: the next stage of the forward
 * path; from an alteration, the trial again (or the stage after it, when the trial is skipped
 * now). Null once delivered.
 */
function nextStage(
  current: WorkStage,
  settings: Pick<WorkshopSettings, 'order' | 'skipTrial'>,
): WorkStage | null {
  const path = forwardPath(settings);
  if (current === 'alteration') {
    if (!settings.skipTrial) return 'trial';
    const after = settings.order.slice(settings.order.indexOf('alteration') + 1);
    return after.find((stage) => path.includes(stage)) ?? null;
  }
  const at = path.indexOf(current);
  if (at === -1) {
    // A stage the settings skip now (a ticket at its trial when the trial was turned off).
    const after = settings.order.slice(settings.order.indexOf(current) + 1);
    return after.find((stage) => path.includes(stage)) ?? null;
  }
  return path[at + 1] ?? null;
}

/**
 * Whether a ticket at `from` may move to `to`: forward along the path (stages may be skipped);
 * from a trial to its alteration; from an alteration back to the trial, or on to a stage after
 * the trial. Never to itself, never back otherwise, never to a trial or alteration skipped.
 */
export function canMoveStage(
  from: WorkStage,
  to: WorkStage,
  settings: Pick<WorkshopSettings, 'order' | 'skipTrial'>,
): boolean {
  if (from === to) return false;
  const path = forwardPath(settings);
  if (to === 'alteration') return from === 'trial' && !settings.skipTrial;
  if (!path.includes(to)) return false;
  const order = settings.order;
  const fromAt = order.indexOf(from === 'alteration' ? 'trial' : from);
  if (from === 'alteration' && to === 'trial') return true;
  return order.indexOf(to) > fromAt;
}

/** The one-tap choices at `current`: the next stage, and the alteration at a trial. */
export function stageChoices(
  current: WorkStage,
  settings: Pick<WorkshopSettings, 'order' | 'skipTrial'>,
): WorkStage[] {
  const next = nextStage(current, settings);
  const choices = next ? [next] : [];
  if (current === 'trial' && !settings.skipTrial) choices.push('alteration');
  return choices;
}

/**
 * The due date of each planned stage of a garment (Kolkata calendar days), worked back from the
 * order's promised date: the last stage is due on the promised date, and each stage before is due
 * when the next one must start (its due date less its duration). Null dates without a promised
 * date.
 */
export function stageDueDates(
  garmentType: GarmentType,
  promisedOn: ShopDate | null,
  settings: WorkshopSettings,
): Map<WorkStage, ShopDate | null> {
  const planned = plannedStages(settings);
  const due = new Map<WorkStage, ShopDate | null>();
  let date: ShopDate | null = promisedOn;
  for (let index = planned.length - 1; index >= 0; index -= 1) {
    const stage = planned[index]!;
    due.set(stage, date);
    if (date !== null) date = addShopDays(date, -settings.durations[garmentType][stage]);
  }
  return due;
}

/**
 * The order's fulfilment step a ticket's stage stands for (issue 31 item 1: the order follows
 * its tickets): measured → measuring, cutting → cutting, stitching and finishing → stitching,
 * trial and alteration → fitting, ready → ready, delivered → delivered.
 */
const STAGE_FULFILMENT: Record<WorkStage, FulfilmentStatus> = {
  measured: 'measuring',
  cutting: 'cutting',
  stitching: 'stitching',
  finishing: 'stitching',
  trial: 'fitting',
  alteration: 'fitting',
  ready: 'ready',
  delivered: 'delivered',
};

/**
 * The order's fulfilment step from its tickets' stages: the least advanced ticket decides (in
 * the fulfilment steps' order). Null for an order without tickets.
 */
export function fulfilmentOfTickets(
  stages: readonly WorkStage[],
  fulfilmentOrder: readonly FulfilmentStatus[],
): FulfilmentStatus | null {
  let least: FulfilmentStatus | null = null;
  for (const stage of stages) {
    const status = STAGE_FULFILMENT[stage];
    if (least === null || fulfilmentOrder.indexOf(status) < fulfilmentOrder.indexOf(least)) {
      least = status;
    }
  }
  return least;
}

/**
 * What the shopper reads of a garment's stage (issue 31 item 5: "nothing about internal
 * stages"): 'In making' until the trial, 'Ready for trial', 'Being altered', 'Ready for pickup',
 * 'Delivered'.
 */
export function shopperProgress(stage: WorkStage): string {
  switch (stage) {
    case 'trial':
      return 'Ready for trial';
    case 'alteration':
      return 'Being altered';
    case 'ready':
      return 'Ready for pickup';
    case 'delivered':
      return 'Delivered';
    default:
      return 'In making';
  }
}
