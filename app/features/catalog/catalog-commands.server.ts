/**
 * The catalogue's commands (issue 30 item 4: the `catalog` domain owns `categories`,
 * `subcategories`, `products` and `productVariants`, and every write to them is made here):
 * categories and subcategories (issue "Back office" item 2; SPEC.md section 3 "Category",
 * "Subcategory"), products (issue "Back office", Products; issue 29 item 2) and the stock a paid
 * order takes (issue 29 item 2, decision "stock and lengths"). The back office parses the forms,
 * stores the uploaded images and calls these; the orders domain calls the stock commands.
 *
 * Every change by staff runs in one transaction with its audit entry; the catalogue triggers
 * then tell every open storefront page (migration 0001). Edits carry the `version` (the row's
 * `updated_at`, ISO 8601 with ms) the editor opened; a save over a newer version is refused, so
 * two administrators never overwrite each other unknowingly.
 */
import { and, asc, count, eq, gte, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import {
  categories,
  orderLines,
  products,
  productVariants,
  subcategories,
} from '~/lib/schema.server';
import { Refusal } from '~/lib/refusal';
import {
  assertVersion,
  auditedWrite,
  isUniqueViolation,
  sameVersion,
  versionMatches,
  type Tx,
} from '~/lib/audited-write.server';
import { recordAudit, type Actor, type DbOrTx } from '~/lib/audit.server';
import { openReservedSql } from './fabric-stock.server';
import { slugify } from './slug';
import { visibilityAnswer } from './visibility';
import {
  productVariantsOf,
  replaceVariants,
  skuInUse,
  type EditableVariant,
} from './variants.server';

/* ------------------------------------------------------------------------------------------ */
/* Categories and subcategories                                                               */
/* ------------------------------------------------------------------------------------------ */

/** What to save of a category or subcategory: the form's fields and the image stored for it. */
export interface ShelfInput {
  /** Absent to create one. */
  id?: number;
  name: string;
  /** '' to derive it from the name. */
  slug: string;
  description: string;
  isActive: boolean;
  /** The `updated_at` (ISO 8601) the editor opened; required to edit. */
  version?: string;
  /** A new image's storage key, stored before the save; null or absent keeps the image. */
  imageKey?: string | null;
}

const changedElsewhere = (what: string) =>
  new Refusal(
    'conflict',
    `This ${what} was changed by someone else since you opened it. Reload to see their changes, then edit again.`,
  );

/**
 * The slug to store of a category, subcategory or product: the given one, or the one SPEC.md
 * section 3 derives from the name, cut to `maxLength` characters when given (without a
 * trailing hyphen).
 * @throws Refusal 'invalid' (field 'slug') when the name has nothing to make a slug from.
 */
export function shelfSlug(input: { name: string; slug: string }, maxLength?: number): string {
  const derived = slugify(input.name);
  const slug =
    input.slug ||
    (maxLength === undefined ? derived : derived.slice(0, maxLength).replace(/-+$/, ''));
  if (!slug) {
    throw new Refusal(
      'invalid',
      'This name has no letters or digits to make a slug from; please enter a slug.',
      'slug',
    );
  }
  return slug;
}

/** The columns a category or subcategory save sets. */
function shelfColumns(input: ShelfInput, slug: string) {
  return {
    name: input.name,
    slug,
    description: input.description,
    isActive: input.isActive,
    ...(input.imageKey ? { imageKey: input.imageKey } : {}),
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
 * Creates (no id, placed last) or edits (id and version) a category.
 * @returns the toast's message and the category's id.
 * @throws Refusal 'invalid' on a slug that cannot be derived, 'conflict' on a slug in use or a
 *   stale version, 'not-found' on an unknown id.
 */
export async function saveCategory(
  db: Db,
  actor: Actor,
  input: ShelfInput,
): Promise<{ message: string; id: number }> {
  const slug = shelfSlug(input);
  const values = shelfColumns(input, slug);
  const id = input.id;
  try {
    if (id === undefined) {
      return await db.transaction(async (tx) => {
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
    return await auditedWrite(db, actor, {
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
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new Refusal('conflict', `Another category already uses the slug "${slug}".`, 'slug');
    }
    throw error;
  }
}

/**
 * Creates (no id, placed last) or edits (id and version) a subcategory of `categoryId`. Its
 * category cannot change (its products belong to that category too).
 * @returns the toast's message and the subcategory's id.
 * @throws Refusal as {@link saveCategory}, 'not-found' on an unknown category, 'invalid' on a
 *   move to another category.
 */
export async function saveSubcategory(
  db: Db,
  actor: Actor,
  input: ShelfInput & { categoryId: number },
): Promise<{ message: string; id: number }> {
  const slug = shelfSlug(input);
  const values = shelfColumns(input, slug);
  const id = input.id;
  try {
    if (id === undefined) {
      return await db.transaction(async (tx) => {
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
    return await auditedWrite(db, actor, {
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
export async function reorderShelves(
  db: Db,
  actor: Actor,
  input: { categoryId?: number; order: number[] },
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
export async function setShelfActive(
  db: Db,
  actor: Actor,
  what: 'category' | 'subcategory',
  input: { id: number; isActive: boolean },
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
  input: { id: number },
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
/* ------------------------------------------------------------------------------------------ */
/* Products                                                                                   */
/* ------------------------------------------------------------------------------------------ */

/** What an administrator reads when a product changed since the editor opened it. */
export const PRODUCT_CHANGED_ELSEWHERE =
  'This product was changed by someone else since you opened it. Reload to see their changes, then edit again.';

const productChangedElsewhere = () => new Refusal('conflict', PRODUCT_CHANGED_ELSEWHERE);
const productGone = () => new Refusal('not-found', 'This product no longer exists.');

/**
 * Checks a product's category and subcategory (the subcategory must belong to the category)
 * and returns their names, for the audit summary.
 * @throws Refusal 'invalid' (field 'categoryId' or 'subcategoryId') when one no longer exists or
 *   the subcategory belongs to another category.
 */
export async function checkProductShelves(
  db: DbOrTx,
  input: { categoryId: number; subcategoryId: number | null },
): Promise<{ category: string; subcategory: string | null }> {
  const [category] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.id, input.categoryId));
  if (!category) throw new Refusal('invalid', 'This category no longer exists.', 'categoryId');
  if (input.subcategoryId === null) return { category: category.name, subcategory: null };
  const [subcategory] = await db
    .select({ name: subcategories.name, categoryId: subcategories.categoryId })
    .from(subcategories)
    .where(eq(subcategories.id, input.subcategoryId));
  if (!subcategory) {
    throw new Refusal('invalid', 'This subcategory no longer exists.', 'subcategoryId');
  }
  if (subcategory.categoryId !== input.categoryId) {
    throw new Refusal('invalid', 'This subcategory belongs to another category.', 'subcategoryId');
  }
  return { category: category.name, subcategory: subcategory.name };
}

/** Where a product is shelved, for the audit summary: '"Category"' or '"Category" / "Sub"'. */
function shelvesLabel(shelves: { category: string; subcategory: string | null }): string {
  return shelves.subcategory
    ? `"${shelves.category}" / "${shelves.subcategory}"`
    : `"${shelves.category}"`;
}

/**
 * The product being edited, checked against the version the editor opened and the images it
 * keeps (all of them must be the product's own); locked (`for update`) when `lock`.
 * @throws Refusal 'conflict' (PRODUCT_CHANGED_ELSEWHERE) on a missing or stale version or an
 *   image not its own, 'not-found' on an unknown product.
 */
export async function openProductForEdit(
  db: DbOrTx,
  input: { id: number; version?: string; keepImages: readonly string[] },
  lock: boolean,
) {
  const version = assertVersion(input.version, 'product');
  const query = db.select().from(products).where(eq(products.id, input.id)).$dynamic();
  const [before] = await (lock ? query.for('update') : query);
  if (!before) throw productGone();
  if (!sameVersion(before.updatedAt, version)) throw productChangedElsewhere();
  const own = new Set(before.imageKeys);
  if (input.keepImages.some((key) => !own.has(key))) throw productChangedElsewhere();
  return { before, version };
}

/**
 * Refuses SKUs another product (not `productId`, null for a new one) already uses (issue 29
 * item 2).
 * @throws Refusal 'conflict' (field 'variants') naming the SKU and the product that has it.
 */
export async function checkProductSkus(
  db: Db,
  productId: number | null,
  skus: readonly string[],
): Promise<void> {
  const clash = await skuInUse(db, productId, skus);
  if (clash) {
    throw new Refusal(
      'conflict',
      `The SKU "${clash.sku}" is already used by "${clash.productName}". Please choose another.`,
      'variants',
    );
  }
}

/** The constraint a database error names (drizzle wraps the driver's error as its cause). */
function violatedConstraint(error: unknown): string | undefined {
  const own = (error as { constraint?: string })?.constraint;
  return own ?? (error as { cause?: { constraint?: string } })?.cause?.constraint;
}

/** The columns a product save sets (the `products` row less its id and times). */
type ProductColumns = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** A product save: the columns, the sizes, and for an edit the id, version and images kept. */
export interface ProductSave {
  /** Absent to create one. */
  id?: number;
  /** The `updated_at` (ISO 8601) the editor opened; required to edit. */
  version?: string;
  /** The stored images the edit keeps (all must be the product's own). */
  keepImages: readonly string[];
  values: ProductColumns & { slug: string; categoryId: number; subcategoryId: number | null };
  /** The size variants, in order (decision "size variants"); empty for none. */
  variants: readonly EditableVariant[];
}

/**
 * Creates (no id) or edits (id and version) a product and its size variants, checking its
 * shelves and, on an edit, its version again inside the transaction.
 * @returns the toast's message and the product's id.
 * @throws Refusal 'conflict' on a slug or SKU in use or a stale version, 'not-found' on an
 *   unknown product, 'invalid' on a category/subcategory mismatch.
 */
export async function saveProduct(
  db: Db,
  actor: Actor,
  save: ProductSave,
): Promise<{ message: string; id: number }> {
  const { values, variants } = save;
  const id = save.id;
  try {
    if (id === undefined) {
      return await db.transaction(async (tx) => {
        const where = shelvesLabel(await checkProductShelves(tx, values));
        const [created] = await tx.insert(products).values(values).returning();
        await replaceVariants(tx, created!.id, created!.slug, variants);
        await recordAudit(tx, actor, {
          action: 'product.create',
          entity: 'product',
          entityId: created!.id,
          summary: `Created product "${created!.name}" in ${where}`,
          after: created,
        });
        return { message: `Product "${created!.name}" created.`, id: created!.id };
      });
    }
    return await auditedWrite(db, actor, {
      read: async (tx) => {
        const where = shelvesLabel(await checkProductShelves(tx, values));
        return { where, ...(await openProductForEdit(tx, { ...save, id }, true)) };
      },
      write: async (tx, { before, version }) => {
        const [row] = await tx
          .update(products)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(products.id, before.id), versionMatches(products.updatedAt, version)))
          .returning();
        if (row) await replaceVariants(tx, row.id, row.slug, variants);
        return row;
      },
      stale: productChangedElsewhere,
      audit: ({ where, before }, after) => ({
        action: 'product.update',
        entity: 'product',
        entityId: after.id,
        summary: `Edited product "${after.name}" in ${where}`,
        before,
        after,
      }),
      answer: (_before, after) => ({ message: `Product "${after.name}" saved.`, id: after.id }),
    });
  } catch (error) {
    if (isUniqueViolation(error) && violatedConstraint(error) === 'product_variants_sku_key') {
      throw new Refusal(
        'conflict',
        'Another product took one of these SKUs a moment ago. Please choose another.',
        'variants',
      );
    }
    if (isUniqueViolation(error)) {
      throw new Refusal(
        'conflict',
        `Another product already uses the slug "${values.slug}".`,
        'slug',
      );
    }
    throw error;
  }
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The first free slug of '{slug}-copy', '{slug}-copy-2', '{slug}-copy-3', … */
async function freeCopySlug(db: DbOrTx, slug: string): Promise<string> {
  const base = `${slug.replace(/-copy(?:-\d+)?$/, '')}-copy`;
  const taken = new Set(
    (
      await db
        .select({ slug: products.slug })
        .from(products)
        .where(or(eq(products.slug, base), ilike(products.slug, `${likeLiteral(base)}-%`)))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

/**
 * Copies a product as 'Copy of …' (cut to `nameLimit` characters) with a free slug, inactive,
 * with the same images, sizes and colours (and no rating: reviews belong to the original).
 * @throws Refusal 'not-found' on an unknown product, 'conflict' when the slug was taken meanwhile.
 */
export async function duplicateProduct(
  db: Db,
  actor: Actor,
  input: { id: number },
  nameLimit: number,
): Promise<{ message: string; id: number }> {
  try {
    return await auditedWrite(db, actor, {
      read: (tx) =>
        tx
          .select()
          .from(products)
          .where(eq(products.id, input.id))
          .then(([row]) => row),
      missing: productGone,
      write: async (tx, source) => {
        const [copy] = await tx
          .insert(products)
          .values({
            slug: await freeCopySlug(tx, source.slug),
            name: `Copy of ${source.name}`.slice(0, nameLimit),
            description: source.description,
            categoryId: source.categoryId,
            subcategoryId: source.subcategoryId,
            pricePaise: source.pricePaise,
            fabricType: source.fabricType,
            colors: source.colors,
            saleUnit: source.saleUnit,
            lengthStepCm: source.lengthStepCm,
            lengthMinCm: source.lengthMinCm,
            lengthMaxCm: source.lengthMaxCm,
            uqc: source.uqc,
            featured: source.featured,
            isActive: false,
            imageKeys: source.imageKeys,
          })
          .returning();
        // Issue 29 item 2: the copy offers the same sizes, prices and stock, with SKUs of its
        // own slug (made by `skuFor`).
        const sizes = await productVariantsOf(tx as unknown as Db, source.id);
        await replaceVariants(
          tx,
          copy!.id,
          copy!.slug,
          sizes.map((variant) => ({ ...variant, id: null, sku: '' })),
        );
        return copy;
      },
      audit: (source, copy) => ({
        action: 'product.duplicate',
        entity: 'product',
        entityId: copy.id,
        summary: `Copied product "${source.name}" as "${copy.name}"`,
        before: { sourceId: source.id },
        after: copy,
      }),
      answer: (_source, copy) => ({
        message: `Copied as "${copy.name}"; it stays hidden from the shop until you activate it.`,
        id: copy.id,
      }),
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new Refusal('conflict', 'Another copy was made at the same moment. Please try again.');
    }
    throw error;
  }
}

/** The product `id`, locked for a change (`select … for update`); undefined when there is none. */
function lockProduct(tx: Tx, id: number) {
  return tx
    .select()
    .from(products)
    .where(eq(products.id, id))
    .for('update')
    .then(([row]) => row);
}

/** Shows a product in the shop or hides it. @throws Refusal 'not-found' on an unknown product. */
export async function setProductActive(
  db: Db,
  actor: Actor,
  input: { id: number; isActive: boolean },
): Promise<string> {
  return auditedWrite(db, actor, {
    read: (tx) => lockProduct(tx, input.id),
    missing: productGone,
    check: (before) => {
      if (before.isActive !== input.isActive) return undefined;
      return input.isActive
        ? `"${before.name}" is already shown in the shop.`
        : `"${before.name}" is already hidden from the shop.`;
    },
    write: (tx) =>
      tx
        .update(products)
        .set({ isActive: input.isActive, updatedAt: new Date() })
        .where(eq(products.id, input.id))
        .returning()
        .then(([row]) => row),
    audit: (before, after) => ({
      action: `product.${input.isActive ? 'activate' : 'deactivate'}`,
      entity: 'product',
      entityId: input.id,
      summary: `${input.isActive ? 'Activated' : 'Deactivated'} product "${before.name}"`,
      before: { isActive: before.isActive },
      after: { isActive: after.isActive },
    }),
    answer: (before) => visibilityAnswer(before.name, input.isActive),
  });
}

/**
 * Deletes a product. Orders keep their lines (name, price and image were copied at purchase;
 * the foreign key clears `order_lines.product_id`); cart lines and wishlist entries of it go
 * with it (their foreign keys cascade).
 * @throws Refusal 'not-found' on an unknown product.
 */
export async function deleteProduct(db: Db, actor: Actor, input: { id: number }): Promise<string> {
  return auditedWrite(db, actor, {
    read: (tx) => lockProduct(tx, input.id),
    missing: productGone,
    write: async (tx) => {
      const [ordered] = await tx
        .select({ n: count() })
        .from(orderLines)
        .where(eq(orderLines.productId, input.id));
      await tx.delete(products).where(eq(products.id, input.id));
      return Number(ordered?.n ?? 0);
    },
    audit: (before, orderLineCount) => ({
      action: 'product.delete',
      entity: 'product',
      entityId: input.id,
      summary: `Deleted product "${before.name}"`,
      before: { ...before, orderLines: orderLineCount },
    }),
    answer: (before, orderLineCount) =>
      orderLineCount > 0
        ? `"${before.name}" deleted. The ${orderLineCount} order ${orderLineCount === 1 ? 'line' : 'lines'} that bought it ${orderLineCount === 1 ? 'keeps' : 'keep'} its name and price.`
        : `"${before.name}" deleted.`,
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Stock (issue 29 item 2, decision "stock and lengths")                                      */
/* ------------------------------------------------------------------------------------------ */

/**
 * Takes `amount` (pieces, or centimetres for a product sold by the metre) of a product's
 * stock inside `tx` by a conditional update, `stock = stock - amount where stock - reserved >=
 * amount`: the metres held for bespoke garments (open `fabric_reservations`, issue 31 item 7)
 * are not the shop's to sell. The product's row is locked first, so a second payer (or a
 * bespoke order's reservation) waits for the first to commit, and the update, a statement of
 * its own, then reads the stock and reservations it left.
 * @returns whether it was taken (false: less was available, or the product is gone).
 */
export async function takeProductStock(
  tx: Tx,
  productId: number,
  amount: number,
): Promise<boolean> {
  await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  const [updated] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${amount}` })
    .where(
      and(eq(products.id, productId), sql`${products.stock} - ${openReservedSql} >= ${amount}`),
    )
    .returning({ id: products.id });
  return updated !== undefined;
}

/** Puts `amount` (pieces or centimetres) back on a product's stock inside `tx`. */
export async function returnProductStock(tx: Tx, productId: number, amount: number): Promise<void> {
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${amount}` })
    .where(eq(products.id, productId));
}

/**
 * Takes `pieces` of a size variant's stock inside `tx` by the same conditional update as
 * {@link takeProductStock} (decision "size variants").
 * @returns whether they were taken.
 */
export async function takeVariantStock(
  tx: Tx,
  variantId: number,
  pieces: number,
): Promise<boolean> {
  const [updated] = await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${pieces}` })
    .where(and(eq(productVariants.id, variantId), gte(productVariants.stock, pieces)))
    .returning({ id: productVariants.id });
  return updated !== undefined;
}

/** Puts `pieces` back on a size variant's stock inside `tx`. */
export async function returnVariantStock(tx: Tx, variantId: number, pieces: number): Promise<void> {
  await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${pieces}` })
    .where(eq(productVariants.id, variantId));
}
