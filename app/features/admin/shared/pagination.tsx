/**
 * Previous/next links of a paginated back-office list. Links keep the page's other query
 * parameters (filters) and change only `?page=`; the first page has no `page` at all.
 */
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonVariants } from '~/components/ui/button';
import { cn } from '~/lib/utils';

/** `page` is 1-based; `pages` is at least 1. `label` names the list for screen readers. */
export function Pagination({ page, pages, label }: { page: number; pages: number; label: string }) {
  const [search] = useSearchParams();
  if (pages <= 1 && page <= 1) return null;
  const searchFor = (target: number) => {
    const next = new URLSearchParams(search);
    if (target <= 1) next.delete('page');
    else next.set('page', String(target));
    const text = next.toString();
    return text ? `?${text}` : '';
  };
  const link = cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'min-h-11 sm:min-h-9');
  const disabled = cn(link, 'pointer-events-none opacity-50');
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={{ search: searchFor(Math.min(page - 1, pages)) }} className={link} rel="prev">
          <ChevronLeftIcon aria-hidden /> Previous
        </Link>
      ) : (
        <span className={disabled} aria-hidden>
          <ChevronLeftIcon /> Previous
        </span>
      )}
      <p className="text-sm text-muted-foreground">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <Link to={{ search: searchFor(page + 1) }} className={link} rel="next">
          Next <ChevronRightIcon aria-hidden />
        </Link>
      ) : (
        <span className={disabled} aria-hidden>
          Next <ChevronRightIcon />
        </span>
      )}
    </nav>
  );
}
