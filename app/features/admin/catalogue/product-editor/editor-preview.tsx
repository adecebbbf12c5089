/**
 * The product editor's side panel: the live preview of the shop's product card, fed by what
 * the form holds (the first kept image, else the first photo chosen).
 */
import { ProductPreview, type PreviewImage } from '../product-preview';
import type { AdminProduct } from '../products.server';
import type { ProductForm } from './use-product-form';

/** The preview of `form`'s product as a card; rating and reviews from the saved `product`. */
export function EditorPreview({
  product,
  form,
}: {
  product: AdminProduct | null;
  form: ProductForm;
}) {
  const { fields, images, category, subcategory, reading, lists } = form;
  const [kept] = images.kept;
  const [added] = images.added;
  return (
    <aside className="lg:sticky lg:top-24 lg:self-start">
      <ProductPreview
        isActive={fields.isActive}
        image={
          kept
            ? { key: kept.key, placeholder: kept.placeholder }
            : added
              ? ({ url: added.url } satisfies PreviewImage)
              : null
        }
        product={{
          id: product?.id ?? 0,
          name: fields.name.trim() || 'Product name',
          pricePaise: reading.ok ? reading.paise : 0,
          priceVaries: false,
          rating: product?.rating ?? 0,
          reviewsCount: product?.reviewsCount ?? 0,
          fabricType: fields.fabricType.trim(),
          featured: fields.featured,
          categoryName: category?.name ?? 'Category',
          subcategoryName: subcategory?.name ?? null,
          defaultSize: '',
          defaultColor: lists.colors[0] ?? '',
          defaultLengthCm: 0,
        }}
      />
    </aside>
  );
}
