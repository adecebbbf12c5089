/**
 * The product editor's text fields: "The product" (name, slug, description) and "Price and
 * options" (price in rupees, fabric, colours, featured, active; the sizes are variants in
 * "Selling"). Each shows its
 * refusal from the last save (`errors`, by field name) under it.
 */
import { FormField } from '~/components/ui/form-field';
import { formatRupeesExact } from '~/lib/money';
import { listProblem, PRODUCT_LIMITS } from '../product-rules';
import { Checkbox, FormSection, TextAreaField } from './form-parts';
import { ListField } from './list-field';
import type { ProductForm } from './use-product-form';

/** The comma-separated list fields, in the form's order. */
const LISTS = [
  { name: 'colors', label: 'Colours', what: 'colour', placeholder: 'Ivory, Navy blue' },
] as const;

interface FieldsProps {
  form: ProductForm;
  /** The last save's refusals by field name. */
  errors: Record<string, string>;
}

/** Name, slug (empty means made from the name) and description. */
export function ProductDetailsFields({ form, errors }: FieldsProps) {
  const { fields, set, derivedSlug } = form;
  return (
    <FormSection title="The product">
      <FormField
        id="product-name"
        name="name"
        label="Name"
        required
        maxLength={PRODUCT_LIMITS.name}
        value={fields.name}
        onChange={(event) => set({ name: event.target.value })}
        error={errors.name}
        autoComplete="off"
        className="sm:col-span-2"
      />
      <FormField
        id="product-slug"
        name="slug"
        label="Slug"
        maxLength={PRODUCT_LIMITS.slug}
        value={fields.slug}
        onChange={(event) => set({ slug: event.target.value })}
        placeholder={derivedSlug}
        error={errors.slug}
        autoComplete="off"
        className="sm:col-span-2"
        hint={
          fields.slug
            ? 'Lower-case letters, digits and single hyphens; unique among products.'
            : `Leave empty to use "${derivedSlug || '…'}", made from the name.`
        }
      />
      <TextAreaField
        id="product-description"
        name="description"
        label="Description"
        value={fields.description}
        onChange={(description) => set({ description })}
        maxLength={PRODUCT_LIMITS.description}
        error={errors.description}
      />
    </FormSection>
  );
}

/** Price (read back as an exact amount), fabric, sizes and colours, featured and active. */
export function PriceAndOptionsFields({ form, errors }: FieldsProps) {
  const { fields, set, reading, lists } = form;
  const rule = 'Up to ₹10,00,000; paise after a point, like 1,250.50.';
  return (
    <FormSection title="Price and options">
      <FormField
        id="product-price"
        name="price"
        label="Price in rupees (₹)"
        required
        inputMode="decimal"
        maxLength={20}
        value={fields.price}
        onChange={(event) => set({ price: event.target.value })}
        error={errors.price}
        autoComplete="off"
        placeholder="1,250"
        hint={reading.ok ? `${formatRupeesExact(reading.paise)}. ${rule}` : rule}
      />
      <FormField
        id="product-fabric"
        name="fabricType"
        label="Fabric type"
        maxLength={PRODUCT_LIMITS.fabricType}
        value={fields.fabricType}
        onChange={(event) => set({ fabricType: event.target.value })}
        error={errors.fabricType}
        placeholder="Linen"
      />
      {LISTS.map((list) => (
        <ListField
          key={list.name}
          id={`product-${list.name}`}
          name={list.name}
          label={list.label}
          value={fields[list.name]}
          onChange={(value) => set({ [list.name]: value })}
          entries={lists[list.name]}
          error={errors[list.name] ?? listProblem(lists[list.name], list.what) ?? undefined}
          placeholder={list.placeholder}
        />
      ))}
      <div className="grid gap-1 sm:col-span-2">
        <Checkbox
          name="featured"
          checked={fields.featured}
          onChange={(featured) => set({ featured })}
        >
          Featured (shown on the home page)
        </Checkbox>
        <Checkbox
          name="isActive"
          checked={fields.isActive}
          onChange={(isActive) => set({ isActive })}
        >
          Active (shown in the shop)
        </Checkbox>
      </div>
    </FormSection>
  );
}
