/**
 * The gallery's filters (SPEC.md section 2 "Gallery"): All Media, Images (then a category,
 * then a subcategory), Videos (grouped into the three video sections). The state lives in the
 * URL query so a filtered view can be shared and survives a reload.
 */

export const videoSections = [
  { id: 'fabric-showcase', label: 'Fabric showcase' },
  { id: 'store-visit', label: 'Store Visit' },
  { id: 'promotions', label: 'Promotions' },
] as const;
export type VideoSection = (typeof videoSections)[number]['id'];

/** A gallery item as the page shows it. */
export interface GalleryItem {
  id: number;
  kind: 'image' | 'video';
  title: string;
  description: string;
  /** The image, or the video's poster. */
  imageKey: string | null;
  /** The image's (or poster's) blurred placeholder (a data: URL), when it has one. */
  placeholder: string | null;
  /** URL of the video file. */
  videoUrl: string | null;
  videoSection: VideoSection | null;
  category: { name: string; slug: string } | null;
  subcategory: { name: string; slug: string } | null;
  createdAt: string;
}

export type MediaType = 'all' | 'images' | 'videos';

export interface GalleryFilter {
  type: MediaType;
  /** Category slug (images only). */
  category?: string;
  /** Subcategory slug within the category (images only). */
  subcategory?: string;
}

/** Reads the filter from a query string; unknown values count as absent. */
export function parseGalleryFilter(params: URLSearchParams): GalleryFilter {
  const type = params.get('type');
  if (type === 'videos') return { type: 'videos' };
  if (type !== 'images') return { type: 'all' };
  const category = params.get('category')?.slice(0, 100) || undefined;
  const subcategory = category ? params.get('subcategory')?.slice(0, 100) || undefined : undefined;
  return { type: 'images', category, subcategory };
}

/** The query string of a filter (without '?'), keeping nothing else. */
export function galleryQuery(filter: GalleryFilter): string {
  const params = new URLSearchParams();
  if (filter.type !== 'all') params.set('type', filter.type);
  if (filter.type === 'images' && filter.category) {
    params.set('category', filter.category);
    if (filter.subcategory) params.set('subcategory', filter.subcategory);
  }
  return params.toString();
}

/**
 * Where a click on a media-type button leads: Images or Videos select themselves and reset the
 * category filters; a second click on Videos unselects it (SPEC.md section 2).
 */
export function toggleType(current: GalleryFilter, type: MediaType): GalleryFilter {
  if (type === 'videos' && current.type === 'videos') return { type: 'all' };
  return { type };
}

/** The items a filter shows, in the given order. */
export function filterItems(items: readonly GalleryItem[], filter: GalleryFilter): GalleryItem[] {
  return items.filter((item) => {
    if (filter.type === 'videos') return item.kind === 'video';
    if (filter.type === 'all') return true;
    if (item.kind !== 'image') return false;
    if (filter.category && item.category?.slug !== filter.category) return false;
    if (filter.subcategory && item.subcategory?.slug !== filter.subcategory) return false;
    return true;
  });
}

/** The categories found among images (for the category buttons), in first-seen order. */
export function imageCategories(items: readonly GalleryItem[]): { name: string; slug: string }[] {
  const seen = new Map<string, { name: string; slug: string }>();
  for (const item of items) {
    if (item.kind === 'image' && item.category && !seen.has(item.category.slug)) {
      seen.set(item.category.slug, item.category);
    }
  }
  return [...seen.values()];
}

/** The subcategories found among images of one category. */
export function imageSubcategories(
  items: readonly GalleryItem[],
  categorySlug: string,
): { name: string; slug: string }[] {
  const seen = new Map<string, { name: string; slug: string }>();
  for (const item of items) {
    if (item.kind === 'image' && item.category?.slug === categorySlug && item.subcategory) {
      seen.set(item.subcategory.slug, item.subcategory);
    }
  }
  return [...seen.values()];
}
