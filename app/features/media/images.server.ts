/**
 * The image and video pipeline (issue "Gallery and media", DESIGN.md "files").
 *
 * - Uploads ({@link storeUploadedImage}) are validated by decoding, never by name or declared
 *   type: at most {@link MEDIA_LIMITS}.imageBytes bytes and .imagePixels pixels, JPEG, PNG,
 *   WebP, AVIF/HEIF, GIF or TIFF. They are turned upright, stripped of metadata, scaled to at
 *   most 2880 px and re-encoded as the WebP source `sources/{key}.webp`.
 * - Generated demo images ({@link storeSvgImage}) keep their SVG source; they are decoded once
 *   too, for their size and placeholder.
 * - Every image gets a row in `images` with a tiny blurred placeholder (a data: URL).
 * - Variants (AVIF and WebP at 320/640/960/1440 px, never upscaled) are rendered from the
 *   source on first request ({@link getImageVariant}), stored, and never rendered twice.
 * - Keys are content hashes: 'img-' and the first 32 hex digits of the source's SHA-256.
 */
import { eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { createHash } from 'node:crypto';
import pLimit from 'p-limit';
import sharp from 'sharp';
import type { Db } from '~/lib/db.server';
import { images } from '~/lib/schema.server';
import type { Storage } from '~/lib/storage/storage.server';
import {
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  imageKeyPattern,
  variantKey,
  type ImageFormat,
  type ImageWidth,
} from './image-url';
import { MEDIA_LIMITS } from './limits';
import { Refusal } from '~/lib/refusal';

export { MEDIA_LIMITS };

/**
 * A file the pipeline refuses: a {@link Refusal} with a message for the person who sent it and
 * its code ('too-large', 'unsupported-media': not an accepted kind of file, 'invalid': damaged).
 */
export class MediaRejectedError extends Refusal {
  constructor(message: string, code: 'too-large' | 'unsupported-media' | 'invalid') {
    super(code, message);
    this.name = 'MediaRejectedError';
  }
}

/** A stored image as pages need it. Width and height in px. */
export interface StoredImage {
  key: string;
  width: number;
  height: number;
  /** A data: URL of a ~16 px blurred WebP. */
  placeholder: string;
}

const UPLOAD_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif', 'tiff']);
const WEBP_OPTIONS = { quality: 68, effort: 4 } as const;
// effort 2 is both faster and, on the generated textiles, smaller than 4 (measured: a 1440 px
// textile is 21.9 KB in 0.9 s at effort 2, 24.7 KB in 4.5 s at effort 4).
const AVIF_OPTIONS = { quality: 50, effort: 2 } as const;
/** Megabytes (MiB) to one decimal, as the refusals show them. */
const roundedMegabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const megabytes = (bytes: number) => `${roundedMegabytes(bytes)} MB`;
/**
 * The refusal of a file over its byte limit. When the rounded size would read the same as the
 * limit (15 MB + 1 byte is "15 MB"), it says "larger than" the limit instead.
 */
const tooLargeMessage = (what: 'image' | 'video', bytes: number, limit: number) => {
  const size =
    roundedMegabytes(bytes) <= roundedMegabytes(limit)
      ? `larger than ${megabytes(limit)}`
      : megabytes(bytes);
  return `This ${what} is ${size}; the limit is ${megabytes(limit)}.`;
};
const hashKey = (bytes: Buffer | string) =>
  `img-${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}`;
const sourceKey = (key: string, format: 'svg' | 'webp') => `sources/${key}.${format}`;

/** A ~16 px wide, blurred WebP of a raster image as a data: URL (about 100 to 300 bytes). */
async function placeholderOf(raster: Buffer): Promise<string> {
  const tiny = await sharp(raster)
    .resize({ width: 16, height: 16, fit: 'inside' })
    .blur(0.6)
    .webp({ quality: 40, effort: 4 })
    .toBuffer();
  return `data:image/webp;base64,${tiny.toString('base64')}`;
}

const notAnImage = 'This file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF photo.';

/**
 * Validates an uploaded image by decoding it, re-encodes it as the stored WebP source and
 * records it. Uploading the same picture twice gives the same key and stores nothing new.
 * @throws MediaRejectedError when the file is empty, too large, not a decodable image of an
 *   accepted format, over the pixel limit, or damaged; nothing is stored then.
 */
export async function storeUploadedImage(
  db: Db,
  storage: Storage,
  input: Buffer,
): Promise<StoredImage> {
  if (input.length === 0) throw new MediaRejectedError('The file is empty.', 'invalid');
  if (input.length > MEDIA_LIMITS.imageBytes) {
    throw new MediaRejectedError(
      tooLargeMessage('image', input.length, MEDIA_LIMITS.imageBytes),
      'too-large',
    );
  }
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw new MediaRejectedError(notAnImage, 'unsupported-media');
  }
  if (!metadata.format || !UPLOAD_FORMATS.has(metadata.format)) {
    throw new MediaRejectedError(
      metadata.format === 'svg'
        ? 'SVG drawings are not accepted. Upload a JPEG, PNG, WebP or AVIF photo.'
        : notAnImage,
      'unsupported-media',
    );
  }
  const { width = 0, height = 0 } = metadata;
  if (width * height > MEDIA_LIMITS.imagePixels) {
    throw new MediaRejectedError(
      `This image is ${width} × ${height} pixels; the limit is ${MEDIA_LIMITS.imagePixels / 1_000_000} megapixels.`,
      'too-large',
    );
  }
  let source: { data: Buffer; info: sharp.OutputInfo };
  try {
    source = await sharp(input, { limitInputPixels: MEDIA_LIMITS.imagePixels, failOn: 'error' })
      .rotate()
      .resize({
        width: MEDIA_LIMITS.sourceEdge,
        height: MEDIA_LIMITS.sourceEdge,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 90, effort: 4 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new MediaRejectedError(
      'This image is damaged or incomplete and cannot be read. Export it again and retry.',
      'invalid',
    );
  }
  const key = hashKey(source.data);
  const placeholder = await placeholderOf(source.data);
  await storage.put(sourceKey(key, 'webp'), source.data, 'image/webp');
  const stored = {
    key,
    width: source.info.width,
    height: source.info.height,
    placeholder,
  };
  await db
    .insert(images)
    .values({ ...stored, format: 'webp', bytes: source.data.length })
    .onConflictDoNothing();
  return stored;
}

/**
 * Stores a generated SVG source (the demo catalogue's textiles) under its content hash and
 * records its size and placeholder; a second call with the same SVG only reads the row.
 * @throws Error when the SVG does not render.
 */
export async function storeSvgImage(db: Db, storage: Storage, svg: string): Promise<string> {
  const key = hashKey(svg);
  const [row] = await db.select({ key: images.key }).from(images).where(eq(images.key, key));
  if (row) return key;
  const bytes = Buffer.from(svg);
  const metadata = await sharp(bytes).metadata();
  const width = metadata.width ?? 0;
  // Drawn at 256 px first: an SVG drawn straight at 16 px loses its fine woven patterns and
  // comes out as the pale shading alone; drawing it at full size would be wasted work.
  const placeholder = await placeholderOf(
    await sharp(bytes, { density: (72 * 256) / width })
      .png()
      .toBuffer(),
  );
  if (!(await storage.exists(sourceKey(key, 'svg')))) {
    await storage.put(sourceKey(key, 'svg'), svg, 'image/svg+xml');
  }
  await db
    .insert(images)
    .values({
      key,
      width,
      height: metadata.height ?? 0,
      format: 'svg',
      bytes: bytes.length,
      placeholder,
    })
    .onConflictDoNothing();
  return key;
}

// Variant rendering is CPU work. WebP variants (asked for by a waiting browser) render two at
// a time; AVIF variants (rendered in the background while a WebP stands in) one at a time, in
// their own queue so they never hold up a WebP a browser waits for.
const renderLimits = { webp: pLimit(2), avif: pLimit(1) } as const;
const inFlight = new Map<string, Promise<Buffer | null>>();

async function readSource(storage: Storage, key: string): Promise<Buffer | null> {
  return (await storage.get(sourceKey(key, 'webp'))) ?? (await storage.get(sourceKey(key, 'svg')));
}

function renderVariant(
  storage: Storage,
  key: string,
  width: ImageWidth,
  format: ImageFormat,
): Promise<Buffer | null> {
  const target = variantKey(key, width, format);
  const pending = inFlight.get(target);
  if (pending) return pending;
  const render = renderLimits[format](async () => {
    const source = await readSource(storage, key);
    if (!source) return null;
    const resized = sharp(source, { density: 72 }).resize({ width, withoutEnlargement: true });
    const bytes = await (
      format === 'avif' ? resized.avif(AVIF_OPTIONS) : resized.webp(WEBP_OPTIONS)
    ).toBuffer();
    await storage.put(target, bytes, `image/${format}`);
    return bytes;
  }).finally(() => inFlight.delete(target));
  inFlight.set(target, render);
  return render;
}

/** What {@link getImageVariant} found: the stored key to serve and whether it is final. */
export interface VariantHit {
  /** The storage key holding the bytes to send. */
  storageKey: string;
  format: ImageFormat;
  /**
   * False when an AVIF variant was asked for before it existed: the WebP variant stands in
   * (it renders about 5 times faster) while the AVIF one renders in the background, so the
   * answer must not be cached for long.
   */
  final: boolean;
}

/**
 * Makes sure the variant exists, rendering it from the source when missing. A missing AVIF
 * variant is queued and its WebP sibling answered meanwhile. Null when the image is unknown.
 * @throws when the stored source cannot be decoded or storage fails.
 */
export async function getImageVariant(
  storage: Storage,
  key: string,
  width: ImageWidth,
  format: ImageFormat,
): Promise<VariantHit | null> {
  if (!imageKeyPattern.test(key)) return null;
  const wanted = variantKey(key, width, format);
  if (await storage.exists(wanted)) return { storageKey: wanted, format, final: true };
  if (format === 'webp') {
    return (await renderVariant(storage, key, width, 'webp'))
      ? { storageKey: wanted, format, final: true }
      : null;
  }
  const webp = await getImageVariant(storage, key, width, 'webp');
  if (!webp) return null;
  renderVariant(storage, key, width, 'avif').catch(() => {
    // The next request retries; the WebP answer already went out.
  });
  return { ...webp, final: false };
}

/**
 * Renders every variant of an image now (after an upload, so the first shopper does not wait).
 * @throws when the source is missing or cannot be decoded.
 */
export async function renderAllVariants(storage: Storage, key: string): Promise<number> {
  const jobs = IMAGE_WIDTHS.flatMap((width) =>
    IMAGE_FORMATS.map(async (format): Promise<number> => {
      const target = variantKey(key, width, format);
      if (await storage.exists(target)) return 0;
      const bytes = await renderVariant(storage, key, width, format);
      if (!bytes) throw new Error(`no source for image ${key}`);
      return 1;
    }),
  );
  return (await Promise.all(jobs)).reduce((sum, made) => sum + made, 0);
}

/**
 * Deletes an image's stored files: its source (of `format`) and every variant. Missing files
 * are skipped. The caller removes the `images` row and makes sure nothing uses the image.
 * @throws when storage fails.
 */
export async function deleteImageFiles(
  storage: Storage,
  key: string,
  format: 'svg' | 'webp',
): Promise<void> {
  await storage.delete(sourceKey(key, format));
  for (const width of IMAGE_WIDTHS) {
    for (const variantFormat of IMAGE_FORMATS) {
      await storage.delete(variantKey(key, width, variantFormat));
    }
  }
}

/**
 * A SQL expression for the placeholder of the image whose key `key` evaluates to (null when
 * the image has no row), for queries that list images.
 */
export function placeholderFor(key: SQLWrapper | SQL): SQL<string | null> {
  return sql<
    string | null
  >`(select ${images.placeholder} from ${images} where ${images.key} = ${key})`;
}

/** The stored image rows for these keys (unknown keys are left out). */
export async function findImages(db: Db, keys: readonly string[]): Promise<StoredImage[]> {
  if (keys.length === 0) return [];
  return db
    .select({
      key: images.key,
      width: images.width,
      height: images.height,
      placeholder: images.placeholder,
    })
    .from(images)
    .where(inArray(images.key, [...keys]));
}

/** Video containers the gallery plays. */
const VIDEO_TYPES = new Map([
  ['video/mp4', 'mp4'],
  ['video/webm', 'webm'],
]);

/**
 * Validates an uploaded video by its content (an MP4 or WebM container, at most
 * {@link MEDIA_LIMITS}.videoBytes) and stores it as `videos/{sha256 prefix}.{mp4|webm}`.
 * Returns the storage key.
 * @throws MediaRejectedError when it is empty, too large or not an MP4 or WebM video.
 */
export async function storeUploadedVideo(storage: Storage, input: Buffer): Promise<string> {
  if (input.length === 0) throw new MediaRejectedError('The file is empty.', 'invalid');
  if (input.length > MEDIA_LIMITS.videoBytes) {
    throw new MediaRejectedError(
      tooLargeMessage('video', input.length, MEDIA_LIMITS.videoBytes),
      'too-large',
    );
  }
  const type = await fileTypeFromBuffer(input);
  const extension = type && VIDEO_TYPES.get(type.mime);
  if (!extension) {
    throw new MediaRejectedError(
      'This file is not a video we can play. Upload an MP4 or WebM video.',
      'unsupported-media',
    );
  }
  const key = `videos/${createHash('sha256').update(input).digest('hex').slice(0, 32)}.${extension}`;
  if (!(await storage.exists(key))) await storage.put(key, input, type.mime);
  return key;
}
