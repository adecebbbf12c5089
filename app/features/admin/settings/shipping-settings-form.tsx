/**
 * /admin/settings/shipping's form (issue 32 item 2): each zone's weight slabs and charges, the
 * charge a started 500 g above the last slab and the days it takes; the free-shipping threshold;
 * the days before dispatch; collecting from the shop; the weights of products with none set;
 * the remote areas; cash on delivery (issue 32 item 3); how the shipping line is taxed. A blank slab row is skipped. Refusals show
 * beside their field and in a toast.
 */
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { FieldError, FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { INDIAN_STATES } from '~/lib/indian-states';
import { paiseToRupeesText } from '~/lib/money';
import { SHIPPING_ZONES, type ShippingZone } from '~/lib/couriers/types';
import {
  SHIPPING_LIMITS,
  SHIPPING_SAC,
  type ShippingSettings,
} from '~/features/shipping/shipping-settings';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';

/** The zones as the owner names them. */
const ZONE_LABELS: Record<ShippingZone, string> = {
  local: 'Rajkot district',
  state: 'Rest of Gujarat',
  national: 'Rest of India',
  remote: 'Remote areas',
};

/** Blank slab rows offered after a zone's slabs, for new weights. */
const BLANK_SLABS = 2;

const INPUT =
  'h-11 w-full rounded-md border border-border bg-white px-3 text-base sm:h-10 md:text-sm aria-[invalid=true]:border-destructive';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-xl border border-border bg-white p-5">
      <legend className="px-1 font-serif text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

export function ShippingSettingsForm({
  settings,
  version,
}: {
  settings: ShippingSettings;
  version: string | null;
}) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" className="grid gap-6" noValidate aria-label="Shipping">
      <input type="hidden" name="intent" value="save-shipping-settings" />
      <input type="hidden" name="version" value={version ?? ''} />
      <Group title="Free shipping and dispatch">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="shipping-free-above"
            name="freeAbove"
            label="Free shipping from (₹)"
            inputMode="decimal"
            defaultValue={paiseToRupeesText(settings.freeAbovePaise)}
            hint="Goods after any coupon at or above this ship free. 0: never free."
            error={errors.freeAbove}
          />
          <FormField
            id="shipping-dispatch-days"
            name="dispatchDays"
            label="Days before dispatch"
            type="number"
            inputMode="numeric"
            min={0}
            max={SHIPPING_LIMITS.maxDays}
            defaultValue={String(settings.dispatchDays)}
            hint="Added to each zone's days in the delivery date shoppers see."
            error={errors.dispatchDays}
          />
        </div>
        <label className="flex min-h-10 items-center gap-2 text-sm">
          <input type="checkbox" name="pickupEnabled" defaultChecked={settings.pickupEnabled} />
          Offer &ldquo;Collect from the shop&rdquo; (free)
        </label>
      </Group>

      {SHIPPING_ZONES.map((zone) => {
        const tariff = settings.zones[zone];
        const rows = Math.min(SHIPPING_LIMITS.maxSlabs, tariff.slabs.length + BLANK_SLABS);
        const label = ZONE_LABELS[zone];
        return (
          <Group key={zone} title={label}>
            <div className="overflow-x-auto">
              <table className="text-sm">
                <caption className="sr-only">{`${label}: charge by parcel weight`}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="p-1 text-left font-medium">
                      Parcels up to (grams)
                    </th>
                    <th scope="col" className="p-1 text-left font-medium">
                      Charge (₹)
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {Array.from({ length: rows }, (_, index) => {
                    const slab = tariff.slabs[index];
                    const grams = `slab-${zone}-${index}-grams`;
                    const charge = `slab-${zone}-${index}-charge`;
                    return (
                      <tr key={index}>
                        <td className="p-1 align-top">
                          <input
                            name={grams}
                            type="number"
                            inputMode="numeric"
                            min={1}
                            max={SHIPPING_LIMITS.maxGrams}
                            defaultValue={slab ? String(slab.upToGrams) : ''}
                            aria-label={`${label}: weight ${index + 1}, up to grams`}
                            aria-invalid={errors[grams] ? true : undefined}
                            aria-describedby={errors[grams] ? `${grams}-error` : undefined}
                            className={INPUT}
                          />
                          <FieldError id={`${grams}-error`} message={errors[grams]} />
                        </td>
                        <td className="p-1 align-top">
                          <input
                            name={charge}
                            inputMode="decimal"
                            defaultValue={slab ? paiseToRupeesText(slab.chargePaise) : ''}
                            aria-label={`${label}: charge ${index + 1} in rupees`}
                            aria-invalid={errors[charge] ? true : undefined}
                            aria-describedby={errors[charge] ? `${charge}-error` : undefined}
                            className={INPUT}
                          />
                          <FieldError id={`${charge}-error`} message={errors[charge]} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id={`shipping-extra-${zone}`}
                name={`extra-${zone}`}
                label={`${label}: each 500 g more (₹)`}
                inputMode="decimal"
                defaultValue={paiseToRupeesText(tariff.extraPer500gPaise)}
                hint="For parcels heavier than the last weight."
                error={errors[`extra-${zone}`]}
              />
              <FormField
                id={`shipping-days-${zone}`}
                name={`days-${zone}`}
                label={`${label}: days to deliver`}
                type="number"
                inputMode="numeric"
                min={0}
                max={SHIPPING_LIMITS.maxDays}
                defaultValue={String(tariff.estimatedDays)}
                error={errors[`days-${zone}`]}
              />
            </div>
          </Group>
        );
      })}

      <Group title="Remote areas">
        <p className="text-sm text-muted-foreground">
          Deliveries to these states, or to PIN codes beginning with these digits, pay the remote
          areas&rsquo; charges.
        </p>
        <fieldset className="grid gap-1 text-sm sm:grid-cols-2">
          <legend className="mb-1 font-medium">Remote states</legend>
          {INDIAN_STATES.map((state) => (
            <label key={state} className="flex min-h-10 items-center gap-2">
              <input
                type="checkbox"
                name="remoteState"
                value={state}
                defaultChecked={settings.remote.states.includes(state)}
              />
              {state}
            </label>
          ))}
          <FieldError id="shipping-remote-state-error" message={errors.remoteState} />
        </fieldset>
        <div className="grid gap-2">
          <Label htmlFor="shipping-remote-prefixes">Remote PIN code beginnings</Label>
          <textarea
            id="shipping-remote-prefixes"
            name="remotePrefixes"
            rows={2}
            defaultValue={settings.remote.pincodePrefixes.join(', ')}
            aria-invalid={errors.remotePrefixes ? true : undefined}
            aria-describedby="shipping-remote-prefixes-hint shipping-remote-prefixes-error"
            className="w-full rounded-md border border-border bg-white px-3 py-2 text-base md:text-sm"
          />
          <p id="shipping-remote-prefixes-hint" className="text-sm text-muted-foreground">
            Separated by commas, like 744, 682555.
          </p>
          <FieldError id="shipping-remote-prefixes-error" message={errors.remotePrefixes} />
        </div>
      </Group>

      <Group title="Parcel weights">
        <p className="text-sm text-muted-foreground">For products with no weight of their own.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="shipping-weight-piece"
            name="weightPiece"
            label="A piece (grams)"
            type="number"
            inputMode="numeric"
            min={1}
            max={SHIPPING_LIMITS.maxGrams}
            defaultValue={String(settings.defaultWeightGrams.piece)}
            error={errors.weightPiece}
          />
          <FormField
            id="shipping-weight-metre"
            name="weightMetre"
            label="A metre of cloth (grams)"
            type="number"
            inputMode="numeric"
            min={1}
            max={SHIPPING_LIMITS.maxGrams}
            defaultValue={String(settings.defaultWeightGrams.metre)}
            error={errors.weightMetre}
          />
        </div>
      </Group>

      <Group title="Cash on delivery">
        <label className="flex min-h-10 items-center gap-2 text-sm">
          <input type="checkbox" name="codEnabled" defaultChecked={settings.cod.enabled} />
          Offer cash on delivery where the courier collects cash
        </label>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField
            id="shipping-cod-limit"
            name="codLimit"
            label="Largest order (₹)"
            inputMode="decimal"
            defaultValue={paiseToRupeesText(settings.cod.limitPaise)}
            hint="With shipping and the fee."
            error={errors.codLimit}
          />
          <FormField
            id="shipping-cod-fee"
            name="codFee"
            label="Fee (₹)"
            inputMode="decimal"
            defaultValue={paiseToRupeesText(settings.cod.feePaise)}
            hint="0: no fee. Taxed as shipping is."
            error={errors.codFee}
          />
          <FormField
            id="shipping-cod-hours"
            name="codHours"
            label="Hours to confirm"
            type="number"
            inputMode="numeric"
            min={1}
            max={24 * 14}
            defaultValue={String(settings.cod.confirmHours)}
            hint="An order not confirmed by its code in time is cancelled."
            error={errors.codHours}
          />
        </div>
      </Group>

      <Group title="Returns and exchanges">
        <FormField
          id="shipping-return-days"
          name="returnDays"
          label="Return window (days after delivery)"
          type="number"
          inputMode="numeric"
          min={0}
          max={60}
          defaultValue={String(settings.returnWindowDays)}
          hint="Ready-to-wear may be returned or exchanged for another size within it. Cut fabric and bespoke never."
          error={errors.returnDays}
        />
      </Group>

      <Group title="Tax on shipping">
        <fieldset className="grid gap-1 text-sm">
          <legend className="mb-1 font-medium">The shipping line on the invoice is taxed</legend>
          <label className="flex min-h-10 items-center gap-2">
            <input
              type="radio"
              name="taxRule"
              value="principal"
              defaultChecked={settings.taxRule === 'principal'}
            />
            At the rate of the goods it carries (a composite supply, CGST Act s. 8(a))
          </label>
          <label className="flex min-h-10 items-center gap-2">
            <input
              type="radio"
              name="taxRule"
              value="separate"
              defaultChecked={settings.taxRule === 'separate'}
            />
            On its own, as courier services (SAC {SHIPPING_SAC}), at the rate below
          </label>
          <FieldError id="shipping-tax-rule-error" message={errors.taxRule} />
        </fieldset>
        <FormField
          id="shipping-separate-rate"
          name="separateRate"
          label="GST rate on its own (%)"
          inputMode="decimal"
          defaultValue={String(settings.separateRatePercent)}
          error={errors.separateRate}
          className="max-w-xs"
        />
      </Group>

      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Saving…' : 'Save shipping settings'}
        </Button>
      </div>
    </fetcher.Form>
  );
}
