/**
 * A stored image with `srcset`/`sizes` over its WebP variants, explicit width and height (so
 * no layout shift), lazy by default or eager with high fetch priority for the LCP image, and
 * a placeholder when loading fails (SPEC.md section 8 "Image load error").
 */
import { useEffect, useRef, useState } from 'react';
import { cn } from '~/lib/utils';
import { imageSrcSet, imageUrl, type ImageWidth } from './image-url';

/** Shown when an image is missing or fails to load. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

export interface ResponsiveImageProps {
  /** The image key ('img-…'), or null for the placeholder. */
  imageKey: string | null;
  alt: string;
  /** Intrinsic size in px, for the aspect ratio. */
  width: number;
  height: number;
  /** The `sizes` attribute, e.g. '(min-width: 1024px) 25vw, 50vw'. */
  sizes: string;
  /** Eager with fetchpriority=high (the page's LCP image). */
  priority?: boolean;
  /** Eager at normal priority (images just below the fold). */
  eager?: boolean;
  /** Width of the `src` fallback variant. */
  fallbackWidth?: ImageWidth;
  className?: string;
}

export function ResponsiveImage({
  imageKey,
  alt,
  width,
  height,
  sizes,
  priority = false,
  eager = false,
  fallbackWidth = 640,
  className,
}: ResponsiveImageProps) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // A failure before hydration fired no React onError.
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, []);
  const usePlaceholder = failed || !imageKey;
  return (
    <img
      ref={image}
      src={usePlaceholder ? PLACEHOLDER_IMAGE : imageUrl(imageKey, fallbackWidth)}
      srcSet={usePlaceholder ? undefined : imageSrcSet(imageKey)}
      sizes={usePlaceholder ? undefined : sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      onError={() => setFailed(true)}
      className={cn('bg-muted object-cover', className)}
    />
  );
}
