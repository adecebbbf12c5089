/**
 * URLs of stored images and files (safe for the browser bundle). An image key is
 * 'img-{sha256 prefix}' of its normalised source; its variants are AVIF and WebP at the widths
 * below, stored under `variants/` and served from `/media/{storage key}`.
 */

/** Widths in px of every image's variants (never wider than the source). */
export const IMAGE_WIDTHS = [320, 640, 960, 1440] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Variant formats, best first: browsers that cannot show AVIF take WebP. */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** 'img-' and 32 hex digits. */
export const imageKeyPattern = /^img-[0-9a-f]{32}$/;

/** A variant's storage key: 'variants/img-{hash}-{width}.{avif|webp}'. */
export const variantKeyPattern = /^variants\/(img-[0-9a-f]{32})-(320|640|960|1440)\.(avif|webp)$/;

/** The storage key of one variant. */
export function variantKey(key: string, width: ImageWidth, format: ImageFormat): string {
  return `variants/${key}-${width}.${format}`;
}

/** The URL of one variant: /media/variants/img-ab…-640.webp. */
export function imageUrl(key: string, width: ImageWidth, format: ImageFormat = 'webp'): string {
  return `/media/${variantKey(key, width, format)}`;
}

/** A `srcset` over every variant width of one format. */
export function imageSrcSet(key: string, format: ImageFormat = 'webp'): string {
  return IMAGE_WIDTHS.map((width) => `${imageUrl(key, width, format)} ${width}w`).join(', ');
}

/** The URL of a stored file (videos): /media/videos/x.mp4. */
export function fileUrl(key: string): string {
  return `/media/${key}`;
}
