import { Loader2Icon } from 'lucide-react';
import { cn } from '~/lib/utils';

/** A spinning indicator with a text for screen readers. */
export function Spinner({
  label = 'Loading...',
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div role="status" className={cn('flex items-center justify-center py-12', className)}>
      <Loader2Icon className="size-8 animate-spin text-primary" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}
