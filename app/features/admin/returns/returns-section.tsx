/**
 * The "Returns and exchanges" section of /admin/orders/:number (issue 32 item 7): each request
 * of the order with its line, kind, reason, note, the shopper's photos and status; a request awaiting a decision is
 * approved (the goods come back by a drop at the shop or a reverse pickup) or refused with the
 * reason the shopper reads (`decide-return`); an approved one is marked received
 * (`receive-return`); a received return is refunded as its one line (`refund-return`, the
 * ledger's line refund and its credit note). Renders nothing for an order without requests.
 */
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { PrivatePhotoList } from '~/features/media/private-photo-list';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { RETURN_STATUS_LABELS } from '~/features/returns/eligibility';
import type { ReturnRequestView } from '~/features/returns/returns.server';
import { formatShopDateTime } from '~/lib/shop-time';

/** The section: the requests of order `number`. */
export function ReturnsSection({
  number,
  requests,
}: {
  number: string;
  requests: ReturnRequestView[];
}) {
  if (requests.length === 0) return null;
  return (
    <Section heading="Returns and exchanges" className="mt-6">
      <ul className="mt-3 grid gap-4">
        {requests.map((request) => (
          <RequestItem key={request.id} number={number} request={request} line={request.lineName} />
        ))}
      </ul>
    </Section>
  );
}

function RequestItem({
  number,
  request,
  line,
}: {
  number: string;
  request: ReturnRequestView;
  line: string;
}) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  const what = request.kind === 'return' ? 'Return' : `Exchange for size ${request.exchangeSize}`;
  return (
    <li className="grid gap-2 border-t border-border pt-3 first:border-t-0 first:pt-0">
      <p className="font-medium">
        {what}: {line}
      </p>
      <p className="text-sm">
        {request.reason}
        {request.note ? `: ${request.note}` : ''} · asked {formatShopDateTime(request.createdAt)}
      </p>
      <p className="text-sm">
        Status: {RETURN_STATUS_LABELS[request.status]}
        {request.method === 'drop' ? ' (drop at the shop)' : ''}
        {request.method === 'pickup' ? ' (reverse pickup)' : ''}
        {request.refusalReason ? `: ${request.refusalReason}` : ''}
      </p>
      <PrivatePhotoList
        photos={request.photos}
        path="/admin/return-photos"
        label={`The customer's photos of ${line}`}
        alt={(index) => `${line}: the customer's view ${index + 1}`}
        newTab
      />
      {request.exchangeOrderNumber && (
        <p className="text-sm">
          Exchange order:{' '}
          <Link
            to={`/admin/orders/${encodeURIComponent(request.exchangeOrderNumber)}`}
            className="text-primary underline"
          >
            {request.exchangeOrderNumber}
          </Link>
        </p>
      )}
      {request.status === 'requested' && (
        <fetcher.Form
          method="post"
          className="grid gap-3"
          aria-label={`Decide the request for ${line}`}
        >
          <input type="hidden" name="intent" value="decide-return" />
          <input type="hidden" name="number" value={number} />
          <input type="hidden" name="requestId" value={request.id} />
          <fieldset className="grid gap-1 text-sm">
            <legend className="mb-1 font-medium">If approved, the goods come back by</legend>
            <label className="flex min-h-10 items-center gap-2">
              <input type="radio" name="method" value="drop" defaultChecked />
              Drop at the shop
            </label>
            <label className="flex min-h-10 items-center gap-2">
              <input type="radio" name="method" value="pickup" />
              Reverse pickup by the courier
            </label>
          </fieldset>
          <FormField
            id={`return-refusal-${request.id}`}
            name="reason"
            label="Reason, if refused (the customer reads it)"
            maxLength={200}
            autoComplete="off"
            error={errors.reason}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              name="decision"
              value="approve"
              disabled={busy}
              className="min-h-11 sm:min-h-10"
            >
              Approve
            </Button>
            <Button
              type="submit"
              name="decision"
              value="refuse"
              variant="outline"
              disabled={busy}
              className="min-h-11 sm:min-h-10"
            >
              Refuse
            </Button>
          </div>
        </fetcher.Form>
      )}
      {request.status === 'approved' && (
        <StepButton
          number={number}
          request={request}
          intent="receive-return"
          label="Mark received"
        />
      )}
      {request.status === 'received' && request.kind === 'return' && (
        <StepButton
          number={number}
          request={request}
          intent="refund-return"
          label="Refund the line"
        />
      )}
    </li>
  );
}

function StepButton({
  number,
  request,
  intent,
  label,
}: {
  number: string;
  request: ReturnRequestView;
  intent: 'receive-return' | 'refund-return';
  label: string;
}) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="number" value={number} />
      <input type="hidden" name="requestId" value={request.id} />
      <Button type="submit" disabled={fetcher.state !== 'idle'} className="min-h-11 sm:min-h-10">
        {label}
      </Button>
    </fetcher.Form>
  );
}
