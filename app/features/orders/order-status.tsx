/** An order's payment status and fulfilment step as labelled badges (the word, not only a colour). */
import { cn } from '~/lib/utils';
import { FULFILMENT_STEPS, type FulfilmentStatus } from './fulfilment';
import type { OrderStatus, OrderSummary } from './orders.server';

const styles: Record<OrderStatus, { label: string; className: string }> = {
  created: { label: 'Awaiting payment', className: 'bg-amber-100 text-amber-900' },
  paid: { label: 'Paid', className: 'bg-emerald-100 text-emerald-900' },
  failed: { label: 'Payment failed', className: 'bg-red-100 text-red-900' },
  cancelled: { label: 'Cancelled', className: 'bg-stone-200 text-stone-800' },
};

const badge = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

const partPaid = { label: 'Part paid', className: 'bg-sky-100 text-sky-900' };
const cashOnDelivery = { label: 'Cash on delivery', className: 'bg-amber-100 text-amber-900' };

/**
 * The payment status; an order still awaiting payment that has received some (`paidPaise` > 0,
 * a bespoke order's advance) reads 'Part paid', and a cash-on-delivery one (`paymentMethod`
 * 'cod', issue 32 item 3) 'Cash on delivery': it is paid to the courier, not awaited online.
 */
export function OrderStatusBadge({
  status,
  paidPaise = 0,
  paymentMethod = 'online',
}: {
  status: OrderStatus;
  paidPaise?: number;
  paymentMethod?: 'online' | 'cod';
}) {
  const style =
    status !== 'created'
      ? styles[status]
      : paidPaise > 0
        ? partPaid
        : paymentMethod === 'cod'
          ? cashOnDelivery
          : styles.created;
  return <span className={cn(badge, style.className)}>{style.label}</span>;
}

const fulfilmentStyles: Record<FulfilmentStatus, string> = {
  confirmed: 'bg-sky-100 text-sky-900',
  measuring: 'bg-indigo-100 text-indigo-900',
  cutting: 'bg-violet-100 text-violet-900',
  stitching: 'bg-fuchsia-100 text-fuchsia-900',
  fitting: 'bg-orange-100 text-orange-900',
  ready: 'bg-teal-100 text-teal-900',
  delivered: 'bg-emerald-600 text-white',
};

/** The fulfilment step an order reached, e.g. 'Cutting'. */
export function FulfilmentBadge({ status }: { status: FulfilmentStatus }) {
  return (
    <span className={cn(badge, fulfilmentStyles[status])}>{FULFILMENT_STEPS[status].label}</span>
  );
}

/** The payment status and, once the shop has confirmed the order, its fulfilment step. */
export function OrderBadges({
  status,
  fulfilmentStatus,
  paidPaise,
  paymentMethod,
}: Pick<OrderSummary, 'status' | 'fulfilmentStatus'> & {
  paidPaise?: number;
  paymentMethod?: 'online' | 'cod';
}) {
  return (
    <span className="flex flex-wrap gap-1">
      <OrderStatusBadge status={status} paidPaise={paidPaise} paymentMethod={paymentMethod} />
      {fulfilmentStatus && <FulfilmentBadge status={fulfilmentStatus} />}
    </span>
  );
}
