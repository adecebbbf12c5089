/**
 * The return window's rule (issue 32 item 7): ready-to-wear of a paid shop order, delivered
 * or collected, within the window from settings; never cut fabric or a bespoke order; never a
 * line with a request open or finished.
 */
import { describe, expect, it } from 'vitest';
import {
  NOT_RETURNABLE,
  returnEligibility,
  returnPolicyLine,
  type EligibilityInput,
} from './eligibility';

const delivered = new Date('2026-11-01T10:00:00+05:30');
const DAY = 24 * 60 * 60 * 1000;

const base: EligibilityInput = {
  order: { kind: 'shop', status: 'paid' },
  line: { lengthCm: null },
  deliveredAt: delivered,
  requests: [],
  windowDays: 7,
  now: new Date(delivered.getTime() + 2 * DAY),
};

describe('returnEligibility', () => {
  it('lets a delivered shirt be returned within the window, until delivery + 7 days', () => {
    const answer = returnEligibility(base);
    expect(answer).toEqual({ ok: true, until: new Date(delivered.getTime() + 7 * DAY) });
  });

  it('still allows it at the last moment of the window, and refuses it a minute later', () => {
    const last = new Date(delivered.getTime() + 7 * DAY);
    expect(returnEligibility({ ...base, now: last }).ok).toBe(true);
    expect(returnEligibility({ ...base, now: new Date(last.getTime() + 60_000) })).toEqual({
      ok: false,
      reason: 'The 7-day return window for this order has closed.',
    });
  });

  it('follows the window from settings', () => {
    const now = new Date(delivered.getTime() + 10 * DAY);
    expect(returnEligibility({ ...base, now }).ok).toBe(false);
    expect(returnEligibility({ ...base, now, windowDays: 14 }).ok).toBe(true);
    expect(returnEligibility({ ...base, windowDays: 0 }).ok).toBe(false);
  });

  it('never takes back cut fabric (a length in cm), even inside the window', () => {
    expect(returnEligibility({ ...base, line: { lengthCm: 250 } })).toEqual({
      ok: false,
      reason: NOT_RETURNABLE.fabric,
    });
    expect(returnEligibility({ ...base, line: { lengthCm: 0 } }).ok).toBe(true);
  });

  it('never takes back a bespoke order', () => {
    expect(returnEligibility({ ...base, order: { kind: 'bespoke', status: 'paid' } })).toEqual({
      ok: false,
      reason: NOT_RETURNABLE.bespoke,
    });
  });

  it('waits for the delivery (or the collection) and for the payment', () => {
    expect(returnEligibility({ ...base, deliveredAt: null })).toEqual({
      ok: false,
      reason: 'You can ask for a return once the order has reached you.',
    });
    expect(returnEligibility({ ...base, order: { kind: 'shop', status: 'created' } }).ok).toBe(
      false,
    );
  });

  it('refuses a second request while one is open or after a refund; a refused one may be asked again', () => {
    for (const status of ['requested', 'approved', 'received', 'refunded', 'exchanged'] as const) {
      expect(returnEligibility({ ...base, requests: [status] }).ok, status).toBe(false);
    }
    expect(returnEligibility({ ...base, requests: ['refused', 'cancelled'] }).ok).toBe(true);
  });

  it('words the policy with the window', () => {
    expect(returnPolicyLine(7)).toBe('Returns and size exchanges within 7 days of delivery.');
  });
});
