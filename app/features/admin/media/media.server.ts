/**
 * The back office's gallery media (issue "Back office" item 4): images and videos uploaded one
 * file per request (so the screen can show each file's progress), with a title, description,
 * category, subcategory and, for videos, a video section and an optional poster image; edit;
 * delete. Every change runs in one transaction with its audit entry (entity 'media'); the
 * `media` trigger then tells every open gallery and home page (migration 0001), so the
 * gallery updates at once.
 *
 * Images go through the image pipeline (validated by decoding, re-encoded, AVIF and WebP
 * variants rendered in the background); videos are recognised by their content (MP4 or WebM).
 * Deleting an item removes its stored files too when nothing else uses them. The writes and
 * their checks are the media domain's commands (features/media/media-commands.server.ts, issue
 * 30 item 4); this module lists, parses the forms and stores the uploaded files.
 */
import { formFiles } from '~/lib/request-body.server';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { categories, media, subcategories } from '~/lib/schema.server';
import type { Storage } from '~/lib/storage/storage.server';
import { videoSections, type VideoSection } from '~/features/gallery/filter';
import { fileUrl } from '~/features/media/image-url';
import { placeholderFor } from '~/features/media/images.server';
import { adminHandler, type AnyAdminHandler } from '~/features/admin/shared/admin-action.server';
import {
  releasingOnError,
  renderInBackground,
  storeFormImage,
  storeFormVideo,
} from './uploads.server';
import {
  addMediaItem,
  checkMediaShelves,
  deleteMediaItem,
  editMediaItem,
  releaseUnusedFiles,
} from '~/features/media/media-commands.server';
import { countWhere, pagedList } from '~/features/admin/shared/paged-list.server';
import { Refusal } from '~/lib/refusal';
import { assertVersion } from '~/lib/audited-write.server';
import type { Actor } from '~/lib/audit.server';
import { idField, optionalIdField, textField } from '~/lib/form-fields.server';

/** Items per page of /admin/media. */
export const ADMIN_MEDIA_PAGE_SIZE = 24;

/** Lengths the media forms allow (characters). */
const MEDIA_TEXT_LIMITS = { title: 120, description: 1000 } as const;

/** The type filter of the list. */
export type AdminMediaKind = 'image' | 'video';

/** A gallery item as the back office lists and edits it. */
export interface AdminMediaItem {
  id: number;
  kind: AdminMediaKind;
  title: string;
  description: string;
  /** The image, or the video's poster (null when a video has none). */
  imageKey: string | null;
  placeholder: string | null;
  /** URL of the video file (videos only). */
  videoUrl: string | null;
  videoSection: VideoSection | null;
  categoryId: number | null;
  categoryName: string | null;
  subcategoryId: number | null;
  subcategoryName: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** The edit version: `updated_at` as ISO 8601. */
  version: string;
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page (1-based, {@link ADMIN_MEDIA_PAGE_SIZE} a page) of gallery items, newest first, of
 * one kind or both, whose title or description contains `q` (ignoring case), and how many match.
 * @throws when the database fails.
 */
export async function listAdminMedia(
  db: Db,
  query: { page: number; kind?: AdminMediaKind | null; q?: string },
): Promise<{ items: AdminMediaItem[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(media.kind, query.kind));
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${likeLiteral(q)}%`;
    conditions.push(or(ilike(media.title, pattern), ilike(media.description, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, total } = await pagedList(
    { page: query.page, size: ADMIN_MEDIA_PAGE_SIZE },
    ({ limit, offset }) =>
      db
        .select({
          id: media.id,
          kind: media.kind,
          title: media.title,
          description: media.description,
          imageKey: sql<string | null>`coalesce(${media.imageKey}, ${media.posterKey})`,
          placeholder: placeholderFor(sql`coalesce(${media.imageKey}, ${media.posterKey})`),
          videoKey: media.videoKey,
          videoSection: media.videoSection,
          categoryId: media.categoryId,
          categoryName: categories.name,
          subcategoryId: media.subcategoryId,
          subcategoryName: subcategories.name,
          createdAt: media.createdAt,
          updatedAt: media.updatedAt,
        })
        .from(media)
        .leftJoin(categories, eq(categories.id, media.categoryId))
        .leftJoin(subcategories, eq(subcategories.id, media.subcategoryId))
        .where(where)
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(limit)
        .offset(offset),
    () => countWhere(db, media, where),
  );
  return {
    items: rows.map(({ videoKey, createdAt, updatedAt, ...row }) => ({
      ...row,
      videoUrl: row.kind === 'video' && videoKey ? fileUrl(videoKey) : null,
      createdAt: createdAt.toISOString(),
      version: updatedAt.toISOString(),
    })),
    total,
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Form schemas                                                                               */
/* ------------------------------------------------------------------------------------------ */

const videoSectionIds = videoSections.map((section) => section.id) as [
  VideoSection,
  ...VideoSection[],
];

/** The fields every media form has (upload and edit). */
const mediaFields = {
  title: textField(
    z
      .string()
      .trim()
      .min(1, 'Please enter a title.')
      .max(
        MEDIA_TEXT_LIMITS.title,
        `Please keep the title to ${MEDIA_TEXT_LIMITS.title} characters.`,
      ),
  ),
  description: textField(
    z
      .string()
      .trim()
      .max(
        MEDIA_TEXT_LIMITS.description,
        `Please keep the description to ${MEDIA_TEXT_LIMITS.description} characters.`,
      ),
  ),
  categoryId: optionalIdField('Please choose a category from the list.'),
  subcategoryId: optionalIdField('Please choose a subcategory from the list.'),
  /** Videos only; ignored for images. '' reads as none. */
  videoSection: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(videoSectionIds, 'Please choose a video section from the list.').optional(),
    )
    .transform((value) => value ?? null),
};

/** intent 'upload-media': one file in the `file` field, an optional `poster` for a video. */
export const uploadMediaSchema = z.object(mediaFields);
export type UploadMediaInput = z.output<typeof uploadMediaSchema>;

/** intent 'save-media': an item's texts and shelves; an optional new `poster` for a video. */
export const saveMediaSchema = z.object({
  id: idField('This item could not be found.'),
  version: z.string().optional(),
  ...mediaFields,
  removePoster: z
    .union([z.literal('on'), z.literal('true'), z.literal('')])
    .optional()
    .transform((value) => value === 'on' || value === 'true'),
});
export type SaveMediaInput = z.output<typeof saveMediaSchema>;

/** intent 'delete-media'. */
const deleteMediaSchema = z.object({ id: idField('This item could not be found.') });

/* ------------------------------------------------------------------------------------------ */
/* Changes: the files and the form; the writes are the media domain's commands               */
/* ------------------------------------------------------------------------------------------ */

/** Whether an uploaded file is a video: by its content, or by its declared type when unknown. */
async function isVideo(file: File): Promise<boolean> {
  const head = Buffer.from(await file.slice(0, 4100).arrayBuffer());
  const type = await fileTypeFromBuffer(head).catch(() => undefined);
  if (type) return type.mime.startsWith('video/');
  return file.type.startsWith('video/');
}

/**
 * Adds one uploaded image or video (the form's `file`) to the gallery; a video may bring a
 * `poster` image and gets the section 'fabric-showcase' when none is chosen.
 * @throws Refusal 'invalid' on field 'file' when no file was sent; 'too-large'/'unsupported-media'/'invalid' on a refused file
 *   or poster (fields 'file', 'poster'); 422 on a category/subcategory mismatch. Nothing is
 *   added then.
 */
export async function uploadMedia(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: UploadMediaInput,
  form: FormData,
): Promise<{ message: string; id: number }> {
  const [file] = formFiles(form, 'file');
  if (!file) throw new Refusal('invalid', 'Please choose an image or a video to upload.', 'file');
  await checkMediaShelves(db, input);
  const video = await isVideo(file);
  let values: Parameters<typeof addMediaItem>[2];
  const newImages: string[] = [];
  const newVideos: string[] = [];
  if (video) {
    const videoKey = await storeFormVideo(storage, file, 'file');
    newVideos.push(videoKey);
    const posterKey = await releasingOnError(db, storage, { images: [], videos: newVideos }, () =>
      storeFormImage(db, storage, form, 'poster'),
    );
    if (posterKey) newImages.push(posterKey);
    values = {
      kind: 'video',
      videoKey,
      posterKey,
      videoSection: input.videoSection ?? 'fabric-showcase',
      title: input.title,
      description: input.description,
      categoryId: input.categoryId,
      subcategoryId: input.subcategoryId,
    };
  } else {
    const imageKey = await storeFormImage(db, storage, form, 'file');
    newImages.push(imageKey!);
    values = {
      kind: 'image',
      imageKey,
      title: input.title,
      description: input.description,
      categoryId: input.categoryId,
      subcategoryId: input.subcategoryId,
    };
  }
  const saved = { images: newImages, videos: newVideos };
  const id = await releasingOnError(db, storage, saved, () => addMediaItem(db, actor, values));
  renderInBackground(storage, newImages);
  return { message: `"${input.title}" is in the gallery.`, id };
}

/**
 * Edits an item's title, description, shelves and, for a video, its section and poster (a new
 * `poster` file replaces it; `removePoster` clears it).
 * @throws Refusal 'not-found' on an unknown item, 'conflict' on a stale version, 'invalid' on a category or
 *   subcategory mismatch, 413/415/422 on a refused poster; nothing is changed then.
 */
export async function saveMedia(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: SaveMediaInput,
  form: FormData,
): Promise<string> {
  const version = assertVersion(input.version, 'gallery item');
  const newPoster = await storeFormImage(db, storage, form, 'poster');
  const stored = { images: newPoster ? [newPoster] : [], videos: [] };
  const result = await releasingOnError(db, storage, stored, () =>
    editMediaItem(db, actor, { ...input, version, newPoster }),
  );
  // The poster replaced, or one sent with an image item (which has none): removed if unused.
  const dropped = [result.before.posterKey, newPoster].filter(
    (key): key is string => !!key && key !== result.after.posterKey,
  );
  if (dropped.length > 0) await releaseUnusedFiles(db, storage, { images: dropped, videos: [] });
  if (result.after.posterKey && result.after.posterKey === newPoster) {
    renderInBackground(storage, [newPoster]);
  }
  return `Saved "${result.after.title}".`;
}

/** The media screen's actions by intent, for the route module. */
export function mediaHandlers(db: Db, storage: Storage): Record<string, AnyAdminHandler> {
  return {
    'upload-media': adminHandler(uploadMediaSchema, (input, admin, form) =>
      uploadMedia(db, storage, admin, input, form),
    ),
    'save-media': adminHandler(saveMediaSchema, (input, admin, form) =>
      saveMedia(db, storage, admin, input, form),
    ),
    'delete-media': adminHandler(deleteMediaSchema, (input, admin) =>
      deleteMediaItem(db, storage, admin, input),
    ),
  };
}
