/**
 * The sandbox provider's payment dialog (DESIGN.md "Runtime contract" 7): 'Pay', 'Fail payment'
 * and 'Cancel' for a test payment of `payment.amountPaise` paise, no money moving. Loaded by
 * `usePayment` only when a sandbox payment opens. Closing it counts as 'Cancel' unless a step
 * is running (`busy`).
 */
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog';
import { formatRupees } from '~/lib/money';
import type { PaymentStart } from './payment-start.server';

export default function SandboxPaymentDialog(props: {
  payment: PaymentStart;
  busy: boolean;
  onAct: (outcome: 'pay' | 'fail' | 'cancel') => void;
}) {
  const { payment, busy, onAct } = props;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onAct('cancel')}>
      <DialogContent>
        <DialogTitle>Sandbox payment</DialogTitle>
        <DialogDescription>
          Test payments only: no money moves. Order {payment.orderNumber}, amount{' '}
          <strong>{formatRupees(payment.amountPaise)}</strong>.
        </DialogDescription>
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" disabled={busy} onClick={() => onAct('cancel')}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={busy} onClick={() => onAct('fail')}>
            Fail payment
          </Button>
          <Button type="button" disabled={busy} onClick={() => onAct('pay')}>
            Pay
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
