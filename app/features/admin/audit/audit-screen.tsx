/**
 * The back office's audit log (/admin/audit): a filter by entity kind and the changes, each
 * with who made it, when, and the record before and after.
 */
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { FilterSelect } from '~/features/admin/shared/filter-select';
import { Pagination } from '~/features/admin/shared/pagination';
import { formatShopDateTime } from '~/lib/shop-time';
import type { AuditRow } from './audit.server';

/** A recorded record as indented JSON, or a dash when there is none. */
function pretty(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);
}

/** The audit screen: entity filter and the changes, each with its before and after. */
export function AuditScreen({
  rows,
  total,
  page,
  pages,
  entity,
  entities,
}: {
  /** The page's changes, newest first. */
  rows: AuditRow[];
  /** Changes matching the filter, on every page. */
  total: number;
  page: number;
  pages: number;
  /** The entity kind shown, or null for all. */
  entity: string | null;
  /** The entity kinds the filter offers. */
  entities: string[];
}) {
  return (
    <>
      <h1 className="text-3xl font-semibold sm:text-4xl">Audit log</h1>
      <p className="mt-2 text-muted-foreground">
        Every change made in the back office, newest first.
      </p>

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <FilterSelect
          id="audit-entity"
          name="entity"
          label="Show changes to"
          defaultValue={entity ?? ''}
          key={entity ?? ''}
          options={[
            { value: '', label: 'All' },
            ...entities.map((name) => ({ value: name, label: name })),
          ]}
          className="w-auto min-w-48"
        />
        <Button type="submit" variant="outline" className="min-h-11 sm:min-h-10">
          Filter
        </Button>
      </Form>

      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {total === 1 ? '1 change' : `${total.toLocaleString('en-IN')} changes`}
        {entity ? ` to ${entity}` : ''}
      </p>

      {rows.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-border bg-white px-6 py-12 text-center text-muted-foreground">
          {total === 0 ? 'No changes recorded yet.' : 'There are no changes on this page.'}
        </p>
      ) : (
        <ol className="mt-4 grid gap-3" aria-label="Changes">
          {rows.map((row) => (
            <Card asChild padding="sm" key={row.id}>
              <li>
                <p className="font-medium break-words">{row.summary}</p>
                <p className="mt-1 text-sm text-muted-foreground">
                  <time dateTime={row.createdAt}>{formatShopDateTime(row.createdAt)}</time> ·{' '}
                  <span className="break-all">{row.actorEmail}</span> ·{' '}
                  <code className="text-xs">{row.action}</code>
                </p>
                <details className="mt-2">
                  <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium text-primary sm:min-h-8">
                    Show changes
                  </summary>
                  <div className="mt-2 grid gap-3 lg:grid-cols-2">
                    <Snapshot label="Before" value={row.before} />
                    <Snapshot label="After" value={row.after} />
                  </div>
                </details>
              </li>
            </Card>
          ))}
        </ol>
      )}
      <Pagination page={page} pages={pages} label="Pages of the audit log" />
    </>
  );
}

/** One side of a change: its label and the row as it was, pretty-printed. */
function Snapshot({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <p className="text-sm font-semibold">{label}</p>
      <pre className="mt-1 rounded-lg bg-muted/50 p-3 text-xs whitespace-pre-wrap break-all">
        {pretty(value)}
      </pre>
    </div>
  );
}
