/**
 * The wages screens (issue 31 item 8) as a user reads them, rendered on the server: the owner's
 * dues of a month with the payment form, a worker's own month without it, and the piece-rates
 * form with a block per garment type and the rates in effect.
 */
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MonthDues, PieceRatesView } from '~/features/workshop/wages.server';
import { DuesScreen } from './dues-screen';
import { PieceRatesScreen } from './piece-rates-screen';

const suresh = { id: 'u-suresh', name: 'Suresh' };
const dues: MonthDues = {
  month: '2026-12',
  label: 'December 2026',
  previous: '2026-11',
  next: '2027-01',
  workers: [
    {
      worker: suresh,
      broughtForwardPaise: 2_000,
      creditCount: 1,
      creditsPaise: 15_000,
      paymentsPaise: 10_050,
      carriedForwardPaise: 6_950,
      credits: [
        {
          earnedOn: '2026-12-01',
          orderNumber: 'RT-1001',
          garment: 'Shirt',
          stageLabel: 'Cutting',
          amountPaise: 15_000,
        },
      ],
      payments: [{ paidOn: '2026-12-01', amountPaise: 10_050, method: 'upi', reference: 'UTR 1' }],
    },
  ],
};

/** The screen's HTML, rendered inside a router (its forms are fetchers). */
function html(element: React.ReactElement): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => element }]);
  return renderToString(<Stub initialEntries={['/']} />);
}

/** The screen's text as a reader sees it, spaces collapsed. */
function text(element: React.ReactElement): string {
  return html(element)
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('the wages screens', () => {
  it('shows the owner every worker’s month and the payment form', () => {
    const page = text(<DuesScreen all mayPay today="2026-12-31" dues={dues} workers={[suresh]} />);
    expect(page).toContain('Workers’ dues: December 2026');
    expect(page).toContain('Suresh ₹20 1 ₹150 ₹100.50 ₹69.50');
    expect(page).toContain('Tuesday, 1 December 2026: Shirt, Cutting (order RT-1001) ₹150');
    expect(page).toContain('Tuesday, 1 December 2026: paid by UPI (UTR 1) ₹100.50');
    expect(page).toContain('Record a payment to a worker');
    expect(page).toContain('Amount paid (₹)');
    expect(page).toContain('Download CSV');
  });

  it('shows a worker their own month without the payment form', () => {
    const page = text(
      <DuesScreen all={false} mayPay={false} today="2026-12-31" dues={dues} workers={[]} />,
    );
    expect(page).toContain('My month: December 2026');
    expect(page).not.toContain('Record a payment');
    expect(page).not.toContain('Piece rates');
  });

  it('shows a worker’s rates in effect, a block per garment type', () => {
    const view: PieceRatesView = {
      workers: [suresh],
      worker: suresh,
      today: '2026-12-31',
      stages: [
        { stage: 'cutting', label: 'Cutting' },
        { stage: 'alteration', label: 'Alteration' },
      ],
      garments: [
        { type: 'shirt', label: 'Shirt' },
        { type: 'kurta', label: 'Kurta' },
      ],
      rates: { 'rate-shirt-cutting': 15_000, 'rate-shirt-alteration': 4_050 },
      history: [
        { garment: 'Shirt', stageLabel: 'Cutting', ratePaise: 15_000, effectiveFrom: '2026-12-01' },
      ],
    };
    const form = html(<PieceRatesScreen view={view} />);
    expect(form).toContain('name="rate-shirt-cutting"');
    expect(form).toContain('value="150"');
    expect(form).toContain('value="40.50"');
    const page = text(<PieceRatesScreen view={view} />);
    expect(page).toContain('Rates of Suresh in effect today');
    expect(page).toContain('Kurta');
    expect(page).toContain('Cutting rate of the Shirt');
    expect(page).toContain('Save piece rates');
    expect(page).toContain('Tuesday, 1 December 2026 Shirt Cutting ₹150');
  });
});
