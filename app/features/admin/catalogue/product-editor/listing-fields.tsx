/**
 * The product editor's "Where it is listed": a category (required; a link to create one when
 * there are none) and then a subcategory of that category (optional).
 */
import { Link } from 'react-router';
import { FieldError } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { selectClass as filterSelectClass } from '~/features/admin/shared/filter-select';
import { cn } from '~/lib/utils';
import type { ProductCategoryOption } from '../products.server';
import { FormSection } from './form-parts';
import type { ProductForm } from './use-product-form';

/** The back office's select look, with a red border when refused. */
const selectClass = cn(filterSelectClass, 'aria-invalid:border-destructive');

const inactive = (option: { isActive: boolean }) => (option.isActive ? '' : ' (inactive)');

/** The category and subcategory selects among `options`, with their refusals (`errors`). */
export function ListingFields({
  form,
  options,
  errors,
}: {
  form: ProductForm;
  options: ProductCategoryOption[];
  /** The last save's refusals by field name. */
  errors: Record<string, string>;
}) {
  const { fields, set, chooseCategory, category } = form;
  return (
    <FormSection title="Where it is listed">
      <div className="grid content-start gap-2">
        <Label htmlFor="product-category">Category</Label>
        <select
          id="product-category"
          name="categoryId"
          value={fields.categoryId}
          required
          onChange={(event) => chooseCategory(event.target.value)}
          aria-invalid={errors.categoryId ? true : undefined}
          aria-describedby={errors.categoryId ? 'product-category-error' : undefined}
          className={selectClass}
        >
          <option value="" disabled>
            Choose a category
          </option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
              {inactive(option)}
            </option>
          ))}
        </select>
        <FieldError id="product-category-error" message={errors.categoryId} />
        {options.length === 0 && (
          <p className="text-sm text-muted-foreground">
            There are no categories yet.{' '}
            <Link to="/admin/categories" className="text-primary underline">
              Create one first
            </Link>
            .
          </p>
        )}
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor="product-subcategory">Subcategory</Label>
        <select
          id="product-subcategory"
          name="subcategoryId"
          value={fields.subcategoryId}
          onChange={(event) => set({ subcategoryId: event.target.value })}
          disabled={!category}
          aria-invalid={errors.subcategoryId ? true : undefined}
          aria-describedby={
            errors.subcategoryId ? 'product-subcategory-error' : 'product-subcategory-hint'
          }
          className={selectClass}
        >
          <option value="">None</option>
          {category?.subcategories.map((sub) => (
            <option key={sub.id} value={sub.id}>
              {sub.name}
              {inactive(sub)}
            </option>
          ))}
        </select>
        <p id="product-subcategory-hint" className="text-sm text-muted-foreground">
          {category ? `The subcategories of ${category.name}.` : 'Choose the category first.'}
        </p>
        <FieldError id="product-subcategory-error" message={errors.subcategoryId} />
      </div>
    </FormSection>
  );
}
