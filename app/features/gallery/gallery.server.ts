/** Gallery queries (SPEC.md section 7 rows 10-12). */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { categories, media, subcategories } from '~/lib/schema.server';
import { fileUrl } from '~/features/media/image-url';
import { placeholderFor } from '~/features/media/images.server';
import type { GalleryItem } from './filter';

export interface GalleryImage {
  id: number;
  title: string;
  description: string;
  imageKey: string;
  /** The image's blurred placeholder (a data: URL), when it has one. */
  placeholder: string | null;
}

/**
 * The newest gallery images that have an image (SPEC.md section 2 "Home": media_type image
 * with an image_url), at most `limit`.
 */
export async function listGalleryImages(db: Db, limit: number): Promise<GalleryImage[]> {
  const rows = await db
    .select({
      id: media.id,
      title: media.title,
      description: media.description,
      imageKey: media.imageKey,
      placeholder: placeholderFor(media.imageKey),
    })
    .from(media)
    .where(and(eq(media.kind, 'image'), isNotNull(media.imageKey)))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, imageKey: row.imageKey! }));
}

/**
 * Every gallery item, newest first, with its category and subcategory (SPEC.md section 7
 * rows 10-11: the gallery and videos as one list).
 */
export async function listGalleryItems(db: Db): Promise<GalleryItem[]> {
  const rows = await db
    .select({
      id: media.id,
      kind: media.kind,
      title: media.title,
      description: media.description,
      imageKey: media.imageKey,
      posterKey: media.posterKey,
      placeholder: placeholderFor(sql`coalesce(${media.imageKey}, ${media.posterKey})`),
      videoKey: media.videoKey,
      videoSection: media.videoSection,
      categoryName: categories.name,
      categorySlug: categories.slug,
      subcategoryName: subcategories.name,
      subcategorySlug: subcategories.slug,
      createdAt: media.createdAt,
    })
    .from(media)
    .leftJoin(categories, eq(media.categoryId, categories.id))
    .leftJoin(subcategories, eq(media.subcategoryId, subcategories.id))
    .orderBy(desc(media.createdAt), desc(media.id));
  return rows
    .filter((row) => (row.kind === 'image' ? row.imageKey : row.videoKey))
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      description: row.description,
      imageKey: row.kind === 'image' ? row.imageKey : row.posterKey,
      placeholder: row.placeholder,
      videoUrl: row.kind === 'video' && row.videoKey ? fileUrl(row.videoKey) : null,
      videoSection: row.videoSection,
      category:
        row.categoryName && row.categorySlug
          ? { name: row.categoryName, slug: row.categorySlug }
          : null,
      subcategory:
        row.subcategoryName && row.subcategorySlug
          ? { name: row.subcategoryName, slug: row.subcategorySlug }
          : null,
      createdAt: row.createdAt.toISOString(),
    }));
}
