/**
 * /admin/products/:id (issue "Back office", Products): the product form (name; slug, shown as
 * derived from the name until the administrator types their own; description; category, then
 * a subcategory of that category; price in rupees; fabric; sizes and colours as
 * comma-separated lists; featured; active; up to 8 images, removed and reordered in place,
 * new ones chosen from the device) beside a live preview of the shop's product card.
 * Refusals show beside their field and in a toast; what was typed stays. A new product opens
 * its edit page once created. The page also duplicates and deletes (after a confirmation).
 */
import {
  ArrowLeftIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CopyIcon,
  ExternalLinkIcon,
  Trash2Icon,
  XIcon,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonVariants } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { slugify } from '~/features/catalog/slug';
import { Thumbnail } from '~/features/media/responsive-image';
import { cn } from '~/lib/utils';
import { ConfirmDialog } from '~/features/admin/shared/confirm-dialog';
import { ProductPreview, type PreviewImage } from './product-preview';
import {
  formatPriceExact,
  listProblem,
  paiseToTyped,
  parseRupees,
  PRODUCT_LIMITS,
  splitList,
} from './product-rules';
import type { AdminProduct, ProductCategoryOption } from './products.server';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';

const selectClass =
  'h-11 w-full rounded-md border border-border bg-white px-3 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive sm:h-10 md:text-sm';
const textareaClass =
  'min-h-32 w-full rounded-md border border-border bg-white px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive md:text-sm';
const ACCEPTED_IMAGES =
  'image/jpeg,image/png,image/webp,image/avif,image/heic,image/gif,image/tiff';
const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** A photo chosen on the device, not yet uploaded. */
interface AddedImage {
  id: number;
  file: File;
  /** An object URL for its thumbnail; revoked when it leaves the list. */
  url: string;
}

export function ProductEditor({
  product,
  options,
}: {
  /** Null for a new product. */
  product: AdminProduct | null;
  options: ProductCategoryOption[];
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const fetcher = useAdminFetcher();
  // A new product opens its own page once the save and the page's reload are done (navigating
  // while this page still reloads could leave the new page showing this one's data).
  const createdId = !product && fetcher.data?.ok ? fetcher.data.id : undefined;
  useEffect(() => {
    if (fetcher.state === 'idle' && createdId !== undefined) {
      navigate(`/admin/products/${createdId}`);
    }
  }, [fetcher.state, createdId, navigate]);
  const [name, setName] = useState(product?.name ?? '');
  const [slug, setSlug] = useState(product?.slug ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [categoryId, setCategoryId] = useState(
    String(product?.categoryId ?? (options.length === 1 ? options[0]!.id : '')),
  );
  const [subcategoryId, setSubcategoryId] = useState(String(product?.subcategoryId ?? ''));
  const [price, setPrice] = useState(product ? paiseToTyped(product.pricePaise) : '');
  const [fabricType, setFabricType] = useState(product?.fabricType ?? '');
  const [sizes, setSizes] = useState(product?.sizes.join(', ') ?? '');
  const [colors, setColors] = useState(product?.colors.join(', ') ?? '');
  const [featured, setFeatured] = useState(product?.featured ?? false);
  const [isActive, setIsActive] = useState(product?.isActive ?? true);
  const [kept, setKept] = useState(product?.images ?? []);
  const [added, setAdded] = useState<AddedImage[]>([]);
  const nextId = useRef(0);

  // Object URLs of chosen photos are freed when the editor closes.
  const addedRef = useRef(added);
  useEffect(() => {
    addedRef.current = added;
  });
  useEffect(() => () => addedRef.current.forEach((image) => URL.revokeObjectURL(image.url)), []);

  const outcome = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const errors = outcome?.fieldErrors ?? {};
  const busy = fetcher.state !== 'idle';
  const category = options.find((option) => String(option.id) === categoryId);
  const derivedSlug = slugify(name).slice(0, PRODUCT_LIMITS.slug).replace(/-+$/, '');
  const reading = parseRupees(price);
  const sizeList = splitList(sizes);
  const colorList = splitList(colors);
  const imageCount = kept.length + added.length;
  const subcategory = category?.subcategories.find((sub) => String(sub.id) === subcategoryId);

  const addFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const room = PRODUCT_LIMITS.images - imageCount;
    const chosen = [...files];
    const tooBig = chosen.filter((file) => file.size > PRODUCT_LIMITS.imageBytes);
    for (const file of tooBig) {
      toast.error(
        `${file.name} is ${megabytes(file.size)}; the limit is ${megabytes(PRODUCT_LIMITS.imageBytes)}.`,
      );
    }
    const fitting = chosen.filter((file) => file.size <= PRODUCT_LIMITS.imageBytes);
    if (fitting.length > room) {
      toast.error(
        `A product can have at most ${PRODUCT_LIMITS.images} images; ${room === 0 ? 'remove one first' : `only ${room} more ${room === 1 ? 'fits' : 'fit'}`}.`,
      );
    }
    const taken = fitting.slice(0, Math.max(0, room)).map((file) => ({
      id: nextId.current++,
      file,
      url: URL.createObjectURL(file),
    }));
    setAdded((current) => [...current, ...taken]);
  };

  return (
    <>
      <EditorHeader product={product} title={product ? `Edit ${product.name}` : 'New product'} />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_16rem] xl:grid-cols-[minmax(0,1fr)_18rem]">
        <fetcher.Form
          method="post"
          encType="multipart/form-data"
          className="grid gap-6"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            data.delete('images');
            for (const image of added) data.append('images', image.file, image.file.name);
            fetcher.submit(data, { method: 'post', encType: 'multipart/form-data' });
          }}
        >
          <input type="hidden" name="intent" value="save-product" />
          {product && <input type="hidden" name="id" value={product.id} />}
          {product && <input type="hidden" name="version" value={product.version} />}

          {outcome && !outcome.fieldErrors && (
            <div
              role="alert"
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm"
            >
              <p>{outcome.message}</p>
              {product && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="min-h-11 sm:min-h-9"
                  onClick={() => revalidator.revalidate()}
                >
                  Reload
                </Button>
              )}
            </div>
          )}

          <Section title="The product">
            <FormField
              id="product-name"
              name="name"
              label="Name"
              required
              maxLength={PRODUCT_LIMITS.name}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={errors.name}
              autoComplete="off"
              className="sm:col-span-2"
            />
            <FormField
              id="product-slug"
              name="slug"
              label="Slug"
              maxLength={PRODUCT_LIMITS.slug}
              value={slug}
              onChange={(event) => setSlug(event.target.value)}
              placeholder={derivedSlug}
              error={errors.slug}
              autoComplete="off"
              className="sm:col-span-2"
              hint={
                slug
                  ? 'Lower-case letters, digits and single hyphens; unique among products.'
                  : `Leave empty to use "${derivedSlug || '…'}", made from the name.`
              }
            />
            <TextArea
              id="product-description"
              name="description"
              label="Description"
              value={description}
              onChange={setDescription}
              maxLength={PRODUCT_LIMITS.description}
              error={errors.description}
            />
          </Section>

          <Section title="Where it is listed">
            <div className="grid gap-2">
              <Label htmlFor="product-category">Category</Label>
              <select
                id="product-category"
                name="categoryId"
                value={categoryId}
                required
                onChange={(event) => {
                  const next = options.find((option) => String(option.id) === event.target.value);
                  setCategoryId(event.target.value);
                  if (!next?.subcategories.some((sub) => String(sub.id) === subcategoryId)) {
                    setSubcategoryId('');
                  }
                }}
                aria-invalid={errors.categoryId ? true : undefined}
                aria-describedby={errors.categoryId ? 'product-category-error' : undefined}
                className={selectClass}
              >
                <option value="" disabled>
                  Choose a category
                </option>
                {options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                    {option.isActive ? '' : ' (inactive)'}
                  </option>
                ))}
              </select>
              <FieldError id="product-category-error" message={errors.categoryId} />
              {options.length === 0 && (
                <p className="text-sm text-muted-foreground">
                  There are no categories yet.{' '}
                  <Link to="/admin/categories" className="text-primary underline">
                    Create one first
                  </Link>
                  .
                </p>
              )}
            </div>
            <div className="grid gap-2">
              <Label htmlFor="product-subcategory">Subcategory</Label>
              <select
                id="product-subcategory"
                name="subcategoryId"
                value={subcategoryId}
                onChange={(event) => setSubcategoryId(event.target.value)}
                disabled={!category}
                aria-invalid={errors.subcategoryId ? true : undefined}
                aria-describedby={
                  errors.subcategoryId ? 'product-subcategory-error' : 'product-subcategory-hint'
                }
                className={selectClass}
              >
                <option value="">None</option>
                {category?.subcategories.map((sub) => (
                  <option key={sub.id} value={sub.id}>
                    {sub.name}
                    {sub.isActive ? '' : ' (inactive)'}
                  </option>
                ))}
              </select>
              <p id="product-subcategory-hint" className="text-sm text-muted-foreground">
                {category ? `The subcategories of ${category.name}.` : 'Choose the category first.'}
              </p>
              <FieldError id="product-subcategory-error" message={errors.subcategoryId} />
            </div>
          </Section>

          <Section title="Price and options">
            <FormField
              id="product-price"
              name="price"
              label="Price in rupees (₹)"
              required
              inputMode="decimal"
              maxLength={20}
              value={price}
              onChange={(event) => setPrice(event.target.value)}
              error={errors.price}
              autoComplete="off"
              placeholder="1,250"
              hint={
                reading.ok
                  ? `${formatPriceExact(reading.paise)}. Up to ₹10,00,000; paise after a point, like 1,250.50.`
                  : 'Up to ₹10,00,000; paise after a point, like 1,250.50.'
              }
            />
            <FormField
              id="product-fabric"
              name="fabricType"
              label="Fabric type"
              maxLength={PRODUCT_LIMITS.fabricType}
              value={fabricType}
              onChange={(event) => setFabricType(event.target.value)}
              error={errors.fabricType}
              placeholder="Linen"
            />
            <ListField
              id="product-sizes"
              name="sizes"
              label="Sizes"
              value={sizes}
              onChange={setSizes}
              entries={sizeList}
              error={errors.sizes ?? listProblem(sizeList, 'size') ?? undefined}
              placeholder="S, M, L, XL"
            />
            <ListField
              id="product-colors"
              name="colors"
              label="Colours"
              value={colors}
              onChange={setColors}
              entries={colorList}
              error={errors.colors ?? listProblem(colorList, 'colour') ?? undefined}
              placeholder="Ivory, Navy blue"
            />
            <div className="grid gap-1 sm:col-span-2">
              <Checkbox name="featured" checked={featured} onChange={setFeatured}>
                Featured (shown on the home page)
              </Checkbox>
              <Checkbox name="isActive" checked={isActive} onChange={setIsActive}>
                Active (shown in the shop)
              </Checkbox>
            </div>
          </Section>

          <Section title={`Images (${imageCount} of ${PRODUCT_LIMITS.images})`}>
            <div className="grid gap-3 sm:col-span-2">
              <p id="product-images-hint" className="text-sm text-muted-foreground">
                The first image is the one the shop shows on cards. Photos up to{' '}
                {megabytes(PRODUCT_LIMITS.imageBytes)} each; new ones are added after the others and
                can be reordered once saved.
              </p>
              {kept.map((image) => (
                <input key={image.key} type="hidden" name="keepImages" value={image.key} />
              ))}
              {imageCount > 0 && (
                <ol
                  className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4"
                  aria-label="Images"
                >
                  {kept.map((image, index) => (
                    <ImageTile
                      key={image.key}
                      label={`Image ${index + 1}`}
                      first={index === 0}
                      canMoveLeft={index > 0}
                      canMoveRight={index < kept.length - 1}
                      onMove={(step) => setKept((list) => moved(list, index, step))}
                      onRemove={() => setKept((list) => list.filter((item) => item !== image))}
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
                      onMove={(step) => setAdded((list) => moved(list, index, step))}
                      onRemove={() => {
                        URL.revokeObjectURL(image.url);
                        setAdded((list) => list.filter((item) => item.id !== image.id));
                      }}
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
                  disabled={imageCount >= PRODUCT_LIMITS.images}
                  aria-invalid={errors.images || errors.keepImages ? true : undefined}
                  aria-describedby={`product-images-hint${errors.images || errors.keepImages ? ' product-images-error' : ''}`}
                  // With scripts, chosen photos join the list above and the input is emptied for
                  // the next choice; without them, the browser sends the input's files itself.
                  onChange={(event) => {
                    addFiles(event.target.files);
                    event.target.value = '';
                  }}
                  className="min-h-11 min-w-0 text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:text-sm sm:file:min-h-9"
                />
              </div>
              <FieldError id="product-images-error" message={errors.images ?? errors.keepImages} />
            </div>
          </Section>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Link
              to="/admin/products"
              className={cn(buttonVariants({ variant: 'outline' }), 'min-h-11')}
            >
              Cancel
            </Link>
            <Button type="submit" disabled={busy} className="min-h-11">
              {busy
                ? added.length > 0
                  ? 'Uploading and saving…'
                  : 'Saving…'
                : product
                  ? 'Save changes'
                  : 'Create product'}
            </Button>
          </div>
        </fetcher.Form>

        <aside className="lg:sticky lg:top-24 lg:self-start">
          <ProductPreview
            isActive={isActive}
            image={
              kept[0]
                ? { key: kept[0].key, placeholder: kept[0].placeholder }
                : added[0]
                  ? ({ url: added[0].url } satisfies PreviewImage)
                  : null
            }
            product={{
              id: product?.id ?? 0,
              name: name.trim() || 'Product name',
              pricePaise: reading.ok ? reading.paise : 0,
              rating: product?.rating ?? 0,
              reviewsCount: product?.reviewsCount ?? 0,
              fabricType: fabricType.trim(),
              featured,
              categoryName: category?.name ?? 'Category',
              subcategoryName: subcategory?.name ?? null,
              defaultSize: sizeList[0] ?? '',
              defaultColor: colorList[0] ?? '',
            }}
          />
        </aside>
      </div>
    </>
  );
}

/** The list with the item at `index` moved one place left (-1) or right (1). */
function moved<Item>(list: Item[], index: number, step: -1 | 1): Item[] {
  const target = index + step;
  if (target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** The page's title with Back, View in shop, Duplicate and Delete. */
function EditorHeader({ product, title }: { product: AdminProduct | null; title: string }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const duplicate = useAdminFetcher({
    onSuccess: (outcome) => {
      if (outcome.id !== undefined) navigate(`/admin/products/${outcome.id}`);
    },
  });
  const remove = useAdminFetcher({
    onSuccess: () => {
      setConfirming(false);
      navigate('/admin/products', { replace: true });
    },
  });
  const outline = cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'min-h-11 sm:min-h-9');
  return (
    <div className="grid gap-3">
      <Link
        to="/admin/products"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary hover:underline sm:min-h-8"
      >
        <ArrowLeftIcon aria-hidden className="size-4" /> All products
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="min-w-0 text-3xl font-semibold break-words sm:text-4xl">{title}</h1>
        {product && (
          <div className="flex flex-wrap gap-2">
            {product.isActive && (
              <a
                href={`/product/${product.id}`}
                target="_blank"
                rel="noreferrer"
                className={outline}
              >
                <ExternalLinkIcon aria-hidden /> View in shop
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
            <Button
              variant="outline"
              size="sm"
              className="min-h-11 sm:min-h-9"
              disabled={duplicate.state !== 'idle'}
              onClick={() =>
                duplicate.submit(
                  { intent: 'duplicate-product', id: product.id },
                  { method: 'post' },
                )
              }
            >
              <CopyIcon aria-hidden /> {duplicate.state !== 'idle' ? 'Copying…' : 'Duplicate'}
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="min-h-11 text-destructive sm:min-h-9"
              onClick={() => setConfirming(true)}
            >
              <Trash2Icon aria-hidden /> Delete
            </Button>
          </div>
        )}
      </div>
      {product && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Delete ${product.name}?`}
          description={`${product.name} will be removed from the shop, from carts and from wishlists. Orders that bought it keep their lines. This cannot be undone; to hide it for a while, deactivate it instead.`}
          busy={remove.state !== 'idle'}
          onConfirm={() =>
            remove.submit({ intent: 'delete-product', id: product.id }, { method: 'post' })
          }
        />
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-xl border border-border bg-white p-4 sm:grid-cols-2 sm:p-5">
      <legend className="px-1 font-serif text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}

function TextArea({
  id,
  name,
  label,
  value,
  onChange,
  maxLength,
  error,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string;
}) {
  return (
    <div className="grid gap-2 sm:col-span-2">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        name={name}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        className={textareaClass}
      />
      <p id={`${id}-count`} className="text-right text-xs text-muted-foreground">
        {value.length} of {maxLength} characters
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A comma-separated list with its entries shown as chips, as they will be saved. */
function ListField({
  id,
  name,
  label,
  value,
  onChange,
  entries,
  error,
  placeholder,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  entries: string[];
  error?: string;
  placeholder: string;
}) {
  return (
    <div className="grid gap-2">
      <FormField
        id={id}
        name={name}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        placeholder={placeholder}
        autoComplete="off"
        hint="Separated by commas. The first one is what a card's Add to Cart chooses."
      />
      {entries.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label={`${label} as saved`}>
          {entries.map((entry) => (
            <li
              key={entry}
              className="max-w-full rounded-full bg-muted px-2 py-0.5 text-xs break-words"
            >
              {entry}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Checkbox({
  name,
  checked,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
      <input
        type="checkbox"
        name={name}
        value="on"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 accent-primary"
      />
      {children}
    </label>
  );
}

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
