/**
 * A row of private photos as thumbnails, each linking to the photo itself (fitting photos of a
 * measurement profile, the photos of a return request): `path` is the authorised route that
 * serves them by id, e.g. '/account/return-photos'. Width and height in px.
 */
export function PrivatePhotoList({
  photos,
  path,
  label,
  alt,
  newTab = false,
}: {
  photos: readonly { id: string; width: number; height: number }[];
  path: string;
  /** The list's accessible name, e.g. 'Fitting photos'. */
  label: string;
  /** Each thumbnail's text alternative, by its position from 0. */
  alt: (index: number) => string;
  /** Opens a photo in a new tab (from a form the reader is filling in). */
  newTab?: boolean;
}) {
  if (photos.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label={label}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a
            href={`${path}/${photo.id}`}
            {...(newTab ? { target: '_blank', rel: 'noreferrer' } : {})}
          >
            <img
              src={`${path}/${photo.id}`}
              alt={alt(index)}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              className="h-24 w-auto max-w-40 rounded-md border border-border object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
