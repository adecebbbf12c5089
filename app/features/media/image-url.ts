/**
 * URLs of stored images and their resized variants. An image key is 'img-{sha256 prefix}';
 * variants are WebP at the widths below, made on first request and kept.
 */

/** Widths in px of the WebP variants of every image. */
export const IMAGE_WIDTHS = [320, 640, 960, 1440] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** 'img-' and 32 hex digits. */
export const imageKeyPattern = /^img-[0-9a-f]{32}$/;

/** The URL of one variant: /media/img/img-ab…/640.webp. */
export function imageUrl(key: string, width: ImageWidth): string {
  return `/media/img/${key}/${width}.webp`;
}

/** A `srcset` over every variant width up to `maxWidth`. */
export function imageSrcSet(key: string, maxWidth: ImageWidth = 1440): string {
  return IMAGE_WIDTHS.filter((width) => width <= maxWidth)
    .map((width) => `${imageUrl(key, width)} ${width}w`)
    .join(', ');
}

/** The URL of a stored file (videos): /media/file/videos/x.mp4. */
export function fileUrl(key: string): string {
  return `/media/file/${key}`;
}
