/**
 * The catalogue search box: a GET form to /wardrobe?search=…, so it works before JavaScript
 * arrives. On the wardrobe it shows the search being looked at.
 */
import { SearchIcon } from 'lucide-react';
import { useId } from 'react';
import { Form, useLocation, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/utils';
import { SEARCH_MAX_LENGTH } from './search';

export function SearchForm({
  compact = false,
  id,
  className,
}: {
  /** The small rounded box of the navigation bar, without a button. */
  compact?: boolean;
  /** An id for the input, so in-page links can point at it. */
  id?: string;
  className?: string;
}) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const location = useLocation();
  const [params] = useSearchParams();
  const current = location.pathname === '/wardrobe' ? (params.get('search') ?? '') : '';
  return (
    <Form
      method="get"
      action="/wardrobe"
      role="search"
      className={cn('items-center gap-2', className)}
    >
      <label htmlFor={inputId} className="sr-only">
        Search products
      </label>
      <div className="relative w-full">
        <SearchIcon
          aria-hidden
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          key={current}
          id={inputId}
          type="search"
          name="search"
          defaultValue={current}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={compact ? 'Search fabrics, suits…' : 'Search linen, sherwani, khadi…'}
          className={cn(
            'w-full border border-border bg-white/90 pl-9 pr-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            compact ? 'h-9 rounded-full md:text-sm lg:w-52' : 'h-12 rounded-md',
          )}
        />
      </div>
      {!compact && (
        <Button type="submit" size="lg" variant="accent">
          Search
        </Button>
      )}
    </Form>
  );
}
