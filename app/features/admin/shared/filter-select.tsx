/**
 * The fields of the back office's search-and-filter forms (products, orders, customers, media,
 * the audit log): a labelled search box and labelled drop-downs, each label tied to its control
 * by `id`.
 */
import type { ComponentProps, ReactNode } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/utils';

/** The look of the back office's selects: full width, as tall as its inputs. */
export const selectClass =
  'h-11 w-full rounded-md border border-border bg-white px-3 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:h-10 md:text-sm';

export interface FilterSelectOption {
  /** What the form sends; '' for "no filter". */
  value: string;
  /** What the choice reads. */
  label: string;
}

export interface FilterSelectProps extends Omit<
  ComponentProps<'select'>,
  'id' | 'name' | 'children'
> {
  /** The select's id, which its label points at. */
  id: string;
  /** The query parameter the choice is sent as. */
  name: string;
  label: ReactNode;
  /** The choices in order. */
  options: readonly FilterSelectOption[];
}

/**
 * A `<Label>` over a `<select>` of `options`. Other select props pass through: `defaultValue`
 * for a plain GET form, `value` with `onChange` for a controlled one; `className` is added to
 * the select's own classes (e.g. `w-auto min-w-44` beside a search box).
 */
export function FilterSelect({
  id,
  name,
  label,
  options,
  className,
  ...select
}: FilterSelectProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} name={name} className={cn(selectClass, className)} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface SearchFieldProps extends Omit<
  ComponentProps<'input'>,
  'id' | 'name' | 'type' | 'defaultValue' | 'key'
> {
  /** The input's id, which its label points at. */
  id: string;
  label: ReactNode;
  /** The search as the page was loaded with it ('' for none); the box resets when it changes. */
  value: string;
  /** Classes for the label-and-box wrapper (its width in the form's layout). */
  className?: string;
}

/**
 * A `<Label>` over a search box sent as `q`, with the query the page was loaded with. It is
 * keyed by that query, so going back to another search shows that search's words. Other input
 * props (`maxLength`, `placeholder`, `autoComplete`) pass through.
 */
export function SearchField({ id, label, value, className, ...input }: SearchFieldProps) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        key={value}
        id={id}
        name="q"
        type="search"
        defaultValue={value}
        className="h-11 sm:h-10"
        {...input}
      />
    </div>
  );
}
