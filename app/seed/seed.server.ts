/**
 * The demo catalogue (DESIGN.md "Demo catalogue"): 7 categories with every subcategory of
 * SPEC.md section 3, 5 products per subcategory with generated textile images, a gallery of
 * 32 images and 6 videos, and the shop's fictional settings.
 *
 * Idempotent: rows are matched by slug (media by seed key) and inserted only when missing,
 * so running it again never duplicates a row nor overwrites an administrator's edit.
 */
import { and, eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '~/lib/db.server';
import {
  categories,
  media,
  products,
  productVariants,
  siteSettings,
  styleOptionConflicts,
  styleOptions,
  subcategories,
} from '~/lib/schema.server';
import type { Storage } from '~/lib/storage/storage.server';
import { defaultSiteSettings } from '~/features/site/settings';
import { SHOP_SETTINGS_KEY } from '~/features/site/settings.server';
import { storeSvgImage } from '~/features/media/images.server';
import { sceneSvg, textileSvg } from '~/seed/textile';
import { demoCatalogue } from './demo-catalogue';
import { slugify } from '~/features/catalog/slug';
import { skuFor } from '~/features/catalog/variants';
import { demoStyleConflicts, demoStyleOptions } from './style-options';

/** Rows the seed inserted (0 everywhere on a second run). */
export interface SeedResult {
  categories: number;
  subcategories: number;
  products: number;
  media: number;
  /** Style options of the configurator (issue 21 item 1). */
  styleOptions: number;
}

/** Where the committed demo videos live, relative to the project root. */
export const SEED_VIDEOS_DIR = path.resolve(process.cwd(), 'scripts/seed-assets/videos');

const numericSeed = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);

const HOUR_MS = 3_600_000;

/**
 * Inserts whatever of the demo catalogue is missing.
 * @throws when the database or storage fails (nothing is half-inserted per statement).
 */
export async function seedDemoCatalogue(db: Db, storage: Storage): Promise<SeedResult> {
  const result: SeedResult = {
    categories: 0,
    subcategories: 0,
    products: 0,
    media: 0,
    styleOptions: 0,
  };
  await db
    .insert(siteSettings)
    .values({ key: SHOP_SETTINGS_KEY, value: defaultSiteSettings })
    .onConflictDoNothing();

  const now = Date.now();
  let productIndex = 0;
  const takenSkus = new Set(
    (await db.select({ sku: productVariants.sku }).from(productVariants)).map((row) => row.sku),
  );
  const galleryPicks: {
    name: string;
    description: string;
    categoryId: number;
    subcategoryId: number;
    product: (typeof demoCatalogue)[number]['subcategories'][number]['products'][number];
  }[] = [];

  for (const [categoryIndex, demoCategory] of demoCatalogue.entries()) {
    const categorySlug = slugify(demoCategory.name);
    const inserted = await db
      .insert(categories)
      .values({
        name: demoCategory.name,
        slug: categorySlug,
        description: demoCategory.description,
        displayOrder: (categoryIndex + 1) * 10,
      })
      .onConflictDoNothing()
      .returning({ id: categories.id });
    result.categories += inserted.length;
    const [category] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, categorySlug));
    if (!category) continue;

    for (const [subIndex, demoSub] of demoCategory.subcategories.entries()) {
      const subSlug = slugify(demoSub.name);
      const lead = demoSub.products[0];
      const subImageKey = lead
        ? await storeSvgImage(
            db,
            storage,
            textileSvg({
              seed: numericSeed(`subcategory-${subSlug}`),
              palette: lead.palette,
              weave: lead.weave,
              garment: demoSub.garment,
              width: 1200,
              height: 1500,
            }),
          )
        : null;
      const insertedSub = await db
        .insert(subcategories)
        .values({
          categoryId: category.id,
          name: demoSub.name,
          slug: subSlug,
          description: demoSub.description,
          imageKey: subImageKey,
          displayOrder: (subIndex + 1) * 10,
        })
        .onConflictDoNothing()
        .returning({ id: subcategories.id });
      result.subcategories += insertedSub.length;
      const [subcategory] = await db
        .select({ id: subcategories.id })
        .from(subcategories)
        .where(and(eq(subcategories.categoryId, category.id), eq(subcategories.slug, subSlug)));
      if (!subcategory) continue;

      const rows = [];
      for (const product of demoSub.products) {
        const slug = slugify(product.name);
        const imageKey = await storeSvgImage(
          db,
          storage,
          textileSvg({
            seed: numericSeed(slug),
            palette: product.palette,
            weave: product.weave,
            garment: product.garment,
            width: 1200,
            height: 1500,
          }),
        );
        const createdAt = new Date(now - (productIndex * 7 + 1) * HOUR_MS);
        productIndex += 1;
        rows.push({
          slug,
          name: product.name,
          description: product.description,
          categoryId: category.id,
          subcategoryId: subcategory.id,
          pricePaise: product.pricePaise,
          rating: product.rating,
          reviewsCount: product.reviewsCount,
          fabricType: product.fabricType,
          // Issue 29 item 2: cloth (garment 'none') is sold by the metre at its price a
          // metre, cut in 0.25 m steps from 1 m to 10 m, with 50 m on the shelf; the demo
          // lengths that were its "sizes" become the length chooser.
          ...(product.garment === 'none'
            ? {
                saleUnit: 'metre' as const,
                lengthStepCm: 25,
                lengthMinCm: 100,
                lengthMaxCm: 1000,
                uqc: 'MTR' as const,
                stock: 5000,
              }
            : { saleUnit: 'piece' as const, uqc: 'PCS' as const }),
          // Issue 32 item 2: a shipping weight, a metre of cloth's or a garment's (grams).
          weightGrams: shippingWeightGrams(product.garment),
          colors: product.colors,
          featured: product.featured,
          imageKeys: [imageKey],
          createdAt,
          updatedAt: createdAt,
        });
      }
      const insertedProducts = await db
        .insert(products)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: products.id, slug: products.slug, pricePaise: products.pricePaise });
      result.products += insertedProducts.length;
      // Issue 29 item 2: each size of a garment is a variant at the product's price, stock
      // not counted, its SKU made from the slug and the size (cloth has no sizes: lengths).
      const sizesBySlug = new Map(
        demoSub.products.map((product) => [
          slugify(product.name),
          product.garment === 'none' ? [] : product.sizes,
        ]),
      );
      const variantRows = insertedProducts.flatMap((inserted) =>
        (sizesBySlug.get(inserted.slug) ?? []).map((size, position) => {
          const sku = skuFor(inserted.slug, size, takenSkus);
          takenSkus.add(sku);
          return { productId: inserted.id, size, sku, pricePaise: inserted.pricePaise, position };
        }),
      );
      if (variantRows.length > 0) {
        await db.insert(productVariants).values(variantRows).onConflictDoNothing();
      }
      const pick = demoSub.products[0];
      if (pick) {
        galleryPicks.push({
          name: pick.name,
          description: demoSub.description,
          categoryId: category.id,
          subcategoryId: subcategory.id,
          product: pick,
        });
      }
    }
  }

  result.media += await seedGallery(db, storage, galleryPicks);
  result.styleOptions = await seedStyleOptions(db);
  return result;
}

const scenes = [
  {
    kind: 'store',
    title: 'Our showroom on a weekday morning',
    palette: ['#7a1f2b', '#c8a24a', '#f4ead7'],
  },
  { kind: 'bolts', title: 'New season suiting bolts', palette: ['#1f2a44', '#8a9bb8', '#e9e4d8'] },
  { kind: 'swatches', title: 'Wedding swatch book', palette: ['#5b1a3a', '#d4af37', '#fbf3e4'] },
  { kind: 'tailoring', title: 'At the cutting table', palette: ['#3b3024', '#b08d57', '#f1e6d2'] },
  { kind: 'store', title: 'The linen wall', palette: ['#e8dcc2', '#8c7b5b', '#fffaf0'] },
  { kind: 'bolts', title: 'Khadi and cotton stacks', palette: ['#d9c7a0', '#6b5b3e', '#fbf6ea'] },
  {
    kind: 'swatches',
    title: 'Shirting colours of the month',
    palette: ['#2f5d8a', '#e07a5f', '#f7f3ea'],
  },
  {
    kind: 'tailoring',
    title: 'Chalk, tape and shears',
    palette: ['#24323f', '#c0392b', '#f3efe6'],
  },
  { kind: 'store', title: 'Festive window display', palette: ['#8b1e3f', '#f2c14e', '#fdf5e6'] },
  { kind: 'bolts', title: 'Raw silk in jewel tones', palette: ['#0f5257', '#c9a227', '#f0ebe0'] },
  { kind: 'swatches', title: 'Uniform fabric samples', palette: ['#34495e', '#95a5a6', '#ecf0f1'] },
  {
    kind: 'tailoring',
    title: 'A sherwani takes shape',
    palette: ['#6d2e46', '#d5b942', '#faf3e3'],
  },
] as const;

const videos = [
  {
    file: 'fabric-showcase-1.mp4',
    section: 'fabric-showcase',
    title: 'Silk brocade in the light',
    palette: ['#7a1f2b', '#d4af37', '#f8efdc'],
  },
  {
    file: 'fabric-showcase-2.mp4',
    section: 'fabric-showcase',
    title: 'Suiting weaves up close',
    palette: ['#1f2a44', '#9aa9c2', '#eef0f4'],
  },
  {
    file: 'store-visit-1.mp4',
    section: 'store-visit',
    title: 'Walk through our showroom',
    palette: ['#5b3a29', '#c8a24a', '#f6ecd9'],
  },
  {
    file: 'store-visit-2.mp4',
    section: 'store-visit',
    title: 'The fabric wall',
    palette: ['#2e4a3f', '#b9a66b', '#f2eee2'],
  },
  {
    file: 'promotions-1.mp4',
    section: 'promotions',
    title: 'Wedding season collection',
    palette: ['#8b1e3f', '#f2c14e', '#fdf5e6'],
  },
  {
    file: 'promotions-2.mp4',
    section: 'promotions',
    title: 'Father & son sets',
    palette: ['#24323f', '#c0392b', '#f3efe6'],
  },
] as const;

async function seedGallery(
  db: Db,
  storage: Storage,
  picks: readonly {
    name: string;
    description: string;
    categoryId: number;
    subcategoryId: number;
    product: (typeof demoCatalogue)[number]['subcategories'][number]['products'][number];
  }[],
): Promise<number> {
  const rows: (typeof media.$inferInsert)[] = [];
  const now = Date.now();
  for (const [index, scene] of scenes.entries()) {
    const imageKey = await storeSvgImage(
      db,
      storage,
      sceneSvg({
        seed: numericSeed(scene.title),
        palette: scene.palette,
        kind: scene.kind,
        width: 1600,
        height: 1200,
      }),
    );
    rows.push({
      kind: 'image',
      title: scene.title,
      description: 'Inside the shop in Rajkot.',
      imageKey,
      seedKey: `scene-${index + 1}`,
      createdAt: new Date(now - (index * 2 + 1) * HOUR_MS),
    });
  }
  for (const [index, pick] of picks.slice(0, 20).entries()) {
    const imageKey = await storeSvgImage(
      db,
      storage,
      textileSvg({
        seed: numericSeed(`gallery-${pick.name}`),
        palette: pick.product.palette,
        weave: pick.product.weave,
        garment: pick.product.garment,
        width: 1600,
        height: 1200,
      }),
    );
    rows.push({
      kind: 'image',
      title: pick.name,
      description: pick.description,
      imageKey,
      categoryId: pick.categoryId,
      subcategoryId: pick.subcategoryId,
      seedKey: `product-${slugify(pick.name)}`,
      createdAt: new Date(now - (index * 3 + 2) * HOUR_MS),
    });
  }
  for (const [index, video] of videos.entries()) {
    const source = path.join(SEED_VIDEOS_DIR, video.file);
    const bytes = await fs.readFile(source).catch(() => null);
    if (!bytes) continue;
    const videoKey = `videos/${video.file}`;
    if (!(await storage.exists(videoKey))) await storage.put(videoKey, bytes);
    const posterKey = await storeSvgImage(
      db,
      storage,
      textileSvg({
        seed: numericSeed(video.title),
        palette: video.palette,
        weave: index % 2 === 0 ? 'jacquard' : 'herringbone',
        garment: 'none',
        width: 1280,
        height: 720,
      }),
    );
    rows.push({
      kind: 'video',
      title: video.title,
      description: 'A short film from the shop.',
      videoKey,
      posterKey,
      videoSection: video.section,
      seedKey: `video-${video.file}`,
      createdAt: new Date(now - (index * 5 + 3) * HOUR_MS),
    });
  }
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(media)
    .values(rows)
    .onConflictDoNothing({ target: media.seedKey })
    .returning({ id: media.id });
  return inserted.length;
}

/** Whether the catalogue is empty (no category at all), the condition for seeding at start. */
export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(categories);
  return (row?.count ?? 0) === 0;
}

/**
 * Inserts whatever of the demo style catalogue (seed/style-options.ts) is missing: options
 * matched by (group, code), conflicts by their pair. Never overwrites an administrator's edit.
 * @returns the number of options inserted (0 on a second run).
 */
export async function seedStyleOptions(db: Db): Promise<number> {
  const inserted = await db
    .insert(styleOptions)
    .values(
      demoStyleOptions.map((option, index) => ({
        group: option.group,
        code: option.code,
        name: option.name,
        description: option.description,
        garmentTypes: option.garments,
        pricePaise: option.pricePaise ?? 0,
        displayOrder: (index + 1) * 10,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: styleOptions.id });
  const rows = await db
    .select({ id: styleOptions.id, group: styleOptions.group, code: styleOptions.code })
    .from(styleOptions);
  const idOf = new Map(rows.map((row) => [`${row.group}:${row.code}`, row.id]));
  const pairs = demoStyleConflicts.flatMap((conflict) => {
    const optionId = idOf.get(conflict.one);
    const otherOptionId = idOf.get(conflict.other);
    return optionId && otherOptionId ? [{ optionId, otherOptionId, reason: conflict.reason }] : [];
  });
  // Only for options this run inserted: a pair an administrator removed stays removed.
  const fresh = new Set(inserted.map((row) => row.id));
  const newPairs = pairs.filter(
    (pair) => fresh.has(pair.optionId) || fresh.has(pair.otherOptionId),
  );
  if (newPairs.length > 0) {
    await db.insert(styleOptionConflicts).values(newPairs).onConflictDoNothing();
  }
  return inserted.length;
}

/** Whether the style catalogue is empty, the condition for seeding it at start. */
export async function isStyleCatalogueEmpty(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(styleOptions);
  return (row?.count ?? 0) === 0;
}

/**
 * The demo products' shipping weight in grams (issue 32 item 2): a metre of cloth 250 g, a
 * sherwani or suit 1.5 kg, any other garment 600 g.
 */
function shippingWeightGrams(garment: string): number {
  if (garment === 'none') return 250;
  return /sherwani|suit|blazer|jodhpuri/.test(garment) ? 1500 : 600;
}
