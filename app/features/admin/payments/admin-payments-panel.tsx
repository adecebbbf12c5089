/**
 * The money of one order in the back office (issue 21 items 4 and 6): the balance computed
 * from the ledger, every payment and refund row (with the payment link to copy and a retry for
 * a refund the provider did not answer, and 'Withdraw link' for a link not yet paid, so its
 * amount can be taken at the counter), and the forms to record a cash or UPI payment, send a
 * payment link and refund a payment. A refund names the invoice lines returned and a quantity
 * (or length) of each, its amount shown as the server computes it (issue 29 item 3), or, when
 * staff choose it, a goodwill amount spread over the invoice. Every outcome is a toast; a
 * field's refusal is shown beside it.
 */
import { CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { FieldError, FormField } from '~/components/ui/form-field';
import { ConfirmDialog } from '~/features/admin/shared/confirm-dialog';
import { Label } from '~/components/ui/label';
import { toast } from '~/components/ui/toaster';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { formatRupeesExact, paiseToRupeesText } from '~/lib/money';
import type { ReturnableLine } from '~/features/invoices/invoices.server';
import {
  formatReturnQuantity,
  isLengthUnit,
  readReturnQuantity,
  returnCredit,
} from '~/features/invoices/refund-lines';
import { formatShopDateTime } from '~/lib/shop-time';
import {
  METHOD_LABELS,
  STATUS_LABELS,
  type CounterOffer,
  type OrderBalance,
} from '~/features/payments/ledger';
import type { AdminPaymentView } from '~/features/payments/ledger.server';
import { BalanceSummary } from '~/features/payments/order-payments';

const SELECT =
  'h-11 w-full rounded-md border border-border bg-white px-3 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:h-10 md:text-sm';

/** What the panel shows: the order's number and state, its rows and balance. */
export interface AdminPaymentsProps {
  number: string;
  status: string;
  rows: AdminPaymentView[];
  balance: OrderBalance;
  /** The lines of the order's tax invoice a refund may return (none before it is paid). */
  lines: ReturnableLine[];
  /** What the counter offers, from the loader (the agreed advance or the balance). */
  counter: CounterOffer;
}

export function AdminPaymentsPanel(props: AdminPaymentsProps) {
  const refundable = props.rows.filter((row) => row.refundablePaise > 0);
  const open = props.status !== 'cancelled' && props.balance.balancePaise > 0;
  const { counter } = props;
  return (
    <Section heading="Payments" padding="md">
      <div className="mt-3 grid gap-4">
        <BalanceSummary balance={props.balance} />
        {props.balance.balancePaise < 0 && (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            Overpaid by {formatRupeesExact(-props.balance.balancePaise)}: two payments were taken
            for the same amount. Refund the difference below.
          </p>
        )}
        <PaymentRows number={props.number} rows={props.rows} />
        {open && (
          <>
            <CounterPaymentForm number={props.number} counter={counter} />
            <PaymentLinkForm number={props.number} counter={counter} />
          </>
        )}
        {refundable.length > 0 && (
          <RefundForm number={props.number} payments={refundable} lines={props.lines} />
        )}
      </div>
    </Section>
  );
}

function PaymentRows({ number, rows }: { number: string; rows: AdminPaymentView[] }) {
  if (rows.length === 0) {
    return <p className="text-sm text-muted-foreground">No payments recorded yet.</p>;
  }
  return (
    <ul aria-label="Payments and refunds" className="grid gap-2">
      {rows.map((row) => (
        <li key={row.id} className="rounded-md border border-border p-3 text-sm">
          <p className="flex flex-wrap justify-between gap-2">
            <span className="font-medium">
              {row.kind === 'refund' ? 'Refund' : 'Payment'} #{row.id} · {METHOD_LABELS[row.method]}
            </span>
            <span className="font-medium tabular-nums">{formatRupeesExact(row.amountPaise)}</span>
          </p>
          <p className="text-muted-foreground">
            {STATUS_LABELS[row.status]} ·{' '}
            <time dateTime={row.createdAt}>{formatShopDateTime(row.createdAt)}</time>
            {row.recordedByEmail && <> · by {row.recordedByEmail}</>}
          </p>
          {row.reference && <p>Reference: {row.reference}</p>}
          {row.reason && <p>Reason: {row.reason}</p>}
          {(row.providerPaymentId ?? row.providerRefundId) && (
            <p className="font-mono text-xs break-all">
              {row.providerRefundId ?? row.providerPaymentId}
            </p>
          )}
          {row.linkUrl && row.status === 'pending' && <LinkToCopy url={row.linkUrl} />}
          {row.method === 'payment_link' && row.status === 'pending' && (
            <WithdrawLink number={number} paymentId={row.id} amountPaise={row.amountPaise} />
          )}
          {row.retryable && <RetryRefund number={number} refundId={row.id} />}
        </li>
      ))}
    </ul>
  );
}

function LinkToCopy({ url }: { url: string }) {
  const copy = () => {
    void navigator.clipboard
      .writeText(url)
      .then(() => toast.success('Payment link copied'))
      .catch(() => toast.error('The link could not be copied: select it and copy it.'));
  };
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2">
      <a href={url} className="font-mono text-xs break-all text-primary underline">
        {url}
      </a>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={copy}
        className="min-h-11 sm:min-h-9"
      >
        <CopyIcon aria-hidden /> Copy link
      </Button>
    </p>
  );
}

/**
 * 'Withdraw link' on a link not yet paid, after a confirmation: the customer can no longer pay
 * it and its amount is free for the counter (intent 'withdraw-payment-link').
 */
function WithdrawLink(props: { number: string; paymentId: number; amountPaise: number }) {
  const [open, setOpen] = useState(false);
  const fetcher = useAdminFetcher({ onSuccess: () => setOpen(false) });
  const amount = formatRupeesExact(props.amountPaise);
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="mt-2 min-h-11 sm:min-h-9"
        onClick={() => setOpen(true)}
      >
        Withdraw link
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Withdraw the payment link for ${amount}?`}
        description={`The customer can no longer pay it, and ${amount} can then be taken at the counter. If they paid it a moment ago, the payment is kept on the order.`}
        confirmLabel="Withdraw link"
        busyLabel="Withdrawing…"
        busy={fetcher.state !== 'idle'}
        onConfirm={() =>
          void fetcher.submit(
            {
              intent: 'withdraw-payment-link',
              number: props.number,
              paymentId: String(props.paymentId),
            },
            { method: 'post' },
          )
        }
      />
    </>
  );
}

function RetryRefund({ number, refundId }: { number: string; refundId: number }) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post" className="mt-2">
      <input type="hidden" name="intent" value="retry-refund" />
      <input type="hidden" name="number" value={number} />
      <input type="hidden" name="refundId" value={refundId} />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== 'idle'}>
        Retry refund
      </Button>
    </fetcher.Form>
  );
}

/**
 * The counter payment's form. Its fetcher lives outside the fields, which start afresh (keyed)
 * after each success and whenever the server's figures change: a remount with the page's new
 * data must not take the fetcher, and so the outcome's toast, with it.
 */
function CounterPaymentForm({ number, counter }: { number: string; counter: CounterOffer }) {
  const [sent, setSent] = useState(0);
  const fetcher = useAdminFetcher({ onSuccess: () => setSent((k) => k + 1) });
  return (
    <CounterPaymentFields
      key={`${sent}:${counter.suggestedPaise}:${counter.freePaise}:${counter.balancePaise}`}
      fetcher={fetcher}
      number={number}
      counter={counter}
    />
  );
}

function CounterPaymentFields({
  fetcher,
  number,
  counter,
}: {
  fetcher: ReturnType<typeof useAdminFetcher>;
  number: string;
  counter: CounterOffer;
}) {
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {};
  const [method, setMethod] = useState<'cash' | 'upi'>('upi');
  const [amount, setAmount] = useState(paiseToRupeesText(counter.suggestedPaise));
  const offers = [
    ...(counter.advance
      ? [
          {
            label: `Advance (${counter.advance.percent}%): ${formatRupeesExact(counter.advance.amountPaise)}`,
            paise: counter.advance.amountPaise,
          },
        ]
      : []),
    ...(counter.freePaise > 0
      ? [{ label: `Balance: ${formatRupeesExact(counter.freePaise)}`, paise: counter.freePaise }]
      : []),
  ];
  return (
    <fetcher.Form
      method="post"
      className="grid gap-3 border-t border-border pt-4"
      aria-labelledby="counter-heading"
    >
      <h3 id="counter-heading" className="font-semibold">
        Record a counter payment
      </h3>
      <input type="hidden" name="intent" value="record-payment" />
      <input type="hidden" name="number" value={number} />
      <div className="grid gap-2">
        <Label htmlFor="counter-method">Method</Label>
        <select
          id="counter-method"
          name="method"
          value={method}
          onChange={(event) => setMethod(event.target.value as 'cash' | 'upi')}
          className={SELECT}
        >
          <option value="upi">UPI</option>
          <option value="cash">Cash</option>
        </select>
      </div>
      {offers.length > 0 && (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Amounts to take">
          {offers.map((offer) => (
            <Button
              key={offer.label}
              type="button"
              size="sm"
              variant={amount === paiseToRupeesText(offer.paise) ? 'default' : 'outline'}
              aria-pressed={amount === paiseToRupeesText(offer.paise)}
              onClick={() => setAmount(paiseToRupeesText(offer.paise))}
              className="min-h-11 sm:min-h-9"
            >
              {offer.label}
            </Button>
          ))}
        </div>
      )}
      <FormField
        id="counter-amount"
        name="amount"
        label="Payment amount (₹)"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        hint={`${counter.advance ? `Advance due (${counter.advance.percent}%): ${formatRupeesExact(counter.advance.amountPaise)} · ` : ''}Balance due: ${formatRupeesExact(counter.balancePaise)}${counter.pendingLinksPaise > 0 ? ` (${formatRupeesExact(counter.pendingLinksPaise)} of it asked for by a link)` : ''}`}
        error={errors.amount}
        required
      />
      <FormField
        id="counter-reference"
        name="reference"
        label={method === 'upi' ? 'UPI transaction reference' : 'Receipt number (optional)'}
        autoComplete="off"
        maxLength={100}
        error={errors.reference}
        required={method === 'upi'}
      />
      <Button type="submit" disabled={fetcher.state !== 'idle'} className="min-h-11 sm:min-h-10">
        {fetcher.state !== 'idle' ? 'Recording…' : 'Record payment'}
      </Button>
    </fetcher.Form>
  );
}

function PaymentLinkForm(props: { number: string; counter: CounterOffer }) {
  const { number, counter } = props;
  const { pendingLinksPaise } = counter;
  const [key, setKey] = useState(0);
  const fetcher = useAdminFetcher({ onSuccess: () => setKey((k) => k + 1) });
  const askable = counter.suggestedPaise;
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {};
  return (
    // Afresh after each success and whenever the server's figures change; the fetcher stays.
    <fetcher.Form
      key={`${key}:${counter.freePaise}:${pendingLinksPaise}`}
      method="post"
      className="grid gap-3 border-t border-border pt-4"
      aria-labelledby="link-heading"
    >
      <h3 id="link-heading" className="font-semibold">
        Send a payment link
      </h3>
      <input type="hidden" name="intent" value="send-payment-link" />
      <input type="hidden" name="number" value={number} />
      <FormField
        id="link-amount"
        name="amount"
        label="Link amount (₹)"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={askable > 0 ? paiseToRupeesText(askable) : ''}
        hint={`The advance, the balance or any amount up to the balance${pendingLinksPaise > 0 ? ` less the ${formatRupeesExact(pendingLinksPaise)} already asked for by a link` : ''}. The customer gets it by e-mail and WhatsApp.`}
        error={errors.amount}
        required
      />
      <Button
        type="submit"
        variant="outline"
        disabled={fetcher.state !== 'idle'}
        className="min-h-11 sm:min-h-10"
      >
        {fetcher.state !== 'idle' ? 'Sending…' : 'Send payment link'}
      </Button>
    </fetcher.Form>
  );
}

/** What a refund is for: lines returned, or a goodwill amount spread over the invoice. */
type RefundBasis = 'lines' | 'goodwill';

function RefundForm(props: {
  number: string;
  payments: AdminPaymentView[];
  lines: ReturnableLine[];
}) {
  const { number, payments, lines } = props;
  const [key, setKey] = useState(0);
  const fetcher = useAdminFetcher({
    onSuccess: () => {
      setKey((k) => k + 1);
      setTyped({});
    },
  });
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {};
  const [chosen, setChosen] = useState(payments[0]!.id);
  const payment = payments.find((row) => row.id === chosen) ?? payments[0]!;
  const counter = payment.method === 'cash' || payment.method === 'upi';
  const returnable = lines.filter((line) => line.returnedCenti < line.soldCenti);
  const [basis, setBasis] = useState<RefundBasis | undefined>(
    returnable.length > 0 ? 'lines' : undefined,
  );
  const [typed, setTyped] = useState<Record<number, string>>({});
  // The same figure the server computes from the quantities (features/invoices/refund-lines).
  const linesPaise = returnable.reduce((sum, line) => {
    const reading = readReturnQuantity(typed[line.index] ?? '', line.unit);
    const left = line.soldCenti - line.returnedCenti;
    if (!reading.ok || reading.centi === 0 || reading.centi > left) return sum;
    return sum + returnCredit(line, reading.centi);
  }, 0);
  return (
    <fetcher.Form
      key={key}
      method="post"
      className="grid gap-3 border-t border-border pt-4"
      aria-labelledby="refund-heading"
    >
      <h3 id="refund-heading" className="font-semibold">
        Refund
      </h3>
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="number" value={number} />
      <div className="grid gap-2">
        <Label htmlFor="refund-payment">Payment to refund</Label>
        <select
          id="refund-payment"
          name="paymentId"
          value={payment.id}
          onChange={(event) => setChosen(Number(event.target.value))}
          className={SELECT}
          aria-describedby="refund-payment-error"
        >
          {payments.map((row) => (
            <option key={row.id} value={row.id}>
              #{row.id} {METHOD_LABELS[row.method]}: {formatRupeesExact(row.refundablePaise)} left
            </option>
          ))}
        </select>
        <FieldError id="refund-payment-error" message={errors.paymentId} />
      </div>
      <fieldset className="grid gap-2" aria-describedby="refund-basis-error">
        <legend className="mb-1 text-sm font-medium">What is refunded</legend>
        {returnable.length > 0 && (
          <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-9">
            <input
              type="radio"
              name="basis"
              value="lines"
              checked={basis === 'lines'}
              onChange={() => setBasis('lines')}
            />
            Lines returned
          </label>
        )}
        <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-9">
          <input
            type="radio"
            name="basis"
            value="goodwill"
            checked={basis === 'goodwill'}
            onChange={() => setBasis('goodwill')}
          />
          Goodwill: an amount spread over the invoice
        </label>
        <FieldError id="refund-basis-error" message={errors.basis} />
      </fieldset>
      {basis === 'lines' && (
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium">Lines returned</legend>
          {returnable.map((line) => {
            const length = isLengthUnit(line.unit);
            const left = line.soldCenti - line.returnedCenti;
            return (
              <FormField
                key={line.index}
                id={`refund-return-${line.index}`}
                name={`return-${line.index}`}
                label={`${line.description}: ${length ? 'metres' : 'pieces'} returned`}
                inputMode={length ? 'decimal' : 'numeric'}
                autoComplete="off"
                maxLength={8}
                value={typed[line.index] ?? ''}
                onChange={(event) =>
                  setTyped((before) => ({ ...before, [line.index]: event.target.value }))
                }
                hint={`${formatReturnQuantity(left, line.unit)} ${line.unit} of ${formatReturnQuantity(line.soldCenti, line.unit)} left to return · ${formatRupeesExact(line.grossPaise)} on the invoice`}
                error={errors[`return-${line.index}`]}
              />
            );
          })}
          <p role="status" className="text-sm font-medium">
            Refund for these lines: {formatRupeesExact(linesPaise)}
          </p>
        </fieldset>
      )}
      {basis === 'goodwill' && (
        <FormField
          id="refund-amount"
          name="amount"
          label="Refund amount (₹)"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={paiseToRupeesText(payment.refundablePaise)}
          key={payment.id}
          hint="No line is returned: the credit note spreads the amount over every line of the invoice in proportion."
          error={errors.amount}
          required
        />
      )}
      <p className="text-sm text-muted-foreground">
        {counter
          ? 'A cash or UPI payment is refunded in cash at the counter.'
          : 'Refunded to the customer through the payment provider.'}
      </p>
      <FormField
        id="refund-reason"
        name="reason"
        label="Reason"
        autoComplete="off"
        maxLength={200}
        error={errors.reason}
        required
      />
      <Button
        type="submit"
        variant="destructive"
        disabled={fetcher.state !== 'idle'}
        className="min-h-11 sm:min-h-10"
      >
        {fetcher.state !== 'idle' ? 'Refunding…' : 'Refund'}
      </Button>
      <p className="text-xs text-muted-foreground">
        A refund issues a credit note and cannot be undone.
      </p>
    </fetcher.Form>
  );
}
