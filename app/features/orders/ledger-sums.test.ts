/**
 * The one sum of payment rows (issue 30 item 4, decision 032), on cases in paise: only
 * succeeded rows count, refunds are returned as a positive amount, net paid is their difference.
 */
import { describe, expect, it } from 'vitest';
import { ledgerSums, type LedgerEntry } from './ledger-sums';

const row = (
  kind: LedgerEntry['kind'],
  amountPaise: number,
  status: LedgerEntry['status'] = 'succeeded',
): LedgerEntry => ({ kind, status, amountPaise });

describe('ledgerSums', () => {
  it('is all 0 with no rows', () => {
    expect(ledgerSums([])).toEqual({ paidPaise: 0, refundedPaise: 0, netPaidPaise: 0 });
  });

  it('adds succeeded payments and subtracts succeeded refunds', () => {
    const rows = [row('payment', 5_000_00), row('payment', 2_500_50), row('refund', -1_200_25)];
    expect(ledgerSums(rows)).toEqual({
      paidPaise: 7_500_50,
      refundedPaise: 1_200_25,
      netPaidPaise: 6_300_25,
    });
  });

  it('ignores pending, failed and cancelled rows of either kind', () => {
    const rows = [
      row('payment', 3_000_00),
      row('payment', 9_000_00, 'pending'),
      row('payment', 9_000_00, 'failed'),
      row('payment', 9_000_00, 'cancelled'),
      row('refund', -500_00, 'pending'),
      row('refund', -500_00, 'failed'),
    ];
    expect(ledgerSums(rows)).toEqual({
      paidPaise: 3_000_00,
      refundedPaise: 0,
      netPaidPaise: 3_000_00,
    });
  });

  it('answers a negative net when more was refunded than paid', () => {
    expect(ledgerSums([row('payment', 100), row('refund', -150)])).toEqual({
      paidPaise: 100,
      refundedPaise: 150,
      netPaidPaise: -50,
    });
  });
});
