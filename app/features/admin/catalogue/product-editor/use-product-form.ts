/**
 * The product editor's state: the typed fields in one reducer (a patch merges into them), the
 * image list (useProductImages), and what the form derives from them for hints and the
 * preview (the chosen category, the slug made from the name, the price read in paise, the
 * colour list as it will be saved).
 */
import { useReducer } from 'react';
import { slugify } from '~/features/catalog/slug';
import { paiseToRupeesText } from '~/lib/money';
import { parseRupees, PRODUCT_LIMITS, splitList, type PriceReading } from '../product-rules';
import type { AdminProduct, ProductCategoryOption } from '../products.server';
import { useProductImages, type ProductImages } from './use-product-images';

/** The form's fields as typed; ids as strings ('' for none), the price in rupees as typed. */
export interface ProductFields {
  name: string;
  slug: string;
  description: string;
  categoryId: string;
  subcategoryId: string;
  price: string;
  fabricType: string;
  /** Comma-separated, as typed. */
  colors: string;
  featured: boolean;
  isActive: boolean;
}

/**
 * The fields a form starts with: the product's own, or for a new product empty ones, active,
 * in the only category when there is just one.
 */
export function initialFields(
  product: AdminProduct | null,
  options: ProductCategoryOption[],
): ProductFields {
  return {
    name: product?.name ?? '',
    slug: product?.slug ?? '',
    description: product?.description ?? '',
    categoryId: String(product?.categoryId ?? (options.length === 1 ? options[0]!.id : '')),
    subcategoryId: String(product?.subcategoryId ?? ''),
    price: product ? paiseToRupeesText(product.pricePaise) : '',
    fabricType: product?.fabricType ?? '',
    colors: product?.colors.join(', ') ?? '',
    featured: product?.featured ?? false,
    isActive: product?.isActive ?? true,
  };
}

/**
 * The patch that chooses category `categoryId`: the subcategory is cleared unless it belongs
 * to the new category.
 */
export function categoryPatch(
  fields: ProductFields,
  options: ProductCategoryOption[],
  categoryId: string,
): Partial<ProductFields> {
  const next = options.find((option) => String(option.id) === categoryId);
  return next?.subcategories.some((sub) => String(sub.id) === fields.subcategoryId)
    ? { categoryId }
    : { categoryId, subcategoryId: '' };
}

const merge = (fields: ProductFields, patch: Partial<ProductFields>) => ({ ...fields, ...patch });

/** What useProductForm returns. */
export interface ProductForm {
  fields: ProductFields;
  /** Changes the fields named in `patch`. */
  set: (patch: Partial<ProductFields>) => void;
  /** Chooses a category (by id as a string), clearing a subcategory it does not have. */
  chooseCategory: (categoryId: string) => void;
  category: ProductCategoryOption | undefined;
  subcategory: ProductCategoryOption['subcategories'][number] | undefined;
  /** The slug a save makes from the name when Slug is left empty. */
  derivedSlug: string;
  /** The typed price read as paise, or why it cannot be. */
  reading: PriceReading;
  /** The colours as they will be saved (splitList). */
  lists: Record<'colors', string[]>;
  images: ProductImages;
}

/** The state of the editor of `product` (null for a new one) among the category `options`. */
export function useProductForm(
  product: AdminProduct | null,
  options: ProductCategoryOption[],
): ProductForm {
  const [fields, set] = useReducer(merge, null, () => initialFields(product, options));
  const images = useProductImages(product?.images ?? []);
  const category = options.find((option) => String(option.id) === fields.categoryId);
  return {
    fields,
    set,
    chooseCategory: (categoryId) => set(categoryPatch(fields, options, categoryId)),
    category,
    subcategory: category?.subcategories.find((sub) => String(sub.id) === fields.subcategoryId),
    derivedSlug: slugify(fields.name).slice(0, PRODUCT_LIMITS.slug).replace(/-+$/, ''),
    reading: parseRupees(fields.price),
    lists: { colors: splitList(fields.colors) },
    images,
  };
}
