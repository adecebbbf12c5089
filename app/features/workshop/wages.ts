/**
 * The words of the workers' month (issue 31 item 8) that the screens and the server share.
 */
import type { WorkerPaymentMethod } from '~/lib/schema-enums';

/** The words of each way of paying a worker. */
export const WORKER_PAYMENT_METHOD_LABELS: Record<WorkerPaymentMethod, string> = {
  cash: 'Cash',
  upi: 'UPI',
  bank: 'Bank transfer',
};
