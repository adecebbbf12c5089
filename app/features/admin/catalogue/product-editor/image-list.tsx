/**
 * The product editor's "Images (n of 8)": the stored images kept and the photos chosen on the
 * device, as tiles that move left or right and are removed in place, then the "Add photos"
 * input. The first tile is the card image.
 */
import { ChevronLeftIcon, ChevronRightIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { FieldError } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { Thumbnail } from '~/features/media/responsive-image';
import { cn } from '~/lib/utils';
import { PRODUCT_LIMITS } from '../product-rules';
import { FormSection } from './form-parts';
import { ACCEPTED_IMAGES, megabytes } from './image-rules';
import type { ProductImages } from './use-product-images';

/** The image list with its refusals (`errors.images`, else `errors.keepImages`). */
export function ImageListFields({
  images,
  errors,
}: {
  images: ProductImages;
  /** The last save's refusals by field name. */
  errors: Record<string, string>;
}) {
  const { kept, added, count } = images;
  const invalid = Boolean(errors.images || errors.keepImages);
  return (
    <FormSection title={`Images (${count} of ${PRODUCT_LIMITS.images})`}>
      <div className="grid gap-3 sm:col-span-2">
        <p id="product-images-hint" className="text-sm text-muted-foreground">
          The first image is the one the shop shows on cards. Photos up to{' '}
          {megabytes(PRODUCT_LIMITS.imageBytes)} each; new ones are added after the others and can
          be reordered once saved.
        </p>
        {kept.map((image) => (
          <input key={image.key} type="hidden" name="keepImages" value={image.key} />
        ))}
        {count > 0 && (
          <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-label="Images">
            {kept.map((image, index) => (
              <ImageTile
                key={image.key}
                label={`Image ${index + 1}`}
                first={index === 0}
                canMoveLeft={index > 0}
                canMoveRight={index < kept.length - 1}
                onMove={(step) => images.moveKept(index, step)}
                onRemove={() => images.removeKept(image)}
              >
                <Thumbnail
                  imageKey={image.key}
                  placeholder={image.placeholder}
                  width={160}
                  height={200}
                  className="aspect-[4/5] w-full"
                />
              </ImageTile>
            ))}
            {added.map((image, index) => (
              <ImageTile
                key={`new-${image.id}`}
                label={`New image ${index + 1}, ${image.file.name}`}
                first={kept.length === 0 && index === 0}
                isNew
                canMoveLeft={index > 0}
                canMoveRight={index < added.length - 1}
                onMove={(step) => images.moveAdded(index, step)}
                onRemove={() => images.removeAdded(image)}
              >
                <img
                  src={image.url}
                  alt=""
                  className="aspect-[4/5] w-full rounded-md bg-muted object-cover"
                />
              </ImageTile>
            ))}
          </ol>
        )}
        <div className="grid gap-2">
          <Label htmlFor="product-images">Add photos</Label>
          <input
            id="product-images"
            name="images"
            type="file"
            multiple
            accept={ACCEPTED_IMAGES}
            disabled={count >= PRODUCT_LIMITS.images}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={`product-images-hint${invalid ? ' product-images-error' : ''}`}
            // With scripts, chosen photos join the list above and the input is emptied for
            // the next choice; without them, the browser sends the input's files itself.
            onChange={(event) => {
              images.addFiles(event.target.files);
              event.target.value = '';
            }}
            className="min-h-11 min-w-0 text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:text-sm sm:file:min-h-9"
          />
        </div>
        <FieldError id="product-images-error" message={errors.images ?? errors.keepImages} />
      </div>
    </FormSection>
  );
}

/** One image of the list (`children`, its picture) with its badges and move/remove buttons. */
function ImageTile({
  label,
  first,
  isNew = false,
  canMoveLeft,
  canMoveRight,
  onMove,
  onRemove,
  children,
}: {
  label: string;
  first: boolean;
  isNew?: boolean;
  canMoveLeft: boolean;
  canMoveRight: boolean;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
  children: ReactNode;
}) {
  const icon = 'size-11 sm:size-9';
  return (
    <li className="grid gap-2 rounded-lg border border-border p-2">
      <div className="relative">
        {children}
        <span className="absolute top-1 left-1 flex gap-1">
          {first && (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
              Card image
            </span>
          )}
          {isNew && (
            <span className="rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium">New</span>
          )}
        </span>
      </div>
      <div className="flex justify-between gap-1">
        <Button
          type="button"
          variant="outline"
          size="icon"
          className={icon}
          disabled={!canMoveLeft}
          aria-label={`Move ${label} left`}
          onClick={() => onMove(-1)}
        >
          <ChevronLeftIcon aria-hidden />
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          className={cn(icon, 'text-destructive')}
          aria-label={`Remove ${label}`}
          onClick={onRemove}
        >
          <XIcon aria-hidden />
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          className={icon}
          disabled={!canMoveRight}
          aria-label={`Move ${label} right`}
          onClick={() => onMove(1)}
        >
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </li>
  );
}
