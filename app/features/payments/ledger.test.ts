/**
 * The balance of an order from its payment rows (issue 21 items 4 and 6), on a table of
 * cases in paise, and which online payment a bespoke order offers its owner.
 */
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '~/features/orders/ledger-sums';
import { counterOffer, onlineOffer, orderBalance, overBalanceMessage } from './ledger';

const paid = (amountPaise: number, status: LedgerEntry['status'] = 'succeeded'): LedgerEntry => ({
  kind: 'payment',
  status,
  amountPaise,
});
const refund = (amountPaise: number, status: LedgerEntry['status'] = 'succeeded'): LedgerEntry => ({
  kind: 'refund',
  status,
  amountPaise: -amountPaise,
});

describe('orderBalance', () => {
  it.each([
    {
      name: 'nothing paid',
      rows: [],
      want: {
        paidPaise: 0,
        refundedPaise: 0,
        netPaidPaise: 0,
        valuePaise: 30_000_00,
        balancePaise: 30_000_00,
      },
    },
    {
      name: 'the 50% advance',
      rows: [paid(15_000_00)],
      want: {
        paidPaise: 15_000_00,
        refundedPaise: 0,
        netPaidPaise: 15_000_00,
        valuePaise: 30_000_00,
        balancePaise: 15_000_00,
      },
    },
    {
      name: 'advance and balance',
      rows: [paid(15_000_00), paid(15_000_00)],
      want: {
        paidPaise: 30_000_00,
        refundedPaise: 0,
        netPaidPaise: 30_000_00,
        valuePaise: 30_000_00,
        balancePaise: 0,
      },
    },
    {
      name: 'pending and failed rows do not count',
      rows: [paid(15_000_00, 'pending'), paid(15_000_00, 'failed'), refund(100_00, 'pending')],
      want: {
        paidPaise: 0,
        refundedPaise: 0,
        netPaidPaise: 0,
        valuePaise: 30_000_00,
        balancePaise: 30_000_00,
      },
    },
    {
      name: 'paid in full, half refunded (a credit note lowers the value too)',
      rows: [paid(30_000_00), refund(15_000_00)],
      want: {
        paidPaise: 30_000_00,
        refundedPaise: 15_000_00,
        netPaidPaise: 15_000_00,
        valuePaise: 15_000_00,
        balancePaise: 0,
      },
    },
    {
      name: 'advance refunded in full',
      rows: [paid(15_000_00), refund(15_000_00)],
      want: {
        paidPaise: 15_000_00,
        refundedPaise: 15_000_00,
        netPaidPaise: 0,
        valuePaise: 15_000_00,
        balancePaise: 15_000_00,
      },
    },
    {
      name: 'overpaid by two tabs',
      rows: [paid(15_000_00), paid(15_000_00), paid(15_000_00)],
      want: {
        paidPaise: 45_000_00,
        refundedPaise: 0,
        netPaidPaise: 45_000_00,
        valuePaise: 30_000_00,
        balancePaise: -15_000_00,
      },
    },
    {
      name: 'odd paise',
      rows: [paid(12_345_67), refund(1)],
      want: {
        paidPaise: 12_345_67,
        refundedPaise: 1,
        netPaidPaise: 12_345_66,
        valuePaise: 29_999_99,
        balancePaise: 17_654_33,
      },
    },
  ])('$name', ({ rows, want }) => {
    expect(orderBalance(30_000_00, rows)).toEqual({ totalPaise: 30_000_00, ...want });
  });
});

describe('onlineOffer', () => {
  const bespoke = (
    balance: ReturnType<typeof orderBalance>,
    fulfilmentStatus: null | 'stitching' | 'ready' | 'delivered',
    status = 'created',
  ) => onlineOffer({ kind: 'bespoke', status, fulfilmentStatus, balance });

  it('offers the advance while nothing is paid, the balance once ready, nothing else', () => {
    expect(bespoke(orderBalance(10_000_00, []), null)).toBe('advance');
    expect(bespoke(orderBalance(10_000_00, [paid(5_000_00)]), 'stitching')).toBeNull();
    expect(bespoke(orderBalance(10_000_00, [paid(5_000_00)]), 'ready')).toBe('balance');
    expect(bespoke(orderBalance(10_000_00, [paid(5_000_00)]), 'delivered')).toBe('balance');
    expect(bespoke(orderBalance(10_000_00, [paid(10_000_00)]), 'ready', 'paid')).toBeNull();
    expect(bespoke(orderBalance(10_000_00, []), null, 'cancelled')).toBeNull();
    expect(
      onlineOffer({
        kind: 'shop',
        status: 'created',
        fulfilmentStatus: null,
        balance: orderBalance(10_000_00, []),
      }),
    ).toBeNull();
  });

  it('words the overpayment refusal with the balance', () => {
    expect(overBalanceMessage(12_500_00)).toBe('This is more than the balance of ₹12,500.');
  });
});

describe('counterOffer (issue 30 item 3)', () => {
  const pay = (amountPaise: number, status: LedgerEntry['status'] = 'succeeded') => ({
    kind: 'payment' as const,
    method: 'cash',
    status,
    amountPaise,
  });
  const link = (amountPaise: number) => ({
    ...pay(amountPaise, 'pending'),
    method: 'payment_link',
  });
  const bespoke = { kind: 'bespoke' as const, status: 'created' };

  it('offers the agreed advance, rounded up to the rupee, while nothing is paid', () => {
    const rows = [pay(1_000, 'failed')];
    expect(counterOffer(bespoke, orderBalance(2_000_050, rows), rows, 30)).toEqual({
      advance: { percent: 30, amountPaise: 600_100 },
      balancePaise: 2_000_050,
      pendingLinksPaise: 0,
      freePaise: 2_000_050,
      suggestedPaise: 600_100,
    });
  });

  it('offers the balance once the advance is received', () => {
    const rows = [pay(600_000)];
    expect(counterOffer(bespoke, orderBalance(2_000_000, rows), rows, 30)).toEqual({
      advance: null,
      balancePaise: 1_400_000,
      pendingLinksPaise: 0,
      freePaise: 1_400_000,
      suggestedPaise: 1_400_000,
    });
  });

  it('counts a pending link against what the counter may take, the advance included', () => {
    const rows = [link(1_800_000)];
    const offer = counterOffer(bespoke, orderBalance(2_000_000, rows), rows, 50);
    expect(offer).toMatchObject({
      advance: { percent: 50, amountPaise: 200_000 },
      pendingLinksPaise: 1_800_000,
      freePaise: 200_000,
      suggestedPaise: 200_000,
    });
  });

  it('asks no advance of a shop order, and nothing of a cancelled or settled one', () => {
    const none: ReturnType<typeof pay>[] = [];
    expect(
      counterOffer({ kind: 'shop', status: 'created' }, orderBalance(50_000, none), none, 50),
    ).toMatchObject({ advance: null, suggestedPaise: 50_000 });
    expect(
      counterOffer({ kind: 'bespoke', status: 'cancelled' }, orderBalance(50_000, none), none, 50),
    ).toMatchObject({ advance: null, freePaise: 0, suggestedPaise: 0 });
    const paid = [pay(50_000)];
    expect(counterOffer(bespoke, orderBalance(50_000, paid), paid, 50)).toMatchObject({
      advance: null,
      balancePaise: 0,
      suggestedPaise: 0,
    });
  });
});
