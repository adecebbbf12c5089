/**
 * The product editor's sizes table (issue 29 item 2, decision "size variants"): one row per
 * ready-to-wear size with its SKU (empty = made from the slug and size), price in rupees,
 * stock in whole pieces (empty = not counted) and whether it is on sale. Rows can be added,
 * edited, hidden or removed; the rows go to the save as repeated fields in order, read by
 * `readVariantRows`, and a refusal shows under the table (`errors.variants`).
 */
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { FieldError } from '~/components/ui/form-field';
import { paiseToRupeesText } from '~/lib/money';
import type { AdminProduct } from '../products.server';

const cellClass =
  'h-9 w-full rounded-md border border-border bg-white px-2 text-sm aria-invalid:border-destructive';

interface Row {
  /** A key for React that survives removals. */
  key: number;
  id: string;
  size: string;
  sku: string;
  price: string;
  stock: string;
  active: 'on' | 'off';
}

/** The rows a product starts with: its stored variants, as typed text. */
function initialRows(product: AdminProduct | null): Row[] {
  return (product?.variants ?? []).map((variant, index) => ({
    key: index,
    id: variant.id === null ? '' : String(variant.id),
    size: variant.size,
    sku: variant.sku,
    price: paiseToRupeesText(variant.pricePaise),
    stock: variant.stock === null ? '' : String(variant.stock),
    active: variant.isActive ? 'on' : 'off',
  }));
}

/** The sizes table; `byMetre` shows why a product sold by the metre takes none. */
export function VariantsTable({
  product,
  error,
  byMetre,
}: {
  product: AdminProduct | null;
  error: string | undefined;
  byMetre: boolean;
}) {
  const [rows, setRows] = useState(() => initialRows(product));
  const [nextKey, setNextKey] = useState(rows.length);
  const change = (key: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const add = () => {
    setRows((current) => [
      ...current,
      {
        key: nextKey,
        id: '',
        size: '',
        sku: '',
        price: product ? paiseToRupeesText(product.pricePaise) : '',
        stock: '',
        active: 'on',
      },
    ]);
    setNextKey(nextKey + 1);
  };
  return (
    <div className="grid gap-2 sm:col-span-2" role="group" aria-labelledby="product-sizes-title">
      <p id="product-sizes-title" className="text-sm font-medium">
        Sizes
      </p>
      <p className="text-xs text-muted-foreground">
        {byMetre
          ? 'A product sold by the metre has no sizes: the shopper picks a length.'
          : 'Each size has its own SKU, price and stock. Leave the SKU empty to make one from the slug and size, and the stock empty when the shop does not count it. Without sizes, the product sells at its price and stock above.'}
      </p>
      {rows.length > 0 && (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th className="py-1 pr-2 font-medium">Size</th>
              <th className="py-1 pr-2 font-medium">SKU</th>
              <th className="py-1 pr-2 font-medium">Price (₹)</th>
              <th className="py-1 pr-2 font-medium">Stock</th>
              <th className="py-1 pr-2 font-medium">On sale</th>
              <th className="py-1 font-medium">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const n = index + 1;
              return (
                <tr key={row.key}>
                  <td className="py-1 pr-2">
                    <input type="hidden" name="variantId" value={row.id} />
                    <input
                      name="variantSize"
                      aria-label={`Size of row ${n}`}
                      value={row.size}
                      onChange={(event) => change(row.key, { size: event.target.value })}
                      className={cellClass}
                    />
                  </td>
                  <td className="py-1 pr-2">
                    <input
                      name="variantSku"
                      aria-label={`SKU of row ${n}`}
                      value={row.sku}
                      onChange={(event) => change(row.key, { sku: event.target.value })}
                      className={cellClass}
                    />
                  </td>
                  <td className="py-1 pr-2">
                    <input
                      name="variantPrice"
                      aria-label={`Price of row ${n} (₹)`}
                      inputMode="decimal"
                      value={row.price}
                      onChange={(event) => change(row.key, { price: event.target.value })}
                      className={cellClass}
                    />
                  </td>
                  <td className="py-1 pr-2">
                    <input
                      name="variantStock"
                      aria-label={`Stock of row ${n}`}
                      inputMode="numeric"
                      value={row.stock}
                      onChange={(event) => change(row.key, { stock: event.target.value })}
                      className={cellClass}
                    />
                  </td>
                  <td className="py-1 pr-2">
                    <select
                      name="variantActive"
                      aria-label={`Row ${n} on sale`}
                      value={row.active}
                      onChange={(event) =>
                        change(row.key, { active: event.target.value === 'off' ? 'off' : 'on' })
                      }
                      className={cellClass}
                    >
                      <option value="on">On sale</option>
                      <option value="off">Hidden</option>
                    </select>
                  </td>
                  <td className="py-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove row ${n}`}
                      onClick={() =>
                        setRows((current) => current.filter((other) => other.key !== row.key))
                      }
                    >
                      <Trash2Icon aria-hidden />
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={add}>
          <PlusIcon aria-hidden /> Add a size
        </Button>
      </div>
      <FieldError id="product-variants-error" message={error} />
    </div>
  );
}
