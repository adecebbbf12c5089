/**
 * The product editor's "Selling" fields (issue 29 item 2): sold by the piece or by the metre,
 * the GST unit quantity code the invoice prints, for the metre the length step, shortest and
 * longest cut in metres, and the stock (whole pieces, or metres; empty = not tracked). The
 * save reads them with `readHundredths` and refuses what is missing or out of order. Then the
 * sizes table (`VariantsTable`): ready-to-wear sizes with their own SKU, price and stock.
 */
import { useState } from 'react';
import { FieldError, FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { formatMetres } from '~/features/catalog/sale-units';
import { UQCS } from '~/lib/schema-enums';
import type { AdminProduct } from '../products.server';
import { FormSection } from './form-parts';
import { VariantsTable } from './variants-table';

const selectClass =
  'h-10 w-full rounded-md border border-border bg-white px-3 text-sm aria-invalid:border-destructive';

const metres = (cm: number | null | undefined) => (cm ? formatMetres(cm) : '');

/** How the product is sold, its unit and lengths, and its stock. */
export function SaleFields({
  product,
  errors,
}: {
  product: AdminProduct | null;
  errors: Record<string, string>;
}) {
  const [saleUnit, setSaleUnit] = useState(product?.saleUnit ?? 'piece');
  const byMetre = saleUnit === 'metre';
  const stock = product?.stock ?? null;
  return (
    <FormSection title="Selling">
      <div className="grid gap-2">
        <Label htmlFor="product-sale-unit">Sold by</Label>
        <select
          id="product-sale-unit"
          name="saleUnit"
          value={saleUnit}
          onChange={(event) => setSaleUnit(event.target.value === 'metre' ? 'metre' : 'piece')}
          aria-invalid={errors.saleUnit ? true : undefined}
          className={selectClass}
        >
          <option value="piece">The piece (price a piece)</option>
          <option value="metre">The metre (price a metre)</option>
        </select>
        <FieldError id="product-sale-unit-error" message={errors.saleUnit} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="product-uqc">GST unit (UQC)</Label>
        <select
          id="product-uqc"
          name="uqc"
          defaultValue={product?.uqc ?? 'PCS'}
          aria-invalid={errors.uqc ? true : undefined}
          className={selectClass}
        >
          {UQCS.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        <FieldError id="product-uqc-error" message={errors.uqc} />
      </div>
      {byMetre && (
        <>
          <FormField
            id="product-length-step"
            name="lengthStep"
            label="Length step (m)"
            inputMode="decimal"
            defaultValue={metres(product?.lengthStepCm) || '0.25'}
            error={errors.lengthStep}
          />
          <FormField
            id="product-length-min"
            name="lengthMin"
            label="Shortest length (m)"
            inputMode="decimal"
            defaultValue={metres(product?.lengthMinCm) || '1.00'}
            error={errors.lengthMin}
          />
          <FormField
            id="product-length-max"
            name="lengthMax"
            label="Longest length (m)"
            inputMode="decimal"
            defaultValue={metres(product?.lengthMaxCm) || '10.00'}
            error={errors.lengthMax}
          />
        </>
      )}
      <FormField
        key={saleUnit}
        id="product-stock"
        name="stock"
        label={byMetre ? 'Stock (m)' : 'Stock (pieces)'}
        inputMode="decimal"
        defaultValue={
          stock === null || product?.saleUnit !== saleUnit
            ? ''
            : byMetre
              ? formatMetres(stock)
              : String(stock)
        }
        hint="Leave empty when the shop does not count it. Taken when an order is paid."
        error={errors.stock}
      />
      <FormField
        id="product-weight"
        name="weightGrams"
        label={byMetre ? 'Weight a metre (g)' : 'Weight (g)'}
        inputMode="numeric"
        defaultValue={product?.weightGrams ? String(product.weightGrams) : ''}
        hint="For shipping charges. Leave empty to use the shipping settings' default."
        error={errors.weightGrams}
      />
      <VariantsTable product={product} error={errors.variants} byMetre={byMetre} />
    </FormSection>
  );
}
