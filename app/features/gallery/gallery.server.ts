/** Gallery queries (SPEC.md section 7 rows 10-12). */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { media } from '~/lib/schema.server';

export interface GalleryImage {
  id: number;
  title: string;
  description: string;
  imageKey: string;
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
    })
    .from(media)
    .where(and(eq(media.kind, 'image'), isNotNull(media.imageKey)))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, imageKey: row.imageKey! }));
}
