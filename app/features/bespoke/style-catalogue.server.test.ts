/**
 * The style catalogue (issue 21 items 1 and 2): the seeded counts (the figures the site states
 * are checked per garment in style-figures.server.test.ts), the
 * refusals of a design that cannot be made, the server's quote, fabrics and saved designs.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, designs, products, styleOptions } from '~/lib/schema.server';
import { seedStyleOptions } from '~/seed/seed.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { defaultBespokeSettings } from './pricing';
import {
  checkDesign,
  fabricForDesign,
  getDesign,
  listStyleOptions,
  quoteDesign,
} from './style-catalogue.server';

let database: TestDatabase;
let fabricId: number;
let shirtId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedStyleOptions(database.db);
  const [fabrics] = await database.db
    .insert(categories)
    .values({ name: 'Fabrics', slug: 'fabrics' })
    .returning({ id: categories.id });
  const [ready] = await database.db
    .insert(categories)
    .values({ name: 'Ready to Wear', slug: 'ready-to-wear' })
    .returning({ id: categories.id });
  const [fabric] = await database.db
    .insert(products)
    .values({
      slug: 'raw-silk-maroon',
      name: 'Raw Silk – Maroon',
      categoryId: fabrics!.id,
      pricePaise: 180_000,
      imageKeys: ['img-0123456789abcdef0123456789abcdef'],
    })
    .returning({ id: products.id });
  const [shirt] = await database.db
    .insert(products)
    .values({ slug: 'white-shirt', name: 'White shirt', categoryId: ready!.id, pricePaise: 99_900 })
    .returning({ id: products.id });
  fabricId = fabric!.id;
  shirtId = shirt!.id;
});
afterAll(async () => {
  await database?.dispose();
});

describe(`the style catalogue on ${testDatabaseKind}`, () => {
  it('holds 4 lapels, 24 buttons, 8 pockets and 3 vents in all, and a sample of linings', async () => {
    const all = await listStyleOptions(database.db);
    const count = (group: string) => all.filter((o) => o.group === group).length;
    expect(count('lapel')).toBe(4);
    expect(count('button')).toBe(24);
    expect(count('pocket')).toBe(8);
    expect(count('vent')).toBe(3);
    expect(count('lining')).toBeGreaterThanOrEqual(20);
    for (const lining of all.filter((o) => o.group === 'lining')) {
      expect(lining.description).toContain('sample');
    }
    expect(all.length).toBeGreaterThanOrEqual(50);
    // Group order, then display order.
    expect(all[0]?.group).toBe('closure');
    expect(all.at(-1)?.group).toBe('monogram');
    expect(await seedStyleOptions(database.db)).toBe(0);
  });

  it('offers no lapel on a jodhpuri and hides retired options unless asked', async () => {
    const jodhpuri = await listStyleOptions(database.db, { garmentType: 'jodhpuri' });
    expect(jodhpuri.some((o) => o.group === 'lapel')).toBe(false);
    expect(jodhpuri.some((o) => o.code === 'mandarin')).toBe(true);
    await database.db
      .update(styleOptions)
      .set({ isActive: false })
      .where(and(eq(styleOptions.group, 'button'), eq(styleOptions.code, 'bone')));
    const active = await listStyleOptions(database.db);
    expect(active.some((o) => o.code === 'bone')).toBe(false);
    const every = await listStyleOptions(database.db, { includeInactive: true });
    expect(every.find((o) => o.code === 'bone')?.isActive).toBe(false);
  });

  it('refuses a peak lapel on a jodhpuri with the reason', async () => {
    const result = await checkDesign(database.db, {
      garmentType: 'jodhpuri',
      options: { lapel: 'peak', collar: 'mandarin' },
    });
    expect(result).toEqual({
      ok: false,
      refusals: [
        {
          group: 'lapel',
          message:
            'Peak lapel is not made on a Jodhpuri / bandhgala: it has a standing collar, not lapels',
        },
      ],
    });
  });

  it('refuses unknown groups and codes, retired options and conflicting pairs', async () => {
    const result = await checkDesign(database.db, {
      garmentType: 'suit_jacket',
      options: {
        closure: 'double-breasted',
        lapel: 'notch',
        sleeve: 'puffed',
        pocket: 'no-such-pocket',
        button: 'bone',
      },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const messages = result.refusals.map((r) => `${r.group}: ${r.message}`);
    expect(messages).toEqual([
      'sleeve: We have no “sleeve” choice for a garment.',
      'pocket: We do not know the pockets “no-such-pocket”; please choose another.',
      'button: Bone buttons is no longer offered; please choose another.',
      'lapel: Double-breasted and Notch lapel are not made together: A double-breasted jacket takes a peak or shawl lapel.',
    ]);
  });

  it('quotes base + fabric per metre × consumption + options, pinning each option', async () => {
    const result = await quoteDesign(database.db, {
      garmentType: 'sherwani',
      fabricPricePerMetrePaise: 180_000,
      options: { button: 'zardozi', collar: 'mandarin', lining: 'silk-crimson', vent: 'side' },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { basePricePaise, consumptionCm } = defaultBespokeSettings.garments.sherwani;
    expect(result.consumptionCm).toBe(consumptionCm);
    expect(result.quote).toEqual({
      basePaise: basePricePaise,
      fabricPaise: 540_000,
      optionsPaise: 120_000 + 150_000,
      totalPaise: basePricePaise + 540_000 + 270_000,
    });
    expect(result.options.map((o) => `${o.group}:${o.code}:${o.pricePaise}`)).toEqual([
      'collar:mandarin:0',
      'button:zardozi:120000',
      'vent:side:0',
      'lining:silk-crimson:150000',
    ]);
    const refused = await quoteDesign(database.db, {
      garmentType: 'sherwani',
      fabricPricePerMetrePaise: 180_000,
      options: { lapel: 'peak' },
    });
    expect(refused.ok).toBe(false);
  });

  it('uses only active products of the fabrics category as a fabric', async () => {
    expect(await fabricForDesign(database.db, fabricId)).toEqual({
      productId: fabricId,
      name: 'Raw Silk – Maroon',
      pricePerMetrePaise: 180_000,
      imageKey: 'img-0123456789abcdef0123456789abcdef',
    });
    expect(await fabricForDesign(database.db, shirtId)).toBeNull();
    expect(await fabricForDesign(database.db, 987_654)).toBeNull();
    await database.db.update(products).set({ isActive: false }).where(eq(products.id, fabricId));
    expect(await fabricForDesign(database.db, fabricId)).toBeNull();
    await database.db.update(products).set({ isActive: true }).where(eq(products.id, fabricId));
  });

  it('reads a saved design by its id, and nothing for an unknown or malformed id', async () => {
    const id = 'AbCdEfGhIjKlMnOpQrStUv';
    await database.db.insert(designs).values({
      id,
      garmentType: 'sherwani',
      fabricProductId: fabricId,
      options: { collar: 'mandarin' },
      estimatePaise: 2_000_000,
      name: 'Wedding sherwani',
    });
    const design = await getDesign(database.db, id);
    expect(design).toMatchObject({
      id,
      userId: null,
      garmentType: 'sherwani',
      fabricProductId: fabricId,
      options: { collar: 'mandarin' },
      estimatePaise: 2_000_000,
      name: 'Wedding sherwani',
    });
    expect(design?.createdAt).toBeInstanceOf(Date);
    expect(await getDesign(database.db, 'AbCdEfGhIjKlMnOpQrStUw')).toBeNull();
    expect(await getDesign(database.db, "x' or 1=1 --")).toBeNull();
    const [row] = await database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(designs);
    expect(row?.n).toBe(1);
  });
});
