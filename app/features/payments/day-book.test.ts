/**
 * The day book's grouping and totals (issue 29 item 4): a day with cash, UPI, link and online
 * receipts, a cash refund, two members of staff; the drawer; the count's difference; the
 * opening float carried from the last count.
 */
import { describe, expect, it } from 'vitest';
import {
  cashDifference,
  dayBookOf,
  openingFloat,
  ONLINE_RECORDER,
  type DayBookEntry,
} from './day-book';

const ASHA = 'asha@example.com';
const RAVI = 'ravi@example.com';

let id = 0;
function entry(
  method: DayBookEntry['method'],
  amountPaise: number,
  recordedByEmail: string | null,
  status: DayBookEntry['status'] = 'succeeded',
): DayBookEntry {
  id += 1;
  return {
    id,
    orderNumber: `RT-${id}`,
    kind: amountPaise > 0 ? 'payment' : 'refund',
    method,
    status,
    amountPaise,
    recordedByEmail,
    settledAt: '2026-11-26T06:00:00.000Z',
    reference: '',
  };
}

const DAY: DayBookEntry[] = [
  entry('cash', 500_000, ASHA),
  entry('cash', 250_050, RAVI),
  entry('cash', 100_000, ASHA),
  entry('upi', 320_000, RAVI),
  entry('payment_link', 800_000, ASHA),
  entry('online', 304_800, null),
  entry('online', 200_000, null),
  // A UPI payment refunded in cash at the counter: a cash refund.
  entry('cash', -150_000, RAVI),
  // Not settled: not in the book.
  entry('cash', 999_900, ASHA, 'failed'),
  entry('payment_link', 700_000, ASHA, 'pending'),
  entry('online', -50_000, RAVI, 'pending'),
];

describe('the day book of a day', () => {
  const book = dayBookOf(DAY, 200_000);
  const group = (method: DayBookEntry['method']) =>
    book.groups.find((candidate) => candidate.method === method)!;

  it('lists every method in order, empty ones too', () => {
    expect(book.groups.map((g) => g.label)).toEqual([
      'Cash',
      'UPI at the counter',
      'Card or online',
      'Payment link',
    ]);
    expect(dayBookOf([], 0).groups.every((g) => g.count === 0 && g.byRecorder.length === 0)).toBe(
      true,
    );
  });

  it.each([
    // method, receipts, refunds, net, rows
    ['cash', 850_050, 150_000, 700_050, 4],
    ['upi', 320_000, 0, 320_000, 1],
    ['online', 504_800, 0, 504_800, 2],
    ['payment_link', 800_000, 0, 800_000, 1],
  ] as const)('%s: receipts %i, refunds %i, net %i paise in %i rows', (method, r, f, n, c) => {
    expect(group(method)).toMatchObject({
      receiptsPaise: r,
      refundsPaise: f,
      netPaise: n,
      count: c,
    });
  });

  it('splits each method by who recorded it, the provider as "Online"', () => {
    expect(group('cash').byRecorder).toEqual([
      { recordedBy: ASHA, receiptsPaise: 600_000, refundsPaise: 0, netPaise: 600_000, count: 2 },
      {
        recordedBy: RAVI,
        receiptsPaise: 250_050,
        refundsPaise: 150_000,
        netPaise: 100_050,
        count: 2,
      },
    ]);
    expect(group('online').byRecorder).toEqual([
      {
        recordedBy: ONLINE_RECORDER,
        receiptsPaise: 504_800,
        refundsPaise: 0,
        netPaise: 504_800,
        count: 2,
      },
    ]);
    expect(group('payment_link').byRecorder.map((line) => line.recordedBy)).toEqual([ASHA]);
    expect(group('upi').byRecorder.map((line) => line.recordedBy)).toEqual([RAVI]);
  });

  it('adds up the day: the totals are the sum of the settled rows', () => {
    const settled = DAY.filter((row) => row.status === 'succeeded');
    expect(book.totals).toEqual({
      receiptsPaise: 2_474_850,
      refundsPaise: 150_000,
      netPaise: settled.reduce((sum, row) => sum + row.amountPaise, 0),
      count: settled.length,
    });
    expect(book.totals.netPaise).toBe(2_324_850);
    expect(book.groups.reduce((sum, g) => sum + g.netPaise, 0)).toBe(book.totals.netPaise);
  });

  it('expects the opening float plus cash received less cash refunded in the drawer', () => {
    expect(book.drawer).toEqual({
      openingPaise: 200_000,
      receivedPaise: 850_050,
      refundedPaise: 150_000,
      expectedPaise: 900_050,
    });
  });

  it('refuses an opening float that is not whole paise', () => {
    expect(() => dayBookOf(DAY, 10.5)).toThrow(RangeError);
  });
});

describe('a count against the expected cash', () => {
  it.each([
    [890_050, 900_050, 'short', 10_000, 'Short by ₹100'],
    [900_050, 900_050, 'balanced', 0, 'Matches the expected cash'],
    [901_300, 900_050, 'over', 1_250, 'Over by ₹12.50'],
    [0, 5, 'short', 5, 'Short by ₹0.05'],
  ] as const)('counted %i of %i paise: %s by %i (%s)', (counted, expected, kind, paise, text) => {
    expect(cashDifference(counted, expected)).toEqual({ kind, paise, text });
  });
});

describe('the opening float', () => {
  it.each([
    ['no count before the day', null, 0, 0],
    ['no count before, cash moved earlier', null, 350_000, 0],
    ['all that was counted stays', { countedPaise: 900_050, keptPaise: null }, 0, 900_050],
    ['a float kept, the rest banked', { countedPaise: 900_050, keptPaise: 200_000 }, 0, 200_000],
    [
      'a day without a count in between',
      { countedPaise: 90_000, keptPaise: 50_000 },
      30_000,
      80_000,
    ],
  ] as const)('%s', (_name, lastCount, since, opening) => {
    expect(openingFloat(lastCount, since)).toBe(opening);
  });
});
