/**
 * The pictures a job card prints (issue 31 item 4: "every style choice, with the garment's
 * drawing; the fabric's code and swatch"), as PNG or JPEG bytes pdfkit can embed (it takes no
 * WebP and no SVG):
 *
 * - a style option's drawing is the very SVG the configurator shows (`StylePicture` in
 *   `bespoke/style-drawing.tsx`, rendered to markup), rasterised with sharp at 200 × 200 px on
 *   white, and kept per group and code for the life of the process (the drawings are code, so
 *   they change only with a deploy);
 * - a picture from the media library (a fabric's swatch, or an option an administrator gave a
 *   picture) is its 320 px variant (`getImageVariant`, rendered on first use like any page's
 *   image), turned into a JPEG of at most 320 px on white, the last 64 kept by image key.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { StylePicture } from '~/features/bespoke/style-drawing';
import { getImageVariant } from '~/features/media/images.server';
import type { Storage } from '~/lib/storage/storage.server';

/** Rasterised drawings by 'group:code'; a bounded set (one per style option of the code). */
const drawings = new Map<string, Promise<Buffer>>();

/** The drawing's size in px: 2 px a point at the card's largest (100 pt). */
const DRAWING_PX = 200;

/**
 * The drawing of style option `group`/`code` as a PNG (200 × 200 px, white background).
 * @throws when sharp cannot render the SVG (a bug in a drawing, not bad input).
 */
export function styleDrawingPng(group: string, code: string): Promise<Buffer> {
  const key = `${group}:${code}`;
  const kept = drawings.get(key);
  if (kept) return kept;
  const markup = renderToStaticMarkup(
    createElement(StylePicture, { group, code, imageKey: null, alt: '' }),
  ).replace(
    /^<svg /,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${DRAWING_PX}" height="${DRAWING_PX}" `,
  );
  const png = sharp(Buffer.from(markup))
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 6 })
    .toBuffer();
  drawings.set(key, png);
  png.catch(() => drawings.delete(key));
  return png;
}

/** Library pictures made for cards, by image key, the most recently used last. */
const pictures = new Map<string, Buffer>();
/** How many {@link pictures} are kept (about 20 KB each). */
const PICTURES_KEPT = 64;

/**
 * A media-library image (`imageKey`) as a JPEG at most 320 px wide, on white; null when the
 * image is unknown or its file is missing (the card then prints without it). An image key is
 * the hash of its content, so a made JPEG stays right for the key; the last 64 are kept.
 * @throws when storage fails or the stored file cannot be decoded.
 */
export async function libraryPictureJpeg(
  storage: Storage,
  imageKey: string,
): Promise<Buffer | null> {
  const kept = pictures.get(imageKey);
  if (kept) {
    pictures.delete(imageKey);
    pictures.set(imageKey, kept);
    return kept;
  }
  const hit = await getImageVariant(storage, imageKey, 320, 'webp');
  const bytes = hit ? await storage.get(hit.storageKey) : null;
  if (!bytes) return null;
  const jpeg = await sharp(bytes)
    .resize({ width: 320, height: 320, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();
  pictures.set(imageKey, jpeg);
  if (pictures.size > PICTURES_KEPT) pictures.delete(pictures.keys().next().value!);
  return jpeg;
}
