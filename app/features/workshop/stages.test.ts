/**
 * The workshop's stage rules (issue 31 item 1): which moves are allowed (forward, trial ↔
 * alteration, the skipped trial), the one-tap choices, the order's step from its garments, the
 * shopper's words, and the rules of a reordering.
 */
import { describe, expect, it } from 'vitest';
import { FULFILMENT_STATUSES } from '~/lib/schema-enums';
import {
  canMoveStage,
  defaultWorkshopSettings,
  fulfilmentOfTickets,
  shopperProgress,
  stageChoices,
  stageDueDates,
  stageOrderProblem,
  WORK_STAGES,
} from './stages';

const settings = defaultWorkshopSettings;
const noTrial = { ...settings, skipTrial: true };

describe('stage moves', () => {
  it('go forward, may skip, never back', () => {
    expect(canMoveStage('measured', 'cutting', settings)).toBe(true);
    expect(canMoveStage('measured', 'ready', settings)).toBe(true);
    expect(canMoveStage('stitching', 'cutting', settings)).toBe(false);
    expect(canMoveStage('cutting', 'cutting', settings)).toBe(false);
    expect(canMoveStage('delivered', 'ready', settings)).toBe(false);
  });

  it('go from a trial to its alteration and back, and only there', () => {
    expect(canMoveStage('trial', 'alteration', settings)).toBe(true);
    expect(canMoveStage('alteration', 'trial', settings)).toBe(true);
    expect(canMoveStage('alteration', 'ready', settings)).toBe(true);
    expect(canMoveStage('finishing', 'alteration', settings)).toBe(false);
    expect(canMoveStage('alteration', 'stitching', settings)).toBe(false);
    expect(stageChoices('trial', settings)).toEqual(['ready', 'alteration']);
    expect(stageChoices('alteration', settings)).toEqual(['trial']);
    expect(stageChoices('delivered', settings)).toEqual([]);
  });

  it('honour a skipped trial', () => {
    expect(canMoveStage('finishing', 'trial', noTrial)).toBe(false);
    expect(canMoveStage('trial', 'alteration', noTrial)).toBe(false);
    expect(stageChoices('finishing', noTrial)).toEqual(['ready']);
    // A garment already at its trial when the trial was turned off goes on to ready.
    expect(stageChoices('trial', noTrial)).toEqual(['ready']);
  });

  it('follow a reordering', () => {
    const order = [
      'measured',
      'cutting',
      'finishing',
      'stitching',
      'trial',
      'alteration',
      'ready',
      'delivered',
    ] as const;
    const reordered = { ...settings, order: [...order] };
    expect(stageChoices('cutting', reordered)).toEqual(['finishing']);
    expect(canMoveStage('stitching', 'finishing', reordered)).toBe(false);
  });
});

describe('the order of the stages', () => {
  it('keeps measured first, ready and delivered last, the trial before its alteration', () => {
    expect(stageOrderProblem(WORK_STAGES)).toBeNull();
    expect(stageOrderProblem(['cutting', ...WORK_STAGES.filter((s) => s !== 'cutting')])).toBe(
      'Measured must come first.',
    );
    const swapped = [...WORK_STAGES];
    [swapped[4], swapped[5]] = [swapped[5]!, swapped[4]!];
    expect(stageOrderProblem(swapped)).toBe('The trial must come before its alteration.');
    expect(stageOrderProblem(WORK_STAGES.slice(1))).toBe('Please give each stage one place.');
  });
});

describe('due dates', () => {
  it('are none without a promised date, and skip the trial when it is skipped', () => {
    expect([...stageDueDates('shirt', null, settings).values()].every((d) => d === null)).toBe(
      true,
    );
    const due = stageDueDates('shirt', '2026-12-20', noTrial);
    expect(new Set(due.keys())).toEqual(
      new Set(['measured', 'cutting', 'stitching', 'finishing', 'ready', 'delivered']),
    );
    expect(due.get('finishing')).toBe('2026-12-19');
    expect(due.get('measured')).toBe('2026-12-14');
  });
});

describe('the order follows its garments', () => {
  it('at the step of its least advanced garment', () => {
    expect(fulfilmentOfTickets([], FULFILMENT_STATUSES)).toBeNull();
    expect(fulfilmentOfTickets(['ready', 'finishing'], FULFILMENT_STATUSES)).toBe('stitching');
    expect(fulfilmentOfTickets(['ready', 'alteration'], FULFILMENT_STATUSES)).toBe('fitting');
    expect(fulfilmentOfTickets(['delivered', 'delivered'], FULFILMENT_STATUSES)).toBe('delivered');
    expect(fulfilmentOfTickets(['measured', 'trial'], FULFILMENT_STATUSES)).toBe('measuring');
  });

  it('and the shopper reads no internal stage', () => {
    const words = WORK_STAGES.map(shopperProgress);
    expect(new Set(words)).toEqual(
      new Set(['In making', 'Ready for trial', 'Being altered', 'Ready for pickup', 'Delivered']),
    );
    for (const word of words) expect(word).not.toMatch(/cutting|stitching|finishing|measured/i);
  });
});
