/**
 * The coupons screen (issue 32 item 4, /admin/coupons): the codes with their terms and uses,
 * a form to create one, and for each an edit form and Deactivate / Reactivate. A role that may
 * only read (the counter) sees the list without the forms.
 */
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { formatRupees, paiseToDecimal } from '~/lib/money';
import { formatShopDate } from '~/lib/shop-time';
import type { CouponAdminRow, CouponsAdmin } from './coupons.server';

const selectClass =
  'h-10 w-full min-w-0 rounded-md border border-border bg-white px-3 text-base md:text-sm';

/** A coupon's terms in one line, e.g. '10% off · minimum ₹1,000 · until 31 March 2027'. */
function describeTerms(coupon: CouponAdminRow): string {
  return [
    coupon.kind === 'percent' ? `${coupon.value}% off` : `${formatRupees(coupon.value)} off`,
    coupon.minOrderPaise > 0 ? `minimum ${formatRupees(coupon.minOrderPaise)}` : null,
    coupon.categoryNames.length > 0 ? `on ${coupon.categoryNames.join(', ')}` : 'on everything',
    coupon.validFrom ? `from ${formatShopDate(coupon.validFrom)}` : null,
    coupon.validUntil ? `until ${formatShopDate(coupon.validUntil)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Uses counted against the limits, e.g. '3 of 100 used · 1 per customer'. */
function describeUses(coupon: CouponAdminRow): string {
  return [
    coupon.totalLimit === null
      ? `${coupon.uses} used`
      : `${coupon.uses} of ${coupon.totalLimit} used`,
    coupon.perCustomerLimit === null ? null : `${coupon.perCustomerLimit} per customer`,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function CouponsScreen({
  coupons,
  categories,
  canEdit,
}: CouponsAdmin & { canEdit: boolean }) {
  return (
    <>
      <h1 className="text-3xl font-semibold sm:text-4xl">Coupons</h1>
      <p className="mt-2 text-muted-foreground">
        Discount codes shoppers apply in the cart. The discount comes off before tax; a use counts
        from the order being placed, and is given back if the order is cancelled or expires unpaid.
      </p>
      {canEdit && (
        <Section heading="New coupon" className="mt-6">
          <CouponForm categories={categories} />
        </Section>
      )}
      {coupons.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-border bg-white px-6 py-12 text-center text-muted-foreground">
          No coupons yet.
        </p>
      ) : (
        <ul className="mt-6 grid gap-3" aria-label="Coupons">
          {coupons.map((coupon) => (
            <li key={coupon.id} className="rounded-2xl border border-border bg-white p-4">
              <CouponItem coupon={coupon} categories={categories} canEdit={canEdit} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function CouponItem({
  coupon,
  categories,
  canEdit,
}: {
  coupon: CouponAdminRow;
  categories: CouponsAdmin['categories'];
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const toggle = useAdminFetcher();
  return (
    <article aria-label={`Coupon ${coupon.code}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-mono text-lg font-semibold">{coupon.code}</h2>
        <span
          className={coupon.isActive ? 'text-sm text-primary' : 'text-sm text-muted-foreground'}
        >
          {coupon.isActive ? 'Active' : 'Inactive'}
        </span>
      </div>
      <p className="mt-1 text-sm">{describeTerms(coupon)}</p>
      <p className="text-sm text-muted-foreground">{describeUses(coupon)}</p>
      {canEdit && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setEditing(!editing)}>
            {editing ? 'Close' : `Edit ${coupon.code}`}
          </Button>
          <toggle.Form method="post">
            <input
              type="hidden"
              name="intent"
              value={coupon.isActive ? 'deactivate-coupon' : 'activate-coupon'}
            />
            <input type="hidden" name="id" value={coupon.id} />
            <Button type="submit" variant="outline" size="sm" disabled={toggle.state !== 'idle'}>
              {coupon.isActive ? `Deactivate ${coupon.code}` : `Reactivate ${coupon.code}`}
            </Button>
          </toggle.Form>
        </div>
      )}
      {canEdit && editing && (
        <div className="mt-4">
          <CouponForm
            coupon={coupon}
            categories={categories}
            key={coupon.version}
            onSaved={() => setEditing(false)}
          />
        </div>
      )}
    </article>
  );
}

function CouponForm({
  coupon,
  categories,
  onSaved,
}: {
  coupon?: CouponAdminRow;
  categories: CouponsAdmin['categories'];
  onSaved?: () => void;
}) {
  const [formKey, setFormKey] = useState(0);
  const fetcher = useAdminFetcher({
    onSuccess: () => {
      if (onSaved) onSaved();
      else setFormKey((key) => key + 1);
    },
  });
  const errors = (fetcher.data && !fetcher.data.ok && fetcher.data.fieldErrors) || {};
  const prefix = coupon ? `coupon-${coupon.id}` : 'coupon-new';
  const id = (field: string) => `${prefix}-${field}`;
  return (
    <fetcher.Form
      method="post"
      key={formKey}
      className="grid gap-4 sm:grid-cols-2"
      aria-label={coupon ? `Edit ${coupon.code}` : 'New coupon'}
    >
      <input type="hidden" name="intent" value="save-coupon" />
      {coupon && <input type="hidden" name="id" value={coupon.id} />}
      {coupon && <input type="hidden" name="version" value={coupon.version} />}
      <FormField
        id={id('code')}
        name="code"
        label="Code"
        defaultValue={coupon?.code}
        maxLength={30}
        required
        autoComplete="off"
        className="uppercase"
        error={errors.code}
        hint="Letters and digits, like DIWALI10"
      />
      <div className="grid content-start gap-2">
        <Label htmlFor={id('kind')}>Discount type</Label>
        <select
          id={id('kind')}
          name="kind"
          defaultValue={coupon?.kind ?? 'percent'}
          className={selectClass}
        >
          <option value="percent">Percentage off</option>
          <option value="flat">Flat amount off (₹)</option>
        </select>
      </div>
      <FormField
        id={id('value')}
        name="value"
        label="Discount (percent, or rupees)"
        inputMode="decimal"
        required
        defaultValue={
          coupon ? (coupon.kind === 'percent' ? coupon.value : paiseToDecimal(coupon.value)) : ''
        }
        error={errors.value}
      />
      <FormField
        id={id('minOrder')}
        name="minOrder"
        label="Minimum order (₹)"
        inputMode="decimal"
        defaultValue={
          coupon && coupon.minOrderPaise > 0 ? paiseToDecimal(coupon.minOrderPaise) : ''
        }
        error={errors.minOrder}
        hint="Empty for none"
      />
      <FormField
        id={id('validFrom')}
        name="validFrom"
        label="First day"
        type="date"
        defaultValue={coupon?.validFrom ?? ''}
        error={errors.validFrom}
      />
      <FormField
        id={id('validUntil')}
        name="validUntil"
        label="Last day"
        type="date"
        defaultValue={coupon?.validUntil ?? ''}
        error={errors.validUntil}
      />
      <FormField
        id={id('totalLimit')}
        name="totalLimit"
        label="Uses in total"
        inputMode="numeric"
        defaultValue={coupon?.totalLimit ?? ''}
        error={errors.totalLimit}
        hint="Empty for no limit"
      />
      <FormField
        id={id('perCustomerLimit')}
        name="perCustomerLimit"
        label="Uses per customer"
        inputMode="numeric"
        defaultValue={coupon?.perCustomerLimit ?? ''}
        error={errors.perCustomerLimit}
        hint="Empty for no limit"
      />
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium">Applies to (none ticked: everything)</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {categories.map((category) => (
            <label key={category.id} className="flex min-h-9 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="categoryIds"
                value={category.id}
                defaultChecked={coupon?.categoryIds.includes(category.id)}
                className="size-4"
              />
              {category.name}
            </label>
          ))}
        </div>
        {errors.categoryIds && (
          <p className="mt-1 text-sm text-destructive">{errors.categoryIds}</p>
        )}
      </fieldset>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          {coupon ? `Save ${coupon.code}` : 'Create coupon'}
        </Button>
      </div>
    </fetcher.Form>
  );
}
