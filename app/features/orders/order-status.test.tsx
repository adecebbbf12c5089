/**
 * The payment badge as a shopper and the counter read it (issue 32 item 3): an order awaiting
 * an online payment, one part paid, and a cash-on-delivery one, which is paid to the courier.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderBadges, OrderStatusBadge } from './order-status';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('OrderStatusBadge', () => {
  it('reads "Cash on delivery" for a COD order not paid yet, not "Awaiting payment"', () => {
    expect(text(renderToString(<OrderStatusBadge status="created" paymentMethod="cod" />))).toBe(
      'Cash on delivery',
    );
    expect(text(renderToString(<OrderStatusBadge status="created" />))).toBe('Awaiting payment');
    expect(text(renderToString(<OrderStatusBadge status="created" paidPaise={500_00} />))).toBe(
      'Part paid',
    );
    // Once the courier's remittance is in, or the order is cancelled, it says so.
    expect(text(renderToString(<OrderStatusBadge status="paid" paymentMethod="cod" />))).toBe(
      'Paid',
    );
    expect(
      text(
        renderToString(
          <OrderBadges
            status="cancelled"
            fulfilmentStatus={null}
            paymentMethod="cod"
            paidPaise={0}
          />,
        ),
      ),
    ).toBe('Cancelled');
  });
});
