/**
 * The back office's categories and subcategories (issue "Back office" item 2; SPEC.md
 * section 3 "Category", "Subcategory"): list in display order, create and edit (slug derived
 * from the name by SPEC.md's rule unless given, unique), reorder, activate and deactivate,
 * delete (refused while products use it). Every change runs in one transaction with its audit
 * entry; the catalogue triggers then tell every open storefront page (migration 0001).
 *
 * Edits carry the `version` (the row's `updated_at` in ms) the editor opened; a save over a
 * newer version is refused, so two administrators never overwrite each other unknowingly.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { categories, products, subcategories } from '~/lib/schema.server';
import type { Storage } from '~/lib/storage/storage.server';
import { slugify } from '~/features/catalog/slug';
import { placeholderFor } from '~/features/media/images.server';
import { releasingOnError, storeFormImage } from '~/features/admin/media/uploads.server';
import { visibilityAnswer } from './visibility';
import { Refusal } from '~/lib/refusal';
import {
  assertVersion,
  isUniqueViolation,
  versionMatches,
  auditedWrite,
  type Tx,
} from '~/lib/audited-write.server';
import { recordAudit, type Actor } from '~/lib/audit.server';
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

const changedElsewhere = (what: string) =>
  new Refusal(
    'conflict',
    `This ${what} was changed by someone else since you opened it. Reload to see their changes, then edit again.`,
  );

/** The slug to store: the given one, or the one SPEC.md section 3 derives from the name. */
function slugFor(input: { name: string; slug: string }): string {
  const slug = input.slug || slugify(input.name);
  if (!slug) {
    throw new Refusal(
      'invalid',
      'This name has no letters or digits to make a slug from; please enter a slug.',
      'slug',
    );
  }
  return slug;
}

/**
 * The columns a category or subcategory form sets: its slug (given, or derived from the name)
 * and the uploaded image when one was sent (stored through the pipeline before any change).
 * @throws Refusal on a slug that cannot be derived or a refused image.
 */
async function shelfValues(
  db: Db,
  storage: Storage,
  input: { name: string; slug: string; description: string; isActive: boolean },
  form: FormData,
) {
  const slug = slugFor(input);
  const imageKey = await storeFormImage(db, storage, form, 'image');
  return {
    slug,
    /** The image stored for this save, to remove again if the save fails. */
    stored: { images: imageKey ? [imageKey] : [], videos: [] },
    values: {
      name: input.name,
      slug,
      description: input.description,
      isActive: input.isActive,
      ...(imageKey ? { imageKey } : {}),
    },
  };
}

/**
 * The category a subcategory is saved in (its id and name, for the audit summary).
 * @throws Refusal 'not-found' (field 'categoryId') when it no longer exists.
 */
async function findCategory(tx: Tx, categoryId: number): Promise<{ id: number; name: string }> {
  const [category] = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!category) throw new Refusal('not-found', 'This category no longer exists.', 'categoryId');
  return category;
}

/**
 * Creates or edits a category (with an optional new image from the form's `image` file).
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
  const { slug, values, stored } = await shelfValues(db, storage, input, form);
  const id = input.id;
  try {
    return await releasingOnError(db, storage, stored, async () => {
      if (id === undefined) {
        return db.transaction(async (tx) => {
          const [last] = await tx
            .select({ max: sql<number>`coalesce(max(${categories.displayOrder}), 0)` })
            .from(categories);
          const [created] = await tx
            .insert(categories)
            .values({ ...values, displayOrder: Number(last?.max ?? 0) + 10 })
            .returning();
          await recordAudit(tx, actor, {
            action: 'category.create',
            entity: 'category',
            entityId: created!.id,
            summary: `Created category "${created!.name}"`,
            after: created,
          });
          return { message: `Category "${created!.name}" created.`, id: created!.id };
        });
      }
      const version = assertVersion(input.version, 'category');
      return auditedWrite(db, actor, {
        read: (tx) =>
          tx
            .select()
            .from(categories)
            .where(eq(categories.id, id))
            .then(([row]) => row),
        missing: () => new Refusal('not-found', 'This category no longer exists.'),
        write: (tx) =>
          tx
            .update(categories)
            .set({ ...values, updatedAt: new Date() })
            .where(and(eq(categories.id, id), versionMatches(categories.updatedAt, version)))
            .returning()
            .then(([row]) => row),
        stale: () => changedElsewhere('category'),
        audit: (before, after) => ({
          action: 'category.update',
          entity: 'category',
          entityId: after.id,
          summary: `Edited category "${after.name}"`,
          before,
          after,
        }),
        answer: (_before, after) => ({ message: `Category "${after.name}" saved.`, id: after.id }),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new Refusal('conflict', `Another category already uses the slug "${slug}".`, 'slug');
    }
    throw error;
  }
}

/**
 * Creates or edits a subcategory. Its category cannot change (its products belong to that
 * category too).
 * @throws Refusal as {@link saveCategory}, and 'not-found' on an unknown category.
 */
export async function saveSubcategory(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: z.output<typeof saveSubcategorySchema>,
  form: FormData,
): Promise<{ message: string; id: number }> {
  const { slug, values, stored } = await shelfValues(db, storage, input, form);
  const id = input.id;
  try {
    return await releasingOnError(db, storage, stored, async () => {
      if (id === undefined) {
        return db.transaction(async (tx) => {
          const category = await findCategory(tx, input.categoryId);
          const [last] = await tx
            .select({ max: sql<number>`coalesce(max(${subcategories.displayOrder}), 0)` })
            .from(subcategories)
            .where(eq(subcategories.categoryId, category.id));
          const [created] = await tx
            .insert(subcategories)
            .values({
              ...values,
              categoryId: category.id,
              displayOrder: Number(last?.max ?? 0) + 10,
            })
            .returning();
          await recordAudit(tx, actor, {
            action: 'subcategory.create',
            entity: 'subcategory',
            entityId: created!.id,
            summary: `Created subcategory "${created!.name}" in "${category.name}"`,
            after: created,
          });
          return { message: `Subcategory "${created!.name}" created.`, id: created!.id };
        });
      }
      return auditedWrite(db, actor, {
        read: async (tx) => {
          const category = await findCategory(tx, input.categoryId);
          const version = assertVersion(input.version, 'subcategory');
          const [row] = await tx.select().from(subcategories).where(eq(subcategories.id, id));
          return row && { category, version, row };
        },
        missing: () => new Refusal('not-found', 'This subcategory no longer exists.'),
        check: ({ category, row }) => {
          if (row.categoryId !== category.id) {
            throw new Refusal(
              'invalid',
              'A subcategory cannot move to another category; create it there instead.',
              'categoryId',
            );
          }
          return undefined;
        },
        write: (tx, { version }) =>
          tx
            .update(subcategories)
            .set({ ...values, updatedAt: new Date() })
            .where(and(eq(subcategories.id, id), versionMatches(subcategories.updatedAt, version)))
            .returning()
            .then(([row]) => row),
        stale: () => changedElsewhere('subcategory'),
        audit: ({ category, row }, after) => ({
          action: 'subcategory.update',
          entity: 'subcategory',
          entityId: after.id,
          summary: `Edited subcategory "${after.name}" in "${category.name}"`,
          before: row,
          after,
        }),
        answer: (_before, after) => ({
          message: `Subcategory "${after.name}" saved.`,
          id: after.id,
        }),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new Refusal(
        'conflict',
        `Another subcategory of this category already uses the slug "${slug}".`,
        'slug',
      );
    }
    throw error;
  }
}

/**
 * Sets a new display order. `order` must list every category (or, with `categoryId`, every
 * subcategory of that category) exactly once.
 * @throws Refusal 'conflict' when the list changed meanwhile.
 */
export async function reorder(
  db: Db,
  actor: Actor,
  input: z.output<typeof reorderSchema>,
): Promise<string> {
  const table = input.categoryId === undefined ? categories : subcategories;
  const what = input.categoryId === undefined ? 'category' : 'subcategory';
  return auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select({ id: table.id, name: table.name, displayOrder: table.displayOrder })
        .from(table)
        .where(
          input.categoryId === undefined
            ? undefined
            : eq(subcategories.categoryId, input.categoryId),
        )
        .orderBy(asc(table.displayOrder), asc(table.id)),
    check: (rows) => {
      const known = new Set(rows.map((row) => row.id));
      const given = new Set(input.order);
      if (
        given.size !== input.order.length ||
        given.size !== known.size ||
        input.order.some((rowId) => !known.has(rowId))
      ) {
        throw new Refusal(
          'conflict',
          'The list changed while you were reordering. Reload and try again.',
        );
      }
      return undefined;
    },
    write: async (tx, rows) => {
      for (const [index, rowId] of input.order.entries()) {
        await tx
          .update(table)
          .set({ displayOrder: (index + 1) * 10 })
          .where(eq(table.id, rowId));
      }
      const names = new Map(rows.map((row) => [row.id, row.name]));
      return input.order.map((rowId) => names.get(rowId));
    },
    audit: (rows, names) => ({
      action: `${what}.reorder`,
      entity: what,
      entityId: input.categoryId ?? null,
      summary: `Reordered ${what === 'category' ? 'categories' : 'subcategories'}: ${names.join(', ')}`,
      before: rows.map((row) => row.name),
      after: names,
    }),
    answer: () => 'New order saved.',
  });
}

/**
 * The first steps of a change to one category or subcategory: read it (unlocked), refused with
 * Refusal 'not-found' "This {what} no longer exists." when it is gone.
 */
function readShelf(what: 'category' | 'subcategory', id: number) {
  const table = what === 'category' ? categories : subcategories;
  return {
    read: (tx: Tx) =>
      tx
        .select()
        .from(table)
        .where(eq(table.id, id))
        .then(([row]) => row),
    missing: () => new Refusal('not-found', `This ${what} no longer exists.`),
  };
}

/** Activates or deactivates a category or subcategory. @throws Refusal 'not-found' on an unknown id. */
export async function setActive(
  db: Db,
  actor: Actor,
  what: 'category' | 'subcategory',
  input: z.output<typeof setActiveSchema>,
): Promise<string> {
  const table = what === 'category' ? categories : subcategories;
  return auditedWrite(db, actor, {
    ...readShelf(what, input.id),
    // Not versioned: a row deleted meanwhile is recorded with no `after`.
    write: (tx) =>
      tx
        .update(table)
        .set({ isActive: input.isActive, updatedAt: new Date() })
        .where(eq(table.id, input.id))
        .returning()
        .then(([row]) => row ?? null),
    audit: (before, after) => ({
      action: `${what}.${input.isActive ? 'activate' : 'deactivate'}`,
      entity: what,
      entityId: input.id,
      summary: `${input.isActive ? 'Activated' : 'Deactivated'} ${what} "${before.name}"`,
      before,
      after,
    }),
    answer: (before) => visibilityAnswer(before.name, input.isActive),
  });
}

/**
 * Deletes a category (with its subcategories) or a subcategory, refused while products use it.
 * Gallery items that pointed at it keep their place without it.
 * @throws Refusal 'conflict' while products use it, 'not-found' on an unknown id.
 */
export async function deleteShelf(
  db: Db,
  actor: Actor,
  what: 'category' | 'subcategory',
  input: z.output<typeof deleteSchema>,
): Promise<string> {
  const table = what === 'category' ? categories : subcategories;
  const usedBy = what === 'category' ? products.categoryId : products.subcategoryId;
  return auditedWrite(db, actor, {
    ...readShelf(what, input.id),
    write: async (tx, before) => {
      const [used] = await tx.select({ n: count() }).from(products).where(eq(usedBy, input.id));
      const n = used?.n ?? 0;
      if (n > 0) {
        throw new Refusal(
          'conflict',
          `"${before.name}" still has ${n} ${n === 1 ? 'product' : 'products'}. Move or delete ${n === 1 ? 'it' : 'them'} first, or deactivate the ${what} instead.`,
        );
      }
      let removedSubcategories: string[] = [];
      if (what === 'category') {
        const removed = await tx
          .delete(subcategories)
          .where(eq(subcategories.categoryId, input.id))
          .returning({ name: subcategories.name });
        removedSubcategories = removed.map((row) => row.name);
      }
      await tx.delete(table).where(eq(table.id, input.id));
      return removedSubcategories;
    },
    audit: (before, removedSubcategories) => ({
      action: `${what}.delete`,
      entity: what,
      entityId: input.id,
      summary:
        `Deleted ${what} "${before.name}"` +
        (removedSubcategories.length
          ? ` and its subcategories ${removedSubcategories.join(', ')}`
          : ''),
      before: { ...before, subcategories: removedSubcategories },
    }),
    answer: (before) => `"${before.name}" deleted.`,
  });
}
