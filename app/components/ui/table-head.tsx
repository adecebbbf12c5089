/**
 * The header row of a data table: one `<th scope="col">` a column, in one of the looks the
 * shop's tables use, so every list names its columns to screen readers the same way.
 */
import type { ReactNode } from 'react';
import { cn } from '~/lib/utils';

/** A column heading: its label alone, or the label with what else the heading needs. */
export type TableColumn = string | TableColumnSpec;

interface TableColumnSpec {
  /** The column's name; also the heading's text unless `content` replaces it. */
  label: string;
  /** What the heading shows instead of the bare label, e.g. a link that sorts by it. */
  content?: ReactNode;
  /** Extra classes for the heading cell, e.g. `text-right` over amounts. */
  className?: string;
  /** The label for screen readers only (a column of images or buttons). */
  visuallyHidden?: boolean;
  /** How the table is sorted by this column, for `aria-sort`; leave out where it cannot sort. */
  sort?: 'ascending' | 'descending' | 'none';
}

const LOOKS = {
  /** Small capitals with room around them (the customer lists). */
  roomy: {
    head: 'border-b border-border bg-muted/40 text-xs tracking-wide text-muted-foreground uppercase',
    row: undefined,
    cell: 'px-4 py-3 font-semibold',
  },
  /** A tinted band over a dense table (products, orders). */
  compact: {
    head: 'border-b border-border bg-muted/40 text-muted-foreground',
    row: undefined,
    cell: 'px-3 py-2 font-medium',
  },
  /** A rule under muted headings, no band (the shopper's pages). */
  plain: {
    head: undefined,
    row: 'border-b border-border text-muted-foreground',
    cell: 'py-2 font-medium',
  },
} as const;

export type TableHeadLook = keyof typeof LOOKS;

/**
 * A `<thead>` with one row of column headings.
 *
 * - `columns`: the headings in order; a string is a plain label, an object adds classes, a
 *   label read only by screen readers, a sort state or other content (see `TableColumn`).
 * - `look`: `roomy`, `compact` (the default) or `plain`; its cell padding must match the body's.
 */
export function TableHead({
  columns,
  look = 'compact',
}: {
  columns: readonly TableColumn[];
  look?: TableHeadLook;
}) {
  const style = LOOKS[look];
  return (
    <thead className={style.head}>
      <tr className={style.row}>
        {columns.map((column) => {
          const { label, content, className, visuallyHidden, sort }: TableColumnSpec =
            typeof column === 'string' ? { label: column } : column;
          let text: ReactNode = content ?? label;
          if (visuallyHidden) text = <span className="sr-only">{text}</span>;
          return (
            <th key={label} scope="col" aria-sort={sort} className={cn(style.cell, className)}>
              {text}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
