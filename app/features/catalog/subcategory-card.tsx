import { CardImage } from '~/features/media/card-image';
import { Link } from 'react-router';
import type { SubcategoryTile } from './types';

/**
 * A subcategory tile linking to /category?subcategory={name lower-cased, spaces to hyphens}
 * (SPEC.md section 2 "Wardrobe"); the generic placeholder stands in for a missing image.
 */
export function SubcategoryCard({
  subcategory,
  to,
}: {
  subcategory: SubcategoryTile;
  /** Overrides the link (the home page links categories to their wardrobe tab). */
  to?: string;
}) {
  return (
    <Link
      to={to ?? `/category?subcategory=${encodeURIComponent(subcategory.linkSlug)}`}
      className="group relative block overflow-hidden rounded-lg border border-border bg-white shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <CardImage
        ratio="portrait"
        imageKey={subcategory.imageKey}
        placeholder={subcategory.imagePlaceholder}
        width={320}
        height={400}
        sizes="(min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw"
        fallbackWidth={320}
      />
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 to-transparent p-3 pt-10">
        <span className="font-serif text-base font-semibold text-white sm:text-lg">
          {subcategory.name}
        </span>
      </div>
    </Link>
  );
}
