/**
 * Files sent to the back office's forms (categories, products, the gallery's media): read from
 * the multipart form, stored through the media pipeline (issue "Gallery and media"), refusals
 * turned into {@link Refusal}s on the form's field, and the new images' variants rendered
 * in the background so the first shopper does not wait for them. Files a failed save stored are
 * removed again by the media domain's `releaseUnusedFiles` (issue 30 item 4: `media` owns
 * `images`).
 */
import { formFiles } from '~/lib/request-body.server';
import type { Db } from '~/lib/db.server';
import { StorageWriteError, type Storage } from '~/lib/storage/storage.server';
import {
  MediaRejectedError,
  renderAllVariants,
  storeUploadedImage,
  storeUploadedVideo,
} from '~/features/media/images.server';
import { Refusal } from '~/lib/refusal';
import { releaseUnusedFiles } from '~/features/media/media-commands.server';

/** What an administrator reads when the storage cannot take a file (full disk, bucket down). */
export const STORAGE_FAILED_MESSAGE =
  'The file could not be saved: the storage is full or unavailable. Nothing was added. Please try again later, or tell whoever looks after the server.';

/** A Refusal 'unavailable' on `field` for a storage failure, or the error itself for anything else. */
function storageRefusal(error: unknown, field: string): unknown {
  return error instanceof StorageWriteError
    ? new Refusal('unavailable', STORAGE_FAILED_MESSAGE, field)
    : error;
}

/**
 * Stores each uploaded image through the pipeline, in order, and returns their keys.
 * @throws Refusal on `field` with the pipeline's message (prefixed by the file's name when
 *   there are several) for the first refused file, or 503 with `STORAGE_FAILED_MESSAGE` when
 *   the storage cannot write; the files stored before it are removed again then.
 */
export async function storeFormImages(
  db: Db,
  storage: Storage,
  files: readonly File[],
  field: string,
): Promise<string[]> {
  const keys: string[] = [];
  for (const file of files) {
    try {
      const stored = await storeUploadedImage(db, storage, Buffer.from(await file.arrayBuffer()));
      keys.push(stored.key);
    } catch (error) {
      await releaseUnusedFiles(db, storage, { images: keys, videos: [] });
      if (!(error instanceof MediaRejectedError)) throw storageRefusal(error, field);
      const named =
        files.length > 1 && file.name ? `${file.name}: ${error.message}` : error.message;
      throw new Refusal(error.code, named, field);
    }
  }
  return keys;
}

/**
 * The single image of file field `field`, stored through the pipeline; null when none was sent.
 * @throws Refusal on `field` when the pipeline refuses the file.
 */
export async function storeFormImage(
  db: Db,
  storage: Storage,
  form: FormData,
  field: string,
): Promise<string | null> {
  const [file] = formFiles(form, field);
  if (!file) return null;
  const [key] = await storeFormImages(db, storage, [file], field);
  return key ?? null;
}

/**
 * The single video of file field `field`, validated and stored (MP4 or WebM); its storage key.
 * @throws Refusal on `field` when the pipeline refuses the file, 503 when the storage
 *   cannot write it.
 */
export async function storeFormVideo(storage: Storage, file: File, field: string): Promise<string> {
  try {
    return await storeUploadedVideo(storage, Buffer.from(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof MediaRejectedError) throw new Refusal(error.code, error.message, field);
    throw storageRefusal(error, field);
  }
}

/** Variant renders started after saves, so a test (or a shutdown) can wait for them. */
const renders = new Set<Promise<unknown>>();

/** Renders every variant of new images in the background; a failure is left for first view. */
export function renderInBackground(storage: Storage, keys: readonly string[]): void {
  for (const key of keys) {
    const render = renderAllVariants(storage, key)
      .catch(() => {
        // The variant is rendered on its first request instead.
      })
      .finally(() => renders.delete(render));
    renders.add(render);
  }
}

/** Resolves once every background variant render started so far has finished. */
export async function settleImageRenders(): Promise<void> {
  while (renders.size > 0) await Promise.allSettled([...renders]);
}

/**
 * Runs `work`, the save that is to use files just stored under `keys`; when it throws, those
 * of the files nothing uses are removed again (`releaseUnusedFiles`), so a refused or failed
 * save leaves no stored file behind (issue 8 item 2), and the error is rethrown.
 */
export async function releasingOnError<T>(
  db: Db,
  storage: Storage,
  keys: { images: string[]; videos: string[] },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await releaseUnusedFiles(db, storage, keys);
    throw error;
  }
}
