/**
 * The "Cash on delivery" section of /admin/orders/:number (issue 32 item 3): for a COD order,
 * whether the shopper confirmed it with their code (or staff confirm it for a customer who
 * confirmed on the phone: intent `confirm-cod-order`), and the form where staff record the
 * courier's remittance (amount, date, reference: intent `record-cod-remittance`), which puts
 * the cash in the ledger and, when it covers the balance, makes the order paid and issues its
 * invoice. Renders nothing for other orders.
 */
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { formatRupeesExact, paiseToRupeesText } from '~/lib/money';
import { formatShopDateTime, shopDateOf } from '~/lib/shop-time';

/** The COD section of an order: nothing unless `order.paymentMethod` is 'cod'. */
export function CodSection({
  order,
  balancePaise,
}: {
  order: {
    number: string;
    status: string;
    paymentMethod: 'online' | 'cod';
    codFeePaise: number;
    codConfirmedAt: string | null;
  };
  /** What the order still owes (paise). */
  balancePaise: number;
}) {
  const fetcher = useAdminFetcher();
  if (order.paymentMethod !== 'cod') return null;
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {};
  return (
    <Section heading="Cash on delivery" className="mt-6">
      <p className="mt-3 text-sm">
        {order.codConfirmedAt
          ? `Confirmed by the customer's code on ${formatShopDateTime(order.codConfirmedAt)}.`
          : order.status === 'cancelled'
            ? 'Not confirmed by the customer in time.'
            : 'Awaiting the customer’s confirmation code.'}
        {order.codFeePaise > 0 ? ` COD fee: ${formatRupeesExact(order.codFeePaise)}.` : ''}
      </p>
      {!order.codConfirmedAt && order.status === 'created' && (
        <StaffConfirmation number={order.number} />
      )}
      {order.status !== 'paid' && order.status !== 'cancelled' && balancePaise > 0 && (
        <fetcher.Form
          method="post"
          className="mt-4 grid gap-3 border-t border-border pt-4"
          aria-labelledby="cod-remittance-heading"
        >
          <h3 id="cod-remittance-heading" className="font-semibold">
            Record the courier’s remittance
          </h3>
          <input type="hidden" name="intent" value="record-cod-remittance" />
          <input type="hidden" name="number" value={order.number} />
          <FormField
            id="cod-amount"
            name="amount"
            label="Amount remitted (₹)"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={paiseToRupeesText(balancePaise)}
            hint={`Balance due: ${formatRupeesExact(balancePaise)}`}
            error={errors.amount}
            required
          />
          <FormField
            id="cod-date"
            name="date"
            type="date"
            label="Date received"
            defaultValue={shopDateOf(new Date())}
            error={errors.date}
            required
          />
          <FormField
            id="cod-reference"
            name="reference"
            label="Remittance reference"
            autoComplete="off"
            maxLength={100}
            error={errors.reference}
            required
          />
          <Button
            type="submit"
            disabled={fetcher.state !== 'idle'}
            className="min-h-11 sm:min-h-10"
          >
            {fetcher.state !== 'idle' ? 'Recording…' : 'Record remittance'}
          </Button>
        </fetcher.Form>
      )}
    </Section>
  );
}

/**
 * For a customer who confirms to staff (on the phone, at the counter) instead of with the code:
 * `confirm-cod-order` with how they confirmed, which the audit log keeps.
 */
function StaffConfirmation({ number }: { number: string }) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {};
  return (
    <fetcher.Form
      method="post"
      className="mt-4 grid gap-3 border-t border-border pt-4"
      aria-labelledby="cod-confirm-heading"
    >
      <h3 id="cod-confirm-heading" className="font-semibold">
        Confirm for the customer
      </h3>
      <input type="hidden" name="intent" value="confirm-cod-order" />
      <input type="hidden" name="number" value={number} />
      <FormField
        id="cod-confirm-how"
        name="how"
        label="How the customer confirmed"
        autoComplete="off"
        maxLength={200}
        hint="For example: On the phone with the customer, 11:40."
        error={errors.how}
        required
      />
      <Button
        type="submit"
        variant="outline"
        disabled={fetcher.state !== 'idle'}
        className="min-h-11 sm:min-h-10"
      >
        {fetcher.state !== 'idle' ? 'Confirming…' : 'Confirm order'}
      </Button>
    </fetcher.Form>
  );
}
