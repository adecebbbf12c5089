import { ChevronRightIcon } from 'lucide-react';
import { Link } from 'react-router';

export interface Crumb {
  name: string;
  /** Absent on the current page. */
  to?: string;
}

/** Breadcrumb trail (WAI-ARIA breadcrumb pattern); the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <li key={`${item.name}-${index}`} className="flex items-center gap-1">
            {index > 0 && <ChevronRightIcon aria-hidden className="size-3.5" />}
            {item.to && index < items.length - 1 ? (
              <Link to={item.to} className="hover:text-primary hover:underline">
                {item.name}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-foreground">
                {item.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
