/**
 * The home page's gallery preview (SPEC.md section 2 "Home", section 8): up to 8 images,
 * the first 4 loaded eagerly; four skeleton tiles while the images stream in; a message when
 * loading fails or when there are none.
 */
import { ArrowRightIcon } from 'lucide-react';
import { Suspense } from 'react';
import { Await, Link } from 'react-router';
import type { GalleryImage } from '~/features/gallery/gallery.server';
import { ResponsiveImage } from '~/features/media/responsive-image';

/** Images in the preview and how many load eagerly (SPEC.md section 2 "Home"). */
export const PREVIEW_COUNT = 8;
const PREVIEW_EAGER = 4;

const tile = 'aspect-square overflow-hidden rounded-lg';

export function GalleryPreview({ images }: { images: Promise<GalleryImage[]> }) {
  return (
    <section aria-labelledby="gallery-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="gallery-heading" className="text-3xl font-semibold">
          From our gallery
        </h2>
        <Link
          to="/gallery"
          className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
        >
          View Gallery <ArrowRightIcon aria-hidden className="size-4" />
        </Link>
      </div>
      <div className="mt-6">
        <Suspense fallback={<Skeleton />}>
          <Await
            resolve={images}
            errorElement={
              <p
                role="alert"
                className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground"
              >
                Failed to load gallery images. Please try again later.
              </p>
            }
          >
            {(resolved) =>
              resolved.length === 0 ? (
                <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
                  Gallery images will appear here once added by the admin.
                </p>
              ) : (
                <ul
                  aria-label="Gallery preview"
                  className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4"
                >
                  {resolved.slice(0, PREVIEW_COUNT).map((image, index) => (
                    <li key={image.id}>
                      <Link
                        to="/gallery"
                        className={`group block ${tile} focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring`}
                      >
                        <ResponsiveImage
                          imageKey={image.imageKey}
                          placeholder={image.placeholder}
                          alt={image.title}
                          width={640}
                          height={640}
                          sizes="(min-width: 1280px) 300px, (min-width: 640px) 25vw, 50vw"
                          fallbackWidth={640}
                          eager={index < PREVIEW_EAGER}
                          className="size-full transition-transform duration-300 group-hover:scale-105"
                        />
                      </Link>
                    </li>
                  ))}
                </ul>
              )
            }
          </Await>
        </Suspense>
      </div>
    </section>
  );
}

function Skeleton() {
  return (
    <ul
      aria-label="Loading gallery images"
      aria-busy="true"
      className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4"
    >
      {Array.from({ length: 4 }, (_, index) => (
        <li key={index} className={`${tile} animate-pulse bg-muted`} />
      ))}
    </ul>
  );
}
