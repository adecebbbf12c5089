/**
 * What may still change on a bespoke order: the garments until cancelled, delivered or paid in
 * full; trials until closed (cancelled or delivered).
 */
import { describe, expect, it } from 'vitest';
import { garmentsFixedReason, orderClosed } from './order-changes';

describe('garmentsFixedReason', () => {
  it('lets garments change on an open order at any workshop stage before delivery', () => {
    expect(garmentsFixedReason({ status: 'created', fulfilmentStatus: null })).toBeNull();
    expect(garmentsFixedReason({ status: 'created', fulfilmentStatus: 'stitching' })).toBeNull();
    expect(garmentsFixedReason({ status: 'created', fulfilmentStatus: 'ready' })).toBeNull();
  });

  it('fixes them once cancelled, delivered or paid in full, saying why', () => {
    expect(garmentsFixedReason({ status: 'cancelled', fulfilmentStatus: 'cutting' })).toBe(
      'This order was cancelled: its garments can no longer change.',
    );
    expect(garmentsFixedReason({ status: 'created', fulfilmentStatus: 'delivered' })).toBe(
      'This order was delivered: its garments can no longer change.',
    );
    expect(garmentsFixedReason({ status: 'paid', fulfilmentStatus: 'ready' })).toBe(
      'This order is paid in full and invoiced: its garments can no longer change. Make a new order for another garment.',
    );
  });
});

describe('orderClosed', () => {
  it('is closed once cancelled or delivered, open otherwise (paid included)', () => {
    expect(orderClosed({ status: 'cancelled', fulfilmentStatus: null })).toBe(true);
    expect(orderClosed({ status: 'paid', fulfilmentStatus: 'delivered' })).toBe(true);
    expect(orderClosed({ status: 'paid', fulfilmentStatus: 'ready' })).toBe(false);
    expect(orderClosed({ status: 'created', fulfilmentStatus: null })).toBe(false);
  });
});
