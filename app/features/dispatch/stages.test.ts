/**
 * The dispatch stages' rules (issue 32 item 6): forward only on each path, "Shipped" only by
 * the Ship button, the courier's words mapped to stages, and the one test of dispatchability.
 */
import { describe, expect, it } from 'vitest';
import { canDispatch, manualStages, movesForward, stageOfCourierStatus, stagesOf } from './stages';

describe('dispatch stages', () => {
  it('lists each path in order', () => {
    expect(stagesOf('ship')).toEqual([
      'to_pack',
      'packed',
      'shipped',
      'out_for_delivery',
      'delivered',
      'rto',
    ]);
    expect(stagesOf('pickup')).toEqual(['to_pack', 'ready_for_pickup', 'collected']);
  });

  it('moves forward only, never between delivered and returned to origin, never off its path', () => {
    expect(movesForward('ship', 'to_pack', 'packed')).toBe(true);
    expect(movesForward('ship', 'packed', 'delivered')).toBe(true);
    expect(movesForward('ship', 'shipped', 'packed')).toBe(false);
    expect(movesForward('ship', 'shipped', 'shipped')).toBe(false);
    expect(movesForward('ship', 'delivered', 'rto')).toBe(false);
    expect(movesForward('ship', 'rto', 'delivered')).toBe(false);
    expect(movesForward('ship', 'packed', 'ready_for_pickup')).toBe(false);
    expect(movesForward('pickup', 'to_pack', 'shipped')).toBe(false);
    expect(movesForward('pickup', 'ready_for_pickup', 'collected')).toBe(true);
  });

  it('offers by hand only packing before the parcel ships, and the later stages after', () => {
    expect(manualStages('ship', 'to_pack')).toEqual(['packed']);
    expect(manualStages('ship', 'packed')).toEqual([]);
    expect(manualStages('ship', 'shipped')).toEqual(['out_for_delivery', 'delivered', 'rto']);
    expect(manualStages('ship', 'delivered')).toEqual([]);
    expect(manualStages('pickup', 'to_pack')).toEqual(['ready_for_pickup', 'collected']);
    expect(manualStages('pickup', 'collected')).toEqual([]);
  });

  it("maps the courier's status words to stages, and others to none", () => {
    expect(stageOfCourierStatus('PICKED UP')).toBe('shipped');
    expect(stageOfCourierStatus('In Transit')).toBe('shipped');
    expect(stageOfCourierStatus('OUT FOR DELIVERY')).toBe('out_for_delivery');
    expect(stageOfCourierStatus('Delivered')).toBe('delivered');
    expect(stageOfCourierStatus('UNDELIVERED')).toBeNull();
    expect(stageOfCourierStatus('RTO INITIATED')).toBe('rto');
    expect(stageOfCourierStatus('RTO DELIVERED')).toBe('rto');
    expect(stageOfCourierStatus('PICKUP SCHEDULED')).toBeNull();
    expect(stageOfCourierStatus('MANIFEST GENERATED')).toBeNull();
  });

  it('dispatches a shop order paid in full, a bespoke one once ready too, nothing else', () => {
    expect(canDispatch({ kind: 'shop', status: 'paid' })).toBe(true);
    expect(canDispatch({ kind: 'shop', status: 'created' })).toBe(false);
    expect(canDispatch({ kind: 'shop', status: 'cancelled' })).toBe(false);
    // Cash on delivery: packed once confirmed by its code, never before, never once cancelled.
    const cod = { kind: 'shop', paymentMethod: 'cod' } as const;
    expect(canDispatch({ ...cod, status: 'created', codConfirmedAt: null })).toBe(false);
    expect(canDispatch({ ...cod, status: 'created', codConfirmedAt: new Date() })).toBe(true);
    expect(canDispatch({ ...cod, status: 'cancelled', codConfirmedAt: new Date() })).toBe(false);
    expect(canDispatch({ ...cod, status: 'paid', codConfirmedAt: new Date() })).toBe(true);
    expect(canDispatch({ kind: 'bespoke', status: 'paid', fulfilmentStatus: 'stitching' })).toBe(
      false,
    );
    expect(canDispatch({ kind: 'bespoke', status: 'paid', fulfilmentStatus: 'ready' })).toBe(true);
    expect(canDispatch({ kind: 'bespoke', status: 'created', fulfilmentStatus: 'ready' })).toBe(
      false,
    );
  });
});
