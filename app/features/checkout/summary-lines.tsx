/**
 * The checkout's order summary lines (SPEC.md section 4 "Checkout"): each cart line's name, its
 * size, colour and cut (a length of fabric sold by the metre: "2.50 m × ₹2,450 a metre"), the
 * quantity, a line the catalogue can no longer sell, and its total in rupees. One list for the
 * signed-in and the guest checkout.
 */
import { lineKey } from '~/features/cart/lines';
import type { PricedCart } from '~/features/cart/cart.server';
import { describeCut } from '~/features/catalog/sale-units';
import { formatRupees } from '~/lib/money';

/** The lines of a priced cart as the order summary lists them. */
export function SummaryLines({ lines }: { lines: PricedCart['lines'] }) {
  return (
    <ul className="mt-4 divide-y divide-border">
      {lines.map((line) => (
        <li key={lineKey(line)} className="flex justify-between gap-3 py-3 text-sm">
          <span>
            <span className="font-medium">{line.name}</span>
            <span className="block text-muted-foreground">
              {[
                line.size,
                line.color,
                line.lengthCm && line.metrePricePaise !== null
                  ? describeCut(line.lengthCm, line.metrePricePaise)
                  : '',
              ]
                .filter(Boolean)
                .join(' · ')}{' '}
              × {line.quantity}
            </span>
            {!line.available && <span className="block text-destructive">No longer available</span>}
            {line.available && line.problem && (
              <span className="block text-destructive">{line.problem}</span>
            )}
          </span>
          <span className="whitespace-nowrap">{formatRupees(line.lineTotalPaise)}</span>
        </li>
      ))}
    </ul>
  );
}
