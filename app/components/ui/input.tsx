import type { ComponentProps } from 'react';
import { cn } from '~/lib/utils';

/** A text input; `aria-invalid` turns its border red (SPEC.md section 5 "fields are marked red"). */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'flex h-10 w-full rounded-md border border-border bg-white px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive aria-invalid:ring-destructive/40 md:text-sm',
        className,
      )}
      {...props}
    />
  );
}
