/**
 * Checkout's "Payment" choice (issue 32 item 3): "Pay online now" or "Cash on delivery", the
 * latter offered only when the rules of `codRefusal` allow it for the current delivery, PIN
 * code quote and cart (else a line says why); and the summary's "Cash on delivery fee" row.
 * The server decides the rules again when the order is placed; this only shows them.
 */
import { useState } from 'react';
import { formatRupees } from '~/lib/money';
import type { CodSettings } from '~/features/shipping/shipping-settings';
import type { DeliveryState } from '~/features/shipping/delivery-choice';
import { codFeeOf, codRefusal } from './cod-rules';

/** How the shopper pays. */
type PaymentMethod = 'online' | 'cod';

/** The state the choice, the summary and the button share. */
export interface PaymentState {
  method: PaymentMethod;
  setMethod: (method: PaymentMethod) => void;
  /** Why COD is not offered now; null when it is. */
  codRefused: string | null;
  /** The COD fee to add to the total (0 when paying online). */
  feePaise: number;
}

/**
 * The payment state of the checkout: COD is offered when the rules allow it for `delivery`'s
 * method and quote (`codAvailable`), the cart's `lines`, and `amountPaise` (goods less the
 * discount, plus shipping). A COD choice that stops being offered falls back to online.
 */
export function usePaymentChoice(input: {
  settings: CodSettings;
  delivery: DeliveryState;
  lines: readonly { name: string; lengthCm?: number | null }[];
  amountPaise: number;
}): PaymentState {
  const [chosen, setMethod] = useState<PaymentMethod>('online');
  const quote = input.delivery.quote;
  const refusal = codRefusal({
    settings: input.settings,
    deliveryMethod: input.delivery.method,
    pincode: quote?.pincode ?? '',
    // Without a quote yet, the other rules speak first; then the PIN code is asked for.
    courierServesCod: quote ? quote.deliverable && quote.codAvailable : true,
    lines: input.lines.map((line) => ({ name: line.name, lengthCm: line.lengthCm ?? null })),
    amountPaise: input.amountPaise,
  });
  const codRefused =
    refusal ??
    (quote ? null : 'Enter your PIN code to see whether cash on delivery is offered there.');
  const method = codRefused ? 'online' : chosen;
  return {
    method,
    setMethod,
    codRefused,
    feePaise: method === 'cod' ? codFeeOf(input.settings) : 0,
  };
}

/** The radio choice, inside the checkout form (field `payment`). */
export function PaymentChoice({
  payment,
  settings,
}: {
  payment: PaymentState;
  settings: CodSettings;
}) {
  if (!settings.enabled) return <input type="hidden" name="payment" value="online" />;
  const fee = codFeeOf(settings);
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="mb-2 text-base font-semibold">Payment</legend>
      <label
        htmlFor="payment-online"
        className="flex items-center gap-3 rounded-md border border-border p-3"
      >
        <input
          id="payment-online"
          type="radio"
          name="payment"
          value="online"
          checked={payment.method === 'online'}
          onChange={() => payment.setMethod('online')}
        />
        <span className="font-medium">Pay online now</span>
      </label>
      {payment.codRefused === null ? (
        <>
          <label
            htmlFor="payment-cod"
            className="flex items-center gap-3 rounded-md border border-border p-3"
          >
            <input
              id="payment-cod"
              type="radio"
              name="payment"
              value="cod"
              aria-describedby="payment-cod-note"
              checked={payment.method === 'cod'}
              onChange={() => payment.setMethod('cod')}
            />
            <span className="font-medium">Cash on delivery</span>
          </label>
          <p id="payment-cod-note" className="-mt-1 px-3 text-sm text-muted-foreground">
            {fee > 0 ? `A fee of ${formatRupees(fee)} applies. ` : ''}We send a code on WhatsApp to
            confirm the order.
          </p>
        </>
      ) : (
        <p className="px-3 text-sm text-muted-foreground" aria-live="polite">
          {payment.codRefused}
        </p>
      )}
    </fieldset>
  );
}

/** The summary's "Cash on delivery fee" row, when cash on delivery with a fee is chosen. */
export function CodFeeRow({ payment }: { payment: PaymentState }) {
  if (payment.feePaise <= 0) return null;
  return (
    <>
      <dt>Cash on delivery fee</dt>
      <dd>{formatRupees(payment.feePaise)}</dd>
    </>
  );
}
