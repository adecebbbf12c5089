/**
 * /admin/categories (issue "Back office" item 2): categories in display order with their
 * subcategories; create, edit, reorder (drag and drop or Move up / Move down), activate or
 * deactivate, delete after a confirmation. Every outcome is toasted; the storefront's open
 * pages follow at once through the catalogue events.
 */
import { ChevronDownIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Thumbnail } from '~/features/media/responsive-image';
import { cn } from '~/lib/utils';
import type { AdminCategory, AdminSubcategory } from './categories.server';
import { ConfirmDialog } from '~/features/admin/shared/confirm-dialog';
import { ShelfDialog, type ShelfTarget } from './shelf-dialog';
import { SortableList } from '~/features/admin/shared/sortable-list';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';

/** What the delete confirmation is open for. */
interface DeleteTarget {
  kind: 'category' | 'subcategory';
  shelf: Pick<AdminSubcategory, 'id' | 'name' | 'productCount'>;
}

export function CategoriesScreen({ categories }: { categories: AdminCategory[] }) {
  const [editing, setEditing] = useState<ShelfTarget | null>(null);
  // Held here, not in the row: the row is gone once the delete succeeds, and its toast with it.
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const remove = useAdminFetcher({ onSuccess: () => setDeleting(null) });
  const subcategoryCount = categories.reduce((sum, c) => sum + c.subcategories.length, 0);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">Categories</h1>
          <p className="mt-1 text-muted-foreground">
            {categories.length} {categories.length === 1 ? 'category' : 'categories'} ·{' '}
            {subcategoryCount} {subcategoryCount === 1 ? 'subcategory' : 'subcategories'}. The order
            here is the order of the navigation bar.
          </p>
        </div>
        <Button onClick={() => setEditing({ kind: 'category' })}>
          <PlusIcon aria-hidden /> New category
        </Button>
      </div>
      <div className="mt-6">
        {categories.length === 0 ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
            No categories yet. Create the first one.
          </p>
        ) : (
          <ReorderableShelves
            label="Categories"
            items={categories}
            renderItem={(category) => (
              <CategoryRow category={category} onEdit={setEditing} onDelete={setDeleting} />
            )}
          />
        )}
      </div>
      <ShelfDialog target={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.shelf.name ?? ''}?`}
        description={deleting ? deleteWarning(deleting) : ''}
        busy={remove.state !== 'idle'}
        onConfirm={() =>
          deleting &&
          remove.submit(
            { intent: `delete-${deleting.kind}`, id: deleting.shelf.id },
            { method: 'post' },
          )
        }
      />
    </>
  );
}

function deleteWarning({ kind, shelf }: DeleteTarget): string {
  if (shelf.productCount > 0) {
    return `${shelf.name} still has ${shelf.productCount} ${shelf.productCount === 1 ? 'product' : 'products'}; it cannot be deleted until they are moved or deleted. You can deactivate it instead.`;
  }
  return kind === 'category'
    ? `${shelf.name} and its subcategories will be removed from the shop. This cannot be undone.`
    : `${shelf.name} will be removed from the shop. This cannot be undone.`;
}

/** A sortable list that saves its new order, showing it at once while the save runs. */
function ReorderableShelves<Item extends { id: number; name: string }>({
  label,
  items,
  categoryId,
  renderItem,
}: {
  label: string;
  items: Item[];
  /** Set for one category's subcategories. */
  categoryId?: number;
  renderItem: (item: Item) => React.ReactNode;
}) {
  const fetcher = useAdminFetcher();
  const pending = fetcher.formData?.get('order');
  const byId = new Map(items.map((item) => [item.id, item]));
  const shown =
    typeof pending === 'string'
      ? pending
          .split(',')
          .map((id) => byId.get(Number(id)))
          .filter((item): item is Item => item !== undefined)
      : items;
  return (
    <SortableList
      label={label}
      items={shown.length === items.length ? shown : items}
      renderItem={renderItem}
      onReorder={(ids) =>
        fetcher.submit(
          { intent: 'reorder', order: ids.join(','), ...(categoryId ? { categoryId } : {}) },
          { method: 'post' },
        )
      }
    />
  );
}

function ShelfSummary({
  shelf,
  level,
}: {
  shelf: Pick<
    AdminSubcategory,
    'name' | 'slug' | 'imageKey' | 'imagePlaceholder' | 'isActive' | 'productCount'
  >;
  level: 'category' | 'subcategory';
}) {
  const Heading = level === 'category' ? 'h2' : 'h3';
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Thumbnail
        imageKey={shelf.imageKey}
        placeholder={shelf.imagePlaceholder}
        width={56}
        className="size-14"
      />
      <div className="min-w-0">
        <Heading className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="break-words">{shelf.name}</span>
          {!shelf.isActive && (
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
              Inactive
            </span>
          )}
        </Heading>
        <p className="truncate text-sm text-muted-foreground">
          /{shelf.slug} · {shelf.productCount} {shelf.productCount === 1 ? 'product' : 'products'}
        </p>
      </div>
    </div>
  );
}

function ShelfActions({
  kind,
  shelf,
  onEdit,
  onDelete,
}: {
  kind: 'category' | 'subcategory';
  shelf: Pick<AdminSubcategory, 'id' | 'name' | 'isActive' | 'productCount'>;
  onEdit: () => void;
  onDelete: (target: DeleteTarget) => void;
}) {
  const toggle = useAdminFetcher();
  const active = toggle.formData ? toggle.formData.get('isActive') === 'true' : shelf.isActive;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${shelf.name}`}>
        <PencilIcon aria-hidden /> Edit
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={toggle.state !== 'idle'}
        aria-label={`${active ? 'Deactivate' : 'Activate'} ${shelf.name}`}
        onClick={() =>
          toggle.submit(
            { intent: `set-${kind}-active`, id: shelf.id, isActive: String(!active) },
            { method: 'post' },
          )
        }
      >
        {active ? 'Deactivate' : 'Activate'}
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="text-destructive"
        aria-label={`Delete ${shelf.name}`}
        onClick={() => onDelete({ kind, shelf })}
      >
        <Trash2Icon aria-hidden /> Delete
      </Button>
    </div>
  );
}

function CategoryRow({
  category,
  onEdit,
  onDelete,
}: {
  category: AdminCategory;
  onEdit: (target: ShelfTarget) => void;
  onDelete: (target: DeleteTarget) => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = `subcategories-of-${category.id}`;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <ShelfSummary shelf={category} level="category" />
        <ShelfActions
          kind="category"
          shelf={category}
          onEdit={() => onEdit({ kind: 'category', record: category })}
          onDelete={onDelete}
        />
      </div>
      <div>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <ChevronDownIcon
            aria-hidden
            className={cn('transition-transform', open && 'rotate-180')}
          />
          Subcategories of {category.name} ({category.subcategories.length})
        </Button>
        <div
          id={panelId}
          hidden={!open}
          className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-3 border-l-2 pl-3"
        >
          {open && (
            <>
              {category.subcategories.length > 0 ? (
                <ReorderableShelves
                  label={`Subcategories of ${category.name}`}
                  items={category.subcategories}
                  categoryId={category.id}
                  renderItem={(sub) => (
                    <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
                      <ShelfSummary shelf={sub} level="subcategory" />
                      <ShelfActions
                        kind="subcategory"
                        shelf={sub}
                        onEdit={() =>
                          onEdit({
                            kind: 'subcategory',
                            categoryId: category.id,
                            categoryName: category.name,
                            record: sub,
                          })
                        }
                        onDelete={onDelete}
                      />
                    </div>
                  )}
                />
              ) : (
                <p className="text-sm text-muted-foreground">No subcategories yet.</p>
              )}
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    onEdit({
                      kind: 'subcategory',
                      categoryId: category.id,
                      categoryName: category.name,
                    })
                  }
                >
                  <PlusIcon aria-hidden /> Add subcategory to {category.name}
                </Button>
              </div>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
