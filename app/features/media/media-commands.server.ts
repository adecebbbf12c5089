/**
 * The media library's commands (issue 30 item 4: the `media` domain owns `media` and `images`,
 * and every write to them is made here): gallery items added, edited and deleted (issue "Back
 * office" item 4), each in one transaction with its audit entry (entity 'media'), and stored
 * files removed again once nothing uses them (issue 8 item 2). The `media` trigger then tells
 * every open gallery and home page (migration 0001). The back office parses the forms and
 * stores the uploaded files through the pipeline (features/media/images.server.ts) before
 * calling these.
 */
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { categories, images, media, products, subcategories } from '~/lib/schema.server';
import type { Storage } from '~/lib/storage/storage.server';
import { Refusal } from '~/lib/refusal';
import {
  assertVersion,
  auditedWrite,
  sameVersion,
  versionMatches,
} from '~/lib/audited-write.server';
import { recordAudit, type Actor, type DbOrTx } from '~/lib/audit.server';
import { deleteImageFiles } from './images.server';

/** What an administrator reads when a gallery item changed since the editor opened it. */
export const MEDIA_CHANGED_ELSEWHERE =
  'This item was changed by someone else since you opened it. Reload to see their changes, then edit again.';

const gone = () => new Refusal('not-found', 'This gallery item no longer exists.');

/** A gallery item's shelves: a category, and a subcategory of it; null for none. */
export interface MediaShelves {
  categoryId: number | null;
  subcategoryId: number | null;
}

/**
 * Checks the category and subcategory of a gallery item (a subcategory needs its own
 * category).
 * @throws Refusal 'invalid' (field 'categoryId' or 'subcategoryId') on an unknown one or a
 *   subcategory of another category.
 */
export async function checkMediaShelves(db: DbOrTx, input: MediaShelves): Promise<void> {
  if (input.categoryId !== null) {
    const [category] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, input.categoryId));
    if (!category) throw new Refusal('invalid', 'This category no longer exists.', 'categoryId');
  }
  if (input.subcategoryId === null) return;
  if (input.categoryId === null) {
    throw new Refusal('invalid', 'Please choose the category of this subcategory.', 'categoryId');
  }
  const [subcategory] = await db
    .select({ categoryId: subcategories.categoryId })
    .from(subcategories)
    .where(eq(subcategories.id, input.subcategoryId));
  if (!subcategory) {
    throw new Refusal('invalid', 'This subcategory no longer exists.', 'subcategoryId');
  }
  if (subcategory.categoryId !== input.categoryId) {
    throw new Refusal('invalid', 'This subcategory belongs to another category.', 'subcategoryId');
  }
}

/** The audit record of an item: what an administrator would want to compare. */
function auditView(row: typeof media.$inferSelect) {
  return {
    kind: row.kind,
    title: row.title,
    description: row.description,
    imageKey: row.imageKey,
    videoKey: row.videoKey,
    posterKey: row.posterKey,
    videoSection: row.videoSection,
    categoryId: row.categoryId,
    subcategoryId: row.subcategoryId,
  };
}

/**
 * Adds a gallery item whose files are already stored (`values`: kind, keys, texts, shelves),
 * checking its shelves again in the transaction.
 * @returns the new item's id.
 * @throws Refusal 'invalid' on a category/subcategory mismatch.
 */
export async function addMediaItem(
  db: Db,
  actor: Actor,
  values: typeof media.$inferInsert & MediaShelves,
): Promise<number> {
  return db.transaction(async (tx) => {
    await checkMediaShelves(tx, values);
    const [row] = await tx.insert(media).values(values).returning();
    await recordAudit(tx, actor, {
      action: 'media.create',
      entity: 'media',
      entityId: row!.id,
      summary: `Added ${row!.kind} "${row!.title}" to the gallery`,
      before: null,
      after: auditView(row!),
    });
    return row!.id;
  });
}

/** An edit of a gallery item: its texts, shelves and, for a video, section and poster. */
export interface MediaEdit extends MediaShelves {
  id: number;
  /** The `updated_at` (ISO 8601) the editor opened. */
  version?: string;
  title: string;
  description: string;
  /** Videos only; null keeps the item's section. */
  videoSection: (typeof media.$inferSelect)['videoSection'];
  /** Clears a video's poster when no new one is sent. */
  removePoster: boolean;
  /** A new poster's storage key, stored before the edit; null for none. */
  newPoster: string | null;
}

/**
 * Edits a gallery item (locked, checked against the version the editor opened). A video's
 * poster becomes `newPoster` when one was sent, none with `removePoster`, else stays; an image
 * item has no poster.
 * @returns the row before and after, so the caller can remove the files it dropped.
 * @throws Refusal 'not-found' on an unknown item, 'conflict' (MEDIA_CHANGED_ELSEWHERE) on a
 *   stale version, 'invalid' on a category or subcategory mismatch.
 */
export async function editMediaItem(
  db: Db,
  actor: Actor,
  input: MediaEdit,
): Promise<{ before: typeof media.$inferSelect; after: typeof media.$inferSelect }> {
  const version = assertVersion(input.version, 'gallery item');
  const { newPoster } = input;
  return auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select()
        .from(media)
        .where(eq(media.id, input.id))
        .for('update')
        .then(([row]) => row),
    missing: gone,
    check: (before) => {
      if (!sameVersion(before.updatedAt, version)) {
        throw new Refusal('conflict', MEDIA_CHANGED_ELSEWHERE);
      }
      return undefined;
    },
    write: async (tx, before) => {
      await checkMediaShelves(tx, input);
      const isVideoItem = before.kind === 'video';
      const posterKey = !isVideoItem
        ? null
        : newPoster
          ? newPoster
          : input.removePoster
            ? null
            : before.posterKey;
      const [after] = await tx
        .update(media)
        .set({
          title: input.title,
          description: input.description,
          categoryId: input.categoryId,
          subcategoryId: input.subcategoryId,
          videoSection: isVideoItem ? (input.videoSection ?? before.videoSection) : null,
          posterKey,
          updatedAt: new Date(),
        })
        .where(and(eq(media.id, input.id), versionMatches(media.updatedAt, version)))
        .returning();
      return after;
    },
    stale: () => new Refusal('conflict', MEDIA_CHANGED_ELSEWHERE),
    audit: (before, after) => ({
      action: 'media.update',
      entity: 'media',
      entityId: input.id,
      summary: `Edited ${before.kind} "${after.title}"`,
      before: auditView(before),
      after: auditView(after),
    }),
    answer: (before, after) => ({ before, after }),
  });
}

/**
 * Deletes a gallery item, then its stored image, poster or video when nothing else uses them.
 * @returns the toast's message.
 * @throws Refusal 'not-found' on an unknown item.
 */
export async function deleteMediaItem(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: { id: number },
): Promise<string> {
  const before = await db.transaction(async (tx) => {
    const [row] = await tx.delete(media).where(eq(media.id, input.id)).returning();
    if (!row) throw gone();
    await recordAudit(tx, actor, {
      action: 'media.delete',
      entity: 'media',
      entityId: input.id,
      summary: `Deleted ${row.kind} "${row.title}" from the gallery`,
      before: auditView(row),
      after: null,
    });
    return row;
  });
  await releaseUnusedFiles(db, storage, {
    images: [before.imageKey, before.posterKey].filter((key): key is string => !!key),
    videos: before.videoKey ? [before.videoKey] : [],
  });
  return `Deleted "${before.title}" from the gallery.`;
}

/** Whether a gallery item, product, category or subcategory shows the image `key`. */
async function imageInUse(db: DbOrTx, key: string): Promise<boolean> {
  const counts = await Promise.all([
    db
      .select({ n: count() })
      .from(media)
      .where(or(eq(media.imageKey, key), eq(media.posterKey, key))),
    db
      .select({ n: count() })
      .from(products)
      .where(sql`${key} = any(${products.imageKeys})`),
    db.select({ n: count() }).from(categories).where(eq(categories.imageKey, key)),
    db.select({ n: count() }).from(subcategories).where(eq(subcategories.imageKey, key)),
  ]);
  return counts.some(([row]) => Number(row?.n ?? 0) > 0);
}

/**
 * Removes stored images (source, variants and `images` row) and videos that no gallery item,
 * product, category or subcategory uses any more: after a change dropped them, or after a
 * save that stored them failed. Best effort: a failure is logged and leaves the file, never
 * the change, behind.
 */
export async function releaseUnusedFiles(
  db: Db,
  storage: Storage,
  keys: { images: string[]; videos: string[] },
): Promise<void> {
  try {
    for (const key of keys.videos) {
      const [used] = await db.select({ n: count() }).from(media).where(eq(media.videoKey, key));
      if (Number(used?.n ?? 0) === 0) await storage.delete(key);
    }
    if (keys.images.length === 0) return;
    const unused = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ key: images.key, format: images.format })
        .from(images)
        .where(inArray(images.key, keys.images))
        .for('update');
      const free: typeof rows = [];
      for (const row of rows) {
        if (!(await imageInUse(tx, row.key))) free.push(row);
      }
      if (free.length > 0) {
        await tx.delete(images).where(
          inArray(
            images.key,
            free.map((row) => row.key),
          ),
        );
      }
      return free;
    });
    for (const row of unused) await deleteImageFiles(storage, row.key, row.format);
  } catch (error) {
    console.error('uploads: could not remove unused files', error);
  }
}
