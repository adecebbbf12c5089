/**
 * The category, subcategory and video-section selects of the media screen's upload panel and
 * edit dialog. The subcategory list follows the chosen category; choosing another category
 * clears a subcategory that is not its own. The selects carry the form names `categoryId`,
 * `subcategoryId` and `videoSection`, so a surrounding form sends them.
 */
import { Label } from '~/components/ui/label';
import { videoSections } from '~/features/gallery/filter';
import { cn } from '~/lib/utils';
import type { ProductCategoryOption } from '~/features/admin/catalogue/products.server';

/** The chosen values as the form sends them ('' for none). */
export interface MediaShelves {
  categoryId: string;
  subcategoryId: string;
  videoSection: string;
}

const selectClass =
  'h-11 w-full rounded-md border border-border bg-white px-3 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60 sm:h-10 md:text-sm';

export function MediaShelfFields({
  idPrefix,
  options,
  value,
  onChange,
  showVideoSection,
  disabled,
  errors = {},
}: {
  /** Makes the selects' ids unique on the page. */
  idPrefix: string;
  options: ProductCategoryOption[];
  value: MediaShelves;
  onChange: (value: MediaShelves) => void;
  showVideoSection: boolean;
  disabled?: boolean;
  /** Messages beside the fields, by form name. */
  errors?: Partial<Record<keyof MediaShelves, string>>;
}) {
  const category = options.find((option) => String(option.id) === value.categoryId);
  const field = (name: keyof MediaShelves, label: string, select: React.ReactNode) => (
    <div className="grid gap-1">
      <Label htmlFor={`${idPrefix}-${name}`}>{label}</Label>
      {select}
      {errors[name] && (
        <p id={`${idPrefix}-${name}-error`} className="text-sm text-destructive">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const describedBy = (name: keyof MediaShelves) =>
    errors[name] ? `${idPrefix}-${name}-error` : undefined;
  return (
    <div className={cn('grid gap-3', showVideoSection ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
      {field(
        'categoryId',
        'Category',
        <select
          id={`${idPrefix}-categoryId`}
          name="categoryId"
          value={value.categoryId}
          disabled={disabled}
          aria-invalid={errors.categoryId ? true : undefined}
          aria-describedby={describedBy('categoryId')}
          onChange={(event) => {
            const next = options.find((option) => String(option.id) === event.target.value);
            const keepSub = next?.subcategories.some(
              (sub) => String(sub.id) === value.subcategoryId,
            );
            onChange({
              ...value,
              categoryId: event.target.value,
              subcategoryId: keepSub ? value.subcategoryId : '',
            });
          }}
          className={selectClass}
        >
          <option value="">None</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
              {option.isActive ? '' : ' (hidden)'}
            </option>
          ))}
        </select>,
      )}
      {field(
        'subcategoryId',
        'Subcategory',
        <select
          id={`${idPrefix}-subcategoryId`}
          name="subcategoryId"
          value={value.subcategoryId}
          disabled={disabled || !category || category.subcategories.length === 0}
          aria-invalid={errors.subcategoryId ? true : undefined}
          aria-describedby={describedBy('subcategoryId')}
          onChange={(event) => onChange({ ...value, subcategoryId: event.target.value })}
          className={selectClass}
        >
          <option value="">None</option>
          {(category?.subcategories ?? []).map((sub) => (
            <option key={sub.id} value={sub.id}>
              {sub.name}
              {sub.isActive ? '' : ' (hidden)'}
            </option>
          ))}
        </select>,
      )}
      {showVideoSection &&
        field(
          'videoSection',
          'Video section',
          <select
            id={`${idPrefix}-videoSection`}
            name="videoSection"
            value={value.videoSection}
            disabled={disabled}
            aria-invalid={errors.videoSection ? true : undefined}
            aria-describedby={describedBy('videoSection')}
            onChange={(event) => onChange({ ...value, videoSection: event.target.value })}
            className={selectClass}
          >
            {videoSections.map((section) => (
              <option key={section.id} value={section.id}>
                {section.label}
              </option>
            ))}
          </select>,
        )}
    </div>
  );
}
