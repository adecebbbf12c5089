/**
 * /admin/invoices/settings (issue 21 item 5): the supplier block printed on every tax invoice
 * (legal and trade name, address, GSTIN, state, authorised signatory), the number prefixes,
 * and the HSN/SAC code and GST rate of each catalogue category and bespoke garment type. The
 * demo values are labelled for the shop's accountant to confirm. Refusals show beside their
 * field and in a toast; what was typed stays.
 */
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { FieldError, FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { Input } from '~/components/ui/input';
import { INDIAN_STATES } from '~/features/checkout/checkout-details';
import { GARMENTS } from '~/features/measurements/garments';
import {
  DEMO_TAX_NOTICE,
  MAX_PREFIX_LENGTH,
  type InvoicingSettings,
  type TaxClass,
} from '~/features/invoices/invoicing-settings';
import { textareaClass } from '~/features/admin/clients/clients-screen';
import { FilterSelect } from '~/features/admin/shared/filter-select';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { GARMENT_TYPES } from '~/lib/schema-enums';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-xl border border-border bg-white p-5 sm:grid-cols-2">
      <legend className="px-1 font-serif text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

export interface InvoicingSettingsScreenProps {
  settings: InvoicingSettings;
  version: string;
  categories: { slug: string; name: string }[];
}

export function InvoicingSettingsScreen({
  settings,
  version,
  categories,
}: InvoicingSettingsScreenProps) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  const taxRows: { key: string; label: string; value: TaxClass }[] = [
    ...categories.map((category) => ({
      key: `category:${category.slug}`,
      label: category.name,
      value: settings.categories[category.slug] ?? settings.fallback,
    })),
    ...GARMENT_TYPES.map((type) => ({
      key: `garment:${type}`,
      label: `Bespoke ${GARMENTS[type].label.toLowerCase()}`,
      value: settings.garments[type],
    })),
    { key: 'fallback', label: 'Anything else', value: settings.fallback },
  ];
  return (
    <fetcher.Form method="post" className="grid gap-6" noValidate>
      <input type="hidden" name="intent" value="save-invoicing-settings" />
      <input type="hidden" name="version" value={version} />
      <Group title="The supplier">
        <FormField
          id="inv-legalName"
          name="legalName"
          label="Legal name"
          defaultValue={settings.legalName}
          maxLength={160}
          required
          error={errors.legalName}
        />
        <FormField
          id="inv-tradeName"
          name="tradeName"
          label="Trade name"
          defaultValue={settings.tradeName}
          maxLength={120}
          required
          error={errors.tradeName}
        />
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor="inv-address">Address</Label>
          <textarea
            id="inv-address"
            name="address"
            defaultValue={settings.address}
            maxLength={300}
            rows={3}
            aria-invalid={errors.address ? true : undefined}
            aria-describedby={errors.address ? 'inv-address-error' : undefined}
            className={textareaClass}
          />
          <FieldError id="inv-address-error" message={errors.address} />
        </div>
        <FormField
          id="inv-gstin"
          name="gstin"
          label="GSTIN"
          defaultValue={settings.gstin}
          maxLength={15}
          autoCapitalize="characters"
          spellCheck={false}
          required
          hint="15 characters; checked with its check character."
          error={errors.gstin}
        />
        <div className="grid gap-2">
          <FilterSelect
            id="inv-state"
            name="state"
            label="State of registration"
            defaultValue={settings.state}
            options={INDIAN_STATES.map((state) => ({ value: state, label: state }))}
          />
          <p className="text-sm text-muted-foreground">
            Orders delivered in this state pay CGST and SGST; elsewhere, IGST.
          </p>
        </div>
        <FormField
          id="inv-signatory"
          name="signatory"
          label="Authorised signatory"
          defaultValue={settings.signatory}
          maxLength={120}
          required
          error={errors.signatory}
        />
      </Group>
      <Group title="Numbers">
        <FormField
          id="inv-invoicePrefix"
          name="invoicePrefix"
          label="Invoice prefix"
          defaultValue={settings.invoicePrefix}
          maxLength={MAX_PREFIX_LENGTH}
          required
          hint={`e.g. ${settings.invoicePrefix}/26-27/000123: numbers restart at 1 each 1 April.`}
          error={errors.invoicePrefix}
        />
        <FormField
          id="inv-creditNotePrefix"
          name="creditNotePrefix"
          label="Credit-note prefix"
          defaultValue={settings.creditNotePrefix}
          maxLength={MAX_PREFIX_LENGTH}
          required
          hint={`Up to ${MAX_PREFIX_LENGTH} capitals or digits, so numbers stay within 16 characters.`}
          error={errors.creditNotePrefix}
        />
        <FormField
          id="inv-refundVoucherPrefix"
          name="refundVoucherPrefix"
          label="Refund-voucher prefix"
          defaultValue={settings.refundVoucherPrefix}
          maxLength={MAX_PREFIX_LENGTH}
          required
          hint="Refund vouchers (Rule 51) return money paid beyond an invoice, or an advance."
          error={errors.refundVoucherPrefix}
        />
        <FormField
          id="inv-receiptVoucherPrefix"
          name="receiptVoucherPrefix"
          label="Receipt-voucher prefix"
          defaultValue={settings.receiptVoucherPrefix}
          maxLength={MAX_PREFIX_LENGTH}
          required
          hint="Receipt vouchers (Rule 50) acknowledge an advance received before the tax invoice."
          error={errors.receiptVoucherPrefix}
        />
      </Group>
      <fieldset className="grid gap-3 rounded-xl border border-border bg-white p-5">
        <legend className="px-1 font-serif text-lg font-semibold">
          HSN/SAC codes and GST rates
        </legend>
        <p className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {DEMO_TAX_NOTICE} Prices include GST; each invoice line&rsquo;s taxable value is worked
          back from its price at the rate below.
        </p>
        {errors.taxKey && <FieldError id="inv-tax-error" message={errors.taxKey} />}
        <div
          aria-hidden
          className="hidden gap-2 text-sm font-medium text-muted-foreground sm:grid sm:grid-cols-[2fr_1fr_1fr]"
        >
          <span>Sold as</span>
          <span>HSN/SAC code</span>
          <span>GST rate</span>
        </div>
        <ul className="grid gap-3">
          {taxRows.map((row) => {
            const codeError = errors[`taxCode.${row.key}`];
            const rateError = errors[`taxRate.${row.key}`];
            const id = `inv-tax-${row.key.replace(/[^a-z0-9]/g, '-')}`;
            return (
              <li
                key={row.key}
                className="grid grid-cols-2 items-start gap-2 border-t border-border pt-3 sm:grid-cols-[2fr_1fr_1fr]"
              >
                <input type="hidden" name="taxKey" value={row.key} />
                <span className="col-span-2 font-medium sm:col-span-1 sm:pt-2">{row.label}</span>
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-code`} className="text-sm sm:sr-only">
                    HSN/SAC code<span className="sr-only">, {row.label}</span>
                  </Label>
                  <Input
                    id={`${id}-code`}
                    name="taxCode"
                    defaultValue={row.value.code}
                    inputMode="numeric"
                    maxLength={8}
                    aria-invalid={codeError ? true : undefined}
                    aria-describedby={codeError ? `${id}-code-error` : undefined}
                  />
                  <FieldError id={`${id}-code-error`} message={codeError} />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-rate`} className="text-sm sm:sr-only">
                    GST rate in percent<span className="sr-only">, {row.label}</span>
                  </Label>
                  <div className="flex items-center gap-2">
                    <Input
                      id={`${id}-rate`}
                      name="taxRate"
                      defaultValue={String(row.value.ratePercent)}
                      inputMode="decimal"
                      maxLength={5}
                      aria-invalid={rateError ? true : undefined}
                      aria-describedby={rateError ? `${id}-rate-error` : undefined}
                    />
                    <span aria-hidden>%</span>
                  </div>
                  <FieldError id={`${id}-rate-error`} message={rateError} />
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Saving…' : 'Save invoicing settings'}
        </Button>
      </div>
    </fetcher.Form>
  );
}
