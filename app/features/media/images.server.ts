/**
 * The image pipeline's first part: SVG sources stored by content hash, and WebP variants
 * rendered by `sharp` on first request, stored, and never rendered twice (concurrent requests
 * for one variant share one render).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Storage } from '~/lib/storage.server';
import { IMAGE_WIDTHS, imageKeyPattern, type ImageWidth } from './image-url';

const sourceKey = (key: string) => `sources/${key}.svg`;
const variantKey = (key: string, width: number) => `variants/${key}-${width}.webp`;

/** Stores an SVG source under its content hash and returns its image key ('img-…'). */
export async function storeSvgImage(storage: Storage, svg: string): Promise<string> {
  const key = `img-${createHash('sha256').update(svg).digest('hex').slice(0, 32)}`;
  if (!(await storage.exists(sourceKey(key)))) await storage.put(sourceKey(key), svg);
  return key;
}

/** Whether a width is one of the variant widths. */
export function isImageWidth(width: number): width is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(width);
}

const inFlight = new Map<string, Promise<Buffer | null>>();

/**
 * The WebP bytes of one variant (quality 68, never upscaled), rendering and storing it on
 * first use. Null when the key is unknown or malformed.
 */
export async function getImageVariant(
  storage: Storage,
  key: string,
  width: ImageWidth,
): Promise<Buffer | null> {
  if (!imageKeyPattern.test(key)) return null;
  const target = variantKey(key, width);
  const stored = await storage.get(target);
  if (stored) return stored;
  const pending = inFlight.get(target);
  if (pending) return pending;
  const render = (async () => {
    const source = await storage.get(sourceKey(key));
    if (!source) return null;
    const webp = await sharp(source, { density: 72 })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 68, effort: 4 })
      .toBuffer();
    await storage.put(target, webp);
    return webp;
  })().finally(() => inFlight.delete(target));
  inFlight.set(target, render);
  return render;
}
