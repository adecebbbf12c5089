/**
 * A row of steps as pills: those reached ticked and emphasised, the current one marked
 * `aria-current="step"`, those to come muted and named so to screen readers. Used by an order's
 * fulfilment and its dispatch.
 */
import { CheckIcon } from 'lucide-react';
import { cn } from '~/lib/utils';

export function StepPills({
  label,
  steps,
  reached,
  className,
}: {
  /** The list's accessible name, e.g. 'Steps of your order'. */
  label: string;
  steps: { key: string; label: string }[];
  /** The index of the current step in `steps` (-1: none reached yet). */
  reached: number;
  className?: string;
}) {
  return (
    <ol className={cn('mt-4 flex flex-wrap gap-2 text-xs', className)} aria-label={label}>
      {steps.map((step, index) => {
        const done = index <= reached;
        return (
          <li
            key={step.key}
            aria-current={index === reached ? 'step' : undefined}
            className={cn(
              'inline-flex items-center gap-1 rounded-full border px-2.5 py-1',
              done
                ? 'border-primary/30 bg-primary/10 font-semibold text-primary'
                : 'border-border text-muted-foreground',
            )}
          >
            {done && <CheckIcon aria-hidden className="size-3" />}
            {step.label}
            {!done && <span className="sr-only"> (to come)</span>}
          </li>
        );
      })}
    </ol>
  );
}
