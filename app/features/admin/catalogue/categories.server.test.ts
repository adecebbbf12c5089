/**
 * The back office's category rules on a real database: slugs derived by SPEC.md section 3's
 * rule and unique, names required, HTML kept as text, stale edits refused, reorder checked,
 * deletes refused while products use a category, and an audit entry for every change.
 */
import { count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, products, subcategories } from '~/lib/schema.server';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { testDatabaseKind } from '../../../../tests/support/test-db';
import {
  listAdminCategories,
  reorderSchema,
  saveCategory,
  saveCategorySchema,
  saveSubcategory,
  saveSubcategorySchema,
} from './categories.server';
import {
  deleteShelf,
  reorderShelves,
  setShelfActive,
} from '~/features/catalog/catalog-commands.server';
import { Refusal } from '~/lib/refusal';

let app: TestApp;
const actor = { id: 'no-such-user', email: 'owner@example.com' };
const noFile = new FormData();

beforeAll(async () => {
  app = await createTestApp();
  // The audit log keeps the actor's id; give it a real account.
  const { userId } = await app.signedIn('admin', 'owner@example.com');
  actor.id = userId;
});
afterAll(() => app?.dispose());

const create = (fields: Record<string, string>, form = noFile) =>
  saveCategory(app.database.db, app.storage, actor, saveCategorySchema.parse(fields), form);

async function auditCount(): Promise<number> {
  const [row] = await app.database.db.select({ n: count() }).from(auditLog);
  return row!.n;
}

async function refusal(run: () => Promise<unknown>): Promise<Refusal> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}

describe(`categories in the back office on ${testDatabaseKind}`, () => {
  it('derives the slug from the name by the spec rule and records the creation', async () => {
    const before = await auditCount();
    const { id } = await create({ name: '  Father & Son Sets ', description: 'Matching outfits' });
    const [row] = await app.database.db.select().from(categories).where(eq(categories.id, id));
    expect(row).toMatchObject({
      name: 'Father & Son Sets',
      slug: 'father-son-sets',
      isActive: false,
    });
    expect(await auditCount()).toBe(before + 1);
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'category.create',
      entity: 'category',
      entityId: String(id),
      actorEmail: 'owner@example.com',
      summary: 'Created category "Father & Son Sets"',
      before: null,
    });
    expect((entry!.after as { slug: string }).slug).toBe('father-son-sets');
  });

  it('keeps a given slug, refuses a malformed one and a slug in use, with nothing stored', async () => {
    await create({ name: 'Safari Suits', slug: 'safari', isActive: 'on' });
    const before = await auditCount();
    const taken = await refusal(() => create({ name: 'Something Else', slug: 'safari' }));
    expect(taken.code).toBe('conflict');
    expect(taken.field).toBe('slug');
    expect(taken.message).toBe('Another category already uses the slug "safari".');
    const sameName = await refusal(() => create({ name: 'Safari!' }));
    expect(sameName.message).toBe('Another category already uses the slug "safari".');
    expect(await auditCount()).toBe(before);

    for (const slug of ['Safari Suits', 'safari--suits', '-safari', 'सूट']) {
      const parsed = saveCategorySchema.safeParse({ name: 'X', slug });
      expect(parsed.success, slug).toBe(false);
    }
    const symbolsOnly = await refusal(() => create({ name: '***' }));
    expect(symbolsOnly.field).toBe('slug');
  });

  it('refuses an empty or overlong name', () => {
    expect(saveCategorySchema.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe(
      'Please enter a name.',
    );
    expect(saveCategorySchema.safeParse({ name: 'x'.repeat(81) }).success).toBe(false);
  });

  it('stores HTML in a name as text, never as markup', async () => {
    const { id } = await create({ name: '<script>alert(1)</script> Kurtas', isActive: 'on' });
    const tree = await listAdminCategories(app.database.db);
    const shown = tree.find((category) => category.id === id)!;
    expect(shown.name).toBe('<script>alert(1)</script> Kurtas');
    expect(shown.slug).toBe('script-alert-1-script-kurtas');
  });

  it('refuses a save over a newer version and keeps the newer one', async () => {
    const { id } = await create({ name: 'Blazers', isActive: 'on' });
    const opened = (await listAdminCategories(app.database.db)).find((c) => c.id === id)!;
    const edit = (name: string) =>
      saveCategory(
        app.database.db,
        app.storage,
        actor,
        saveCategorySchema.parse({ id: String(id), name, version: opened.version, isActive: 'on' }),
        noFile,
      );
    await edit('Blazers and Jackets');
    const stale = await refusal(() => edit('Blazers Only'));
    expect(stale.code).toBe('conflict');
    expect(stale.message).toMatch(/changed by someone else since you opened it/);
    const [row] = await app.database.db.select().from(categories).where(eq(categories.id, id));
    expect(row!.name).toBe('Blazers and Jackets');
  });

  it('takes an uploaded image through the pipeline and refuses a fake one', async () => {
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#7a2030' },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('image', new File([new Uint8Array(photo)], 'banner.jpg', { type: 'image/jpeg' }));
    const { id } = await create({ name: 'Turbans', isActive: 'on' }, form);
    const [row] = await app.database.db.select().from(categories).where(eq(categories.id, id));
    expect(row!.imageKey).toMatch(/^img-[0-9a-f]{32}$/);
    expect(await app.storage.exists(`sources/${row!.imageKey}.webp`)).toBe(true);

    const fake = new FormData();
    fake.append('image', new File(['<?php echo 1; ?>'], 'photo.jpg', { type: 'image/jpeg' }));
    const before = (await listAdminCategories(app.database.db)).length;
    const refused = await refusal(() => create({ name: 'Stoles' }, fake));
    expect(refused).toMatchObject({ code: 'unsupported-media', field: 'image' });
    expect((await listAdminCategories(app.database.db)).length).toBe(before);
  });

  it('reorders only with every category listed once', async () => {
    const ids = (await listAdminCategories(app.database.db)).map((c) => c.id);
    const reversed = [...ids].reverse();
    await reorderShelves(
      app.database.db,
      actor,
      reorderSchema.parse({ order: reversed.join(',') }),
    );
    expect((await listAdminCategories(app.database.db)).map((c) => c.id)).toEqual(reversed);

    for (const order of [ids.slice(1), [...ids, ids[0]!], [...ids.slice(1), 999_999]]) {
      const refused = await refusal(() =>
        reorderShelves(app.database.db, actor, reorderSchema.parse({ order: order.join(',') })),
      );
      expect(refused.code).toBe('conflict');
    }
    expect((await listAdminCategories(app.database.db)).map((c) => c.id)).toEqual(reversed);
  });

  it('refuses to delete a category while products use it; deletes an unused one with its subcategories', async () => {
    const { id: used } = await create({ name: 'Wedding Wear', isActive: 'on' });
    await app.database.db.insert(products).values({
      slug: 'groom-sherwani',
      name: 'Groom Sherwani',
      categoryId: used,
      pricePaise: 4_500_000,
    });
    const refused = await refusal(() =>
      deleteShelf(app.database.db, actor, 'category', { id: used }),
    );
    expect(refused.code).toBe('conflict');
    expect(refused.message).toBe(
      '"Wedding Wear" still has 1 product. Move or delete it first, or deactivate the category instead.',
    );
    expect(
      await app.database.db.select().from(categories).where(eq(categories.id, used)),
    ).toHaveLength(1);

    const { id: unused } = await create({ name: 'Accessories', isActive: 'on' });
    await saveSubcategory(
      app.database.db,
      app.storage,
      actor,
      saveSubcategorySchema.parse({
        categoryId: String(unused),
        name: 'Cufflinks',
        isActive: 'on',
      }),
      noFile,
    );
    await deleteShelf(app.database.db, actor, 'category', { id: unused });
    expect(
      await app.database.db.select().from(categories).where(eq(categories.id, unused)),
    ).toHaveLength(0);
    expect(
      await app.database.db
        .select()
        .from(subcategories)
        .where(eq(subcategories.categoryId, unused)),
    ).toHaveLength(0);
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.summary).toBe('Deleted category "Accessories" and its subcategories Cufflinks');
  });

  it('keeps subcategory slugs unique per category and subcategories in their category', async () => {
    const { id: first } = await create({ name: 'Shirts', isActive: 'on' });
    const { id: second } = await create({ name: 'Trousers', isActive: 'on' });
    const saveSub = (fields: Record<string, string>) =>
      saveSubcategory(
        app.database.db,
        app.storage,
        actor,
        saveSubcategorySchema.parse(fields),
        noFile,
      );
    const { id: linen } = await saveSub({
      categoryId: String(first),
      name: 'Linen',
      isActive: 'on',
    });
    await saveSub({ categoryId: String(second), name: 'Linen', isActive: 'on' });
    const duplicate = await refusal(() => saveSub({ categoryId: String(first), name: 'LINEN' }));
    expect(duplicate.message).toBe(
      'Another subcategory of this category already uses the slug "linen".',
    );

    const version = (await listAdminCategories(app.database.db))
      .find((c) => c.id === first)!
      .subcategories.find((s) => s.id === linen)!.version;
    const moved = await refusal(() =>
      saveSub({ id: String(linen), categoryId: String(second), name: 'Linen', version }),
    );
    expect(moved).toMatchObject({ code: 'invalid', field: 'categoryId' });
    const unknown = await refusal(() => saveSub({ categoryId: '999999', name: 'Ghost' }));
    expect(unknown.code).toBe('not-found');
  });

  it('deactivates and activates, recording both', async () => {
    const { id } = await create({ name: 'Nightwear', isActive: 'on' });
    await setShelfActive(app.database.db, actor, 'category', { id, isActive: false });
    const [hidden] = await app.database.db.select().from(categories).where(eq(categories.id, id));
    expect(hidden!.isActive).toBe(false);
    await setShelfActive(app.database.db, actor, 'category', { id, isActive: true });
    const entries = await app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual([
      'category.create',
      'category.deactivate',
      'category.activate',
    ]);
  });
});
