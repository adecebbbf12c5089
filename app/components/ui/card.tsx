/**
 * Card and Section primitives (shadcn/ui manner): the bordered white panel the account pages,
 * checkout and the back office group things in, and the same panel as a landmark named by its
 * heading. Padding is a variant so every card of a size matches: `sm` 16 px, `md` 20 px,
 * `lg` 24 px, `none` for a card holding a table or a list that pads itself.
 */
import { cva, type VariantProps } from 'class-variance-authority';
import * as Slot from '@radix-ui/react-slot';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '~/lib/utils';

const cardVariants = cva('rounded-2xl border border-border bg-white', {
  variants: {
    padding: { none: '', sm: 'p-4', md: 'p-5', lg: 'p-6' },
    /** A card that is a link: its border answers hover and keyboard focus. */
    interactive: {
      true: 'transition-colors hover:border-primary/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
      false: '',
    },
  },
  defaultVariants: { padding: 'lg', interactive: false },
});

type CardProps = ComponentProps<'div'> &
  VariantProps<typeof cardVariants> & {
    /** Renders the one child (a Link, an li, a section) with the card's classes instead. */
    asChild?: boolean;
  };

/** A bordered white panel; `asChild` puts its look on a Link, li or section. */
export function Card({ className, padding, interactive, asChild = false, ...props }: CardProps) {
  const Component = asChild ? Slot.Root : 'div';
  return <Component className={cn(cardVariants({ padding, interactive }), className)} {...props} />;
}

/**
 * A card that is a region of the page: a `<section>` named by its heading (an h2 unless
 * `level` says otherwise), with optional actions beside the heading and a line under it.
 */
export function Section({
  heading,
  description,
  actions,
  level = 2,
  padding,
  className,
  children,
  ...props
}: Omit<ComponentProps<'section'>, 'children'> &
  VariantProps<typeof cardVariants> & {
    heading: ReactNode;
    description?: ReactNode;
    actions?: ReactNode;
    level?: 2 | 3;
    children?: ReactNode;
  }) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={headingId}
      className={cn(cardVariants({ padding }), className)}
      {...props}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading
          id={headingId}
          className={level === 2 ? 'text-xl font-semibold' : 'text-lg font-semibold'}
        >
          {heading}
        </Heading>
        {actions}
      </div>
      {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      {children}
    </section>
  );
}
