/**
 * A stored image as `<picture>`: AVIF and WebP `srcset`s over every variant width with the
 * caller's `sizes`, explicit width and height (so no layout shift), a blurred placeholder
 * painted behind it until it loads, lazy by default or eager with high fetch priority for the
 * LCP image, and the placeholder drawing when loading fails (SPEC.md section 8 "Image load
 * error").
 */
import { useEffect, useRef, useState } from 'react';
import { cn } from '~/lib/utils';
import { imageSrcSet, imageUrl, type ImageWidth } from './image-url';

/** Shown when an image is missing or fails to load. */
const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

export interface ResponsiveImageProps {
  /** The image key ('img-…'), or null for the placeholder drawing. */
  imageKey: string | null;
  alt: string;
  /** Intrinsic size in px, for the aspect ratio. */
  width: number;
  height: number;
  /** The `sizes` attribute, e.g. '(min-width: 1024px) 25vw, 50vw'. */
  sizes: string;
  /** The image's blurred placeholder (a data: URL from the pipeline), when known. */
  placeholder?: string | null;
  /** Eager with fetchpriority=high (the page's LCP image). */
  priority?: boolean;
  /** Eager at normal priority (images just below the fold). */
  eager?: boolean;
  /** Width of the `src` fallback (WebP) for browsers without `srcset`. */
  fallbackWidth?: ImageWidth;
  className?: string;
}

export function ResponsiveImage({
  imageKey,
  alt,
  width,
  height,
  sizes,
  placeholder,
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
  const showImage = !failed && imageKey;
  return (
    <picture className="contents">
      {showImage && (
        <>
          <source type="image/avif" srcSet={imageSrcSet(imageKey, 'avif')} sizes={sizes} />
          <source type="image/webp" srcSet={imageSrcSet(imageKey, 'webp')} sizes={sizes} />
        </>
      )}
      <img
        ref={image}
        src={showImage ? imageUrl(imageKey, fallbackWidth) : PLACEHOLDER_IMAGE}
        alt={alt}
        width={width}
        height={height}
        loading={priority || eager ? 'eager' : 'lazy'}
        // 'auto' is the default: left out of the HTML.
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? 'sync' : 'async'}
        onError={() => setFailed(true)}
        style={
          showImage && placeholder
            ? { backgroundImage: `url("${placeholder}")`, backgroundSize: 'cover' }
            : undefined
        }
        className={cn('bg-muted object-cover', className)}
      />
    </picture>
  );
}

/**
 * A small decorative image shown at a fixed size in px (`width` × `height`) beside text that
 * names it: the back office's rows and editors, an order's lines. Its `sizes` is the width, so
 * the smallest variant (320 px) serves every screen density up to 5×.
 */
export function Thumbnail({
  imageKey,
  placeholder,
  width,
  height = width,
  className,
}: {
  imageKey: string | null;
  placeholder?: string | null;
  width: number;
  height?: number;
  className?: string;
}) {
  return (
    <ResponsiveImage
      imageKey={imageKey}
      placeholder={placeholder}
      alt=""
      width={width}
      height={height}
      sizes={`${width}px`}
      fallbackWidth={320}
      className={cn('shrink-0 rounded-md', className)}
    />
  );
}
