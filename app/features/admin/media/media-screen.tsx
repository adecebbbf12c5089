/**
 * /admin/media (issue "Back office" item 4): the upload panel, then the gallery's items newest
 * first, filtered by kind and searched by title or description, each with its edit dialog and
 * a delete that asks first. Outcomes are toasted; the list reloads after every change.
 */
import { PencilIcon, SearchIcon, Trash2Icon, VideoIcon } from 'lucide-react';
import { useState } from 'react';
import { Form, Link } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { FilterSelect, SearchField } from '~/features/admin/shared/filter-select';
import { videoSections } from '~/features/gallery/filter';
import { IMAGE_ACCEPT } from '~/features/media/limits';
import { ResponsiveImage } from '~/features/media/responsive-image';
import { cn } from '~/lib/utils';
import { ConfirmDialog } from '~/features/admin/shared/confirm-dialog';
import type { AdminMediaItem, AdminMediaKind } from './media.server';
import { MediaShelfFields, type MediaShelves } from './media-shelf-fields';
import { MediaUploader } from './media-uploader';
import { Pagination } from '~/features/admin/shared/pagination';
import type { ProductCategoryOption } from '~/features/admin/catalogue/products.server';
import { formatShopDateTime } from '~/lib/shop-time';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';

/** The kind a URL asks for (`?type=images|videos`); null for both. */
export function mediaKindFromSearch(search: URLSearchParams): AdminMediaKind | null {
  const type = search.get('type');
  return type === 'images' ? 'image' : type === 'videos' ? 'video' : null;
}

const KIND_FILTERS: { value: '' | 'images' | 'videos'; label: string }[] = [
  { value: '', label: 'All media' },
  { value: 'images', label: 'Images' },
  { value: 'videos', label: 'Videos' },
];

const sectionLabel = (id: string | null) =>
  videoSections.find((section) => section.id === id)?.label ?? null;

export function MediaScreen({
  items,
  total,
  kind,
  q,
  page,
  pages,
  options,
}: {
  items: AdminMediaItem[];
  total: number;
  kind: AdminMediaKind | null;
  q: string;
  page: number;
  pages: number;
  options: ProductCategoryOption[];
}) {
  const [editing, setEditing] = useState<AdminMediaItem | null>(null);
  const [deleting, setDeleting] = useState<AdminMediaItem | null>(null);
  const remover = useAdminFetcher({ onSuccess: () => setDeleting(null) });
  const typeValue = kind === 'image' ? 'images' : kind === 'video' ? 'videos' : '';
  return (
    <div>
      <h1 className="text-3xl font-semibold sm:text-4xl">Media</h1>
      <p className="mt-2 text-muted-foreground">
        The gallery&apos;s images and videos. What you add here shows on the{' '}
        <Link to="/gallery" className="underline underline-offset-4">
          gallery page
        </Link>{' '}
        at once.
      </p>

      <div className="mt-6">
        <MediaUploader options={options} />
      </div>

      <h2 className="mt-10 text-2xl font-semibold">In the gallery</h2>
      <Form
        method="get"
        role="search"
        aria-label="Gallery items"
        className="mt-4 grid gap-3 sm:flex sm:flex-wrap sm:items-end"
      >
        <SearchField
          id="media-search"
          label="Title or description"
          value={q}
          maxLength={100}
          placeholder="e.g. sherwani"
          autoComplete="off"
          className="sm:min-w-64 sm:flex-1"
        />
        <FilterSelect
          id="media-type"
          name="type"
          label="Show"
          defaultValue={typeValue}
          key={typeValue}
          options={KIND_FILTERS}
          className="w-auto min-w-44"
        />
        <Button type="submit" className="min-h-11 sm:min-h-10">
          <SearchIcon aria-hidden /> Search
        </Button>
      </Form>

      <p className="mt-4 text-sm text-muted-foreground" role="status">
        {total === 0
          ? q || kind
            ? 'Nothing matches this search.'
            : 'The gallery is empty. Upload the first photo above.'
          : `${total} ${total === 1 ? 'item' : 'items'}`}
      </p>

      {items.length > 0 && (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Gallery items">
          {items.map((item) => (
            <MediaCard
              key={item.id}
              item={item}
              onEdit={() => setEditing(item)}
              onDelete={() => setDeleting(item)}
            />
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} label="Gallery item pages" />

      <MediaEditDialog item={editing} options={options} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete "${deleting?.title ?? ''}"?`}
        description={
          deleting?.kind === 'video'
            ? 'The video leaves the gallery for good, with its file.'
            : 'The image leaves the gallery for good. Products and categories that use the same photo keep it.'
        }
        busy={remover.state !== 'idle'}
        onConfirm={() =>
          deleting &&
          void remover.submit(
            { intent: 'delete-media', id: String(deleting.id) },
            { method: 'post' },
          )
        }
      />
    </div>
  );
}

function MediaCard({
  item,
  onEdit,
  onDelete,
}: {
  item: AdminMediaItem;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const shelf = [item.categoryName, item.subcategoryName].filter(Boolean).join(' › ');
  const section = item.kind === 'video' ? sectionLabel(item.videoSection) : null;
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border bg-card">
      <div className="relative aspect-[4/3] bg-muted">
        {item.imageKey ? (
          <ResponsiveImage
            imageKey={item.imageKey}
            placeholder={item.placeholder}
            alt=""
            width={480}
            height={360}
            sizes="(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw"
            fallbackWidth={640}
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground">
            <VideoIcon aria-hidden className="size-10" />
          </div>
        )}
        <span className="absolute top-2 left-2 rounded-full bg-background/90 px-2 py-0.5 text-xs font-medium">
          {item.kind === 'video' ? 'Video' : 'Image'}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-semibold break-words">{item.title}</h3>
        {item.description && (
          <p className="line-clamp-2 text-sm break-words text-muted-foreground">
            {item.description}
          </p>
        )}
        <p className="text-sm text-muted-foreground">
          {[
            shelf || 'No category',
            section,
            item.kind === 'video' && !item.imageKey ? 'no poster' : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="text-xs text-muted-foreground">Added {formatShopDateTime(item.createdAt)}</p>
        <div className="mt-auto flex flex-wrap gap-2 pt-3">
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="min-h-11 sm:min-h-9"
            onClick={onEdit}
            aria-label={`Edit "${item.title}"`}
          >
            <PencilIcon aria-hidden /> Edit
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="min-h-11 text-destructive sm:min-h-9"
            onClick={onDelete}
            aria-label={`Delete "${item.title}"`}
          >
            <Trash2Icon aria-hidden /> Delete
          </Button>
          <Link
            to={`/gallery?item=${item.id}`}
            className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'min-h-11 sm:min-h-9')}
          >
            View in gallery
          </Link>
        </div>
      </div>
    </li>
  );
}

const textareaClass =
  'min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 md:text-sm';

function MediaEditDialog({
  item,
  options,
  onClose,
}: {
  item: AdminMediaItem | null;
  options: ProductCategoryOption[];
  onClose: () => void;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {item && (
        <MediaEditForm
          key={`${item.id}:${item.version}`}
          item={item}
          options={options}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function MediaEditForm({
  item,
  options,
  onClose,
}: {
  item: AdminMediaItem;
  options: ProductCategoryOption[];
  onClose: () => void;
}) {
  const fetcher = useAdminFetcher({ onSuccess: onClose });
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const [shelves, setShelves] = useState<MediaShelves>({
    categoryId: item.categoryId ? String(item.categoryId) : '',
    subcategoryId: item.subcategoryId ? String(item.subcategoryId) : '',
    videoSection: item.videoSection ?? 'fabric-showcase',
  });
  const busy = fetcher.state !== 'idle';
  const isVideo = item.kind === 'video';
  return (
    <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto">
      <DialogTitle>Edit {isVideo ? 'video' : 'image'}</DialogTitle>
      <DialogDescription>
        Added {formatShopDateTime(item.createdAt)}. Changes show in the gallery at once.
      </DialogDescription>
      <fetcher.Form method="post" encType="multipart/form-data" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="save-media" />
        <input type="hidden" name="id" value={item.id} />
        <input type="hidden" name="version" value={item.version} />
        <FormField
          id="media-title"
          name="title"
          label="Title"
          required
          maxLength={120}
          defaultValue={item.title}
          error={errors.title}
          autoComplete="off"
        />
        <div className="grid gap-2">
          <Label htmlFor="media-description">Description</Label>
          <textarea
            id="media-description"
            name="description"
            maxLength={1000}
            defaultValue={item.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? 'media-description-error' : undefined}
            className={cn(textareaClass, errors.description && 'border-destructive')}
          />
          {errors.description && (
            <p id="media-description-error" className="text-sm text-destructive">
              {errors.description}
            </p>
          )}
        </div>
        <MediaShelfFields
          idPrefix="media-edit"
          options={options}
          value={shelves}
          onChange={setShelves}
          showVideoSection={isVideo}
          errors={errors}
        />
        {isVideo && (
          <div className="grid gap-2">
            <Label htmlFor="media-poster">Poster image</Label>
            <input
              id="media-poster"
              name="poster"
              type="file"
              accept={IMAGE_ACCEPT}
              aria-invalid={errors.poster ? true : undefined}
              aria-describedby={`media-poster-hint${errors.poster ? ' media-poster-error' : ''}`}
              className="min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-2 file:text-sm"
            />
            <p id="media-poster-hint" className="text-sm text-muted-foreground">
              {item.imageKey
                ? 'Choose a photo to replace the picture shown before the video plays.'
                : 'A photo shown before the video plays, up to 15 MB.'}
            </p>
            {errors.poster && (
              <p id="media-poster-error" className="text-sm text-destructive">
                {errors.poster}
              </p>
            )}
            {item.imageKey && (
              <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
                <input
                  type="checkbox"
                  name="removePoster"
                  value="on"
                  className="size-5 accent-primary"
                />
                Remove the poster
              </label>
            )}
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save changes'}
          </Button>
        </div>
      </fetcher.Form>
    </DialogContent>
  );
}
