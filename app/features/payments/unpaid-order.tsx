/**
 * The shopper's order page around payment (issue 29 item 6): a shop order awaiting payment
 * offers "Pay now" (the payment opens again for that order, at the server's amount) and
 * "Cancel", and says when it expires; a paid one says it is confirmed and what happens next.
 */
import { useEffect } from 'react';
import { useFetcher, useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { toast } from '~/components/ui/toaster';
import { usePayment } from '~/features/payments/payment-widget';
import { formatRupees } from '~/lib/money';
import { formatShopDateTime } from '~/lib/shop-time';
import type { PaymentStart } from './payment-start.server';

/** What the order page's action answers (`intent` pay-order or cancel-order). */
export type UnpaidOrderAnswer =
  | { ok: true; payment: PaymentStart }
  | { ok: true; cancelled: true }
  | { ok: false; error: string };

/** "Awaiting payment": the amount, the expiry time, "Pay now" and "Cancel". */
export function UnpaidOrder(props: {
  number: string;
  amountPaise: number;
  /** ISO 8601: when the order is cancelled if still unpaid. */
  expiresAt: string;
  shopName: string;
}) {
  const revalidator = useRevalidator();
  const payment = usePayment(props.shopName, { onPaid: () => void revalidator.revalidate() });
  const fetcher = useFetcher<UnpaidOrderAnswer>();
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;

  useEffect(() => {
    // A cancelled order's page reloads without this panel: its badge and history say so.
    if (!answer) return;
    if (!answer.ok) toast.error('This order cannot be changed', { description: answer.error });
    else if ('payment' in answer) void payment.start(answer.payment);
    // `payment` changes identity every render; the answer is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  return (
    <Section heading="Awaiting payment" className="mt-6">
      <p className="mt-3">
        This order of {formatRupees(props.amountPaise)} is not paid yet. Pay now to confirm it, or
        cancel it. If it is not paid by {formatShopDateTime(props.expiresAt)}, it is cancelled for
        you.
      </p>
      <fetcher.Form method="post" className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="pay-order" disabled={busy} className="min-h-11">
          Pay now
        </Button>
        <Button
          type="submit"
          name="intent"
          value="cancel-order"
          variant="outline"
          disabled={busy}
          className="min-h-11"
        >
          Cancel
        </Button>
      </fetcher.Form>
      {payment.dialog}
    </Section>
  );
}

/** "Your order is confirmed": after payment, before the shop takes its first step. */
export function OrderConfirmed({ email }: { email: string }) {
  return (
    <Section heading="Your order is confirmed" className="mt-6">
      <p className="mt-3">
        Thank you: we have received your payment. A confirmation is on its way to {email}.
      </p>
      <p className="mt-2 text-muted-foreground">
        What happens next: we prepare your order and you can follow each step on this page. We will
        write to you when it is on its way, and your tax invoice will appear here.
      </p>
    </Section>
  );
}
