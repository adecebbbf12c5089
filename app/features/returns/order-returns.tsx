/**
 * The "Returns and exchanges" section of the shopper's order page (issue 32 item 7): each line
 * of a shop order with its state: a request's status (with staff's reason when refused), the
 * "Return or exchange" form for a line still eligible (return or another size in stock, a
 * reason from the list, an optional note and up to 3 photos; `intent` request-return), or why
 * it cannot be returned (cut fabric, not delivered yet, the window closed). A request staff
 * have not decided may be withdrawn (`intent` withdraw-return). Renders nothing for an order
 * whose lines were never delivered and have no request.
 */
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { PrivatePhotoList } from '~/features/media/private-photo-list';
import { formatShopDate, shopDateOf } from '~/lib/shop-time';
import { RETURN_PHOTO_LIMIT, RETURN_REASONS, RETURN_STATUS_LABELS } from './eligibility';
import type { ReturnableLineView } from './returns.server';

/** What the order page's action answers to the form. */
export interface ReturnRequestAnswer {
  ok: boolean;
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
}

/**
 * The section, for the lines `lines` and the shop's window (days); `photoPath` is where the
 * page's own photo route serves a request's photos by id ('/account/return-photos', or
 * '/o/<token>/return-photos' on a signed link's page); `linkOrders` links an exchange's new
 * order to its account page (a signed link's holder has none).
 */
export function OrderReturns({
  lines,
  windowDays,
  photoPath,
  linkOrders = false,
}: {
  lines: ReturnableLineView[];
  windowDays: number;
  photoPath: string;
  /** Whether the page may link an exchange's new order (the account's order pages). */
  linkOrders?: boolean;
}) {
  const shown = lines.some((line) => line.eligibility.ok || line.requests.length > 0);
  if (!shown) return null;
  return (
    <Section heading="Returns and exchanges" className="mt-6">
      <p className="mt-2 text-sm text-muted-foreground">
        Ready-to-wear can be returned or exchanged for another size within {windowDays} days of
        delivery. Cut fabric and bespoke garments cannot.
      </p>
      <ul className="mt-3 grid gap-4">
        {lines.map((line) => (
          <LineReturn key={line.lineId} line={line} photoPath={photoPath} linkOrders={linkOrders} />
        ))}
      </ul>
    </Section>
  );
}

function LineReturn({
  line,
  photoPath,
  linkOrders,
}: {
  line: ReturnableLineView;
  photoPath: string;
  linkOrders: boolean;
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ReturnRequestAnswer>();
  const answer = fetcher.data;
  const errors = answer && !answer.ok ? (answer.fieldErrors ?? {}) : {};
  const name = line.size ? `${line.name}, size ${line.size}` : line.name;
  const latest = line.requests.at(-1);
  return (
    <li className="grid gap-2 border-t border-border pt-3 first:border-t-0 first:pt-0">
      <p className="font-medium">{name}</p>
      {latest && (
        <p className="text-sm">
          {latest.kind === 'return' ? 'Return' : `Exchange for size ${latest.exchangeSize}`}:{' '}
          {RETURN_STATUS_LABELS[latest.status]}
          {latest.status === 'approved' && latest.method === 'drop'
            ? '. Please bring it to the shop.'
            : ''}
          {latest.status === 'approved' && latest.method === 'pickup'
            ? '. The courier will collect it from you.'
            : ''}
          {latest.refusalReason ? `: ${latest.refusalReason}` : ''}
        </p>
      )}
      {latest && (
        <PrivatePhotoList
          photos={latest.photos}
          path={photoPath}
          label="Your photos"
          alt={(index) => `${name}: your view ${index + 1}`}
          newTab
        />
      )}
      {latest?.status === 'requested' && <WithdrawRequest requestId={latest.id} name={name} />}
      {latest?.exchangeOrderNumber && (
        <p className="text-sm">
          Your new size comes as order{' '}
          {linkOrders ? (
            <Link
              to={`/account/orders/${encodeURIComponent(latest.exchangeOrderNumber)}`}
              className="text-primary underline"
            >
              {latest.exchangeOrderNumber}
            </Link>
          ) : (
            latest.exchangeOrderNumber
          )}
          , at no charge.
        </p>
      )}
      {line.eligibility.ok ? (
        open ? (
          <fetcher.Form
            method="post"
            encType="multipart/form-data"
            className="grid gap-3"
            aria-label={`Return or exchange ${name}`}
          >
            <input type="hidden" name="intent" value="request-return" />
            <input type="hidden" name="lineId" value={line.lineId} />
            <fieldset className="grid gap-1 text-sm">
              <legend className="mb-1 font-medium">What would you like?</legend>
              <label className="flex min-h-11 items-center gap-2">
                <input type="radio" name="kind" value="return" defaultChecked />
                Return it for a refund
              </label>
              {line.sizes.length > 0 && (
                <label className="flex min-h-11 items-center gap-2">
                  <input type="radio" name="kind" value="exchange" />
                  Exchange it for another size
                </label>
              )}
            </fieldset>
            {line.sizes.length > 0 && (
              <label className="grid gap-1 text-sm">
                <span className="font-medium">Size wanted (for an exchange)</span>
                <select name="variantId" className="min-h-11 rounded-md border border-border px-2">
                  <option value="">Choose a size</option>
                  {line.sizes.map((size) => (
                    <option key={size.variantId} value={size.variantId}>
                      {size.size}
                    </option>
                  ))}
                </select>
                {errors.variantId && <span className="text-destructive">{errors.variantId}</span>}
              </label>
            )}
            <label className="grid gap-1 text-sm">
              <span className="font-medium">Reason</span>
              <select
                name="reason"
                required
                className="min-h-11 rounded-md border border-border px-2"
                defaultValue=""
              >
                <option value="" disabled>
                  Choose a reason
                </option>
                {RETURN_REASONS.map((reason) => (
                  <option key={reason}>{reason}</option>
                ))}
              </select>
              {errors.reason && <span className="text-destructive">{errors.reason}</span>}
            </label>
            <label className="grid gap-1 text-sm">
              <span className="font-medium">Anything to add (optional)</span>
              <textarea
                name="note"
                maxLength={500}
                rows={3}
                className="rounded-md border border-border px-2 py-1"
              />
            </label>
            <label className="grid gap-1 text-sm">
              <span className="font-medium">Photos (optional, up to {RETURN_PHOTO_LIMIT})</span>
              <input
                type="file"
                name="photos"
                accept="image/*"
                multiple
                className="min-h-11 text-sm"
                aria-describedby={`photos-hint-${line.lineId}`}
              />
              <span id={`photos-hint-${line.lineId}`} className="text-muted-foreground">
                A photo of the fault or the label helps us decide sooner.
              </span>
              {errors.photos && <span className="text-destructive">{errors.photos}</span>}
            </label>
            {answer && !answer.ok && answer.error && (
              <p role="alert" className="text-sm text-destructive">
                {answer.error}
              </p>
            )}
            <Button
              type="submit"
              disabled={fetcher.state !== 'idle'}
              className="min-h-11 sm:min-h-10"
            >
              {fetcher.state !== 'idle' ? 'Sending…' : 'Send request'}
            </Button>
          </fetcher.Form>
        ) : (
          <div className="grid gap-1">
            <p className="text-sm text-muted-foreground">
              You can ask until {formatShopDate(shopDateOf(new Date(line.eligibility.until)))}.
            </p>
            <Button
              type="button"
              variant="outline"
              onClick={() => setOpen(true)}
              className="min-h-11 w-fit sm:min-h-10"
            >
              Return or exchange
            </Button>
          </div>
        )
      ) : (
        !latest && <p className="text-sm text-muted-foreground">{line.eligibility.reason}</p>
      )}
      {answer?.ok && answer.message && (
        <p role="status" className="text-sm">
          {answer.message}
        </p>
      )}
    </li>
  );
}

/** "Withdraw request" on a request staff have not decided (`intent` withdraw-return). */
function WithdrawRequest({ requestId, name }: { requestId: number; name: string }) {
  const fetcher = useFetcher<ReturnRequestAnswer>();
  const answer = fetcher.data;
  return (
    <fetcher.Form method="post" aria-label={`Withdraw the request for ${name}`}>
      <input type="hidden" name="intent" value="withdraw-return" />
      <input type="hidden" name="requestId" value={requestId} />
      <Button
        type="submit"
        variant="outline"
        disabled={fetcher.state !== 'idle'}
        className="min-h-11 w-fit sm:min-h-10"
      >
        {fetcher.state !== 'idle' ? 'Withdrawing…' : 'Withdraw request'}
      </Button>
      {answer && !answer.ok && answer.error && (
        <p role="alert" className="mt-1 text-sm text-destructive">
          {answer.error}
        </p>
      )}
    </fetcher.Form>
  );
}
