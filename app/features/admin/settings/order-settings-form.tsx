/**
 * /admin/settings's shop orders (issue 29 item 6): how many hours a shop order may wait for its
 * payment before it is cancelled, and the largest refund the counter may give without the
 * owner (issue 31 item 2). Refusals show beside the field and in a toast.
 */
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { UNPAID_EXPIRY_LIMITS, type OrderSettings } from '~/features/orders/order-settings';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';

export function OrderSettingsForm({
  settings,
  version,
}: {
  settings: OrderSettings;
  version: string | null;
}) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" className="grid gap-6" noValidate aria-label="Shop orders">
      <input type="hidden" name="intent" value="save-order-settings" />
      <input type="hidden" name="version" value={version ?? ''} />
      <fieldset className="grid gap-4 rounded-xl border border-border bg-white p-5">
        <legend className="px-1 font-serif text-lg font-semibold">Shop orders</legend>
        <FormField
          id="orders-unpaid-expiry"
          name="unpaidExpiryHours"
          label="Cancel unpaid shop orders after (hours)"
          type="number"
          inputMode="numeric"
          min={UNPAID_EXPIRY_LIMITS.minHours}
          max={UNPAID_EXPIRY_LIMITS.maxHours}
          defaultValue={String(settings.unpaidExpiryHours)}
          required
          hint="Counted from the shopper's last attempt to pay. Nothing is held in stock before payment."
          error={errors.unpaidExpiryHours}
          className="sm:max-w-xs"
        />
        <FormField
          id="orders-counter-refund-limit"
          name="counterRefundLimit"
          label="Largest refund the counter may give (₹)"
          inputMode="decimal"
          defaultValue={(settings.counterRefundLimitPaise / 100).toFixed(2)}
          required
          hint="A larger refund needs the owner. 0 sends every refund to the owner."
          error={errors.counterRefundLimit}
          className="sm:max-w-xs"
        />
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Saving…' : 'Save order settings'}
        </Button>
      </div>
    </fetcher.Form>
  );
}
