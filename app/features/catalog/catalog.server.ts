/**
 * Catalogue queries (SPEC.md section 7, rows 3, 5-9 and 12). Every function takes the Drizzle
 * database and returns the catalogue's own shapes from `./types`; only active rows reach the
 * storefront.
 */
import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { categories, products, subcategories } from '~/lib/schema.server';
import { placeholderFor } from '~/features/media/images.server';
import { selectFeatured } from './featured';
import { subcategoryLinkSlug } from './slug';
import { activeVariants, variantCardColumns } from './variants.server';
import type {
  CategorySummary,
  NavCategory,
  ProductCard,
  ProductDetail,
  ProductSort,
} from './types';

/** Active categories for the navigation bar, by display order (SPEC.md section 7 row 3). */
export async function listNavCategories(db: Db): Promise<NavCategory[]> {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.displayOrder), asc(categories.id));
}

/**
 * Active categories with their active subcategories, both by display order
 * (SPEC.md section 7 rows 5-6). An empty array when the database has none.
 */
export async function getCatalogueTree(db: Db): Promise<CategorySummary[]> {
  const [categoryRows, subcategoryRows] = await Promise.all([
    db
      .select()
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.displayOrder), asc(categories.id)),
    db
      .select({
        ...getTableColumns(subcategories),
        imagePlaceholder: placeholderFor(subcategories.imageKey),
      })
      .from(subcategories)
      .where(eq(subcategories.isActive, true))
      .orderBy(asc(subcategories.displayOrder), asc(subcategories.id)),
  ]);
  return categoryRows.map((category) => ({
    id: category.id,
    name: category.name,
    slug: category.slug,
    description: category.description,
    subcategories: subcategoryRows
      .filter((sub) => sub.categoryId === category.id)
      .map((sub) => ({
        id: sub.id,
        categoryId: sub.categoryId,
        name: sub.name,
        slug: sub.slug,
        linkSlug: subcategoryLinkSlug(sub.name),
        description: sub.description,
        imageKey: sub.imageKey,
        imagePlaceholder: sub.imagePlaceholder,
      })),
  }));
}

/** The columns of a product card (`ProductCard`), over products joined to their shelves. */
export const cardColumns = {
  id: products.id,
  name: products.name,
  pricePaise: variantCardColumns.pricePaise,
  priceVaries: variantCardColumns.priceVaries,
  rating: products.rating,
  reviewsCount: products.reviewsCount,
  fabricType: products.fabricType,
  featured: products.featured,
  imageKey: sql<string | null>`${products.imageKeys}[1]`,
  imagePlaceholder: placeholderFor(sql`${products.imageKeys}[1]`),
  categoryName: categories.name,
  subcategoryName: subcategories.name,
  defaultSize: variantCardColumns.defaultSize,
  defaultColor: sql<string>`coalesce(${products.colors}[1], '')`,
  defaultLengthCm: sql<number>`(case when ${products.saleUnit} = 'metre' then coalesce(${products.lengthMinCm}, 0) else 0 end)::int`,
};

/**
 * What the storefront may show: an active product in an active category, and in an active
 * subcategory when it has one. Needs products joined to categories and left-joined to
 * subcategories.
 */
export const visibleProduct = and(
  eq(products.isActive, true),
  eq(categories.isActive, true),
  sql`(${subcategories.id} is null or ${subcategories.isActive})`,
);

function cardQuery(db: Db, where: SQL | undefined) {
  return db
    .select(cardColumns)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(subcategories, eq(products.subcategoryId, subcategories.id))
    .where(and(visibleProduct, where));
}

/**
 * The Featured grid of one category by SPEC.md section 9's rule (flag, rating >= 4.5 or a
 * premium/luxury/exclusive name; up to 8; else the 6 highest rated). Also returns how many
 * active products the category has, for the View All link.
 */
export async function getFeaturedProducts(
  db: Db,
  categoryId: number,
): Promise<{ featured: ProductCard[]; total: number }> {
  const rows = await cardQuery(db, eq(products.categoryId, categoryId)).orderBy(
    desc(products.rating),
    asc(products.id),
  );
  return { featured: selectFeatured(rows), total: rows.length };
}

const sortOrders: Record<ProductSort, SQL[]> = {
  featured: [desc(products.featured), desc(products.rating), asc(products.name)],
  'price-asc': [asc(products.pricePaise), asc(products.name)],
  'price-desc': [desc(products.pricePaise), asc(products.name)],
  newest: [desc(products.createdAt), desc(products.id)],
};

/**
 * Active products of a subcategory or a whole category (SPEC.md section 7 row 8), sorted.
 * At most 200 rows.
 */
export async function listProducts(
  db: Db,
  filter: { subcategoryId: number } | { categoryId: number },
  sort: ProductSort,
): Promise<ProductCard[]> {
  const where =
    'subcategoryId' in filter
      ? eq(products.subcategoryId, filter.subcategoryId)
      : eq(products.categoryId, filter.categoryId);
  return cardQuery(db, where)
    .orderBy(...sortOrders[sort])
    .limit(200);
}

/**
 * One active product with its category and subcategory (SPEC.md section 7 row 9), or
 * undefined when there is none with that id or it is inactive.
 */
export async function getProduct(db: Db, id: number): Promise<ProductDetail | undefined> {
  const [row] = await db
    .select({
      ...cardColumns,
      slug: products.slug,
      description: products.description,
      colors: products.colors,
      imageKeys: products.imageKeys,
      categoryId: products.categoryId,
      categorySlug: categories.slug,
      subcategoryId: products.subcategoryId,
      updatedAt: products.updatedAt,
      saleUnit: products.saleUnit,
      lengthStepCm: products.lengthStepCm,
      lengthMinCm: products.lengthMinCm,
      lengthMaxCm: products.lengthMaxCm,
    })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(subcategories, eq(products.subcategoryId, subcategories.id))
    .where(and(visibleProduct, eq(products.id, id)))
    .limit(1);
  if (!row) return undefined;
  const variants = (await activeVariants(db, [row.id])).get(row.id) ?? [];
  return {
    ...row,
    variants: variants.map((variant) => ({
      size: variant.size,
      sku: variant.sku,
      pricePaise: variant.pricePaise,
      soldOut: variant.stock === 0,
    })),
    subcategoryLinkSlug: row.subcategoryName ? subcategoryLinkSlug(row.subcategoryName) : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Up to `limit` other active products of the same subcategory (else category), best rated first. */
export async function listRelatedProducts(
  db: Db,
  product: Pick<ProductDetail, 'id' | 'categoryId' | 'subcategoryId'>,
  limit = 4,
): Promise<ProductCard[]> {
  const sameShelf =
    product.subcategoryId !== null
      ? eq(products.subcategoryId, product.subcategoryId)
      : eq(products.categoryId, product.categoryId);
  return cardQuery(db, and(sameShelf, sql`${products.id} <> ${product.id}`))
    .orderBy(desc(products.rating), asc(products.id))
    .limit(limit);
}
