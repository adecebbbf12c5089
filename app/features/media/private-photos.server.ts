/**
 * Private photos: the fitting photos of measurement profiles (issue 20 item 3) and the photos
 * a shopper sends with a return request (issue 32 item 7). Both are checked the same way,
 * stored under a private prefix the public media route never serves, and answered by their
 * own authorised routes only. The domains that own the photo rows (measurements, returns) call
 * these; this module writes files, never rows.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Storage } from '~/lib/storage/storage.server';
import { MEDIA_LIMITS, MediaRejectedError } from './images.server';

/** The longest edge of a stored private photo, px. */
const PHOTO_EDGE = 2000;
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif', 'tiff']);
const notAPhoto = 'This file is not a photo we can read. Upload a JPEG, PNG, WebP or HEIC photo.';

/**
 * Checks an uploaded photo by decoding it (never by its name or declared type), turns it
 * upright, strips its metadata (location, camera), scales it to at most 2000 px and encodes
 * it as WebP.
 * @throws MediaRejectedError 'too-large' when it is over the pipeline's byte or pixel limits,
 *   'unsupported-media' when it is not a raster photo, 'invalid' when it is damaged.
 */
async function encodePhoto(
  input: Buffer,
): Promise<{ data: Buffer; width: number; height: number }> {
  if (input.length === 0) throw new MediaRejectedError('The file is empty.', 'invalid');
  if (input.length > MEDIA_LIMITS.imageBytes) {
    throw new MediaRejectedError(
      `This photo is larger than ${MEDIA_LIMITS.imageBytes / 1024 / 1024} MB.`,
      'too-large',
    );
  }
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw new MediaRejectedError(notAPhoto, 'unsupported-media');
  }
  if (!metadata.format || !PHOTO_FORMATS.has(metadata.format)) {
    throw new MediaRejectedError(notAPhoto, 'unsupported-media');
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MEDIA_LIMITS.imagePixels) {
    throw new MediaRejectedError(
      `This photo is over ${MEDIA_LIMITS.imagePixels / 1_000_000} megapixels.`,
      'too-large',
    );
  }
  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: MEDIA_LIMITS.imagePixels,
      failOn: 'error',
    })
      .rotate()
      .resize({ width: PHOTO_EDGE, height: PHOTO_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new MediaRejectedError(
      'This photo is damaged or incomplete and cannot be read. Export it again and retry.',
      'invalid',
    );
  }
}

/** A photo checked and re-encoded as WebP, ready to store. Width and height in px. */
export interface PreparedPhoto {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Checks and re-encodes uploaded photos ({@link encodePhoto}), before anything is saved.
 * @throws MediaRejectedError for the first refused file.
 */
export async function preparePhotos(files: readonly Buffer[]): Promise<PreparedPhoto[]> {
  const prepared: PreparedPhoto[] = [];
  for (const file of files) prepared.push(await encodePhoto(file));
  return prepared;
}

/** A photo written to storage: its new id (a UUID), storage key and size in px. */
export interface WrittenPhoto {
  id: string;
  key: string;
  width: number;
  height: number;
}

/**
 * Writes prepared photos to storage as `<prefix><uuid>.webp` (the prefix ends with '/' and
 * starts with 'private/'), before the caller records their rows.
 * @throws StorageWriteError when the storage cannot write; the files written before it are
 *   removed again.
 */
export async function writePrivatePhotos(
  storage: Storage,
  prefix: `private/${string}/`,
  photos: readonly PreparedPhoto[],
): Promise<WrittenPhoto[]> {
  const written: WrittenPhoto[] = [];
  try {
    for (const photo of photos) {
      const id = randomUUID();
      const key = `${prefix}${id}.webp`;
      await storage.put(key, photo.data, 'image/webp');
      written.push({ id, key, width: photo.width, height: photo.height });
    }
  } catch (error) {
    await removePrivatePhotos(storage, written);
    throw error;
  }
  return written;
}

/** Removes written photos again (a failed insert after {@link writePrivatePhotos}); never throws. */
export async function removePrivatePhotos(
  storage: Storage,
  photos: readonly { key: string }[],
): Promise<void> {
  await Promise.allSettled(photos.map((photo) => storage.delete(photo.key)));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `id` is shaped like a private photo's id (a lower-case UUID). */
export function isPrivatePhotoId(id: string): boolean {
  return uuidPattern.test(id);
}

/**
 * The answer of a private photo route: the photo's bytes, or for null the same plain 404
 * whatever the reason (unknown, someone else's, gone from storage); never cached, never sniffed.
 */
export function privatePhotoResponse(photo: { data: Buffer; contentType: string } | null) {
  const headers = { 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' };
  if (!photo) {
    return new Response('Not found', {
      status: 404,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  return new Response(new Uint8Array(photo.data), {
    headers: { ...headers, 'Content-Type': photo.contentType },
  });
}
