/**
 * An order's lines and its total, for the shopper's order page and the back office's: each
 * line's product (a link while the product exists), size, colour, unit price × quantity and
 * amount.
 */
import { Link } from 'react-router';
import { Thumbnail } from '~/features/media/responsive-image';
import { formatRupees } from '~/lib/money';
import { cn } from '~/lib/utils';
import type { OrderLine } from './orders.server';
import { describeCut } from '../catalog/sale-units';

const LOOKS = {
  shop: { list: 'mt-3', item: undefined, amount: undefined, total: 'mt-3 text-lg' },
  admin: { list: undefined, item: 'first:pt-0', amount: 'font-medium', total: 'mt-2 text-base' },
} as const;

/**
 * The lines as a list, then a Total row.
 *
 * - `lines`: in the order they were bought.
 * - `totalPaise`: the order's amount, shown as the total.
 * - `discount`: a coupon's code and discount (issue 32 item 4), shown above the total.
 * - `look`: `shop` (the default) gives size, colour and price on one line; `admin` adds each
 *   line's photo, names the size and colour and gives the price on a line of its own.
 */
export function OrderLines({
  lines,
  totalPaise,
  discount = null,
  look = 'shop',
  shipping,
  codFeePaise = 0,
}: {
  lines: readonly OrderLine[];
  totalPaise: number;
  discount?: { code: string; paise: number } | null;
  look?: keyof typeof LOOKS;
  /**
   * Issue 32 item 2: a shop order's shipping charge in paise (part of `totalPaise`) and how it
   * reaches the shopper; a "Shipping" or "Collect from the shop" row before the total.
   */
  shipping?: { paise: number; method: 'ship' | 'pickup' };
  /** Issue 32 item 3: a cash-on-delivery fee in paise (part of `totalPaise`); 0 for none. */
  codFeePaise?: number;
}) {
  const style = LOOKS[look];
  const admin = look === 'admin';
  return (
    <>
      <ul className={cn('divide-y divide-border', style.list)}>
        {lines.map((line, index) => {
          const cut =
            line.lengthCm && line.metrePricePaise !== null
              ? describeCut(line.lengthCm, line.metrePricePaise)
              : null;
          const price = `${cut ?? formatRupees(line.unitPricePaise)} × ${line.quantity}`;
          return (
            <li key={index} className={cn('flex justify-between gap-3 py-3 text-sm', style.item)}>
              {admin && (
                <Thumbnail
                  imageKey={line.imageKey}
                  placeholder={line.imagePlaceholder}
                  width={64}
                  className="size-16"
                />
              )}
              <div className="min-w-0 flex-1">
                {line.productId ? (
                  <Link
                    to={`/product/${line.productId}`}
                    className="font-medium break-words hover:underline"
                  >
                    {line.name}
                  </Link>
                ) : (
                  <span className="font-medium break-words">{line.name}</span>
                )}
                {admin ? (
                  <>
                    <span className="block text-muted-foreground">
                      {[line.size && `Size ${line.size}`, line.color && `Colour ${line.color}`]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                    <span className="block text-muted-foreground">{price}</span>
                  </>
                ) : (
                  <span className="block text-muted-foreground">
                    {[line.size, line.color, price].filter(Boolean).join(' · ')}
                  </span>
                )}
              </div>
              <span className={cn('whitespace-nowrap', style.amount)}>
                {formatRupees(line.unitPricePaise * line.quantity)}
              </span>
            </li>
          );
        })}
      </ul>
      {discount && (
        <p className="flex justify-between border-t border-border pt-3 text-sm">
          <span>Discount ({discount.code})</span>
          <span>−{formatRupees(discount.paise)}</span>
        </p>
      )}
      {shipping && (
        <p className="flex justify-between border-t border-border py-3 text-sm">
          <span>{shipping.method === 'pickup' ? 'Collect from the shop' : 'Shipping'}</span>
          <span>{shipping.paise === 0 ? 'Free' : formatRupees(shipping.paise)}</span>
        </p>
      )}
      {codFeePaise > 0 && (
        <p className="flex justify-between border-t border-border py-3 text-sm">
          <span>Cash on delivery fee</span>
          <span>{formatRupees(codFeePaise)}</span>
        </p>
      )}
      <p
        className={cn(
          'flex justify-between border-t border-border pt-3 font-semibold',
          style.total,
        )}
      >
        <span>Total</span>
        <span>{formatRupees(totalPaise)}</span>
      </p>
    </>
  );
}
