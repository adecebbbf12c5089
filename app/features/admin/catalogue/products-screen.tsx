/**
 * /admin/products (issue "Back office", Products): search and filters in a GET form (so a
 * filtered list has its own address and works before the scripts load), sorting, the products
 * of one page as a table on a laptop and as cards on a phone, each with Edit, Duplicate,
 * Activate/Deactivate and Delete (after a confirmation). Every outcome is toasted.
 */
import {
  ArrowDownIcon,
  ArrowUpIcon,
  CopyIcon,
  PencilIcon,
  PlusIcon,
  SearchIcon,
  Trash2Icon,
} from 'lucide-react';
import { useState } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { TableHead, type TableColumn } from '~/components/ui/table-head';
import { Thumbnail } from '~/features/media/responsive-image';
import { cn } from '~/lib/utils';
import { ConfirmDialog } from '~/features/admin/shared/confirm-dialog';
import {
  FilterSelect,
  SearchField,
  selectClass,
  type FilterSelectOption,
} from '~/features/admin/shared/filter-select';
import { Pagination } from '~/features/admin/shared/pagination';
import { formatRupeesExact } from '~/lib/money';
import {
  ADMIN_PRODUCT_SORT_LABELS,
  ADMIN_PRODUCT_SORTS,
  DEFAULT_ADMIN_PRODUCT_SORT,
  type AdminProductFilters,
  type AdminProductSort,
} from './product-rules';
import type { AdminProductRow, ProductCategoryOption } from './products.server';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';

const tapTarget = 'min-h-11 sm:min-h-9';

const ACTIVE_FILTERS: FilterSelectOption[] = [
  { value: '', label: 'Active and inactive' },
  { value: 'yes', label: 'Active only' },
  { value: 'no', label: 'Inactive only' },
];

const FEATURED_FILTERS: FilterSelectOption[] = [
  { value: '', label: 'Featured or not' },
  { value: 'yes', label: 'Featured only' },
  { value: 'no', label: 'Not featured' },
];

const SORT_CHOICES: FilterSelectOption[] = ADMIN_PRODUCT_SORTS.map((sort) => ({
  value: sort,
  label: ADMIN_PRODUCT_SORT_LABELS[sort],
}));

/** What the delete confirmation is open for. */
type DeleteTarget = Pick<AdminProductRow, 'id' | 'name'>;

export function ProductsScreen({
  rows,
  total,
  page,
  pages,
  filters,
  options,
}: {
  rows: AdminProductRow[];
  total: number;
  page: number;
  pages: number;
  filters: AdminProductFilters;
  options: ProductCategoryOption[];
}) {
  // Held here, not in the row: the row is gone once the delete succeeds, and its toast with it.
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const remove = useAdminFetcher({ onSuccess: () => setDeleting(null) });
  const filtered =
    filters.q !== '' ||
    filters.categoryId !== null ||
    filters.subcategoryId !== null ||
    filters.active !== null ||
    filters.featured !== null;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">Products</h1>
          <p className="mt-1 text-muted-foreground" aria-live="polite">
            {total === 1 ? '1 product' : `${total.toLocaleString('en-IN')} products`}
            {filtered ? ' match the filters' : ''}.
          </p>
        </div>
        <Link to="/admin/products/new" className={cn(buttonVariants(), tapTarget)}>
          <PlusIcon aria-hidden /> New product
        </Link>
      </div>

      <ProductFilterForm
        // A new address (a link, Clear) resets what the form shows.
        key={JSON.stringify(filters)}
        filters={filters}
        options={options}
      />

      {rows.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-border bg-white px-6 py-12 text-center text-muted-foreground">
          {total > 0
            ? 'There are no products on this page.'
            : filtered
              ? 'No products match these filters.'
              : 'No products yet. Create the first one.'}
        </p>
      ) : (
        <>
          <ProductTable rows={rows} sort={filters.sort} onDelete={setDeleting} />
          <ol className="mt-6 grid gap-3 xl:hidden" aria-label="Products">
            {rows.map((row) => (
              <li key={row.id}>
                <ProductCardRow row={row} onDelete={setDeleting} />
              </li>
            ))}
          </ol>
        </>
      )}
      <Pagination page={page} pages={pages} label="Pages of products" />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? ''}?`}
        description={
          deleting
            ? `${deleting.name} will be removed from the shop, from carts and from wishlists. Orders that bought it keep their lines. This cannot be undone; to hide it for a while, deactivate it instead.`
            : ''
        }
        busy={remove.state !== 'idle'}
        onConfirm={() =>
          deleting &&
          remove.submit({ intent: 'delete-product', id: deleting.id }, { method: 'post' })
        }
      />
    </>
  );
}

function ProductFilterForm({
  filters,
  options,
}: {
  filters: AdminProductFilters;
  options: ProductCategoryOption[];
}) {
  const [categoryId, setCategoryId] = useState(filters.categoryId?.toString() ?? '');
  const [subcategoryId, setSubcategoryId] = useState(filters.subcategoryId?.toString() ?? '');
  const shownCategories = categoryId
    ? options.filter((category) => String(category.id) === categoryId)
    : options;
  return (
    <Form
      method="get"
      role="search"
      aria-label="Search and filter products"
      className="mt-6 grid gap-3 rounded-xl border border-border bg-white p-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-[minmax(0,2fr)_repeat(5,minmax(0,1fr))_auto]"
    >
      <SearchField
        id="products-q"
        label="Search"
        value={filters.q}
        maxLength={100}
        placeholder="Name, slug or fabric"
        className="sm:col-span-2 lg:col-span-3 xl:col-span-1"
      />
      <FilterSelect
        id="products-category"
        name="category"
        label="Category"
        value={categoryId}
        onChange={(event) => {
          setCategoryId(event.target.value);
          setSubcategoryId('');
        }}
        options={[
          { value: '', label: 'All categories' },
          ...options.map((category) => ({
            value: String(category.id),
            label: `${category.name}${category.isActive ? '' : ' (inactive)'}`,
          })),
        ]}
      />
      <div className="grid gap-2">
        <Label htmlFor="products-subcategory">Subcategory</Label>
        <select
          id="products-subcategory"
          name="subcategory"
          value={subcategoryId}
          onChange={(event) => setSubcategoryId(event.target.value)}
          className={selectClass}
        >
          <option value="">All subcategories</option>
          {shownCategories.map((category) =>
            category.subcategories.length === 0 ? null : (
              <optgroup key={category.id} label={category.name}>
                {category.subcategories.map((sub) => (
                  <option key={sub.id} value={sub.id}>
                    {sub.name}
                    {sub.isActive ? '' : ' (inactive)'}
                  </option>
                ))}
              </optgroup>
            ),
          )}
        </select>
      </div>
      <FilterSelect
        id="products-active"
        name="active"
        label="Shown in the shop"
        defaultValue={filters.active ?? ''}
        options={ACTIVE_FILTERS}
      />
      <FilterSelect
        id="products-featured"
        name="featured"
        label="Featured"
        defaultValue={filters.featured ?? ''}
        options={FEATURED_FILTERS}
      />
      <FilterSelect
        id="products-sort"
        name="sort"
        label="Sort by"
        defaultValue={filters.sort}
        options={SORT_CHOICES}
      />
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3 xl:col-span-1">
        <Button type="submit" className={cn(tapTarget, 'flex-1 sm:min-h-10 xl:flex-none')}>
          <SearchIcon aria-hidden /> Apply
        </Button>
        <Link
          to="/admin/products"
          className={cn(
            buttonVariants({ variant: 'outline' }),
            tapTarget,
            'flex-1 sm:min-h-10 xl:flex-none',
          )}
        >
          Clear
        </Link>
      </div>
    </Form>
  );
}

/**
 * A column whose heading sorts by it (ascending first) and shows the current order. `search`
 * is the page's query, kept but for the page number.
 */
function sortColumn(
  search: URLSearchParams,
  sort: AdminProductSort,
  column: {
    label: string;
    ascending: AdminProductSort;
    descending: AdminProductSort;
    className?: string;
  },
): TableColumn {
  const { label, ascending, descending, className } = column;
  const current = sort === ascending ? 'ascending' : sort === descending ? 'descending' : 'none';
  const next = current === 'ascending' ? descending : ascending;
  const params = new URLSearchParams(search);
  params.delete('page');
  if (next === DEFAULT_ADMIN_PRODUCT_SORT) params.delete('sort');
  else params.set('sort', next);
  const Arrow = current === 'descending' ? ArrowDownIcon : ArrowUpIcon;
  return {
    label,
    className,
    sort: current,
    content: (
      <Link
        to={{ search: params.toString() ? `?${params}` : '' }}
        className="inline-flex min-h-9 items-center gap-1 hover:underline"
      >
        {label}
        {current !== 'none' && <Arrow aria-hidden className="size-3.5" />}
        <span className="sr-only">, {ADMIN_PRODUCT_SORT_LABELS[next].toLowerCase()}</span>
      </Link>
    ),
  };
}

function ProductTable({
  rows,
  sort,
  onDelete,
}: {
  rows: AdminProductRow[];
  sort: AdminProductSort;
  onDelete: (target: DeleteTarget) => void;
}) {
  const [search] = useSearchParams();
  const columns: TableColumn[] = [
    { label: 'Image', visuallyHidden: true, className: 'w-16' },
    sortColumn(search, sort, { label: 'Name', ascending: 'name-asc', descending: 'name-desc' }),
    'Category',
    sortColumn(search, sort, {
      label: 'Price',
      ascending: 'price-asc',
      descending: 'price-desc',
      className: 'text-right',
    }),
    'Status',
    sortColumn(search, sort, {
      label: 'Edited',
      ascending: 'updated-asc',
      descending: 'updated-desc',
    }),
    { label: 'Actions', visuallyHidden: true },
  ];
  return (
    <div className="mt-6 hidden overflow-x-auto rounded-xl border border-border bg-white xl:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          Products, {ADMIN_PRODUCT_SORT_LABELS[sort].toLowerCase()}
        </caption>
        <TableHead columns={columns} />
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.id} className={cn(!row.isActive && 'bg-muted/20')}>
              <td className="px-3 py-2">
                <ProductThumbnail row={row} />
              </td>
              <td className="max-w-64 px-3 py-2">
                <Link
                  to={`/admin/products/${row.id}`}
                  className="font-semibold break-words hover:underline"
                >
                  {row.name}
                </Link>
                <p className="truncate text-xs text-muted-foreground">/{row.slug}</p>
              </td>
              <td className="px-3 py-2">
                {row.categoryName}
                {row.subcategoryName && (
                  <span className="block text-xs text-muted-foreground">{row.subcategoryName}</span>
                )}
              </td>
              <td className="px-3 py-2 text-right font-medium tabular-nums">
                {formatRupeesExact(row.pricePaise)}
              </td>
              <td className="px-3 py-2">
                <Badges row={row} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
                <EditedAt iso={row.updatedAt} />
              </td>
              <td className="px-3 py-2">
                <RowActions row={row} onDelete={onDelete} compact />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProductCardRow({
  row,
  onDelete,
}: {
  row: AdminProductRow;
  onDelete: (target: DeleteTarget) => void;
}) {
  const headingId = `product-${row.id}-heading`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-3 rounded-xl border border-border bg-white p-4"
    >
      <div className="flex min-w-0 gap-3">
        <ProductThumbnail row={row} />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-semibold break-words">
            <Link to={`/admin/products/${row.id}`} className="hover:underline">
              {row.name}
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">
            {row.subcategoryName
              ? `${row.categoryName} · ${row.subcategoryName}`
              : row.categoryName}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <span className="font-semibold tabular-nums">{formatRupeesExact(row.pricePaise)}</span>
            <Badges row={row} />
          </p>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        /{row.slug} · edited <EditedAt iso={row.updatedAt} />
      </p>
      <RowActions row={row} onDelete={onDelete} />
    </article>
  );
}

/** A product's first photo at the size of a table row. */
function ProductThumbnail({ row }: { row: AdminProductRow }) {
  return (
    <Thumbnail
      imageKey={row.imageKey}
      placeholder={row.imagePlaceholder}
      width={56}
      height={70}
      className="h-[70px] w-14"
    />
  );
}

function Badges({ row }: { row: Pick<AdminProductRow, 'isActive' | 'featured'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span
        className={cn(
          'rounded-full px-2 py-0.5 text-xs font-medium',
          row.isActive ? 'bg-emerald-100 text-emerald-900' : 'bg-muted text-muted-foreground',
        )}
      >
        {row.isActive ? 'Active' : 'Inactive'}
      </span>
      {row.featured && (
        <span className="rounded-full bg-accent/20 px-2 py-0.5 text-xs font-medium text-foreground">
          Featured
        </span>
      )}
    </span>
  );
}

const editedFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

function EditedAt({ iso }: { iso: string }) {
  return <time dateTime={iso}>{editedFormat.format(new Date(iso))}</time>;
}

function RowActions({
  row,
  onDelete,
  compact = false,
}: {
  row: AdminProductRow;
  onDelete: (target: DeleteTarget) => void;
  compact?: boolean;
}) {
  const duplicate = useAdminFetcher();
  const toggle = useAdminFetcher();
  const active = toggle.formData ? toggle.formData.get('isActive') === 'true' : row.isActive;
  const button = cn(tapTarget, compact && 'px-2.5');
  return (
    <div className={cn('flex flex-wrap gap-2', compact && 'justify-end')}>
      <Link
        to={`/admin/products/${row.id}`}
        className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), button)}
        aria-label={`Edit ${row.name}`}
        title={compact ? 'Edit' : undefined}
      >
        <PencilIcon aria-hidden /> <Text compact={compact}>Edit</Text>
      </Link>
      <Button
        variant="outline"
        size="sm"
        className={button}
        disabled={duplicate.state !== 'idle'}
        aria-label={`Duplicate ${row.name}`}
        title={compact ? 'Duplicate' : undefined}
        onClick={() =>
          duplicate.submit({ intent: 'duplicate-product', id: row.id }, { method: 'post' })
        }
      >
        <CopyIcon aria-hidden />{' '}
        <Text compact={compact}>{duplicate.state !== 'idle' ? 'Copying…' : 'Duplicate'}</Text>
      </Button>
      <Button
        variant="outline"
        size="sm"
        className={button}
        disabled={toggle.state !== 'idle'}
        aria-label={`${active ? 'Deactivate' : 'Activate'} ${row.name}`}
        onClick={() =>
          toggle.submit(
            { intent: 'set-product-active', id: row.id, isActive: String(!active) },
            { method: 'post' },
          )
        }
      >
        {active ? 'Deactivate' : 'Activate'}
      </Button>
      <Button
        variant="outline"
        size="sm"
        className={cn(button, 'text-destructive')}
        aria-label={`Delete ${row.name}`}
        title={compact ? 'Delete' : undefined}
        onClick={() => onDelete({ id: row.id, name: row.name })}
      >
        <Trash2Icon aria-hidden /> <Text compact={compact}>Delete</Text>
      </Button>
    </div>
  );
}

/** A button's words; in the table's compact actions only screen readers (and the title) have them. */
function Text({ compact, children }: { compact: boolean; children: React.ReactNode }) {
  return <span className={cn(compact && 'sr-only')}>{children}</span>;
}
