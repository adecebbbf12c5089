/**
 * /admin/invoices/settings (issue 21 item 5): the supplier block printed on every tax invoice
 * (legal and trade name, address, GSTIN, state, authorised signatory), the number prefixes,
 * the HSN/SAC code of each catalogue category and bespoke garment type with the GST rate rule
 * it falls under today, and the rate rules themselves (issue 29 item 1: add a rule with its
 * band and effective date, retire one entered in error). The demo values are labelled for the
 * shop's accountant to confirm. Refusals show beside their field and in a toast; what was
 * typed stays.
 */
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { FieldError, FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { Input } from '~/components/ui/input';
import { GARMENTS } from '~/features/measurements/garments';
import {
  DEMO_TAX_NOTICE,
  MAX_PREFIX_LENGTH,
  type InvoicingSettings,
  type TaxClass,
} from '~/features/invoices/invoicing-settings';
import { textareaClass } from '~/features/admin/customers/add-customer-dialog';
import { FilterSelect } from '~/features/admin/shared/filter-select';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { GARMENT_TYPES } from '~/lib/schema-enums';
import {
  describeBand,
  describeGeneration,
  rulesInForce,
  type RateRule,
} from '~/features/invoices/rate-rules';
import { INDIAN_STATES } from '~/lib/indian-states';

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
  /** The GST rate rules not retired. */
  rules: RateRule[];
  /** Today in Kolkata, 'YYYY-MM-DD'. */
  today: string;
}

/** The settings form, then the GST rate rules. */
export function InvoicingSettingsScreen(props: InvoicingSettingsScreenProps) {
  return (
    <div className="grid gap-8">
      <SettingsForm {...props} />
      <RateRules rules={props.rules} />
    </div>
  );
}

function SettingsForm({
  settings,
  version,
  categories,
  rules,
  today,
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
    {
      key: 'tailoring',
      label: 'Tailoring on the customer’s own cloth (a service)',
      value: settings.tailoring,
    },
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
          {DEMO_TAX_NOTICE} Prices include GST; each invoice line&rsquo;s rate is the GST rate rule
          in force on the invoice&rsquo;s date for its code and one piece&rsquo;s price, and its
          taxable value is worked back from the price at that rate.
        </p>
        {errors.taxKey && <FieldError id="inv-tax-error" message={errors.taxKey} />}
        <div
          aria-hidden
          className="hidden gap-2 text-sm font-medium text-muted-foreground sm:grid sm:grid-cols-[2fr_1fr_1fr]"
        >
          <span>Sold as</span>
          <span>HSN/SAC code</span>
          <span>Rule in force today</span>
        </div>
        <ul className="grid gap-3">
          {taxRows.map((row) => {
            const codeError = errors[`taxCode.${row.key}`];
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
                <p
                  role="note"
                  className="text-sm sm:pt-2"
                  aria-label={`Rule in force today, ${row.label}`}
                >
                  {describeGeneration(rulesInForce(rules, row.value.code, today))}
                </p>
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

const BANDS = [
  { value: 'none', label: 'Any value' },
  { value: 'upTo', label: 'Up to (a piece, taxable value)' },
  { value: 'above', label: 'Above (a piece, taxable value)' },
] as const;

/** The rate rules: a table of those not retired, each with Retire, and the form adding one. */
function RateRules({ rules }: { rules: RateRule[] }) {
  const add = useAdminFetcher();
  const errors = add.data && !add.data.ok ? (add.data.fieldErrors ?? {}) : {};
  const busy = add.state !== 'idle';
  return (
    <section aria-labelledby="rate-rules-heading" className="grid gap-4">
      <h2 id="rate-rules-heading" className="font-serif text-2xl font-semibold">
        GST rate rules
      </h2>
      <p className="text-sm text-muted-foreground">
        An invoice line takes the rule of its code&rsquo;s longest matching prefix (chapter
        &lsquo;62&rsquo;, heading &lsquo;6205&rsquo;, or the full code) with the latest date on or
        before the invoice&rsquo;s date, and of that date&rsquo;s bands the one holding one
        piece&rsquo;s taxable value. A change of law is a new rule from its date; earlier invoices
        keep their rates. The shipped rules are demo values, each noted for the shop&rsquo;s
        accountant to confirm.
      </p>
      <div className="overflow-x-auto rounded-xl border border-border bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">GST rate rules in use</caption>
          <thead className="text-muted-foreground">
            <tr>
              <th className="p-3 font-medium">HSN/SAC</th>
              <th className="p-3 font-medium">Band</th>
              <th className="p-3 font-medium">Rate</th>
              <th className="p-3 font-medium">From</th>
              <th className="p-3 font-medium">Note</th>
              <th className="p-3 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => (
              <RuleRow key={rule.id} rule={rule} />
            ))}
          </tbody>
        </table>
      </div>
      <add.Form
        method="post"
        noValidate
        aria-labelledby="add-rule-heading"
        className="grid gap-4 rounded-xl border border-border bg-white p-5 sm:grid-cols-3"
      >
        <h3 id="add-rule-heading" className="font-serif text-lg font-semibold sm:col-span-3">
          Add a rule
        </h3>
        <input type="hidden" name="intent" value="add-tax-rate-rule" />
        <FormField
          id="rule-code"
          name="code"
          label="HSN/SAC code or prefix"
          inputMode="numeric"
          maxLength={8}
          hint="2 to 8 digits, e.g. 62 for chapter 62."
          error={errors.code}
        />
        <div className="grid gap-2">
          <FilterSelect
            id="rule-band"
            name="band"
            label="Band"
            defaultValue="none"
            options={BANDS}
          />
          <FieldError id="rule-band-error" message={errors.band} />
        </div>
        <FormField
          id="rule-bandRupees"
          name="bandRupees"
          label="Band edge in rupees"
          inputMode="decimal"
          maxLength={20}
          hint="Leave empty for any value."
          error={errors.bandRupees}
        />
        <FormField
          id="rule-ratePercent"
          name="ratePercent"
          label="GST rate in percent"
          inputMode="decimal"
          maxLength={5}
          error={errors.ratePercent}
        />
        <FormField
          id="rule-effectiveFrom"
          name="effectiveFrom"
          label="Takes effect on"
          type="date"
          error={errors.effectiveFrom}
        />
        <FormField
          id="rule-label"
          name="label"
          label="Note for the accountant"
          maxLength={300}
          error={errors.label}
        />
        <div className="flex justify-end sm:col-span-3">
          <Button type="submit" disabled={busy}>
            {busy ? 'Adding…' : 'Add rule'}
          </Button>
        </div>
      </add.Form>
    </section>
  );
}

function RuleRow({ rule }: { rule: RateRule }) {
  const retire = useAdminFetcher();
  return (
    <tr className="border-t border-border align-top">
      <td className="p-3 font-medium">{rule.code}</td>
      <td className="p-3">{describeBand(rule)}</td>
      <td className="p-3">{rule.ratePercent}%</td>
      <td className="p-3 whitespace-nowrap">{rule.effectiveFrom}</td>
      <td className="p-3 text-muted-foreground">{rule.label}</td>
      <td className="p-3">
        <retire.Form method="post">
          <input type="hidden" name="intent" value="retire-tax-rate-rule" />
          <input type="hidden" name="id" value={rule.id} />
          <Button type="submit" variant="outline" size="sm" disabled={retire.state !== 'idle'}>
            Retire
            <span className="sr-only">
              {' '}
              rule {rule.code} {rule.ratePercent}% {describeBand(rule)} from {rule.effectiveFrom}
            </span>
          </Button>
        </retire.Form>
      </td>
    </tr>
  );
}
