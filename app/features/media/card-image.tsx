/**
 * The picture at the top of a storefront card (product, subcategory, category, gallery item):
 * a fixed-ratio frame that crops, holding a decorative ResponsiveImage (the card's text names
 * it, so alt is empty) that zooms a little while its card (a `group`) is hovered.
 */
import type { ReactNode } from 'react';
import { cn } from '~/lib/utils';
import { ResponsiveImage, type ResponsiveImageProps } from './responsive-image';

/** The frame's ratio: portrait 4:5 for garments and shelves, landscape 4:3 for the gallery. */
const ratios = { portrait: 'aspect-[4/5]', landscape: 'aspect-[4/3]' } as const;

export function CardImage({
  ratio,
  frameClassName,
  children,
  ...image
}: Omit<ResponsiveImageProps, 'alt' | 'className'> & {
  ratio: keyof typeof ratios;
  /** Extra classes for the frame (a border, rounding, a background). */
  frameClassName?: string;
  /** Drawn over the image inside the frame (a play badge). */
  children?: ReactNode;
}) {
  return (
    <div className={cn('overflow-hidden', ratios[ratio], frameClassName)}>
      <ResponsiveImage
        {...image}
        alt=""
        className="size-full transition-transform duration-300 group-hover:scale-105"
      />
      {children}
    </div>
  );
}
