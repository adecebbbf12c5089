/**
 * Backup and restore round trip (issue 8 item 4) on a real database: PGlite, and PostgreSQL
 * (pg_dump / pg_restore) in CI's second run. A shop with rows in many tables and files in
 * storage is backed up, restored into an empty install, and compared table by table, row by
 * row, and file by file, byte for byte.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackupError,
  createBackup,
  restoreBackup,
  tableContents,
  type RestoreTarget,
} from './backups.server';
import { openDatabase, type Database } from './db.server';
import {
  categories,
  contactMessages,
  media,
  orderLines,
  orders,
  products,
  productVariants,
  requestLimits,
  subcategories,
  user,
} from './schema.server';
import { createLocalStorage, type Storage } from './storage/storage.server';
import {
  createScratchDatabase,
  testDatabaseKind,
  type ScratchDatabase,
} from '../../tests/support/test-db';
import { SAMPLE_CHECKOUT_DETAILS } from '../../tests/support/checkout-details';

const serverUrl = process.env.TEST_DATABASE_URL;
let scratch: string;
let source: Database;
let sourceStorage: Storage;
const scratchDatabases: ScratchDatabase[] = [];

/** A new empty PostgreSQL database on the test server; its URL. */
async function newPostgresDatabase(): Promise<string> {
  const scratchDatabase = await createScratchDatabase(serverUrl!);
  scratchDatabases.push(scratchDatabase);
  return scratchDatabase.url;
}

async function contentsOf(target: RestoreTarget): Promise<Record<string, string>> {
  if (target.kind === 'postgres') {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      return await tableContents(client);
    } finally {
      await client.end();
    }
  }
  const restored = await openDatabase({ kind: 'pglite', dataDir: target.dataDir });
  try {
    return await tableContents(restored.pglite!);
  } finally {
    await restored.close();
  }
}

/** A fresh, empty target of the kind under test. */
async function emptyTarget(name: string): Promise<RestoreTarget> {
  return serverUrl
    ? { kind: 'postgres', url: await newPostgresDatabase() }
    : { kind: 'pglite', dataDir: path.join(scratch, name, 'pglite') };
}

let sourceUrl: string | undefined;

beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-backup-'));
  if (serverUrl) {
    sourceUrl = await newPostgresDatabase();
    source = await openDatabase({ kind: 'postgres', url: sourceUrl, poolMax: 2 });
  } else {
    source = await openDatabase({ kind: 'pglite', dataDir: path.join(scratch, 'source') });
  }
  sourceStorage = createLocalStorage(path.join(scratch, 'source-uploads'));
  const db = source.db;
  const [category] = await db
    .insert(categories)
    .values({ name: 'Wedding Suits', slug: 'wedding-suits', imageKey: 'sources/cat.webp' })
    .returning({ id: categories.id });
  const [subcategory] = await db
    .insert(subcategories)
    .values({ name: 'Sherwani', slug: 'sherwani', categoryId: category!.id })
    .returning({ id: subcategories.id });
  const [product] = await db
    .insert(products)
    .values({
      slug: 'ivory-sherwani',
      name: 'Ivory Sherwani — zari work',
      categoryId: category!.id,
      subcategoryId: subcategory!.id,
      pricePaise: 4_500_000,
      colors: ['Ivory'],
    })
    .returning({ id: products.id });
  await db.insert(productVariants).values([
    { productId: product!.id, size: '38', sku: 'IVORY-SHERWANI-38', pricePaise: 4_500_000 },
    { productId: product!.id, size: '40', sku: 'IVORY-SHERWANI-40', pricePaise: 4_500_000 },
  ]);
  await db.insert(user).values({
    id: 'backup-user',
    name: 'Asha Mehta',
    email: 'asha@example.com',
    emailVerified: true,
  });
  const { name: customerName, ...delivery } = SAMPLE_CHECKOUT_DETAILS;
  const [order] = await db
    .insert(orders)
    .values({
      number: 'RT-261125-BK01',
      userId: 'backup-user',
      amountPaise: 4_500_000,
      customerName,
      ...delivery,
      provider: 'sandbox',
    })
    .returning({ id: orders.id });
  await db.insert(orderLines).values({
    orderId: order!.id,
    productId: product!.id,
    name: 'Ivory Sherwani — zari work',
    size: '40',
    color: 'Ivory',
    quantity: 1,
    unitPricePaise: 4_500_000,
  });
  await db.insert(contactMessages).values({
    name: 'Ravi',
    email: 'ravi@example.com',
    message: 'Line one\nLine two, with "quotes" and ₹ sign',
  });
  await db.insert(media).values({ kind: 'image', title: 'Showroom', imageKey: 'sources/cat.webp' });
  await db
    .insert(requestLimits)
    .values({ key: 'contact:ip:203.0.113.9', windowStart: new Date(), hits: 2 });
  await sourceStorage.put('sources/cat.webp', randomBytes(40_000));
  await sourceStorage.put('videos/store/visit.mp4', randomBytes(300_000));
  await sourceStorage.put('variants/img-ab12-320.avif', Buffer.from([0, 1, 2, 255]));
});

afterAll(async () => {
  await source?.close();
  for (const scratchDatabase of scratchDatabases) await scratchDatabase.drop();
  await fs.rm(scratch, { recursive: true, force: true });
});

describe(`backups on ${testDatabaseKind}`, () => {
  it('restores every table row for row and every file byte for byte into an empty install', async () => {
    const outDir = path.join(scratch, 'backup-1');
    const manifest = await createBackup({
      database: source,
      databaseUrl: sourceUrl,
      storage: sourceStorage,
      outDir,
    });
    expect(manifest.database).toBe(serverUrl ? 'postgres' : 'pglite');
    expect(manifest.tables['public.orders']).toBe(1);
    expect(manifest.tables['public.order_lines']).toBe(1);
    expect(manifest.tables['public.product_variants']).toBe(2);
    expect(manifest.migrations).toBe(
      (await fs.readdir('drizzle')).filter((file) => file.endsWith('.sql')).length,
    );
    expect(manifest.files.map((file) => file.key)).toEqual([
      'sources/cat.webp',
      'variants/img-ab12-320.avif',
      'videos/store/visit.mp4',
    ]);

    // The source's contents, read before the source may be closed by anything else.
    const before = serverUrl
      ? await contentsOf({ kind: 'postgres', url: sourceUrl! })
      : await tableContents(source.pglite!);
    const target = await emptyTarget('restore-1');
    const targetStorage = createLocalStorage(path.join(scratch, 'restore-1', 'uploads'));
    const report = await restoreBackup({ backupDir: outDir, target, storage: targetStorage });
    expect(report.files).toBe(3);
    expect(report.rows).toBe(Object.values(manifest.tables).reduce((sum, n) => sum + n, 0));

    const after = await contentsOf(target);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) expect(after[table], table).toBe(before[table]);
    for (const file of manifest.files) {
      const original = await sourceStorage.get(file.key);
      const restored = await targetStorage.get(file.key);
      expect(restored?.equals(original!), file.key).toBe(true);
    }

    // A restored install is an ordinary one: it opens, migrates nothing, and takes writes.
    const reopened =
      target.kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: target.url, poolMax: 2 })
        : await openDatabase({ kind: 'pglite', dataDir: target.dataDir });
    try {
      await reopened.db
        .insert(contactMessages)
        .values({ name: 'After', email: 'after@example.com', message: 'Restored fine' });
    } finally {
      await reopened.close();
    }

    // Restoring again over it is refused: the install is no longer empty.
    await expect(
      restoreBackup({
        backupDir: outDir,
        target,
        storage: createLocalStorage(path.join(scratch, 'other')),
      }),
    ).rejects.toThrow(/already holds/);
    await expect(
      restoreBackup({
        backupDir: outDir,
        target: await emptyTarget('restore-2'),
        storage: targetStorage,
      }),
    ).rejects.toThrow(/storage already holds files/);
  });

  it('restores into a migrated, unseeded install, and over data with force', async () => {
    const outDir = path.join(scratch, 'backup-4');
    await createBackup({
      database: source,
      databaseUrl: sourceUrl,
      storage: sourceStorage,
      outDir,
    });
    const before = serverUrl
      ? await contentsOf({ kind: 'postgres', url: sourceUrl! })
      : await tableContents(source.pglite!);

    // What `npm run db:migrate` (or a first start with SEED_DEMO=false) leaves: only the
    // migration journal has rows. That is an empty install.
    const target = await emptyTarget('restore-5');
    const migrated =
      target.kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: target.url, poolMax: 2 })
        : await openDatabase({ kind: 'pglite', dataDir: target.dataDir });
    await migrated.close();
    const uploads = createLocalStorage(path.join(scratch, 'restore-5', 'uploads'));
    await restoreBackup({ backupDir: outDir, target, storage: uploads });
    expect(await contentsOf(target)).toEqual(before);

    // Over an install that holds data (and files): refused, then done with force.
    await uploads.put('left/over.txt', 'kept');
    await expect(restoreBackup({ backupDir: outDir, target, storage: uploads })).rejects.toThrow(
      /pass --force/,
    );
    const report = await restoreBackup({
      backupDir: outDir,
      target,
      storage: uploads,
      force: true,
    });
    expect(await contentsOf(target)).toEqual(before);
    expect((await uploads.get('left/over.txt'))?.toString()).toBe('kept');
    if (target.kind === 'pglite') {
      expect(report.setAside).toMatch(/pglite\.before-restore-/);
      expect(await fs.readdir(report.setAside!)).toContain('PG_VERSION');
    }
  });

  it.skipIf(!serverUrl)(
    'takes counts and dump from one snapshot while the shop writes',
    async () => {
      const writer = new pg.Client({ connectionString: sourceUrl });
      await writer.connect();
      let writing = true;
      let written = 0;
      const writes = (async () => {
        while (writing) {
          await writer.query(
            "insert into contact_messages (name, email, message) values ('W', 'w@example.com', 'x')",
          );
          written += 1;
        }
      })();
      const outDir = path.join(scratch, 'backup-5');
      try {
        await createBackup({
          database: source,
          databaseUrl: sourceUrl,
          storage: sourceStorage,
          outDir,
        });
      } finally {
        writing = false;
        await writes;
        await writer.end();
      }
      expect(written).toBeGreaterThan(0);
      // The restore checks every table's count against the manifest.
      await restoreBackup({
        backupDir: outDir,
        target: await emptyTarget('restore-6'),
        storage: createLocalStorage(path.join(scratch, 'restore-6', 'uploads')),
      });
    },
  );

  it('refuses a non-empty backup folder and a damaged file', async () => {
    const outDir = path.join(scratch, 'backup-2');
    await fs.mkdir(outDir, { recursive: true });
    await fs.writeFile(path.join(outDir, 'something.txt'), 'x');
    await expect(
      createBackup({ database: source, databaseUrl: sourceUrl, storage: sourceStorage, outDir }),
    ).rejects.toBeInstanceOf(BackupError);

    const goodDir = path.join(scratch, 'backup-3');
    await createBackup({
      database: source,
      databaseUrl: sourceUrl,
      storage: sourceStorage,
      outDir: goodDir,
    });
    await fs.writeFile(path.join(goodDir, 'files', 'sources', 'cat.webp'), 'tampered');
    await expect(
      restoreBackup({
        backupDir: goodDir,
        target: await emptyTarget('restore-3'),
        storage: createLocalStorage(path.join(scratch, 'restore-3', 'uploads')),
      }),
    ).rejects.toThrow(/does not match its checksum/);
    await expect(
      restoreBackup({
        backupDir: scratch,
        target: await emptyTarget('restore-4'),
        storage: createLocalStorage(path.join(scratch, 'restore-4', 'uploads')),
      }),
    ).rejects.toThrow(/not a backup folder/);
  });
});
