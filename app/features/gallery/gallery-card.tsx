import { CardImage } from '~/features/media/card-image';
import { PlayIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { GalleryItem } from './filter';

/** One gallery card: thumbnail, title, description, category and subcategory; a play icon on videos. */
export function GalleryCard({
  item,
  to,
  eager,
  priority = false,
}: {
  item: GalleryItem;
  to: string;
  eager: boolean;
  /** The page's LCP image: eager with high fetch priority. */
  priority?: boolean;
}) {
  const labels = [item.category?.name, item.subcategory?.name].filter(Boolean).join(' · ');
  return (
    <Link
      to={to}
      preventScrollReset
      state={{ fromGallery: true }}
      data-gallery-item={item.id}
      className="group flex h-full flex-col overflow-hidden rounded-lg border border-border bg-white shadow-sm transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      <CardImage
        ratio="landscape"
        frameClassName="relative"
        imageKey={item.imageKey}
        placeholder={item.placeholder}
        width={640}
        height={480}
        sizes="(min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw"
        eager={eager}
        priority={priority}
      >
        {item.kind === 'video' && (
          <span className="absolute inset-0 flex items-center justify-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-black/60 text-white">
              <PlayIcon aria-hidden className="ml-1 size-7 fill-white" />
            </span>
            <span className="sr-only">Video: </span>
          </span>
        )}
      </CardImage>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-sans text-base font-semibold leading-snug">{item.title}</h3>
        {item.description && (
          <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
        )}
        {labels && (
          <p className="mt-auto pt-2 text-xs uppercase tracking-wide text-muted-foreground">
            {labels}
          </p>
        )}
      </div>
    </Link>
  );
}
