/**
 * The back office's products (issue "Back office", Products): a list paginated on the server
 * with search, filters and sorting; create and edit (name, slug, description, category and
 * subcategory, price typed in rupees and stored as paise, fabric, size variants (each with its
 * SKU, price and stock: issue 29 item 2, decision "size variants"), colours, featured,
 * active, up to 8 images through the image pipeline); duplicate; activate and deactivate;
 * delete. Every change runs in one transaction with its audit entry (entity 'product'); the
 * catalogue triggers then tell every open storefront page (migration 0001).
 *
 * Edits carry the `version` (the row's `updated_at` in ms) the editor opened; a save over a
 * newer version is refused, so two administrators never overwrite each other unknowingly.
 * Text is stored as typed, HTML included; React shows it as text everywhere.
 */
import { formFiles } from '~/lib/request-body.server';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { SALE_UNITS, UQCS } from '~/lib/schema-enums';
import { categories, products, subcategories } from '~/lib/schema.server';
import type { Storage } from '~/lib/storage/storage.server';
import {
  checkProductShelves,
  checkProductSkus,
  deleteProduct,
  duplicateProduct as duplicateProductCommand,
  openProductForEdit,
  saveProduct as saveProductCommand,
  setProductActive,
  shelfSlug,
} from '~/features/catalog/catalog-commands.server';
import { imageKeyPattern } from '~/features/media/image-url';
import { findImages, placeholderFor } from '~/features/media/images.server';
import { adminHandler, type AnyAdminHandler } from '~/features/admin/shared/admin-action.server';
import {
  releasingOnError,
  renderInBackground,
  storeFormImages,
} from '~/features/admin/media/uploads.server';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  DEFAULT_ADMIN_PRODUCT_SORT,
  listProblem,
  parseRupees,
  PRODUCT_LIMITS,
  readHundredths,
  splitList,
  type AdminProductSort,
} from './product-rules';
import { countWhere, pagedList } from '~/features/admin/shared/paged-list.server';
import { productVariantsOf, type EditableVariant } from '~/features/catalog/variants.server';
import { readVariantRows, repeatedField, type VariantRowInput } from './variant-rows';
import { Refusal } from '~/lib/refusal';
import type { Actor } from '~/lib/audit.server';
import { checkboxField, idField, optionalIdField, textField } from '~/lib/form-fields.server';

/* ------------------------------------------------------------------------------------------ */
/* Reading                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** A product as the list shows it. */
export interface AdminProductRow {
  id: number;
  name: string;
  slug: string;
  categoryId: number;
  categoryName: string;
  subcategoryId: number | null;
  subcategoryName: string | null;
  pricePaise: number;
  isActive: boolean;
  featured: boolean;
  /** The first image, or null. */
  imageKey: string | null;
  imagePlaceholder: string | null;
  imageCount: number;
  /** ISO 8601. */
  updatedAt: string;
}

/** What the list is asked for. `page` is 1-based; a page past the end is empty. */
export interface AdminProductQuery {
  page: number;
  q?: string;
  categoryId?: number | null;
  subcategoryId?: number | null;
  /** Only active (true) or only inactive (false) products; both when absent. */
  active?: boolean | null;
  featured?: boolean | null;
  sort?: AdminProductSort;
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function orderFor(sort: AdminProductSort): SQL[] {
  switch (sort) {
    case 'name-asc':
      return [asc(sql`lower(${products.name})`), asc(products.id)];
    case 'name-desc':
      return [desc(sql`lower(${products.name})`), desc(products.id)];
    case 'price-asc':
      return [asc(products.pricePaise), asc(products.id)];
    case 'price-desc':
      return [desc(products.pricePaise), desc(products.id)];
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
    case 'oldest':
      return [asc(products.createdAt), asc(products.id)];
    case 'updated-asc':
      return [asc(products.updatedAt), asc(products.id)];
    case 'updated-desc':
      return [desc(products.updatedAt), desc(products.id)];
  }
}

/**
 * One page of products ({@link ADMIN_PRODUCTS_PAGE_SIZE} a page) matching the query, and how
 * many match. `q` matches name, slug or fabric type, ignoring case.
 * @throws when the database fails.
 */
export async function listAdminProducts(
  db: Db,
  query: AdminProductQuery,
): Promise<{ rows: AdminProductRow[]; total: number }> {
  const conditions: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${likeLiteral(q)}%`;
    conditions.push(
      or(
        ilike(products.name, pattern),
        ilike(products.slug, pattern),
        ilike(products.fabricType, pattern),
      )!,
    );
  }
  if (query.categoryId) conditions.push(eq(products.categoryId, query.categoryId));
  if (query.subcategoryId) conditions.push(eq(products.subcategoryId, query.subcategoryId));
  if (typeof query.active === 'boolean') conditions.push(eq(products.isActive, query.active));
  if (typeof query.featured === 'boolean') conditions.push(eq(products.featured, query.featured));
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, total } = await pagedList(
    { page: query.page, size: ADMIN_PRODUCTS_PAGE_SIZE },
    ({ limit, offset }) =>
      db
        .select({
          id: products.id,
          name: products.name,
          slug: products.slug,
          categoryId: products.categoryId,
          categoryName: categories.name,
          subcategoryId: products.subcategoryId,
          subcategoryName: subcategories.name,
          pricePaise: products.pricePaise,
          isActive: products.isActive,
          featured: products.featured,
          imageKey: sql<string | null>`${products.imageKeys}[1]`,
          imagePlaceholder: placeholderFor(sql`${products.imageKeys}[1]`),
          imageCount: sql<number>`coalesce(cardinality(${products.imageKeys}), 0)`,
          updatedAt: products.updatedAt,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
        .where(where)
        .orderBy(...orderFor(query.sort ?? DEFAULT_ADMIN_PRODUCT_SORT))
        .limit(limit)
        .offset(offset),
    () => countWhere(db, products, where),
  );
  return {
    rows: rows.map((row) => ({
      ...row,
      imageCount: Number(row.imageCount),
      updatedAt: row.updatedAt.toISOString(),
    })),
    total,
  };
}

/** A category with its subcategories, for the filters and the editor's selects. */
export interface ProductCategoryOption {
  id: number;
  name: string;
  isActive: boolean;
  subcategories: { id: number; name: string; isActive: boolean }[];
}

/** Every category with its subcategories, active or not, in display order. */
export async function listProductCategoryOptions(db: Db): Promise<ProductCategoryOption[]> {
  const [categoryRows, subcategoryRows] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, isActive: categories.isActive })
      .from(categories)
      .orderBy(asc(categories.displayOrder), asc(categories.id)),
    db
      .select({
        id: subcategories.id,
        categoryId: subcategories.categoryId,
        name: subcategories.name,
        isActive: subcategories.isActive,
      })
      .from(subcategories)
      .orderBy(asc(subcategories.displayOrder), asc(subcategories.id)),
  ]);
  return categoryRows.map((category) => ({
    ...category,
    subcategories: subcategoryRows
      .filter((sub) => sub.categoryId === category.id)
      .map(({ id, name, isActive }) => ({ id, name, isActive })),
  }));
}

/** A product as the editor opens it. */
export interface AdminProduct {
  id: number;
  name: string;
  slug: string;
  description: string;
  categoryId: number;
  subcategoryId: number | null;
  pricePaise: number;
  fabricType: string;
  /** Issue 29 item 2: the size variants, active or not, in order (empty without sizes). */
  variants: EditableVariant[];
  colors: string[];
  featured: boolean;
  isActive: boolean;
  rating: number;
  reviewsCount: number;
  /** Issue 29 item 2: how it is sold, its GST unit, lengths (cm) and stock (pieces or cm). */
  saleUnit: 'piece' | 'metre';
  uqc: (typeof UQCS)[number];
  lengthStepCm: number | null;
  lengthMinCm: number | null;
  lengthMaxCm: number | null;
  stock: number | null;
  /** Issue 32 item 2: shipping weight in grams, a piece's or a metre's; null = the default. */
  weightGrams: number | null;
  /** The images in order, with their placeholders (null when the image row is missing). */
  images: { key: string; placeholder: string | null }[];
  /** The row's `updated_at` as ISO 8601 with ms: what a save must present. */
  version: string;
}

/** One product for the editor, or null when there is none. @throws when the database fails. */
export async function getAdminProduct(db: Db, id: number): Promise<AdminProduct | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) return null;
  const [images, variants] = await Promise.all([
    findImages(db, row.imageKeys),
    productVariantsOf(db, row.id),
  ]);
  const stored = new Map(images.map((image) => [image.key, image]));
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    categoryId: row.categoryId,
    subcategoryId: row.subcategoryId,
    pricePaise: row.pricePaise,
    fabricType: row.fabricType,
    variants,
    colors: row.colors,
    featured: row.featured,
    isActive: row.isActive,
    rating: row.rating,
    reviewsCount: row.reviewsCount,
    saleUnit: row.saleUnit,
    uqc: row.uqc,
    lengthStepCm: row.lengthStepCm,
    lengthMinCm: row.lengthMinCm,
    lengthMaxCm: row.lengthMaxCm,
    stock: row.stock,
    weightGrams: row.weightGrams,
    images: row.imageKeys.map((key) => ({
      key,
      placeholder: stored.get(key)?.placeholder ?? null,
    })),
    version: row.updatedAt.toISOString(),
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Form schemas                                                                               */
/* ------------------------------------------------------------------------------------------ */

const checkbox = checkboxField;
const id = idField;
const text = textField;

const optionList = (what: 'colour') =>
  text(z.string()).transform((typed, ctx) => {
    const entries = splitList(typed);
    const problem = listProblem(entries, what);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    return entries;
  });

/** An optional number typed in metres or pieces, as hundredths (`readHundredths`), or null. */
const hundredths = (message: string) =>
  z
    .string()
    .optional()
    .transform((typed, ctx) => {
      const reading = readHundredths(typed ?? '');
      if (!reading.ok) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return reading.hundredths;
    });

/** The fields of the product editor (intent 'save-product'). */
export const saveProductSchema = z.object({
  id: id('This product could not be found.').optional(),
  version: z.string().optional(),
  name: text(
    z
      .string()
      .trim()
      .min(1, 'Please enter a name.')
      .max(PRODUCT_LIMITS.name, `Please keep the name to ${PRODUCT_LIMITS.name} characters.`),
  ),
  slug: text(
    z
      .string()
      .trim()
      .max(PRODUCT_LIMITS.slug, `Please keep the slug to ${PRODUCT_LIMITS.slug} characters.`)
      .refine((value) => value === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value), {
        message:
          'A slug has lower-case letters, digits and single hyphens only, like "linen-kurta".',
      }),
  ),
  description: text(
    z
      .string()
      .trim()
      .max(
        PRODUCT_LIMITS.description,
        `Please keep the description to ${PRODUCT_LIMITS.description} characters.`,
      ),
  ),
  categoryId: id('Please choose a category.'),
  subcategoryId: optionalIdField('Please choose a subcategory from the list.'),
  price: text(z.string()).transform((typed, ctx) => {
    const reading = parseRupees(typed);
    if (!reading.ok) {
      ctx.addIssue({ code: 'custom', message: reading.message });
      return z.NEVER;
    }
    return reading.paise;
  }),
  fabricType: text(
    z
      .string()
      .trim()
      .max(
        PRODUCT_LIMITS.fabricType,
        `Please keep the fabric type to ${PRODUCT_LIMITS.fabricType} characters.`,
      ),
  ),
  colors: optionList('colour'),
  /** Issue 29 item 2: the sizes table's rows, as repeated fields (`readVariantRows`). */
  variantId: repeatedField,
  variantSize: repeatedField,
  variantSku: repeatedField,
  variantPrice: repeatedField,
  variantStock: repeatedField,
  variantActive: repeatedField,
  /** Issue 29 item 2: sold by the piece or by the metre, the GST unit, lengths and stock. */
  saleUnit: z
    .enum(SALE_UNITS, { message: 'Please choose whether it is sold by the piece or the metre.' })
    .default('piece'),
  uqc: z.enum(UQCS, { message: 'Please choose a GST unit: MTR, PCS, SET or NOS.' }).default('PCS'),
  lengthStep: hundredths('Please enter the length step in metres, like 0.25.'),
  lengthMin: hundredths('Please enter the shortest length in metres, like 1.'),
  lengthMax: hundredths('Please enter the longest length in metres, like 10.'),
  stock: hundredths('Please enter the stock as a number, like 12 pieces or 50.5 metres.'),
  /** Issue 32 item 2: the shipping weight in whole grams (a piece's or a metre's); empty = default. */
  weightGrams: z
    .string()
    .trim()
    .optional()
    .transform((typed) => (typed ? Number(typed) : null))
    .refine(
      (grams) => grams === null || (Number.isInteger(grams) && grams >= 1 && grams <= 100_000),
      'Please enter the weight in whole grams, from 1 to 100000, or leave it empty.',
    ),
  featured: checkbox,
  isActive: checkbox,
  /** The current images to keep, in their new order (a repeated field). */
  keepImages: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .refine((keys) => keys.every((key) => imageKeyPattern.test(key)), {
      message: 'The image list could not be read. Reload and try again.',
    })
    .refine((keys) => new Set(keys).size === keys.length, {
      message: 'An image is listed twice. Reload and try again.',
    }),
});
export type SaveProductInput = z.output<typeof saveProductSchema>;

const productId = z.object({ id: id('This product could not be found.') });
/** intent 'duplicate-product'. */
export const duplicateProductSchema = productId;
/** intent 'delete-product'. */
const deleteProductSchema = productId;
/** intent 'set-product-active'. */
const setProductActiveSchema = productId.extend({ isActive: checkbox });

/* ------------------------------------------------------------------------------------------ */
/* Changes: the form's side; the writes are the catalogue's commands                          */
/* ------------------------------------------------------------------------------------------ */

/**
 * The sale columns a save stores (issue 29 item 2): for the metre, step, minimum and maximum
 * in centimetres and the stock in centimetres; for the piece, no lengths and whole pieces.
 * @throws Refusal 'invalid' naming the field when a length is missing or out of order, or a
 *   stock of pieces is not whole.
 */
function saleTermsOf(input: SaveProductInput, variants: readonly VariantRowInput[]) {
  const { saleUnit, uqc, lengthStep, lengthMin, lengthMax, stock } = input;
  if (saleUnit === 'metre' && variants.length > 0) {
    throw new Refusal(
      'invalid',
      'A product sold by the metre has no sizes: remove the size rows, or sell it by the piece.',
      'variants',
    );
  }
  if (variants.length > 0 && stock !== null) {
    throw new Refusal(
      'invalid',
      'A product with sizes keeps its stock per size: leave this empty and enter each size’s stock.',
      'stock',
    );
  }
  if (saleUnit === 'piece') {
    if (stock !== null && stock % 100 !== 0) {
      throw new Refusal('invalid', 'Please enter the stock in whole pieces, like 12.', 'stock');
    }
    return {
      saleUnit,
      uqc,
      lengthStepCm: null,
      lengthMinCm: null,
      lengthMaxCm: null,
      stock: stock === null ? null : stock / 100,
    };
  }
  if (!lengthStep) {
    throw new Refusal(
      'invalid',
      'Please enter the length step in metres, like 0.25.',
      'lengthStep',
    );
  }
  if (!lengthMin) {
    throw new Refusal(
      'invalid',
      'Please enter the shortest length in metres, like 1.',
      'lengthMin',
    );
  }
  if (!lengthMax || lengthMax < lengthMin) {
    throw new Refusal(
      'invalid',
      'Please enter a longest length at least as long as the shortest.',
      'lengthMax',
    );
  }
  return {
    saleUnit,
    uqc,
    lengthStepCm: lengthStep,
    lengthMinCm: lengthMin,
    lengthMaxCm: lengthMax,
    stock,
  };
}

/**
 * Creates (no id) or edits (id and version) a product with the form's new `images` files
 * appended after the kept images: everything that can be checked is checked before any upload
 * is stored, then the catalogue's `saveProduct` command writes it.
 * @throws Refusal 'conflict' on a slug in use or a stale version, 'not-found' on an unknown product,
 *   422 on a category/subcategory mismatch or too many images, 413/415/422 on a refused image
 *   (field 'images'); nothing is saved then.
 */
export async function saveProduct(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: SaveProductInput,
  form: FormData,
): Promise<{ message: string; id: number }> {
  const slug = shelfSlug(input, PRODUCT_LIMITS.slug);
  const files = formFiles(form, 'images');
  if (input.id === undefined && input.keepImages.length > 0) {
    throw new Refusal(
      'invalid',
      'The image list could not be read. Reload and try again.',
      'images',
    );
  }
  if (input.keepImages.length + files.length > PRODUCT_LIMITS.images) {
    throw new Refusal(
      'invalid',
      `A product can have at most ${PRODUCT_LIMITS.images} images; this would make ${input.keepImages.length + files.length}. Remove some first.`,
      'images',
    );
  }
  // Everything that can be checked is checked before any upload is stored.
  const variantReading = readVariantRows(input);
  if (!variantReading.ok) throw new Refusal('invalid', variantReading.message, 'variants');
  const variants = variantReading.rows;
  const saleTerms = saleTermsOf(input, variants);
  await checkProductSkus(db, input.id ?? null, variants.map((row) => row.sku).filter(Boolean));
  await checkProductShelves(db, input);
  if (input.id !== undefined) await openProductForEdit(db, { ...input, id: input.id }, false);
  const newKeys = await storeFormImages(db, storage, files, 'images');
  const imageKeys = [...new Set([...input.keepImages, ...newKeys])];
  const values = {
    ...saleTerms,
    name: input.name,
    slug,
    description: input.description,
    categoryId: input.categoryId,
    subcategoryId: input.subcategoryId,
    pricePaise: input.price,
    fabricType: input.fabricType,
    colors: input.colors,
    featured: input.featured,
    isActive: input.isActive,
    imageKeys,
    weightGrams: input.weightGrams,
  };
  const result = await releasingOnError(db, storage, { images: newKeys, videos: [] }, () =>
    saveProductCommand(db, actor, {
      id: input.id,
      version: input.version,
      keepImages: input.keepImages,
      values,
      variants,
    }),
  );
  renderInBackground(storage, newKeys);
  return result;
}

/**
 * Copies a product as 'Copy of …' (the catalogue's `duplicateProduct`, its name cut to the
 * form's limit) with a free slug, inactive, with the same images, sizes and colours.
 * @throws Refusal 'not-found' on an unknown product, 'conflict' when the slug was taken meanwhile.
 */
export function duplicateProduct(
  db: Db,
  actor: Actor,
  input: z.output<typeof duplicateProductSchema>,
): Promise<{ message: string; id: number }> {
  return duplicateProductCommand(db, actor, input, PRODUCT_LIMITS.name);
}

/** The product intents of /admin/products and /admin/products/:id, for `runAdminAction`. */
export function productHandlers(db: Db, storage: Storage): Record<string, AnyAdminHandler> {
  return {
    'save-product': adminHandler(saveProductSchema, (input, admin, form) =>
      saveProduct(db, storage, admin, input, form),
    ),
    'duplicate-product': adminHandler(duplicateProductSchema, (input, admin) =>
      duplicateProduct(db, admin, input),
    ),
    'set-product-active': adminHandler(setProductActiveSchema, (input, admin) =>
      setProductActive(db, admin, input),
    ),
    'delete-product': adminHandler(deleteProductSchema, (input, admin) =>
      deleteProduct(db, admin, input),
    ),
  };
}
