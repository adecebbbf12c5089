/**
 * The create/edit form of a category or subcategory (issue "Back office" item 2): name; slug,
 * shown as derived from the name by SPEC.md section 3's rule until the administrator types
 * their own; description; image (sent through the image pipeline); active. Refusals show
 * beside their field and in a toast; a success closes the dialog.
 */
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { slugify } from '~/features/catalog/slug';
import { IMAGE_ACCEPT } from '~/features/media/limits';
import { Thumbnail } from '~/features/media/responsive-image';
import { cn } from '~/lib/utils';
import type { AdminSubcategory } from './categories.server';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';

/** What the dialog edits: a category or a subcategory, new (no record) or existing. */
export interface ShelfTarget {
  kind: 'category' | 'subcategory';
  /** The category a subcategory belongs to. */
  categoryId?: number;
  categoryName?: string;
  record?: Pick<
    AdminSubcategory,
    | 'id'
    | 'name'
    | 'slug'
    | 'description'
    | 'isActive'
    | 'imageKey'
    | 'imagePlaceholder'
    | 'version'
  >;
}

export function ShelfDialog({
  target,
  onClose,
}: {
  target: ShelfTarget | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target && (
        <ShelfForm
          key={`${target.kind}-${target.record?.id ?? 'new'}`}
          target={target}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

const textareaClass =
  'min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 md:text-sm';

function ShelfForm({ target, onClose }: { target: ShelfTarget; onClose: () => void }) {
  const fetcher = useAdminFetcher({ onSuccess: onClose });
  const record = target.record;
  const [name, setName] = useState(record?.name ?? '');
  const [slug, setSlug] = useState(record?.slug ?? '');
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const noun = target.kind === 'category' ? 'category' : 'subcategory';
  const title = record ? `Edit ${record.name}` : `New ${noun}`;
  const busy = fetcher.state !== 'idle';
  const derived = slugify(name);
  return (
    <DialogContent className="max-w-xl">
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>
        {target.kind === 'subcategory'
          ? `A subcategory of ${target.categoryName}.`
          : 'A section of the wardrobe, shown in the navigation bar.'}
      </DialogDescription>
      <fetcher.Form method="post" encType="multipart/form-data" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value={`save-${target.kind}`} />
        {record && <input type="hidden" name="id" value={record.id} />}
        {record && <input type="hidden" name="version" value={record.version} />}
        {target.categoryId !== undefined && (
          <input type="hidden" name="categoryId" value={target.categoryId} />
        )}
        <FormField
          id={`${noun}-name`}
          name="name"
          label="Name"
          required
          maxLength={80}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          autoComplete="off"
        />
        <FormField
          id={`${noun}-slug`}
          name="slug"
          label="Slug"
          maxLength={80}
          value={slug}
          onChange={(event) => setSlug(event.target.value)}
          placeholder={derived}
          error={errors.slug}
          autoComplete="off"
          hint={
            slug
              ? 'Lower-case letters, digits and single hyphens. Changing it changes the page address.'
              : `Leave empty to use "${derived || '…'}", made from the name.`
          }
        />
        <div className="grid gap-2">
          <Label htmlFor={`${noun}-description`}>Description</Label>
          <textarea
            id={`${noun}-description`}
            name="description"
            maxLength={1000}
            defaultValue={record?.description ?? ''}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${noun}-description-error` : undefined}
            className={cn(textareaClass, errors.description && 'border-destructive')}
          />
          {errors.description && (
            <p id={`${noun}-description-error`} className="text-sm text-destructive">
              {errors.description}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${noun}-image`}>Image</Label>
          <div className="flex items-center gap-3">
            {record?.imageKey && (
              <Thumbnail
                imageKey={record.imageKey}
                placeholder={record.imagePlaceholder}
                width={64}
                className="size-16"
              />
            )}
            <input
              id={`${noun}-image`}
              name="image"
              type="file"
              accept={IMAGE_ACCEPT}
              aria-invalid={errors.image ? true : undefined}
              aria-describedby={`${noun}-image-hint${errors.image ? ` ${noun}-image-error` : ''}`}
              className="min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-2 file:text-sm"
            />
          </div>
          <p id={`${noun}-image-hint`} className="text-sm text-muted-foreground">
            {record?.imageKey ? 'Choose a file to replace the image. ' : ''}A photo up to 15 MB.
          </p>
          {errors.image && (
            <p id={`${noun}-image-error`} className="text-sm text-destructive">
              {errors.image}
            </p>
          )}
        </div>
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            name="isActive"
            value="on"
            defaultChecked={record?.isActive ?? true}
            className="size-5 accent-primary"
          />
          Active (shown in the shop)
        </label>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : record ? 'Save changes' : `Create ${noun}`}
          </Button>
        </div>
      </fetcher.Form>
    </DialogContent>
  );
}
