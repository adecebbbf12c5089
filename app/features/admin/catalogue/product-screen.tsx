/**
 * /admin/products/:id (issue "Back office", Products): the product form (name; slug, shown as
 * derived from the name until the administrator types their own; description; category, then
 * a subcategory of that category; price in rupees; fabric; colours as a comma-separated
 * list; featured; active; in "Selling" how it is sold and its sizes, each a variant with its
 * own SKU, price and stock; up to 8 images, removed and reordered in place,
 * new ones chosen from the device) beside a live preview of the shop's product card.
 * Refusals show beside their field and in a toast; what was typed stays. A new product opens
 * its edit page once created. The page also duplicates and deletes (after a confirmation).
 * The parts live in ./product-editor/; this screen composes them.
 */
import { useEffect } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { cn } from '~/lib/utils';
import { ProductDetailsFields, PriceAndOptionsFields } from './product-editor/details-fields';
import { EditorHeader } from './product-editor/editor-header';
import { EditorPreview } from './product-editor/editor-preview';
import { ImageListFields } from './product-editor/image-list';
import { ListingFields } from './product-editor/listing-fields';
import { SaleFields } from './product-editor/sale-fields';
import { useProductForm } from './product-editor/use-product-form';
import type { AdminProduct, ProductCategoryOption } from './products.server';

/** The editor of `product` (null for a new one) among the category `options`. */
export function ProductScreen({
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
  const form = useProductForm(product, options);
  const { added } = form.images;

  const outcome = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const errors = outcome?.fieldErrors ?? {};
  const busy = fetcher.state !== 'idle';

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

          <ProductDetailsFields form={form} errors={errors} />
          <ListingFields form={form} options={options} errors={errors} />
          <PriceAndOptionsFields form={form} errors={errors} />
          <SaleFields product={product} errors={errors} />
          <ImageListFields images={form.images} errors={errors} />

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

        <EditorPreview product={product} form={form} />
      </div>
    </>
  );
}
