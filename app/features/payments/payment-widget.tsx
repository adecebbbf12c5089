/**
 * Opening the payment for a placed order (SPEC.md section 7 "Payment"; DESIGN.md "Runtime
 * contract" 7): Razorpay's checkout.js, loaded on demand, or the in-page 'Sandbox payment'
 * dialog with 'Pay', 'Fail payment' and 'Cancel'. Both end in the same server paths:
 * /api/payments/confirm with the signed payment, the webhook for failures. Closing the widget
 * leaves the order awaiting payment (issue 29 item 6: paid again or cancelled from its page).
 */
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '~/components/ui/toaster';
import { useCart } from '~/features/cart/cart-context';
import type { PaymentStart } from './payment-start.server';

const SandboxPaymentDialog = lazy(() => import('./sandbox-payment-dialog'));

const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
const FAILED = {
  title: 'Checkout failed',
  description: 'There was an error processing your order. Please try again.',
};

interface SignedPayment {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

async function post(
  path: string,
  body: object,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Loads Razorpay's script once; resolves false when it cannot be loaded. */
function loadCheckoutScript(): Promise<boolean> {
  if ((window as { Razorpay?: unknown }).Razorpay) return Promise.resolve(true);
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => resolve(Boolean((window as { Razorpay?: unknown }).Razorpay));
    script.onerror = () => resolve(false);
    document.head.append(script);
  });
}

/**
 * Where a payment's steps post: the checkout's order (the defaults) or a bespoke order's
 * advance or balance (`/api/payments/order-*`, issue 21 item 4). `cancel`, when set, is told
 * that the widget was closed; null for both: closing it changes nothing on the order.
 */
export interface PaymentPaths {
  confirm: string;
  sandbox: string;
  cancel: string | null;
}

const CHECKOUT_PATHS: PaymentPaths = {
  confirm: '/api/payments/confirm',
  sandbox: '/api/payments/sandbox',
  cancel: null,
};

/**
 * The hook behind a page's payment: `start(payment)` opens the right widget. Checkout's by
 * default (on success the cart is refreshed and the shopper goes to the order's page, which
 * says it is confirmed: issue 29 item 6); with `onPaid`, the order page's (on success
 * `onPaid` runs instead).
 */
export function usePayment(
  shopName: string,
  options: { paths?: PaymentPaths; onPaid?: () => void } = {},
) {
  const paths = options.paths ?? CHECKOUT_PATHS;
  const navigate = useNavigate();
  const cart = useCart();
  const [sandbox, setSandbox] = useState<PaymentStart | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async (payment: PaymentStart, signed: SignedPayment) => {
    try {
      const answer = await post(paths.confirm, {
        orderNumber: payment.orderNumber,
        ...signed,
      });
      if (answer.status >= 400) {
        toast.error(answer.status >= 500 ? 'Error updating order' : FAILED.title, {
          description:
            answer.status >= 500
              ? 'Your payment was received; we will confirm your order shortly.'
              : String(answer.body.error ?? FAILED.description),
        });
        return;
      }
      if (options.onPaid) {
        toast.success('Payment successful', {
          description: `Thank you! We have received your payment for order ${payment.orderNumber}.`,
        });
        options.onPaid();
        return;
      }
      await cart.refresh();
      toast.success('Payment successful', {
        description: `Thank you! Your order ${payment.orderNumber} is confirmed.`,
      });
      void navigate(`/account/orders/${encodeURIComponent(payment.orderNumber)}`);
    } catch {
      toast.error('Error updating order', {
        description: 'Your payment was received; we will confirm your order shortly.',
      });
    }
  };

  const cancel = async (payment: PaymentStart) => {
    if (paths.cancel) {
      await post(paths.cancel, { orderNumber: payment.orderNumber }).catch(() => null);
    }
    toast('Payment cancelled', {
      description: `Order ${payment.orderNumber} is waiting for payment: pay it or cancel it from Your Orders.`,
    });
  };

  const start = async (payment: PaymentStart) => {
    if (payment.provider === 'sandbox') {
      setSandbox(payment);
      return;
    }
    if (!(await loadCheckoutScript())) {
      toast.error('Payment Error', {
        description: 'Payment gateway is not available. Please try again later.',
      });
      return;
    }
    const Razorpay = (
      window as unknown as {
        Razorpay: new (options: object) => {
          open(): void;
          on(event: string, fn: () => void): void;
        };
      }
    ).Razorpay;
    const widget = new Razorpay({
      key: payment.keyId,
      amount: payment.amountPaise,
      currency: payment.currency,
      order_id: payment.providerOrderId,
      name: shopName,
      description: `Order ${payment.orderNumber}`,
      prefill: payment.prefill,
      notes: payment.notes,
      theme: { color: '#7a1f2b' },
      handler: (signed: SignedPayment) => void confirm(payment, signed),
      // Browsers that cannot show the modal (in-app browsers) pay by redirect and land here.
      callback_url: `${window.location.origin}/api/payments/callback`,
      modal: { ondismiss: () => void cancel(payment) },
    });
    widget.on('payment.failed', () =>
      toast.error(FAILED.title, { description: FAILED.description }),
    );
    widget.open();
  };

  const sandboxAct = async (outcome: 'pay' | 'fail' | 'cancel') => {
    const payment = sandbox;
    if (!payment) return;
    setBusy(true);
    try {
      if (outcome === 'cancel') {
        await cancel(payment);
      } else if (outcome === 'fail') {
        await post(paths.sandbox, {
          orderNumber: payment.orderNumber,
          providerOrderId: payment.providerOrderId,
          outcome: 'fail',
        });
        toast.error(FAILED.title, { description: FAILED.description });
      } else {
        const answer = await post(paths.sandbox, {
          orderNumber: payment.orderNumber,
          providerOrderId: payment.providerOrderId,
          outcome: 'pay',
        });
        if (answer.status >= 400) {
          toast.error(FAILED.title, {
            description: String(answer.body.error ?? FAILED.description),
          });
        } else {
          await confirm(payment, answer.body as unknown as SignedPayment);
        }
      }
    } catch {
      toast.error(FAILED.title, { description: FAILED.description });
    } finally {
      setBusy(false);
      setSandbox(null);
    }
  };

  // The sandbox's dialog (Radix) loads when a sandbox payment opens, not with the page: the
  // checkout's first load stays within the bench's script budget (issue 32 "Budget").
  const dialog =
    sandbox === null ? null : (
      <Suspense fallback={null}>
        <SandboxPaymentDialog
          payment={sandbox}
          busy={busy}
          onAct={(outcome) => void sandboxAct(outcome)}
        />
      </Suspense>
    );

  return { start, dialog };
}
