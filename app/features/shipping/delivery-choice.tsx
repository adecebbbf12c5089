/**
 * Checkout's "Delivery" choice and "Shipping" row (issue 32 item 2): "Ship to me"
 * (the charge for the cart to the form's PIN code, asked of `/api/delivery-quote` whenever the
 * PIN code field holds six digits) or "Collect from the shop" (free; the shop's address and
 * hours). The server computes the charge again when the order is placed; this only shows it.
 */
import { useCallback, useState } from 'react';
import { useFetcher } from 'react-router';
import { formatRupees } from '~/lib/money';
import type { DeliveryAnswer } from './delivery-quote.server';
import type { CartLine } from '~/features/cart/lines';

/** How the order reaches the shopper. */
type Method = 'ship' | 'pickup';

/** The state the choice and the summary share. */
export interface DeliveryState {
  method: Method;
  setMethod: (method: Method) => void;
  /** The quote for the current PIN code, or null while none is known. */
  quote: DeliveryAnswer | null;
  /** An error from the quote (a bad PIN code), or null. */
  error: string | null;
  loading: boolean;
  /** The shipping to add to the total: 0 for a pickup; null while unknown. */
  shippingPaise: number | null;
}

/** Asks the charge for a PIN code the shopper typed or chose (anything else clears it). */
type AskQuote = (pincode: string) => void;

/**
 * The delivery state of the checkout, starting from the loader's quote for the prefill, and
 * the function the address fields call with each new PIN code. It is called from their own
 * change handler, never from a listener of its own on the form: a state update made by a
 * native listener before React's runs re-renders the controlled PIN code input with its old
 * value, and the keystroke is lost.
 */
export function useDelivery(
  initial: DeliveryAnswer | null,
  /** Issue 32 item 5: a guest's cart lines (quoted by the server from them); absent: the account's cart. */
  guestLines?: readonly CartLine[],
): [DeliveryState, AskQuote] {
  const [method, setMethod] = useState<Method>('ship');
  const fetcher = useFetcher<DeliveryAnswer | { error: string }>();
  const [asked, setAsked] = useState<string | null>(initial?.pincode ?? null);
  const { load } = fetcher;

  const askQuote = useCallback(
    (value: string) => {
      const pincode = value.trim();
      if (!/^[1-9]\d{5}$/.test(pincode)) {
        setAsked(null);
        return;
      }
      setAsked(pincode);
      void load(
        guestLines
          ? `/api/delivery-quote?pincode=${pincode}&lines=${encodeURIComponent(JSON.stringify(guestLines))}`
          : `/api/delivery-quote?pincode=${pincode}&cart=1`,
      );
    },
    [load, guestLines],
  );

  const fetched = fetcher.data;
  const quote =
    fetched && 'deliverable' in fetched
      ? fetched
      : !fetched && initial && initial.pincode === asked
        ? initial
        : null;
  const current = quote && quote.pincode === asked ? quote : null;
  const error = fetched && 'error' in fetched ? fetched.error : null;
  const state: DeliveryState = {
    method,
    setMethod,
    quote: current,
    error,
    loading: fetcher.state !== 'idle',
    shippingPaise: method === 'pickup' ? 0 : current?.deliverable ? current.chargePaise : null,
  };
  return [state, askQuote];
}

/** The shop where a pickup is collected: its address on one line and its opening hours. */
export interface PickupPlace {
  address: string;
  hours: { days: string; opens: string; closes: string }[];
}

/** The radio choice, inside the checkout form (field `delivery`). */
export function DeliveryChoice({
  delivery,
  pickup,
}: {
  delivery: DeliveryState;
  /** Null when collecting from the shop is switched off. */
  pickup: PickupPlace | null;
}) {
  const { quote } = delivery;
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="mb-2 text-base font-semibold">Delivery</legend>
      <label
        htmlFor="delivery-ship"
        className="flex items-center gap-3 rounded-md border border-border p-3"
      >
        <input
          id="delivery-ship"
          type="radio"
          name="delivery"
          value="ship"
          aria-describedby="delivery-ship-quote"
          checked={delivery.method === 'ship'}
          onChange={() => delivery.setMethod('ship')}
          className="mt-1"
        />
        <span className="font-medium">Ship to me</span>
      </label>
      <p
        id="delivery-ship-quote"
        className="-mt-1 px-3 text-sm text-muted-foreground"
        aria-live="polite"
      >
        {delivery.loading
          ? 'Checking your PIN code…'
          : (delivery.error ?? quote?.message ?? 'Enter your PIN code to see the charge')}
      </p>
      {pickup && (
        <label
          htmlFor="delivery-pickup"
          className="flex items-center gap-3 rounded-md border border-border p-3"
        >
          <input
            id="delivery-pickup"
            type="radio"
            name="delivery"
            value="pickup"
            aria-describedby="delivery-pickup-place"
            checked={delivery.method === 'pickup'}
            onChange={() => delivery.setMethod('pickup')}
            className="mt-1"
          />
          <span className="font-medium">Collect from the shop</span>
        </label>
      )}
      {pickup && (
        <p id="delivery-pickup-place" className="-mt-1 px-3 text-sm text-muted-foreground">
          Free. {pickup.address}
          {delivery.method === 'pickup' && (
            <span className="block">
              {pickup.hours.map((row) => `${row.days}: ${row.opens} – ${row.closes}`).join('; ')}
            </span>
          )}
        </p>
      )}
    </fieldset>
  );
}

/** The summary's "Shipping" row: "Free", the amount, or what is missing. */
export function ShippingRow({ delivery }: { delivery: DeliveryState }) {
  const { shippingPaise, quote } = delivery;
  const text =
    shippingPaise === 0
      ? 'Free'
      : shippingPaise !== null
        ? formatRupees(shippingPaise)
        : quote && !quote.deliverable
          ? 'Not deliverable'
          : 'Enter PIN code';
  return (
    <>
      <dt>Shipping</dt>
      <dd>{text}</dd>
    </>
  );
}
