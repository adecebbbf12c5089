/**
 * The guest checkout's screens (issue 32 item 5; decision 037), inside /checkout?guest=1 for a
 * signed-out shopper: first the phone ("Mobile number (WhatsApp)", "Send code on WhatsApp"),
 * then the six-digit code, then, once the server's cookie proves the phone, the checkout form
 * of a signed-in shopper without the address book and the coupon, with the cart of this
 * browser (local storage) posted as its lines. The server prices the lines and places the
 * order; the guest lands on the order's signed link, and the local cart is emptied.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher, useNavigate } from 'react-router';
import { toast } from '~/components/ui/toaster';
import { Button } from '~/components/ui/button';
import { Card, Section } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { useCart } from '~/features/cart/cart-context';
import { AddressFields } from '~/features/addresses/address-fields';
import { CodFeeRow, PaymentChoice, usePaymentChoice } from '~/features/cod/payment-choice';
import { SummaryLines } from './summary-lines';
import { DeliveryChoice, ShippingRow, useDelivery } from '~/features/shipping/delivery-choice';
import type { CodSettings } from '~/features/shipping/shipping-settings';
import type { GuestPhone } from './guest-checkout.server';
import { formatAddress } from '~/features/site/settings';
import { useSiteSettings } from '~/features/site/use-site-settings';
import { formatRupees } from '~/lib/money';

/** What the guest intents answer (guest-checkout.server's `GuestAnswer` bodies). */
type GuestAnswerBody =
  | { ok: true; step: 'code' | 'verified'; phone: GuestPhone }
  | { ok: true; step: 'phone' }
  | { ok: true; guestOrder: { orderNumber: string; orderPath: string } }
  | {
      ok: false;
      errors?: Partial<Record<string, string>>;
      notice?: { title: string; description: string };
    };

/** Shows an answer's refusal as a toast (field errors show beside their fields too). */
function useRefusalToast(answer: GuestAnswerBody | undefined) {
  useEffect(() => {
    if (!answer || answer.ok) return;
    if (answer.notice) toast.error(answer.notice.title, { description: answer.notice.description });
    else
      toast.error('Please check the form', { description: Object.values(answer.errors ?? {})[0] });
  }, [answer]);
}

/** The guest checkout: the phone and its code, then the order form. */
export function GuestCheckout({
  phone,
  pickupEnabled,
  cod,
}: {
  /** The phone this browser verified, or null. */
  phone: GuestPhone | null;
  pickupEnabled: boolean;
  cod: CodSettings;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-4xl font-semibold">Checkout</h1>
      <p className="mt-2 text-muted-foreground">
        Checking out as a guest.{' '}
        <Link to="/login?redirectTo=%2Fcheckout" className="font-medium text-primary underline">
          Sign in
        </Link>{' '}
        if you have an account.
      </p>
      {phone ? (
        <GuestOrderForm phone={phone} pickupEnabled={pickupEnabled} cod={cod} />
      ) : (
        <PhoneStep />
      )}
    </div>
  );
}

/** The phone, then the code sent to it on WhatsApp. */
function PhoneStep() {
  const send = useFetcher<GuestAnswerBody>();
  const verify = useFetcher<GuestAnswerBody>();
  const [sentTo, setSentTo] = useState<GuestPhone | null>(null);
  const sendAnswer = send.state === 'idle' ? send.data : undefined;
  const verifyAnswer = verify.state === 'idle' ? verify.data : undefined;
  useRefusalToast(sendAnswer);
  useRefusalToast(verifyAnswer);
  useEffect(() => {
    if (sendAnswer?.ok && 'step' in sendAnswer && sendAnswer.step === 'code') {
      setSentTo(sendAnswer.phone);
      toast.success('Code sent', { description: 'We sent a six-digit code to your WhatsApp.' });
    }
  }, [sendAnswer]);
  const sendErrors = sendAnswer && !sendAnswer.ok ? (sendAnswer.errors ?? {}) : {};
  const verifyErrors = verifyAnswer && !verifyAnswer.ok ? (verifyAnswer.errors ?? {}) : {};

  return (
    <Card className="mt-8 max-w-md">
      <h2 className="text-xl font-semibold">Check out as a guest</h2>
      {!sentTo ? (
        <send.Form method="post" className="mt-4 grid gap-4" aria-label="Guest phone">
          <input type="hidden" name="intent" value="send-code" />
          <FormField
            id="guest-phone"
            name="phone"
            label="Mobile number (WhatsApp)"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            hint="We send a one-time code to this number on WhatsApp."
            error={sendErrors.phone}
          />
          <Button type="submit" disabled={send.state !== 'idle'}>
            {send.state !== 'idle' ? 'Sending…' : 'Send code on WhatsApp'}
          </Button>
        </send.Form>
      ) : (
        <>
          <verify.Form method="post" className="mt-4 grid gap-4" aria-label="Confirm your phone">
            <input type="hidden" name="intent" value="verify-code" />
            <input type="hidden" name="phone" value={sentTo.e164} />
            <p className="text-sm">
              We sent a code to {sentTo.label} on WhatsApp. It works for 10 minutes.
            </p>
            <FormField
              id="guest-code"
              name="code"
              label="Six-digit code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              error={verifyErrors.code}
            />
            <Button type="submit" disabled={verify.state !== 'idle'}>
              {verify.state !== 'idle' ? 'Checking…' : 'Confirm code'}
            </Button>
          </verify.Form>
          <div className="mt-3 flex flex-wrap gap-3 text-sm">
            <send.Form method="post">
              <input type="hidden" name="intent" value="send-code" />
              <input type="hidden" name="phone" value={sentTo.e164} />
              <Button type="submit" variant="link" disabled={send.state !== 'idle'}>
                Send a new code
              </Button>
            </send.Form>
            <Button type="button" variant="link" onClick={() => setSentTo(null)}>
              Change number
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

/** The order form of a guest whose phone is verified, with the summary of this browser's cart. */
function GuestOrderForm({
  phone,
  pickupEnabled,
  cod,
}: {
  phone: GuestPhone;
  pickupEnabled: boolean;
  cod: CodSettings;
}) {
  const cart = useCart();
  const site = useSiteSettings();
  const navigate = useNavigate();
  const order = useFetcher<GuestAnswerBody>();
  const change = useFetcher<GuestAnswerBody>();
  const priced = cart.priced;
  const [delivery, askQuote] = useDelivery(null, cart.lines);
  const subtotalPaise = priced?.subtotalPaise ?? 0;
  const beforeFeePaise = subtotalPaise + (delivery.shippingPaise ?? 0);
  const paymentChoice = usePaymentChoice({
    settings: cod,
    delivery,
    lines: priced?.lines ?? [],
    amountPaise: beforeFeePaise,
  });
  const payablePaise = beforeFeePaise + paymentChoice.feePaise;
  const answer = order.state === 'idle' ? order.data : undefined;
  useRefusalToast(answer);
  const errors = answer && !answer.ok ? (answer.errors ?? {}) : {};
  const refresh = useRef(cart.refresh);
  useEffect(() => {
    refresh.current = cart.refresh;
  });
  const placedPath = answer?.ok && 'guestOrder' in answer ? answer.guestOrder.orderPath : null;
  const opened = useRef<string | null>(null);

  useEffect(() => {
    // Once per order: emptying the cart re-renders this form, which must not navigate again.
    if (!placedPath || opened.current === placedPath) return;
    opened.current = placedPath;
    // The order holds the lines now: this browser's cart is emptied, then the order opens.
    void refresh.current().then(() => navigate(placedPath));
  }, [placedPath, navigate]);

  if (placedPath) return <p className="mt-8">Opening your order…</p>;
  if (!priced) return <p className="mt-8">Loading your cart…</p>;
  if (cart.lines.length === 0) {
    return (
      <p className="mt-8">
        Your cart is empty.{' '}
        <Link to="/" className="font-medium text-primary underline">
          Continue shopping
        </Link>
      </p>
    );
  }

  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_380px]">
      <Card asChild className="grid gap-4 sm:grid-cols-2">
        <order.Form method="post" noValidate aria-label="Delivery details">
          <input type="hidden" name="intent" value="guest-order" />
          <input type="hidden" name="lines" value={JSON.stringify(cart.lines)} />
          <h2 className="text-xl font-semibold sm:col-span-2">Delivery details</h2>
          <p className="text-sm sm:col-span-2">
            Phone: {phone.label} (confirmed){' '}
            <Button
              type="button"
              variant="link"
              onClick={() => change.submit({ intent: 'change-phone' }, { method: 'post' })}
            >
              Change number
            </Button>
          </p>
          <FormField
            id="checkout-name"
            name="name"
            label="Full name"
            autoComplete="name"
            required
            error={errors.name}
            className="sm:col-span-2"
          />
          <FormField
            id="checkout-email"
            name="email"
            label="Email (optional)"
            type="email"
            autoComplete="email"
            error={errors.email}
            className="sm:col-span-2"
          />
          <AddressFields
            idPrefix="checkout"
            defaults={{}}
            errors={errors}
            onPincodeChange={askQuote}
          />
          <FormField
            id="checkout-gstin"
            name="gstin"
            label="GSTIN (optional, for a business)"
            autoComplete="off"
            maxLength={15}
            error={errors.gstin}
            className="uppercase"
          />
          <FormField
            id="checkout-gstin-name"
            name="gstinName"
            label="Legal name for the GSTIN (optional)"
            autoComplete="organization"
            maxLength={200}
            error={errors.gstinName}
          />
          <DeliveryChoice
            delivery={delivery}
            pickup={
              pickupEnabled ? { address: formatAddress(site.address), hours: site.hours } : null
            }
          />
          <PaymentChoice payment={paymentChoice} settings={cod} />
          {errors.lines && <p className="text-sm text-destructive sm:col-span-2">{errors.lines}</p>}
          <Button
            type="submit"
            size="lg"
            className="sm:col-span-2"
            disabled={order.state !== 'idle' || !priced.payable}
          >
            {order.state !== 'idle'
              ? 'Placing your order…'
              : paymentChoice.method === 'cod'
                ? `Place order, pay ${formatRupees(payablePaise)} on delivery`
                : `Place order and pay ${formatRupees(payablePaise)}${delivery.shippingPaise === null ? ' + shipping' : ''}`}
          </Button>
        </order.Form>
      </Card>
      <Section heading="Order summary" className="h-fit">
        <SummaryLines lines={priced.lines} />
        <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-1 border-t border-border pt-4">
          <dt>Subtotal</dt>
          <dd>{formatRupees(subtotalPaise)}</dd>
          <ShippingRow delivery={delivery} />
          <CodFeeRow payment={paymentChoice} />
          <dt className="text-lg font-semibold">Total</dt>
          <dd className="text-lg font-semibold">{formatRupees(payablePaise)}</dd>
        </dl>
      </Section>
    </div>
  );
}
