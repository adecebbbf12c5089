import { useEffect, useRef, useState } from 'react';
import { redirect, useFetcher, useLoaderData, useNavigate } from 'react-router';
import { toast } from '~/components/ui/toaster';
import { Button } from '~/components/ui/button';
import { Card, Section } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { getSessionUser, requireUser } from '~/features/account/session.server';
// Issue 32 item 5: guest checkout.
import {
  changeGuestPhone,
  guestOrderSchema,
  guestPhone,
  guestPhoneOf,
  placeGuestOrder,
  sendGuestCode,
  verifyGuestCode,
  type GuestAnswer,
} from '~/features/checkout/guest-checkout.server';
import { GuestCheckout } from '~/features/checkout/guest-checkout';
import { getCart } from '~/features/cart/cart.server';
import {
  checkoutFields,
  checkoutSchema,
  type CheckoutField,
} from '~/features/checkout/checkout-details';
import { lastOrderDetails } from '~/features/orders/orders.server';
import {
  placeCodOrder,
  placeOrder,
  placeOrderFailure,
  type CodPlaced,
} from '~/features/checkout/payment-flow.server';
import { usePayment } from '~/features/payments/payment-widget';
import { gstinStateProblem } from '~/features/invoices/tax';
import { rootMetaData } from '~/features/site/root-data';
import { useSiteSettings } from '~/features/site/use-site-settings';
import { flashCookie } from '~/features/site/flash.server';
import { fieldErrors, formValues, type FieldErrors } from '~/lib/forms';
import { formatRupees } from '~/lib/money';
import { clientAddress } from '~/lib/rate-limit.server';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/checkout';
import { readFormData } from '~/lib/request-body.server';
import type { PaymentStart } from '~/features/payments/payment-start.server';
import { quoteCartCoupon } from '~/features/coupons/coupons.server';
import { couponLines, couponState } from '~/features/storefront/cart-coupon.server';
import { CouponField, DiscountRow, useCartCoupon } from '~/features/coupons/coupon-field';
// Issue 32 item 1: addresses.
import { AddressFields } from '~/features/addresses/address-fields';
import { checkIndianAddress } from '~/features/addresses/address-rules.server';
import { listAddresses, saveCheckoutAddress } from '~/features/addresses/addresses-commands.server';
import { quoteCart } from '~/features/shipping/delivery-quote.server';
import { getShippingSettings } from '~/features/shipping/shipping.server';
import { DeliveryChoice, ShippingRow, useDelivery } from '~/features/shipping/delivery-choice';
import { formatAddress } from '~/features/site/settings';
import { CourierProviderError } from '~/lib/couriers/couriers.server';
// Issue 32 item 3: cash on delivery.
import { CodFeeRow, PaymentChoice, usePaymentChoice } from '~/features/cod/payment-choice';
import { SummaryLines } from '~/features/checkout/summary-lines';

/**
 * The checkout form's checks in the browser (zod and the phone number rules): loaded when a
 * field first takes the focus, not with the page, so `/checkout` keeps the bench's first-load
 * budgets at 375 px (issue 32 "Budget"). The action runs the same `checkoutSchema`.
 */
const loadCheckoutChecks = () => import('~/features/checkout/checkout-details');
type CheckoutChecks = Awaited<ReturnType<typeof loadCheckoutChecks>>;

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Checkout', rootMetaData(matches).settings.shopName);

/**
 * /checkout (SPEC.md sections 2, 4 "Checkout", 5): signed-in shoppers; an empty cart goes
 * to / with 'Cart is empty'. The form is prefilled from the last order, else the account.
 * Issue 32 item 5: /checkout?guest=1 (the login page's "Check out as a guest") serves a
 * signed-out shopper the guest checkout: the phone their cookie proves, if any (their cart is
 * in the browser); any other signed-out visit goes to /login as before.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const guestAsked = new URL(request.url).searchParams.get('guest') === '1';
  const signedIn = guestAsked
    ? await getSessionUser(request, context)
    : await requireUser(request, context);
  if (!signedIn) {
    const { pickupEnabled, cod } = await getShippingSettings(context.db);
    return {
      mode: 'guest' as const,
      phone: guestPhone(guestPhoneOf(request, context)),
      pickupEnabled,
      cod,
    };
  }
  const user = signedIn;
  const cart = await getCart(context.db, user.id);
  if (cart.lines.length === 0) {
    throw redirect('/', {
      headers: {
        'Set-Cookie': flashCookie('cart-empty', context.env.PUBLIC_URL.startsWith('https://')),
      },
    });
  }
  const last = await lastOrderDetails(context.db, user.id);
  // Issue 32 item 4: the applied code, quoted on the cart at the server's prices.
  const coupon = couponState(await quoteCartCoupon(context.db, user.id, couponLines(cart.lines)));
  // Issue 32 item 2: the charge to the prefilled PIN code, and whether the shop offers pickup.
  const shippingQuote = last?.pincode
    ? await quoteCart(context.db, context.courier, {
        userId: user.id,
        pincode: last.pincode,
      }).catch((error: unknown) => {
        // A courier that does not answer leaves the row to the shopper's own PIN code check.
        if (error instanceof CourierProviderError) return null;
        throw error;
      })
    : null;
  const { pickupEnabled, cod } = await getShippingSettings(context.db);
  return {
    mode: 'shopper' as const,
    cart,
    coupon,
    prefill: { name: user.name, email: user.email, ...(last ?? {}) },
    provider: context.payments.name,
    // Issue 32 item 1: the address book, for the saved-address chooser.
    savedAddresses: await listAddresses(context.db, user.id),
    shippingQuote,
    pickupEnabled,
    cod,
  };
}

type CheckoutAnswer =
  | { ok: true; payment: PaymentStart }
  | { ok: true; cod: CodPlaced }
  | {
      ok: false;
      errors?: FieldErrors<CheckoutField>;
      notice?: { title: string; description: string };
    };

/**
 * Places the order at the server's prices and starts the payment; field errors answer 400,
 * a shopper over `CHECKOUT_LIMITS` 429 with a notice and Retry-After.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context);
  // Issue 32 item 5: a signed-out shopper's intents are the guest checkout's.
  if (!user) return guestAction(request, context);
  const parsed = checkoutSchema.safeParse(formValues(await readFormData(request), checkoutFields));
  if (!parsed.success) {
    return Response.json(
      { ok: false, errors: fieldErrors(parsed.error) } satisfies CheckoutAnswer,
      {
        status: 400,
      },
    );
  }
  // Issue 32 item 1: a PIN code India Post does not list, or in another state, is refused; the
  // district becomes the PIN code's.
  const address = checkIndianAddress(parsed.data);
  if (!address.ok) {
    return Response.json({ ok: false, errors: address.errors } satisfies CheckoutAnswer, {
      status: 400,
    });
  }
  parsed.data.district = address.address.district;
  const gstinProblem = gstinStateProblem(parsed.data.gstin, parsed.data.state);
  if (gstinProblem) {
    return Response.json({ ok: false, errors: { gstin: gstinProblem } } satisfies CheckoutAnswer, {
      status: 400,
    });
  }
  try {
    // Issue 32 item 3: cash on delivery places the order without a payment.
    if (parsed.data.payment === 'cod') {
      const cod = await placeCodOrder(context, user, parsed.data, clientAddress(request));
      if (parsed.data.saveAddress === 'on') {
        await saveCheckoutAddress(context.db, user.id, parsed.data);
      }
      return Response.json({ ok: true, cod } satisfies CheckoutAnswer);
    }
    const payment = await placeOrder(context, user, parsed.data, clientAddress(request));
    if (parsed.data.saveAddress === 'on') {
      await saveCheckoutAddress(context.db, user.id, parsed.data);
    }
    return Response.json({ ok: true, payment } satisfies CheckoutAnswer);
  } catch (error) {
    const failure = placeOrderFailure(error);
    return Response.json({ ok: false, notice: failure.notice } satisfies CheckoutAnswer, {
      status: failure.status,
      headers: failure.retryAfterS ? { 'Retry-After': String(failure.retryAfterS) } : undefined,
    });
  }
}

const labels: Record<CheckoutField, string> = {
  name: 'Full name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address line 1',
  addressLine2: 'Address line 2 (optional)',
  landmark: 'Landmark (optional)',
  city: 'City',
  district: 'District',
  state: 'State',
  pincode: 'PIN code',
  saveAddress: 'Save this address to my address book',
  gstin: 'GSTIN (optional, for a business)',
  gstinName: 'Legal name for the GSTIN (optional)',
  delivery: 'Delivery',
  payment: 'Payment',
};

/**
 * The guest checkout's intents ('send-code', 'verify-code', 'change-phone', 'guest-order';
 * features/checkout/guest-checkout.server). Anything else is refused with 400.
 */
async function guestAction(request: Request, context: Route.ActionArgs['context']) {
  const form = Object.fromEntries(await readFormData(request));
  const address = clientAddress(request);
  const answer = (result: GuestAnswer) =>
    Response.json(result.body, { status: result.status, headers: result.headers });
  switch (form.intent) {
    case 'send-code':
      return answer(await sendGuestCode(context, form, address));
    case 'verify-code':
      return answer(await verifyGuestCode(context, form, address));
    case 'change-phone':
      return answer(changeGuestPhone(context));
    case 'guest-order':
      return answer(await guestOrder(request, context, form, address));
    default:
      return Response.json(
        {
          ok: false,
          notice: {
            title: 'Please sign in',
            description: 'Sign in, or check out as a guest with your phone number.',
          },
        },
        { status: 400 },
      );
  }
}

/** 'guest-order': the verified phone (cookie), the form checked as a shopper's is, the order placed. */
async function guestOrder(
  request: Request,
  context: Route.ActionArgs['context'],
  form: Record<string, unknown>,
  clientAddressKey: string,
): Promise<GuestAnswer> {
  const phone = guestPhoneOf(request, context);
  if (!phone) {
    return {
      status: 403,
      body: {
        ok: false,
        notice: {
          title: 'Please confirm your phone',
          description:
            'Your phone number is not confirmed on this device, or its confirmation has expired. Please ask for a new code.',
        },
      },
    };
  }
  const parsed = guestOrderSchema.safeParse(form);
  if (!parsed.success)
    return { status: 400, body: { ok: false, errors: fieldErrors(parsed.error) } };
  const checked = checkIndianAddress(parsed.data);
  if (!checked.ok) return { status: 400, body: { ok: false, errors: checked.errors } };
  parsed.data.district = checked.address.district;
  const gstinProblem = gstinStateProblem(parsed.data.gstin, parsed.data.state);
  if (gstinProblem) return { status: 400, body: { ok: false, errors: { gstin: gstinProblem } } };
  try {
    const guestOrder = await placeGuestOrder(context, {
      phone,
      form: parsed.data,
      clientAddress: clientAddressKey,
    });
    return { status: 200, body: { ok: true, guestOrder } };
  } catch (error) {
    const failure = placeOrderFailure(error);
    return {
      status: failure.status,
      body: { ok: false, notice: failure.notice },
      headers: failure.retryAfterS ? { 'Retry-After': String(failure.retryAfterS) } : undefined,
    };
  }
}

/** The signed-in checkout, or (issue 32 item 5) the guest's. */
export default function Checkout() {
  const data = useLoaderData<typeof loader>();
  if (data.mode === 'guest') return <GuestCheckout {...data} />;
  return <ShopperCheckout data={data} />;
}

type ShopperData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { mode: 'shopper' }>;

function ShopperCheckout({ data }: { data: ShopperData }) {
  const { cart, prefill, coupon, savedAddresses } = data;
  const couponField = useCartCoupon(cart, { initial: coupon });
  // Issue 32 item 2: the delivery choice, the shipping row and the total with shipping.
  const { shippingQuote, pickupEnabled } = data;
  const site = useSiteSettings();
  const [delivery, askQuote] = useDelivery(shippingQuote);
  const beforeFeePaise =
    cart.totalPaise - (coupon?.applies ? coupon.discountPaise : 0) + (delivery.shippingPaise ?? 0);
  // Issue 32 item 3: the payment choice and the COD fee.
  const { cod: codSettings } = data;
  const paymentChoice = usePaymentChoice({
    settings: codSettings,
    delivery,
    lines: cart.lines,
    amountPaise: beforeFeePaise,
  });
  const payablePaise = beforeFeePaise + paymentChoice.feePaise;
  const navigate = useNavigate();
  const fetcher = useFetcher<CheckoutAnswer>();
  const { shopName } = useSiteSettings();
  const payment = usePayment(shopName);
  const [clientErrors, setClientErrors] = useState<FieldErrors<CheckoutField>>({});
  const checks = useRef<CheckoutChecks | null>(null);
  const loadChecks = () => {
    if (!checks.current) void loadCheckoutChecks().then((module) => (checks.current = module));
  };
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const errors = { ...(answer && !answer.ok ? (answer.errors ?? {}) : {}), ...clientErrors };

  useEffect(() => {
    if (!answer) return;
    if (answer.ok && 'cod' in answer) void navigate(answer.cod.orderPath);
    else if (answer.ok) void payment.start(answer.payment);
    else if (answer.notice)
      toast.error(answer.notice.title, { description: answer.notice.description });
    else
      toast.error('Please check the form', { description: Object.values(answer.errors ?? {})[0] });
    // `payment` changes identity every render; the answer is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form));
    // Until the checks have loaded (a submit before any field had the focus), the action's
    // same checks answer instead.
    const parsed = checks.current?.checkoutSchema.safeParse(values);
    let found: FieldErrors<CheckoutField> = {};
    if (parsed && !parsed.success) found = fieldErrors<CheckoutField>(parsed.error);
    else {
      // Issue 32 item 1: the address fields' PIN code check (unknown, or in another state).
      const pincodeInput = form.elements.namedItem('pincode') as HTMLInputElement | null;
      const addressProblem = pincodeInput?.validationMessage ?? '';
      const gstin = parsed ? parsed.data.gstin : String(values.gstin ?? '').toUpperCase();
      const state = parsed ? parsed.data.state : String(values.state ?? '');
      const gstinProblem = addressProblem ? null : gstinStateProblem(gstin, state);
      if (addressProblem) found = { pincode: addressProblem };
      else if (gstinProblem) found = { gstin: gstinProblem };
    }
    const [first, message] = Object.entries(found)[0] ?? [];
    if (!first) {
      setClientErrors({});
      return;
    }
    event.preventDefault();
    setClientErrors(found);
    form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    toast.error('Please check the form', { description: message as string | undefined });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-4xl font-semibold">Checkout</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_380px]">
        <Card asChild className="grid gap-4 sm:grid-cols-2">
          <fetcher.Form
            method="post"
            noValidate
            onSubmit={onSubmit}
            onFocus={loadChecks}
            aria-label="Delivery details"
          >
            <h2 className="text-xl font-semibold sm:col-span-2">Delivery details</h2>
            {(['name', 'email', 'phone'] as const).map((field) => (
              <FormField
                key={field}
                id={`checkout-${field}`}
                name={field}
                label={labels[field]}
                type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                autoComplete={field === 'name' ? 'name' : field === 'email' ? 'email' : 'tel'}
                inputMode={field === 'phone' ? 'tel' : undefined}
                required
                defaultValue={prefill[field] ?? ''}
                error={errors[field]}
                className={field === 'name' ? 'sm:col-span-2' : undefined}
              />
            ))}
            <AddressFields
              idPrefix="checkout"
              defaults={prefill}
              errors={errors}
              saved={savedAddresses.map(({ isDefault: _default, ...saved }) => saved)}
              onPincodeChange={askQuote}
            />
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input type="checkbox" name="saveAddress" className="size-4" />
              {labels.saveAddress}
            </label>
            <FormField
              id="checkout-gstin"
              name="gstin"
              label={labels.gstin}
              autoComplete="off"
              maxLength={15}
              defaultValue=""
              error={errors.gstin}
              className="uppercase"
            />
            <FormField
              id="checkout-gstin-name"
              name="gstinName"
              label={labels.gstinName}
              autoComplete="organization"
              maxLength={200}
              defaultValue=""
              error={errors.gstinName}
            />
            <DeliveryChoice
              delivery={delivery}
              pickup={
                pickupEnabled ? { address: formatAddress(site.address), hours: site.hours } : null
              }
            />
            <PaymentChoice payment={paymentChoice} settings={codSettings} />
            <Button
              type="submit"
              size="lg"
              className="sm:col-span-2"
              disabled={busy || !cart.payable}
            >
              {busy
                ? 'Placing your order…'
                : paymentChoice.method === 'cod'
                  ? `Place order, pay ${formatRupees(payablePaise)} on delivery`
                  : // Before the PIN code is quoted the charge is unknown: say it is still to come.
                    `Pay ${formatRupees(payablePaise)}${delivery.shippingPaise === null ? ' + shipping' : ''}`}
            </Button>
          </fetcher.Form>
        </Card>
        <Section heading="Order summary" className="h-fit">
          <SummaryLines lines={cart.lines} />
          <div className="mt-4 border-t border-border pt-4">
            <CouponField idPrefix="checkout" state={couponField} />
          </div>
          <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-1 border-t border-border pt-4">
            <dt>Subtotal</dt>
            <dd>{formatRupees(cart.subtotalPaise)}</dd>
            <DiscountRow coupon={coupon} />
            <ShippingRow delivery={delivery} />
            <CodFeeRow payment={paymentChoice} />
            <dt className="text-lg font-semibold">Total</dt>
            <dd className="text-lg font-semibold">{formatRupees(payablePaise)}</dd>
          </dl>
        </Section>
      </div>
      {payment.dialog}
    </div>
  );
}
