import { eq, sql } from 'drizzle-orm';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, media, products, subcategories } from '~/lib/schema.server';
import { createLocalStorage } from '~/lib/storage/storage.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import {
  getCatalogueTree,
  getFeaturedProducts,
  getProduct,
  listNavCategories,
  listProducts,
  listRelatedProducts,
} from './catalog.server';
import { demoCatalogue } from '~/seed/demo-catalogue';
import { loadListing } from './listing.server';
import { searchProducts } from './search.server';
import { isCatalogueEmpty, seedDemoCatalogue, type SeedResult } from '~/seed/seed.server';
import { loadWardrobe } from './wardrobe.server';
import { QueryCache } from '~/lib/cache.server';
import { catalogueReader } from '~/features/storefront/catalogue-reader.server';

let database: TestDatabase;
let uploads: string;
let firstSeed: SeedResult;
const reader = () => catalogueReader(database.db, QueryCache.disabled());

beforeAll(async () => {
  database = await createTestDatabase();
  uploads = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-uploads-'));
  expect(await isCatalogueEmpty(database.db)).toBe(true);
  firstSeed = await seedDemoCatalogue(database.db, createLocalStorage(uploads));
});

afterAll(async () => {
  await database?.dispose();
  if (uploads) await fs.rm(uploads, { recursive: true, force: true });
});

describe(`the demo seed on ${testDatabaseKind}`, () => {
  it('inserts the 7 categories, every subcategory, 5 products each, and the gallery', async () => {
    const subcategoryCount = demoCatalogue.reduce((n, c) => n + c.subcategories.length, 0);
    expect(firstSeed.categories).toBe(7);
    expect(firstSeed.subcategories).toBe(subcategoryCount);
    expect(firstSeed.products).toBe(subcategoryCount * 5);
    expect(firstSeed.media).toBeGreaterThanOrEqual(36);
    const [videos] = await database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(media)
      .where(eq(media.kind, 'video'));
    expect(videos?.n).toBe(6);
    expect(await isCatalogueEmpty(database.db)).toBe(false);
  });

  it('keeps prices within 500 to 60,000 rupees and every product with an image', async () => {
    const rows = await database.db.select().from(products);
    for (const row of rows) {
      expect(row.pricePaise).toBeGreaterThanOrEqual(50_000);
      expect(row.pricePaise).toBeLessThanOrEqual(6_000_000);
      expect(row.imageKeys[0]).toMatch(/^img-[0-9a-f]{32}$/);
    }
  });

  it('is idempotent and never overwrites an edited row', async () => {
    await database.db
      .update(products)
      .set({ name: 'Edited by the shop', pricePaise: 123_400 })
      .where(eq(products.slug, 'egyptian-giza-cotton-shirting-ivory'));
    await database.db
      .update(categories)
      .set({ name: 'Fine Fabrics' })
      .where(eq(categories.slug, 'fabrics'));
    const second = await seedDemoCatalogue(database.db, createLocalStorage(uploads));
    expect(second).toEqual({
      categories: 0,
      subcategories: 0,
      products: 0,
      media: 0,
      styleOptions: 0,
    });
    const [edited] = await database.db
      .select()
      .from(products)
      .where(eq(products.slug, 'egyptian-giza-cotton-shirting-ivory'));
    expect(edited?.name).toBe('Edited by the shop');
    expect(edited?.pricePaise).toBe(123_400);
    const [category] = await database.db
      .select()
      .from(categories)
      .where(eq(categories.slug, 'fabrics'));
    expect(category?.name).toBe('Fine Fabrics');
    await database.db
      .update(categories)
      .set({ name: 'Fabrics' })
      .where(eq(categories.slug, 'fabrics'));
  });
});

describe(`catalogue queries on ${testDatabaseKind}`, () => {
  it('lists active categories in display order, hiding inactive ones', async () => {
    const names = (await listNavCategories(database.db)).map((c) => c.name);
    expect(names).toEqual(demoCatalogue.map((c) => c.name));
    await database.db
      .update(categories)
      .set({ isActive: false })
      .where(eq(categories.slug, 'uniforms'));
    expect((await listNavCategories(database.db)).map((c) => c.name)).not.toContain('Uniforms');
    await database.db
      .update(categories)
      .set({ isActive: true })
      .where(eq(categories.slug, 'uniforms'));
  });

  it('builds the tree with subcategories in order and their link slugs', async () => {
    const tree = await getCatalogueTree(database.db);
    const theme = tree.find((c) => c.slug === 'theme-attires');
    expect(theme?.subcategories.map((s) => s.linkSlug)).toEqual([
      'father-&-son',
      'family',
      'prewedding',
      'couple',
    ]);
  });

  it('applies the featured rule per category, with the top-6 fallback for Patterns', async () => {
    const tree = await getCatalogueTree(database.db);
    const patterns = tree.find((c) => c.slug === 'patterns')!;
    const { featured, total } = await getFeaturedProducts(database.db, patterns.id);
    expect(total).toBe(10);
    expect(featured).toHaveLength(6);
    const ratings = featured.map((p) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const wedding = tree.find((c) => c.slug === 'wedding-suites')!;
    expect(
      (await getFeaturedProducts(database.db, wedding.id)).featured.length,
    ).toBeLessThanOrEqual(8);
  });

  it('sorts a listing by price both ways and by newest', async () => {
    const tree = await getCatalogueTree(database.db);
    const linen = tree.flatMap((c) => c.subcategories).find((s) => s.name === 'Linen')!;
    const asc = await listProducts(database.db, { subcategoryId: linen.id }, 'price-asc');
    const prices = asc.map((p) => p.pricePaise);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await listProducts(database.db, { subcategoryId: linen.id }, 'price-desc');
    expect(desc.map((p) => p.id)).toEqual([...asc].reverse().map((p) => p.id));
    expect(asc).toHaveLength(5);
  });

  it('hides inactive products from listings and product pages', async () => {
    const [row] = await database.db.select().from(products).limit(1);
    await database.db.update(products).set({ isActive: false }).where(eq(products.id, row!.id));
    expect(await getProduct(database.db, row!.id)).toBeUndefined();
    await database.db.update(products).set({ isActive: true }).where(eq(products.id, row!.id));
    const product = await getProduct(database.db, row!.id);
    expect(product?.name).toBe(row!.name);
    const related = await listRelatedProducts(database.db, product!);
    expect(related.length).toBeGreaterThan(0);
    expect(related.map((p) => p.id)).not.toContain(row!.id);
  });

  it('resolves listing slugs by the lookup helper and gives not-found for unknown ones', async () => {
    const url = (query: string) => new URL(`http://shop.test/category?${query}`);
    const fatherSon = await loadListing(
      reader(),
      url('subcategory=father-%26-son&sort=price-desc'),
    );
    expect(fatherSon?.found).toBe(true);
    expect(fatherSon?.category?.name).toBe('Theme Attires');
    expect(fatherSon?.sort).toBe('price-desc');
    const unknown = await loadListing(reader(), url(`subcategory=${'x'.repeat(500)}`));
    expect(unknown?.found).toBe(false);
    const bogusSort = await loadListing(reader(), url('subcategory=linen&sort=%3Cscript%3E'));
    expect(bogusSort?.sort).toBe('featured');
    const byCategory = await loadListing(reader(), url('category=fabrics'));
    expect(byCategory?.products).toHaveLength(25);
  });

  it('picks the wardrobe tab by slug or id and falls back to the first', async () => {
    const tree = await getCatalogueTree(database.db);
    const uniforms = tree.find((c) => c.slug === 'uniforms')!;
    const bySlug = await loadWardrobe(reader(), new URL('http://x/wardrobe?category=uniforms'));
    const byId = await loadWardrobe(reader(), new URL(`http://x/wardrobe?category=${uniforms.id}`));
    const unknown = await loadWardrobe(
      reader(),
      new URL('http://x/wardrobe?category=%27%20or%201%3D1'),
    );
    expect(bySlug.status === 'ok' && bySlug.activeSlug).toBe('uniforms');
    expect(byId.status === 'ok' && byId.activeSlug).toBe('uniforms');
    expect(unknown.status === 'ok' && unknown.activeSlug).toBe('fabrics');
  });
});

describe(`search on ${testDatabaseKind}`, () => {
  it('ranks name matches first and matches prefixes, case and punctuation', async () => {
    const { products: found, total } = await searchProducts(database.db, 'SHERWANI');
    expect(total).toBeGreaterThanOrEqual(5);
    expect(found[0]?.name.toLowerCase()).toContain('sherwani');
    const prefix = await searchProducts(database.db, 'sherw');
    expect(prefix.total).toBe(total);
    const punctuated = await searchProducts(database.db, 'raw-silk!!');
    expect(punctuated.total).toBeGreaterThan(0);
    expect(punctuated.products[0]?.name.toLowerCase()).toMatch(/raw silk|silk/);
  });

  it('finds products by category and fabric words too', async () => {
    const byCategory = await searchProducts(database.db, 'uniforms');
    expect(byCategory.total).toBeGreaterThanOrEqual(20);
    expect(byCategory.products.slice(0, 20).every((p) => p.categoryName === 'Uniforms')).toBe(true);
    const byFabric = await searchProducts(database.db, 'khadi');
    expect(
      byFabric.products.slice(0, 3).every((p) => /khadi/i.test(`${p.name} ${p.fabricType}`)),
    ).toBe(true);
  });

  it('treats hostile input as plain words and matches nothing for none', async () => {
    expect((await searchProducts(database.db, "'; drop table products; --")).total).toBe(0);
    expect((await searchProducts(database.db, '!!! ???')).total).toBe(0);
    expect((await searchProducts(database.db, 'linen '.repeat(5000))).total).toBeGreaterThan(0);
    const [count] = await database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products);
    expect(count?.n).toBe(145);
  });
});

describe(`the catalogue NOTIFY trigger on ${testDatabaseKind}`, () => {
  it('announces each changing statement on the catalogue channel', async () => {
    const payloads: string[] = [];
    const unlisten = await database.listen('catalogue', (payload) => payloads.push(payload));
    try {
      await database.db
        .update(categories)
        .set({ name: 'Fabrics' })
        .where(eq(categories.slug, 'fabrics'));
      await database.db
        .update(subcategories)
        .set({ description: 'Cool linens.' })
        .where(eq(subcategories.slug, 'linen'));
      await expect.poll(() => payloads.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      expect(payloads.map((p) => JSON.parse(p))).toEqual(
        expect.arrayContaining([
          { table: 'categories', op: 'update' },
          { table: 'subcategories', op: 'update' },
        ]),
      );
    } finally {
      await unlisten();
    }
  });
});
