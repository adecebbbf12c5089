/**
 * The back office's product rules on a real database: the list's search, filters, sorting and
 * pages; prices typed in rupees stored as paise; unique slugs; subcategories kept in their
 * category; stale edits refused; images through the pipeline (fakes refused with nothing
 * saved); duplicate, activate, delete (orders keep their lines); an audit entry for every
 * change; HTML kept as typed text. Also the two routes' role checks and multipart wiring.
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  cartLines,
  categories,
  images,
  orderLines,
  orders,
  products,
  productVariants,
  subcategories,
  wishlistItems,
} from '~/lib/schema.server';
import { MEDIA_LIMITS } from '~/features/media/images.server';
import { variantKey } from '~/features/media/image-url';
import * as productRoute from '~/routes/admin/product';
import * as productsRoute from '~/routes/admin/products';
import {
  createTestApp,
  formPost,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../../tests/support/test-app';
import { testDatabaseKind } from '../../../../tests/support/test-db';
import { type AdminOutcome } from '~/features/admin/shared/admin-action.server';
import { PRICE_MESSAGES, PRODUCT_LIMITS } from './product-rules';
import { settleImageRenders } from '~/features/admin/media/uploads.server';
import {
  duplicateProduct,
  getAdminProduct,
  listAdminProducts,
  saveProduct,
  saveProductSchema,
} from './products.server';
import {
  deleteProduct,
  PRODUCT_CHANGED_ELSEWHERE,
  setProductActive,
} from '~/features/catalog/catalog-commands.server';
import { Refusal } from '~/lib/refusal';

let app: TestApp;
let adminCookie = '';
let customerCookie = '';
const actor = { id: 'no-such-user', email: 'owner@example.com' };
const noFile = new FormData();
/** A category with two subcategories, and a second category with one. */
const shelves = { shirts: 0, linen: 0, cotton: 0, suits: 0, wool: 0 };

beforeAll(async () => {
  app = await createTestApp();
  // The audit log keeps the actor's id; give it a real account.
  const admin = await app.signedIn('admin', 'owner@example.com');
  actor.id = admin.userId;
  adminCookie = admin.cookie;
  customerCookie = (await app.signedIn('user')).cookie;
  const db = app.database.db;
  const [shirts, suits] = await db
    .insert(categories)
    .values([
      { name: 'Shirts', slug: 'shirts', displayOrder: 10 },
      { name: 'Suits', slug: 'suits', displayOrder: 20 },
    ])
    .returning();
  const [linen, cotton, wool] = await db
    .insert(subcategories)
    .values([
      { categoryId: shirts!.id, name: 'Linen', slug: 'linen' },
      { categoryId: shirts!.id, name: 'Cotton', slug: 'cotton' },
      { categoryId: suits!.id, name: 'Wool', slug: 'wool' },
    ])
    .returning();
  Object.assign(shelves, {
    shirts: shirts!.id,
    suits: suits!.id,
    linen: linen!.id,
    cotton: cotton!.id,
    wool: wool!.id,
  });
});
afterAll(async () => {
  await settleImageRenders();
  await app?.dispose();
});

/** A valid product form's fields with these changes. */
function fields(changes: Record<string, string | string[]> = {}) {
  return {
    name: 'Linen Shirt',
    categoryId: String(shelves.shirts),
    subcategoryId: String(shelves.linen),
    price: '1,250',
    isActive: 'on',
    ...changes,
  };
}

/**
 * The sizes table's repeated fields for `rows` (issue 29 item 2): each row a size, and
 * optionally an id, SKU, price (default ₹1,250), stock and 'off' when hidden.
 */
function sizeRows(
  rows: {
    id?: number;
    size: string;
    sku?: string;
    price?: string;
    stock?: string;
    active?: string;
  }[],
) {
  return {
    variantId: rows.map((row) => (row.id === undefined ? '' : String(row.id))),
    variantSize: rows.map((row) => row.size),
    variantSku: rows.map((row) => row.sku ?? ''),
    variantPrice: rows.map((row) => row.price ?? '1,250'),
    variantStock: rows.map((row) => row.stock ?? ''),
    variantActive: rows.map((row) => row.active ?? 'on'),
  };
}

/** A product's variants as stored, in order. */
async function variantRows(productId: number) {
  return app.database.db
    .select({
      size: productVariants.size,
      sku: productVariants.sku,
      pricePaise: productVariants.pricePaise,
      stock: productVariants.stock,
      isActive: productVariants.isActive,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position));
}

const save = (changes: Record<string, string | string[]> = {}, form = noFile) =>
  saveProduct(app.database.db, app.storage, actor, saveProductSchema.parse(fields(changes)), form);

async function refusal(run: () => Promise<unknown>): Promise<Refusal> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}

async function tableCount(table: typeof products | typeof auditLog | typeof images) {
  const [row] = await app.database.db.select({ n: count() }).from(table);
  return Number(row!.n);
}

async function productRow(id: number) {
  const [row] = await app.database.db.select().from(products).where(eq(products.id, id));
  return row;
}

const jpeg = async (background: string) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 480, height: 600, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    `${background.slice(1)}.jpg`,
    { type: 'image/jpeg' },
  );

function filesForm(...files: File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('images', file);
  return form;
}

describe(`the product list on ${testDatabaseKind}`, () => {
  let listCategory = 0;
  let silk = 0;

  beforeAll(async () => {
    const db = app.database.db;
    const [category] = await db
      .insert(categories)
      .values({ name: 'List test', slug: 'list-test', displayOrder: 99 })
      .returning();
    listCategory = category!.id;
    const [sub] = await db
      .insert(subcategories)
      .values({ categoryId: listCategory, name: 'Silk', slug: 'silk' })
      .returning();
    silk = sub!.id;
    const start = Date.UTC(2025, 0, 1);
    await db.insert(products).values(
      Array.from({ length: 25 }, (_, i) => ({
        slug: `list-item-${String(i).padStart(2, '0')}`,
        name: `Item ${String.fromCharCode(65 + ((i * 7) % 25))} ${i}`,
        categoryId: listCategory,
        subcategoryId: i % 5 === 0 ? silk : null,
        pricePaise: 10_000 * (1 + ((i * 11) % 25)),
        fabricType: i === 3 ? 'Raw Silk 100%' : i === 4 ? 'Cotton_blend' : 'Linen',
        isActive: i % 3 !== 0,
        featured: i % 4 === 0,
        // Created in order; edited in reverse order.
        createdAt: new Date(start + i * 60_000),
        updatedAt: new Date(start + (30 - i) * 3_600_000),
      })),
    );
  });

  const list = (query: Omit<Parameters<typeof listAdminProducts>[1], 'page'> & { page?: number }) =>
    listAdminProducts(app.database.db, { page: 1, categoryId: listCategory, ...query });

  it('pages by 20 with the total of the filtered list', async () => {
    const first = await list({ sort: 'name-asc' });
    expect(first.total).toBe(25);
    expect(first.rows).toHaveLength(20);
    const second = await list({ sort: 'name-asc', page: 2 });
    expect(second.rows).toHaveLength(5);
    const ids = new Set([...first.rows, ...second.rows].map((row) => row.id));
    expect(ids.size).toBe(25);
    expect((await list({ page: 3 })).rows).toHaveLength(0);
    expect(first.rows[0]).toMatchObject({
      categoryName: 'List test',
      imageKey: null,
      imageCount: 0,
    });
  });

  it('sorts by name, price, creation and last edit, both ways', async () => {
    const all = async (sort: Parameters<typeof list>[0]['sort']) => [
      ...(await list({ sort })).rows,
      ...(await list({ sort, page: 2 })).rows,
    ];
    const names = (await all('name-asc')).map((row) => row.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await all('name-desc')).map((row) => row.name.toLowerCase())).toEqual(
      [...names].reverse(),
    );
    const prices = (await all('price-asc')).map((row) => row.pricePaise);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect((await all('price-desc')).map((row) => row.pricePaise)).toEqual([...prices].reverse());
    expect((await list({ sort: 'newest' })).rows[0]!.slug).toBe('list-item-24');
    expect((await list({ sort: 'oldest' })).rows[0]!.slug).toBe('list-item-00');
    expect((await list({ sort: 'updated-desc' })).rows[0]!.slug).toBe('list-item-00');
    expect((await list({ sort: 'updated-asc' })).rows[0]!.slug).toBe('list-item-24');
  });

  it('filters by subcategory, active and featured', async () => {
    const inSilk = await list({ subcategoryId: silk });
    expect(inSilk.total).toBe(5);
    expect(inSilk.rows.every((row) => row.subcategoryName === 'Silk')).toBe(true);
    const inactive = await list({ active: false });
    expect(inactive.total).toBe(9);
    expect(inactive.rows.every((row) => !row.isActive)).toBe(true);
    expect((await list({ active: true })).total).toBe(16);
    expect((await list({ featured: true })).total).toBe(7);
    expect((await list({ featured: true, active: true, subcategoryId: silk })).total).toBe(1);
    expect((await list({ categoryId: shelves.suits, subcategoryId: silk })).total).toBe(0);
  });

  it('searches name, slug and fabric ignoring case, with % and _ taken literally', async () => {
    expect((await list({ q: 'RAW SILK' })).rows.map((row) => row.slug)).toEqual(['list-item-03']);
    expect((await list({ q: 'list-item-1' })).total).toBe(10);
    expect((await list({ q: 'item b' })).rows.length).toBeGreaterThan(0);
    expect((await list({ q: '100%' })).rows.map((row) => row.slug)).toEqual(['list-item-03']);
    expect((await list({ q: '%' })).total).toBe(1);
    expect((await list({ q: 'n_b' })).rows.map((row) => row.slug)).toEqual(['list-item-04']);
    expect((await list({ q: 'nothing like this' })).total).toBe(0);
  });
});

describe(`saving products on ${testDatabaseKind}`, () => {
  it('stores the price typed in rupees as paise, the lists trimmed, and records the creation', async () => {
    const before = await tableCount(auditLog);
    const { id } = await save({
      name: '  Oxford Shirt ',
      price: '₹1,250.50',
      fabricType: ' Cotton ',
      ...sizeRows([{ size: ' S ' }, { size: 'M' }, { size: 'L' }]),
      colors: 'White, Sky blue',
      featured: 'on',
    });
    expect((await variantRows(id)).map((variant) => [variant.size, variant.sku])).toEqual([
      ['S', 'OXFORD-SHIRT-S'],
      ['M', 'OXFORD-SHIRT-M'],
      ['L', 'OXFORD-SHIRT-L'],
    ]);
    expect(await productRow(id)).toMatchObject({
      name: 'Oxford Shirt',
      slug: 'oxford-shirt',
      pricePaise: 125_050,
      fabricType: 'Cotton',
      colors: ['White', 'Sky blue'],
      featured: true,
      isActive: true,
      subcategoryId: shelves.linen,
    });
    expect(await tableCount(auditLog)).toBe(before + 1);
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'product.create',
      entity: 'product',
      entityId: String(id),
      summary: 'Created product "Oxford Shirt" in "Shirts" / "Linen"',
      before: null,
    });
  });

  it('refuses zero, negative, absurd and over-precise prices, and empty names', () => {
    const message = (changes: Record<string, string>, field: string) =>
      saveProductSchema
        .safeParse(fields(changes))
        .error?.issues.find((issue) => issue.path[0] === field)?.message;
    expect(message({ price: '0' }, 'price')).toBe('Please enter a price above ₹0.');
    expect(message({ price: '-100' }, 'price')).toBe(PRICE_MESSAGES.notPositive);
    expect(message({ price: '10,00,001' }, 'price')).toBe(
      'Please check the price: it is over ₹10,00,000.',
    );
    expect(message({ price: '12.345' }, 'price')).toBe(PRICE_MESSAGES.decimals);
    expect(message({ price: 'twelve' }, 'price')).toBe(PRICE_MESSAGES.unreadable);
    expect(message({ price: '' }, 'price')).toBe(PRICE_MESSAGES.missing);
    expect(message({ name: '   ' }, 'name')).toBe('Please enter a name.');
    expect(message({ name: 'x'.repeat(121) }, 'name')).toBe(
      'Please keep the name to 120 characters.',
    );
    expect(message({ description: 'x'.repeat(4001) }, 'description')).toMatch(/4000/);
    expect(message({ fabricType: 'x'.repeat(81) }, 'fabricType')).toMatch(/80/);
    expect(
      message({ colors: Array.from({ length: 21 }, (_, i) => `c${i}`).join(',') }, 'colors'),
    ).toBe('Please list at most 20 colours.');
    expect(message({ slug: 'Not A Slug' }, 'slug')).toMatch(/lower-case letters/);
    expect(message({ categoryId: '' }, 'categoryId')).toBe('Please choose a category.');
    expect(saveProductSchema.parse(fields({ price: '10,00,000' })).price).toBe(100_000_000);
  });

  it('sells by the metre with lengths and stock typed in metres, and refuses what does not add up (issue 29 item 2)', async () => {
    const saved = await save({
      name: 'Irish Linen Shirting',
      price: '3,200',
      saleUnit: 'metre',
      uqc: 'MTR',
      lengthStep: '0.25',
      lengthMin: '1',
      lengthMax: '10',
      stock: '50.5',
    });
    const [row] = await app.database.db.select().from(products).where(eq(products.id, saved.id));
    expect(row).toMatchObject({
      pricePaise: 320_000,
      saleUnit: 'metre',
      uqc: 'MTR',
      lengthStepCm: 25,
      lengthMinCm: 100,
      lengthMaxCm: 1000,
      stock: 5050,
    });
    const pieces = await save({ name: 'Kurta by the piece', stock: '12' });
    const [piece] = await app.database.db.select().from(products).where(eq(products.id, pieces.id));
    expect(piece).toMatchObject({ saleUnit: 'piece', uqc: 'PCS', lengthStepCm: null, stock: 12 });

    const message = (changes: Record<string, string>, field: string) =>
      saveProductSchema
        .safeParse(fields(changes))
        .error?.issues.find((issue) => issue.path[0] === field)?.message;
    expect(message({ saleUnit: 'yard' }, 'saleUnit')).toBe(
      'Please choose whether it is sold by the piece or the metre.',
    );
    expect(message({ uqc: 'KGS' }, 'uqc')).toBe('Please choose a GST unit: MTR, PCS, SET or NOS.');
    expect(message({ lengthStep: '0.125' }, 'lengthStep')).toBe(
      'Please enter the length step in metres, like 0.25.',
    );
    expect(message({ stock: '-3' }, 'stock')).toMatch(/^Please enter the stock as a number/);
    const noStep = await refusal(() =>
      save({ name: 'No step', saleUnit: 'metre', lengthMin: '1', lengthMax: '10' }),
    );
    expect(noStep).toMatchObject({
      message: 'Please enter the length step in metres, like 0.25.',
      field: 'lengthStep',
    });
    const backwards = await refusal(() =>
      save({
        name: 'Backwards',
        saleUnit: 'metre',
        lengthStep: '0.5',
        lengthMin: '3',
        lengthMax: '2',
      }),
    );
    expect(backwards.field).toBe('lengthMax');
    const halfPiece = await refusal(() => save({ name: 'Half a kurta', stock: '1.5' }));
    expect(halfPiece).toMatchObject({
      message: 'Please enter the stock in whole pieces, like 12.',
      field: 'stock',
    });
  });

  it('keeps slugs unique: derived or given, on create and on edit, with nothing changed', async () => {
    await save({ name: 'Nehru Jacket' });
    const products0 = await tableCount(products);
    const audits = await tableCount(auditLog);
    const sameName = await refusal(() => save({ name: 'Nehru  Jacket!' }));
    expect(sameName).toMatchObject({
      code: 'conflict',
      field: 'slug',
      message: 'Another product already uses the slug "nehru-jacket".',
    });
    const given = await refusal(() => save({ name: 'Something else', slug: 'nehru-jacket' }));
    expect(given.field).toBe('slug');

    const { id } = await save({ name: 'Bandhgala' });
    const opened = (await getAdminProduct(app.database.db, id))!;
    const edit = await refusal(() =>
      save({ id: String(id), version: opened.version, name: 'Bandhgala', slug: 'nehru-jacket' }),
    );
    expect(edit.code).toBe('conflict');
    expect((await productRow(id))!.slug).toBe('bandhgala');
    expect(await tableCount(products)).toBe(products0 + 1);
    expect(await tableCount(auditLog)).toBe(audits + 1);
    const symbols = await refusal(() => save({ name: '***' }));
    expect(symbols.field).toBe('slug');
  });

  it('refuses a subcategory of another category, on create and when moving a product', async () => {
    const before = await tableCount(products);
    const created = await refusal(() =>
      save({ name: 'Wool Shirt', subcategoryId: String(shelves.wool) }),
    );
    expect(created).toMatchObject({
      code: 'invalid',
      field: 'subcategoryId',
      message: 'This subcategory belongs to another category.',
    });
    expect(await tableCount(products)).toBe(before);

    const { id } = await save({ name: 'Cotton Kurta', subcategoryId: String(shelves.cotton) });
    const opened = (await getAdminProduct(app.database.db, id))!;
    const moved = await refusal(() =>
      save({
        id: String(id),
        version: opened.version,
        name: 'Cotton Kurta',
        categoryId: String(shelves.shirts),
        subcategoryId: String(shelves.wool),
      }),
    );
    expect(moved.field).toBe('subcategoryId');
    // Moving category and subcategory together is fine; so is no subcategory.
    await save({
      id: String(id),
      version: opened.version,
      name: 'Cotton Kurta',
      categoryId: String(shelves.suits),
      subcategoryId: String(shelves.wool),
    });
    expect(await productRow(id)).toMatchObject({
      categoryId: shelves.suits,
      subcategoryId: shelves.wool,
    });
    const none = await save({ name: 'Plain Kurta', subcategoryId: '' });
    expect((await productRow(none.id))!.subcategoryId).toBeNull();
    const unknown = await refusal(() => save({ name: 'Ghost', categoryId: '999999' }));
    expect(unknown.field).toBe('categoryId');
  });

  it('refuses a save over a newer version, also when two saves race, and keeps the first', async () => {
    const { id } = await save({ name: 'Sherwani', price: '25,000' });
    const opened = (await getAdminProduct(app.database.db, id))!;
    const edit = (name: string, price: string) =>
      save({ id: String(id), version: opened.version, name, price });
    await edit('Sherwani Deluxe', '27,500');
    const stale = await refusal(() => edit('Sherwani Basic', '20,000'));
    expect(stale).toMatchObject({ code: 'conflict', message: PRODUCT_CHANGED_ELSEWHERE });
    expect(await productRow(id)).toMatchObject({ name: 'Sherwani Deluxe', pricePaise: 2_750_000 });

    const current = (await getAdminProduct(app.database.db, id))!;
    const race = await Promise.allSettled(
      ['Sherwani A', 'Sherwani B'].map((name) =>
        save({ id: String(id), version: current.version, name, price: '30,000' }),
      ),
    );
    expect(race.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const lost = race.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ code: 'conflict', message: PRODUCT_CHANGED_ELSEWHERE });
    const missing = await refusal(() =>
      save({ id: '999999', version: current.version, name: 'Nobody' }),
    );
    expect(missing.code).toBe('not-found');
    const noVersion = await refusal(() => save({ id: String(id), name: 'No version' }));
    expect(noVersion.code).toBe('conflict');
  });

  it('stores HTML and script in every text field as typed text', async () => {
    const script = '<script>alert("x")</script>';
    const { id } = await save({
      name: `${script} Kurta`,
      description: `<img src=x onerror=alert(1)> & ${script}`,
      fabricType: '<b>Silk</b>',
      ...sizeRows([{ size: '<i>M</i>' }, { size: 'L' }]),
      colors: '"><svg onload=alert(1)>',
    });
    expect((await variantRows(id)).map((variant) => variant.size)).toEqual(['<i>M</i>', 'L']);
    expect(await productRow(id)).toMatchObject({
      name: `${script} Kurta`,
      slug: 'script-alert-x-script-kurta',
      description: `<img src=x onerror=alert(1)> & ${script}`,
      fabricType: '<b>Silk</b>',
      colors: ['"><svg onload=alert(1)>'],
    });
    const listed = await listAdminProducts(app.database.db, { page: 1, q: 'script' });
    expect(listed.rows.map((row) => row.name)).toContain(`${script} Kurta`);
  });
});

describe(`product images on ${testDatabaseKind}`, () => {
  it('takes uploads through the pipeline, keeps, reorders and removes images, and renders variants', async () => {
    const red = await jpeg('#7a2030');
    const { id } = await save({ name: 'Maroon Sherwani' }, filesForm(red));
    const [first] = (await productRow(id))!.imageKeys;
    expect(first).toMatch(/^img-[0-9a-f]{32}$/);
    expect(await app.storage.exists(`sources/${first}.webp`)).toBe(true);
    await settleImageRenders();
    expect(await app.storage.exists(variantKey(first!, 320, 'webp'))).toBe(true);
    expect(await app.storage.exists(variantKey(first!, 640, 'avif'))).toBe(true);

    const opened = (await getAdminProduct(app.database.db, id))!;
    expect(opened.images[0]).toMatchObject({ key: first });
    expect(opened.images[0]!.placeholder).toMatch(/^data:image\/webp;base64,/);
    await save(
      { id: String(id), version: opened.version, name: 'Maroon Sherwani', keepImages: first! },
      filesForm(await jpeg('#203070'), await jpeg('#207030')),
    );
    const three = (await productRow(id))!.imageKeys;
    expect(three).toHaveLength(3);
    expect(three[0]).toBe(first);

    const reopened = (await getAdminProduct(app.database.db, id))!;
    await save({
      id: String(id),
      version: reopened.version,
      name: 'Maroon Sherwani',
      keepImages: [three[2]!, three[0]!],
    });
    expect((await productRow(id))!.imageKeys).toEqual([three[2], three[0]]);
    const listed = await listAdminProducts(app.database.db, { page: 1, q: 'Maroon Sherwani' });
    expect(listed.rows[0]).toMatchObject({ imageKey: three[2], imageCount: 2 });
    expect(listed.rows[0]!.imagePlaceholder).toMatch(/^data:image\/webp/);

    // An image that is not the product's own cannot be slipped in.
    const latest = (await getAdminProduct(app.database.db, id))!;
    const foreign = await refusal(() =>
      save({
        id: String(id),
        version: latest.version,
        name: 'Maroon Sherwani',
        keepImages: [three[2]!, three[1]!],
      }),
    );
    expect(foreign.code).toBe('conflict');
    expect(saveProductSchema.safeParse(fields({ keepImages: '../etc/passwd' })).success).toBe(
      false,
    );
  });

  it('refuses a fake image, an oversized one and a ninth image with nothing saved or stored', async () => {
    const productsBefore = await tableCount(products);
    const imagesBefore = await tableCount(images);
    const auditsBefore = await tableCount(auditLog);

    const fake = new File(['<?php system($_GET["c"]); ?>'], 'photo.jpg', { type: 'image/jpeg' });
    const refused = await refusal(() => save({ name: 'Fake Photo Kurta' }, filesForm(fake)));
    expect(refused).toMatchObject({ code: 'unsupported-media', field: 'images' });
    expect(refused.message).toMatch(/not an image we can read/);

    const svg = new File(
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      'x.png',
      { type: 'image/png' },
    );
    expect(await refusal(() => save({ name: 'SVG Kurta' }, filesForm(svg)))).toMatchObject({
      code: 'unsupported-media',
      field: 'images',
    });

    expect(PRODUCT_LIMITS.imageBytes).toBe(MEDIA_LIMITS.imageBytes);
    const huge = new File([new Uint8Array(MEDIA_LIMITS.imageBytes + 1)], 'huge.jpg', {
      type: 'image/jpeg',
    });
    expect(await refusal(() => save({ name: 'Huge Kurta' }, filesForm(huge)))).toMatchObject({
      code: 'too-large',
      field: 'images',
    });

    const nine = await Promise.all(
      Array.from({ length: 9 }, (_, i) => jpeg(`#10${String(i).padStart(2, '0')}40`)),
    );
    const tooMany = await refusal(() => save({ name: 'Nine Photos' }, filesForm(...nine)));
    expect(tooMany).toMatchObject({ code: 'invalid', field: 'images' });

    // A stored image cannot be attached to a new product by key.
    const [stored] = await app.database.db.select({ key: images.key }).from(images).limit(1);
    const attached = await refusal(() => save({ name: 'Borrowed', keepImages: stored!.key }));
    expect(attached.field).toBe('images');

    expect(await tableCount(products)).toBe(productsBefore);
    expect(await tableCount(images)).toBe(imagesBefore);
    expect(await tableCount(auditLog)).toBe(auditsBefore);
  });
});

describe(`size variants in the product form on ${testDatabaseKind}`, () => {
  it('adds sizes with their own SKU, price and stock, then edits, hides and removes them', async () => {
    const { id } = await save({
      name: 'Silk Kurta Blue',
      ...sizeRows([
        { size: 'M', price: '2,200', stock: '1' },
        { size: 'L', price: '2,400', sku: 'kurta-l-special' },
        { size: 'XL' },
      ]),
    });
    expect(await variantRows(id)).toEqual([
      { size: 'M', sku: 'SILK-KURTA-BLUE-M', pricePaise: 220_000, stock: 1, isActive: true },
      { size: 'L', sku: 'KURTA-L-SPECIAL', pricePaise: 240_000, stock: null, isActive: true },
      { size: 'XL', sku: 'SILK-KURTA-BLUE-XL', pricePaise: 125_000, stock: null, isActive: true },
    ]);
    const opened = (await getAdminProduct(app.database.db, id))!;
    const [m, l] = opened.variants;
    await save({
      id: String(id),
      version: opened.version,
      name: 'Silk Kurta Blue',
      // L first, renamed and repriced, M hidden, XL removed.
      ...sizeRows([
        { id: l!.id!, size: 'L', sku: 'KURTA-L-SPECIAL', price: '2,450' },
        { id: m!.id!, size: 'M', sku: 'SILK-KURTA-BLUE-M', price: '2,200', active: 'off' },
      ]),
    });
    expect(await variantRows(id)).toEqual([
      { size: 'L', sku: 'KURTA-L-SPECIAL', pricePaise: 245_000, stock: null, isActive: true },
      { size: 'M', sku: 'SILK-KURTA-BLUE-M', pricePaise: 220_000, stock: null, isActive: false },
    ]);
  });

  it('refuses a SKU another product uses, as a message beside the sizes, not a 500', async () => {
    await save({ name: 'Khadi Kurta', ...sizeRows([{ size: 'M', sku: 'TAKEN-SKU-M' }]) });
    const error = await refusal(() =>
      save({ name: 'Muslin Kurta', ...sizeRows([{ size: 'M', sku: 'taken-sku-m' }]) }),
    );
    expect(error).toMatchObject({
      code: 'conflict',
      field: 'variants',
      message: 'The SKU "TAKEN-SKU-M" is already used by "Khadi Kurta". Please choose another.',
    });
  });

  it('refuses one of two saves taking the same new SKU at once with the same field error', async () => {
    const outcomes = await Promise.allSettled([
      save({ name: 'Race Kurta One', ...sizeRows([{ size: 'M', sku: 'RACE-SKU-M' }]) }),
      save({ name: 'Race Kurta Two', ...sizeRows([{ size: 'M', sku: 'RACE-SKU-M' }]) }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected')!;
    expect(refused.reason).toBeInstanceOf(Refusal);
    expect(refused.reason).toMatchObject({ code: 'conflict', field: 'variants' });
  });

  it('refuses rows it cannot read, sizes or SKUs listed twice, and sizes on cloth sold by the metre', async () => {
    const refused = async (changes: Record<string, string | string[]>) => {
      const error = await refusal(() => save(changes));
      expect(error.field).toBe(changes.stock ? 'stock' : 'variants');
      return error.message;
    };
    expect(await refused(sizeRows([{ size: 'M' }, { size: 'L', price: '' }]))).toBe(
      'Size row 2: Please enter a price.',
    );
    expect(await refused(sizeRows([{ size: '  ' }]))).toBe(
      'Size row 1: Please enter a size, like M or 40.',
    );
    expect(await refused(sizeRows([{ size: 'M', stock: '1.5' }]))).toMatch(
      /^Size row 1: .*whole pieces/,
    );
    expect(await refused(sizeRows([{ size: 'M', sku: 'A B' }]))).toMatch(/^Size row 1: A SKU has/);
    expect(await refused(sizeRows([{ size: 'M' }, { size: 'm' }]))).toBe(
      'The size "m" is listed twice.',
    );
    expect(
      await refused(
        sizeRows([
          { size: 'M', sku: 'X-1' },
          { size: 'L', sku: 'x-1' },
        ]),
      ),
    ).toBe('The SKU "X-1" is listed twice.');
    expect(
      await refused({
        ...sizeRows([{ size: 'M' }]),
        variantPrice: [],
      }),
    ).toBe('The sizes table could not be read. Reload and try again.');
    expect(
      await refused({
        ...sizeRows([{ size: '2 m' }]),
        saleUnit: 'metre',
        lengthStep: '0.25',
        lengthMin: '1',
        lengthMax: '10',
      }),
    ).toBe(
      'A product sold by the metre has no sizes: remove the size rows, or sell it by the piece.',
    );
    expect(await refused({ ...sizeRows([{ size: 'M' }]), stock: '4' })).toMatch(
      /keeps its stock per size/,
    );
  });
});

describe(`duplicate, activate and delete on ${testDatabaseKind}`, () => {
  it('copies a product inactive with a free slug, again and again', async () => {
    const { id } = await save(
      {
        name: 'Tweed Blazer',
        ...sizeRows([
          { size: '38', price: '9,000' },
          { size: '40', price: '9,500', stock: '2' },
        ]),
        colors: 'Brown',
        featured: 'on',
      },
      filesForm(await jpeg('#604020')),
    );
    const original = (await productRow(id))!;
    const copy1 = await duplicateProduct(app.database.db, actor, { id });
    expect(copy1.message).toMatch(/Copied as "Copy of Tweed Blazer"/);
    expect(await productRow(copy1.id)).toMatchObject({
      name: 'Copy of Tweed Blazer',
      slug: 'tweed-blazer-copy',
      isActive: false,
      pricePaise: original.pricePaise,
      colors: ['Brown'],
      imageKeys: original.imageKeys,
      categoryId: original.categoryId,
      subcategoryId: original.subcategoryId,
    });
    expect(await variantRows(copy1.id)).toEqual([
      { size: '38', sku: 'TWEED-BLAZER-COPY-38', pricePaise: 900_000, stock: null, isActive: true },
      { size: '40', sku: 'TWEED-BLAZER-COPY-40', pricePaise: 950_000, stock: 2, isActive: true },
    ]);
    const copy2 = await duplicateProduct(app.database.db, actor, { id });
    expect((await productRow(copy2.id))!.slug).toBe('tweed-blazer-copy-2');
    const copyOfCopy = await duplicateProduct(app.database.db, actor, { id: copy1.id });
    expect(await productRow(copyOfCopy.id)).toMatchObject({
      name: 'Copy of Copy of Tweed Blazer',
      slug: 'tweed-blazer-copy-3',
    });
    expect((await productRow(id))!.isActive).toBe(true);
    const missing = await refusal(() => duplicateProduct(app.database.db, actor, { id: 999_999 }));
    expect(missing.code).toBe('not-found');
  });

  it('deletes a product; orders keep their lines, carts and wishlists lose it; every change is audited', async () => {
    const db = app.database.db;
    const { id } = await save({ name: 'Silk Kurta', price: '3,499' });
    const opened = (await getAdminProduct(db, id))!;
    await save({ id: String(id), version: opened.version, name: 'Silk Kurta', price: '3,299' });
    expect(await setProductActive(db, actor, { id, isActive: false })).toBe(
      '"Silk Kurta" is hidden from the shop.',
    );
    expect((await productRow(id))!.isActive).toBe(false);
    await setProductActive(db, actor, { id, isActive: true });

    const [order] = await db
      .insert(orders)
      .values({
        number: 'RT-TEST-0001',
        amountPaise: 329_900,
        customerName: 'Asha',
        email: 'asha@example.com',
        phone: '+919800000000',
        address: '1 Main Road',
        city: 'Rajkot',
        state: 'Gujarat',
        pincode: '360001',
        provider: 'sandbox',
      })
      .returning();
    await db.insert(orderLines).values({
      orderId: order!.id,
      productId: id,
      name: 'Silk Kurta',
      unitPricePaise: 329_900,
      quantity: 1,
    });
    await db.insert(cartLines).values({ userId: actor.id, productId: id, quantity: 2 });
    await db.insert(wishlistItems).values({ userId: actor.id, productId: id });

    const message = await deleteProduct(db, actor, { id });
    expect(message).toBe(
      '"Silk Kurta" deleted. The 1 order line that bought it keeps its name and price.',
    );
    expect(await productRow(id)).toBeUndefined();
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(line).toMatchObject({ productId: null, name: 'Silk Kurta', unitPricePaise: 329_900 });
    expect(await db.select().from(cartLines).where(eq(cartLines.userId, actor.id))).toEqual([]);
    expect(await db.select().from(wishlistItems).where(eq(wishlistItems.userId, actor.id))).toEqual(
      [],
    );

    const entries = await db
      .select({ action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'product.create',
      'product.update',
      'product.deactivate',
      'product.activate',
      'product.delete',
    ]);
    expect(entries.at(-1)!.summary).toBe('Deleted product "Silk Kurta"');
    expect((await refusal(() => deleteProduct(db, actor, { id }))).code).toBe('not-found');
  });
});

describe(`the product routes on ${testDatabaseKind}`, () => {
  const asOutcome = (data: unknown) => data as AdminOutcome;

  it('send visitors and customers away from the loaders and refuse their actions', async () => {
    for (const cookie of [undefined, customerCookie]) {
      const list = await routeOutcome(() =>
        productsRoute.loader({
          request: pageGet('/admin/products', cookie),
          context: app.context,
          params: {},
        } as never),
      );
      expect(list.status).toBe(302);
      expect(list.location).toMatch(/^\/login/);
      const editor = await routeOutcome(() =>
        productRoute.loader({
          request: pageGet('/admin/products/new', cookie),
          context: app.context,
          params: { id: 'new' },
        } as never),
      );
      expect(editor.status).toBe(302);
    }
    const before = await tableCount(products);
    for (const [cookie, status] of [
      [undefined, 401],
      [customerCookie, 403],
    ] as const) {
      const outcome = await routeOutcome(() =>
        productRoute.action({
          request: formPost(
            '/admin/products/new',
            { intent: 'save-product', ...fields({ name: 'Intruder' }) } as Record<string, string>,
            cookie,
          ),
          context: app.context,
          params: { id: 'new' },
        } as never),
      );
      expect(outcome.status).toBe(status);
    }
    expect(await tableCount(products)).toBe(before);
  });

  it('create through a multipart post, list with filters, and answer 404 for an unknown product', async () => {
    const photo = await jpeg('#305060');
    const created = await routeOutcome(() =>
      productRoute.action({
        request: formPost(
          '/admin/products/new',
          {
            intent: 'save-product',
            ...(fields({ name: 'Route Kurta', price: '1,999.50' }) as Record<string, string>),
            images: photo,
          },
          adminCookie,
        ),
        context: app.context,
        params: { id: 'new' },
      } as never),
    );
    expect(created.status).toBe(200);
    const outcome = asOutcome(created.data);
    expect(outcome).toMatchObject({ ok: true, intent: 'save-product' });
    const row = (await productRow(Number(outcome.id)))!;
    expect(row).toMatchObject({ name: 'Route Kurta', pricePaise: 199_950 });
    expect(row.imageKeys).toHaveLength(1);

    const refused = await routeOutcome(() =>
      productRoute.action({
        request: formPost(
          '/admin/products/new',
          { intent: 'save-product', ...(fields({ price: '-5' }) as Record<string, string>) },
          adminCookie,
        ),
        context: app.context,
        params: { id: 'new' },
      } as never),
    );
    expect(refused.status).toBe(422);
    expect(asOutcome(refused.data).fieldErrors).toEqual({ price: PRICE_MESSAGES.notPositive });

    const list = await routeOutcome(() =>
      productsRoute.loader({
        request: pageGet(`/admin/products?q=route+kurta&active=yes&sort=price-desc`, adminCookie),
        context: app.context,
        params: {},
      } as never),
    );
    const page = list.data as Awaited<ReturnType<typeof productsRoute.loader>>;
    expect(page.rows.map((item) => item.name)).toEqual(['Route Kurta']);
    expect(page.filters).toMatchObject({ q: 'route kurta', active: 'yes', sort: 'price-desc' });
    expect(page.options.map((option) => option.name)).toContain('Shirts');

    const editor = await routeOutcome(() =>
      productRoute.loader({
        request: pageGet(`/admin/products/${row.id}`, adminCookie),
        context: app.context,
        params: { id: String(row.id) },
      } as never),
    );
    expect((editor.data as { product: { name: string } }).product.name).toBe('Route Kurta');
    for (const id of ['999999', 'abc', '0']) {
      const missing = await routeOutcome(() =>
        productRoute.loader({
          request: pageGet(`/admin/products/${id}`, adminCookie),
          context: app.context,
          params: { id },
        } as never),
      );
      expect(missing.status, id).toBe(404);
    }

    const toggled = await routeOutcome(() =>
      productsRoute.action({
        request: formPost(
          '/admin/products',
          { intent: 'set-product-active', id: String(row.id), isActive: 'false' },
          adminCookie,
        ),
        context: app.context,
        params: {},
      } as never),
    );
    expect(asOutcome(toggled.data)).toMatchObject({
      ok: true,
      message: '"Route Kurta" is hidden from the shop.',
    });
  });
});
