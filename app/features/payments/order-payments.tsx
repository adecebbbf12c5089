/**
 * An order's money as its owner sees it on /account/orders/:number (issue 21 item 4): the
 * balance computed from the ledger, the payments and refunds received, and the 'Pay advance'
 * or 'Pay balance' button when one is due, opening the checkout's widget (or the sandbox
 * dialog) for the amount the server decides. BalanceSummary is shared with the back office.
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { toast } from '~/components/ui/toaster';
import { usePayment, type PaymentPaths } from '~/features/payments/payment-widget';
import { formatRupeesExact } from '~/lib/money';
import { formatShopDateTime } from '~/lib/shop-time';
import { METHOD_LABELS, STATUS_LABELS, type OnlinePurpose, type OrderBalance } from './ledger';
import type { PaymentView } from './ledger.server';
import type { PaymentStart } from './payment-start.server';

/** Total, paid, refunded and the balance due (or the overpayment), as a description list. */
export function BalanceSummary({ balance }: { balance: OrderBalance }) {
  const due = balance.balancePaise;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted-foreground">Order total</dt>
      <dd className="text-right tabular-nums">{formatRupeesExact(balance.totalPaise)}</dd>
      <dt className="text-muted-foreground">Paid</dt>
      <dd className="text-right tabular-nums">{formatRupeesExact(balance.paidPaise)}</dd>
      {balance.refundedPaise > 0 && (
        <>
          <dt className="text-muted-foreground">Refunded</dt>
          <dd className="text-right tabular-nums">{formatRupeesExact(balance.refundedPaise)}</dd>
        </>
      )}
      <dt className="font-semibold">{due < 0 ? 'Overpaid' : 'Balance due'}</dt>
      <dd className="text-right font-semibold tabular-nums">{formatRupeesExact(Math.abs(due))}</dd>
    </dl>
  );
}

const ORDER_PATHS: PaymentPaths = {
  confirm: '/api/payments/order-confirm',
  sandbox: '/api/payments/order-sandbox',
  cancel: null,
};

/** What the owner's order page passes: the order, its rows and balance, and what is due. */
export interface OrderPaymentsProps {
  number: string;
  shopName: string;
  rows: PaymentView[];
  balance: OrderBalance;
  /** The online payment offered now, with its amount in paise; null when none. */
  offer: { purpose: OnlinePurpose; amountPaise: number } | null;
}

export function OrderPayments(props: OrderPaymentsProps) {
  const revalidator = useRevalidator();
  const payment = usePayment(props.shopName, {
    paths: ORDER_PATHS,
    onPaid: () => void revalidator.revalidate(),
  });
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    if (!props.offer) return;
    setBusy(true);
    try {
      const response = await fetch('/api/payments/order-start', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderNumber: props.number, purpose: props.offer.purpose }),
      });
      const body = (await response.json()) as PaymentStart | { error?: string };
      if (!response.ok || !('providerOrderId' in body)) {
        toast.error('Payment could not start', {
          description: ('error' in body && body.error) || 'Please try again in a moment.',
        });
        return;
      }
      await payment.start(body);
    } catch {
      toast.error('Payment could not start', { description: 'Please try again in a moment.' });
    } finally {
      setBusy(false);
    }
  };
  const label = props.offer?.purpose === 'advance' ? 'Pay advance' : 'Pay balance';
  return (
    <Section heading="Payments" className="mt-6">
      <div className="mt-3 grid gap-4">
        <BalanceSummary balance={props.balance} />
        {props.offer && (
          <div className="grid gap-2 rounded-md bg-muted p-3 sm:flex sm:items-center sm:justify-between">
            <p className="text-sm">
              {props.offer.purpose === 'advance'
                ? 'An advance starts the tailoring of your order.'
                : 'Your order is ready: pay the balance to collect it.'}
            </p>
            <Button type="button" onClick={() => void pay()} disabled={busy} className="min-h-11">
              {label} {formatRupeesExact(props.offer.amountPaise)}
            </Button>
          </div>
        )}
        {props.rows.length > 0 && (
          <ul aria-label="Payments received" className="grid gap-2 text-sm">
            {props.rows.map((row) => (
              <li
                key={row.id}
                className="flex flex-wrap justify-between gap-2 border-b border-border pb-2"
              >
                <span>
                  {row.kind === 'refund' ? 'Refund' : METHOD_LABELS[row.method]} ·{' '}
                  <time dateTime={row.createdAt}>{formatShopDateTime(row.createdAt)}</time>
                  {row.status !== 'succeeded' && ` · ${STATUS_LABELS[row.status]}`}
                </span>
                <span className="tabular-nums">{formatRupeesExact(row.amountPaise)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {payment.dialog}
    </Section>
  );
}
