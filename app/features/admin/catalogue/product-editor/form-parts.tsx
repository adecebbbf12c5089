/**
 * The product editor's small form pieces that components/ui has no primitive for: a titled
 * group of fields (a fieldset with a legend, not a landmark section), a textarea with its
 * character count, and a checkbox with its label.
 */
import type { ReactNode } from 'react';
import { FieldError } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';

const textareaClass =
  'min-h-32 w-full rounded-md border border-border bg-white px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive md:text-sm';

/** A white panel of fields named by its legend `title`, two columns from `sm` up. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-xl border border-border bg-white p-4 sm:grid-cols-2 sm:p-5">
      <legend className="px-1 font-serif text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * A labelled textarea across both columns, with "n of max characters" under it and its error
 * (ids `${id}-count`, `${id}-error`).
 */
export function TextAreaField({
  id,
  name,
  label,
  value,
  onChange,
  maxLength,
  error,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string;
}) {
  return (
    <div className="grid gap-2 sm:col-span-2">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        name={name}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        className={textareaClass}
      />
      <p id={`${id}-count`} className="text-right text-xs text-muted-foreground">
        {value.length} of {maxLength} characters
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A checkbox sent as `name=on` when checked, labelled by `children`. */
export function Checkbox({
  name,
  checked,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
      <input
        type="checkbox"
        name={name}
        value="on"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 accent-primary"
      />
      {children}
    </label>
  );
}
