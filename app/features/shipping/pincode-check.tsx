/**
 * The product page's pincode check (issue 32 item 2): a small form asking
 * `/api/delivery-quote` for this product, answering "Delivery by <date>, ₹<charge>" (or "Free
 * delivery" when the product alone reaches the threshold) or "Not deliverable to this pincode";
 * and the line "Collect from the shop in Rajkot: free" when the shop offers it.
 */
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import type { DeliveryAnswer } from './delivery-quote.server';

export function PincodeCheck({
  productId,
  pickupCity,
}: {
  productId: number;
  /** The shop's city when collecting is offered, else null. */
  pickupCity: string | null;
}) {
  const fetcher = useFetcher<DeliveryAnswer | { error: string }>();
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  return (
    <section aria-labelledby="delivery-check-heading" className="mt-8 max-w-md">
      <h2 id="delivery-check-heading" className="text-lg font-semibold">
        Delivery
      </h2>
      <fetcher.Form method="get" action="/api/delivery-quote" className="mt-2 flex items-end gap-2">
        <input type="hidden" name="product" value={productId} />
        <div className="grid min-w-0 flex-1 gap-2">
          <Label htmlFor="delivery-pincode">PIN code</Label>
          <Input
            id="delivery-pincode"
            name="pincode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            required
            pattern="[1-9][0-9]{5}"
          />
        </div>
        <Button type="submit" variant="outline" disabled={fetcher.state !== 'idle'}>
          Check
        </Button>
      </fetcher.Form>
      <p className="mt-2 text-sm" role="status">
        {answer ? ('error' in answer ? answer.error : answer.message) : ''}
      </p>
      {pickupCity && (
        <p className="mt-1 text-sm text-muted-foreground">
          Collect from the shop in {pickupCity}: free
        </p>
      )}
    </section>
  );
}
