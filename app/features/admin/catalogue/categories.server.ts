/**
 * The back office's categories and subcategories (issue "Back office" item 2; SPEC.md
 * section 3 "Category", "Subcategory"): list in display order, create and edit (slug derived
 * from the name by SPEC.md's rule unless given, unique), reorder, activate and deactivate,
 * delete (refused while products use it). This module lists them and parses the forms; the
 * changes and their rules are the catalogue's commands (features/catalog/catalog-commands.server.ts,
 * issue 30 item 4), which the route calls for reorder, activate and delete.
 *
 * Edits carry the `version` (the row's `updated_at` in ms) the editor opened; a save over a
 * newer version is refused, so two administrators never overwrite each other unknowingly.
 */
import { asc, count } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { categories, products, subcategories } from '~/lib/schema.server';
import type { Storage } from '~/lib/storage/storage.server';
import {
  saveCategory as saveCategoryCommand,
  saveSubcategory as saveSubcategoryCommand,
  shelfSlug,
} from '~/features/catalog/catalog-commands.server';
import { placeholderFor } from '~/features/media/images.server';
import { releasingOnError, storeFormImage } from '~/features/admin/media/uploads.server';
import type { Actor } from '~/lib/audit.server';
import { checkboxField, idField } from '~/lib/form-fields.server';

/** A subcategory row as the categories screen shows it. */
export interface AdminSubcategory {
  id: number;
  categoryId: number;
  name: string;
  slug: string;
  description: string;
  imageKey: string | null;
  imagePlaceholder: string | null;
  isActive: boolean;
  displayOrder: number;
  productCount: number;
  /** The row's `updated_at` as ISO 8601 with ms: what an edit must present. */
  version: string;
}

/** A category row as the categories screen shows it, with its subcategories in order. */
export interface AdminCategory extends Omit<AdminSubcategory, 'categoryId'> {
  subcategories: AdminSubcategory[];
}

/** Every category and subcategory, active or not, in display order, with product counts. */
export async function listAdminCategories(db: Db): Promise<AdminCategory[]> {
  const productCounts = db
    .select({
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
      n: count().as('n'),
    })
    .from(products)
    .groupBy(products.categoryId, products.subcategoryId)
    .as('product_counts');
  const [categoryRows, subcategoryRows, counts] = await Promise.all([
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        description: categories.description,
        imageKey: categories.imageKey,
        imagePlaceholder: placeholderFor(categories.imageKey),
        isActive: categories.isActive,
        displayOrder: categories.displayOrder,
        updatedAt: categories.updatedAt,
      })
      .from(categories)
      .orderBy(asc(categories.displayOrder), asc(categories.id)),
    db
      .select({
        id: subcategories.id,
        categoryId: subcategories.categoryId,
        name: subcategories.name,
        slug: subcategories.slug,
        description: subcategories.description,
        imageKey: subcategories.imageKey,
        imagePlaceholder: placeholderFor(subcategories.imageKey),
        isActive: subcategories.isActive,
        displayOrder: subcategories.displayOrder,
        updatedAt: subcategories.updatedAt,
      })
      .from(subcategories)
      .orderBy(asc(subcategories.displayOrder), asc(subcategories.id)),
    db.select().from(productCounts),
  ]);
  const countOf = (categoryId: number, subcategoryId?: number) =>
    counts
      .filter(
        (row) =>
          row.categoryId === categoryId &&
          (subcategoryId === undefined || row.subcategoryId === subcategoryId),
      )
      .reduce((sum, row) => sum + Number(row.n), 0);
  return categoryRows.map(({ updatedAt, ...category }) => ({
    ...category,
    productCount: countOf(category.id),
    version: updatedAt.toISOString(),
    subcategories: subcategoryRows
      .filter((sub) => sub.categoryId === category.id)
      .map(({ updatedAt: subUpdatedAt, ...sub }) => ({
        ...sub,
        productCount: countOf(category.id, sub.id),
        version: subUpdatedAt.toISOString(),
      })),
  }));
}

const checkbox = checkboxField;
const id = idField();

/** The fields of the category and subcategory forms. */
const shelfFields = {
  name: z
    .string()
    .trim()
    .min(1, 'Please enter a name.')
    .max(80, 'Please keep the name to 80 characters.'),
  slug: z
    .string()
    .trim()
    .max(80, 'Please keep the slug to 80 characters.')
    .optional()
    .transform((value) => value ?? '')
    .refine((value) => value === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value), {
      message:
        'A slug has lower-case letters, digits and single hyphens only, like "wedding-suits".',
    }),
  description: z
    .string()
    .trim()
    .max(1000, 'Please keep the description to 1000 characters.')
    .optional()
    .transform((value) => value ?? ''),
  isActive: checkbox,
  version: z.string().optional(),
};

/** Create (no id) or edit (id and version) a category. */
export const saveCategorySchema = z.object({ id: id.optional(), ...shelfFields });
/** Create (no id) or edit (id and version) a subcategory of `categoryId`. */
export const saveSubcategorySchema = z.object({
  id: id.optional(),
  categoryId: id,
  ...shelfFields,
});
/** A new display order: every id of the list (categories, or one category's subcategories). */
export const reorderSchema = z.object({
  categoryId: id.optional(),
  order: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'The new order could not be read.')
    .transform((value) => value.split(',').map(Number)),
});
export const setActiveSchema = z.object({ id, isActive: checkbox });
export const deleteSchema = z.object({ id });

/**
 * The image a category or subcategory form sent (file field `image`), stored through the
 * pipeline after the slug is checked, so a refused save stores nothing.
 * @returns its key (null when none was sent) and the keys to remove again if the save fails.
 * @throws Refusal on a slug that cannot be derived or a refused image.
 */
async function storeShelfImage(
  db: Db,
  storage: Storage,
  input: { name: string; slug: string },
  form: FormData,
) {
  shelfSlug(input);
  const imageKey = await storeFormImage(db, storage, form, 'image');
  return { imageKey, stored: { images: imageKey ? [imageKey] : [], videos: [] } };
}

/**
 * Creates or edits a category (with an optional new image from the form's `image` file), by
 * the catalogue's `saveCategory` command.
 * @throws Refusal 'conflict' on a slug in use or a stale version, 'not-found' on an unknown id, 'too-large'/'unsupported-media'/'invalid'
 *   on a refused image.
 */
export async function saveCategory(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: z.output<typeof saveCategorySchema>,
  form: FormData,
): Promise<{ message: string; id: number }> {
  const { imageKey, stored } = await storeShelfImage(db, storage, input, form);
  return releasingOnError(db, storage, stored, () =>
    saveCategoryCommand(db, actor, { ...input, imageKey }),
  );
}

/**
 * Creates or edits a subcategory, by the catalogue's `saveSubcategory` command. Its category
 * cannot change (its products belong to that category too).
 * @throws Refusal as {@link saveCategory}, and 'not-found' on an unknown category.
 */
export async function saveSubcategory(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: z.output<typeof saveSubcategorySchema>,
  form: FormData,
): Promise<{ message: string; id: number }> {
  const { imageKey, stored } = await storeShelfImage(db, storage, input, form);
  return releasingOnError(db, storage, stored, () =>
    saveSubcategoryCommand(db, actor, { ...input, imageKey }),
  );
}
