/** An order's status as a labelled badge. */
import { cn } from '~/lib/utils';
import type { OrderStatus } from './orders.server';

const styles: Record<OrderStatus, { label: string; className: string }> = {
  created: { label: 'Awaiting payment', className: 'bg-amber-100 text-amber-900' },
  paid: { label: 'Paid', className: 'bg-emerald-100 text-emerald-900' },
  failed: { label: 'Payment failed', className: 'bg-red-100 text-red-900' },
  cancelled: { label: 'Cancelled', className: 'bg-stone-200 text-stone-800' },
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const style = styles[status];
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold',
        style.className,
      )}
    >
      {style.label}
    </span>
  );
}
