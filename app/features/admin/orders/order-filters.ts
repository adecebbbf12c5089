/**
 * The filters of /admin/orders (`?status=`): by payment status, by fulfilment step, and the
 * paid orders nobody has confirmed yet. Shared by the server and the screen.
 */
import {
  FULFILMENT_STATUSES,
  FULFILMENT_STEPS,
  type FulfilmentStatus,
} from '~/features/orders/fulfilment';

/** Payment statuses as filters, in the order the screen offers them. */
export const PAYMENT_FILTERS = ['created', 'paid', 'failed', 'cancelled'] as const;

/** Paid orders without a fulfilment step yet: the shop's to-do list. */
export const TO_CONFIRM = 'to-confirm';

/** Every value `?status=` may take. */
export const ORDER_FILTERS = [...PAYMENT_FILTERS, TO_CONFIRM, ...FULFILMENT_STATUSES] as const;

/** One of {@link ORDER_FILTERS}. */
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/** The words the screen uses for each filter. */
export const ORDER_FILTER_LABELS: Record<OrderFilter, string> = {
  created: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  cancelled: 'Cancelled',
  [TO_CONFIRM]: 'To confirm',
  ...(Object.fromEntries(
    FULFILMENT_STATUSES.map((status) => [status, FULFILMENT_STEPS[status].label]),
  ) as Record<FulfilmentStatus, string>),
};

/** True for one of {@link ORDER_FILTERS}. */
export function isOrderFilter(value: unknown): value is OrderFilter {
  return (ORDER_FILTERS as readonly unknown[]).includes(value);
}
