/** The button primitive (shadcn/ui manner): variants and sizes, `asChild` for links. */
import { cva, type VariantProps } from 'class-variance-authority';
import * as Slot from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '~/lib/utils';

/**
 * The classes of a button: `btn` (the shared base, defined once in app.css's components layer,
 * so a caller's utilities override it as `cn` did before) plus the variant and size utilities.
 * The icon sizing stays a utility: it must outrank an icon's own size class.
 */
export const buttonVariants = cva('btn [&_svg]:size-4 [&_svg]:shrink-0', {
  variants: {
    variant: {
      default: 'bg-primary text-primary-foreground hover:bg-primary/90',
      accent: 'bg-accent text-accent-foreground hover:bg-accent/90',
      outline: 'border border-border bg-background hover:bg-muted',
      ghost: 'hover:bg-muted',
      link: 'text-primary underline-offset-4 hover:underline',
      destructive: 'bg-destructive text-white hover:bg-destructive/90',
    },
    size: {
      default: 'h-10 px-4 py-2',
      sm: 'h-9 px-3',
      lg: 'h-12 px-6 text-base',
      icon: 'size-10',
    },
  },
  defaultVariants: { variant: 'default', size: 'default' },
});

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
