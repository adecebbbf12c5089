/**
 * A labelled text input with its error below it, tied together for screen readers
 * (`aria-invalid`, `aria-describedby`). Extra input props (autoComplete, maxLength, …) pass
 * through to the input. FieldError is that error line alone, for a select or a textarea.
 */
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '~/lib/utils';
import { Input } from './input';
import { Label } from './label';

export interface FormFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'name'> {
  /** The element id; also prefixes the error's id. */
  id: string;
  name: string;
  label: ReactNode;
  error?: string;
  /** Help text under the input, read with it. */
  hint?: ReactNode;
}

export function FormField({ id, name, label, error, hint, className, ...input }: FormFieldProps) {
  const described = [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={cn(error && 'border-destructive')}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * A field's error under its control, with the `id` the control's `aria-describedby` names;
 * nothing when there is no `message`.
 */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}
