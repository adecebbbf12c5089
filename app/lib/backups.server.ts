/**
 * Backups of the whole shop (issue 8 item 4): the database and every uploaded file, in one
 * folder, restorable into an empty install.
 *
 * A backup folder holds:
 *   manifest.json    what is inside: when, which database kind, the migration count, each
 *                    table's row count, and each file's key, size (bytes) and SHA-256;
 *   database.tar.gz  the embedded database's data folder (PGlite `dumpDataDir`), or
 *   database.dump    PostgreSQL's custom-format dump (`pg_dump -Fc`);
 *   files/<key>      every stored object (local uploads or the S3 bucket).
 *
 * The database is dumped first, then the files are copied. Stored files are never changed in
 * place and are deleted only after the rows that use them (see the media rules), so every
 * file the dumped rows name is still there when the copy runs, unless it was deleted in
 * between. The manifest's file list is what was copied.
 */
import { PGlite } from '@electric-sql/pglite';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { z } from 'zod';
import { DatabaseLockedError, openDatabase, type Database } from './db.server';
import type { Storage } from './storage/storage.server';

const run = promisify(execFile);

/** The backup's table of contents (manifest.json). */
const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  /** How many migrations the database had (drizzle's journal). */
  migrations: z.number().int().nonnegative(),
  /** Rows per table, schema-qualified ("public.orders"). */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  files: z.array(
    z.object({
      key: z.string(),
      bytes: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** Refused or failed backups and restores, with a message for the person at the terminal. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Drizzle's migration journal: its rows alone do not make an install "not empty". */
const JOURNAL = 'drizzle.__drizzle_migrations';

/**
 * Tables whose rows the migrations themselves write (the four appointment types of migration
 * 0011, the GST rate rules of migration 0024): an install holding only those is still empty.
 */
const MIGRATION_SEEDED = new Set(['public.appointment_types', 'public.tax_rate_rules']);

/** Whether row counts (from `rowCounts`) show any data beyond what the migrations write. */
function holdsData(counts: Record<string, number>): boolean {
  return Object.entries(counts).some(
    ([table, n]) => table !== JOURNAL && !MIGRATION_SEEDED.has(table) && n > 0,
  );
}

/** Something that runs SQL and returns rows, on either driver. */
interface Queryable {
  query<T>(text: string): Promise<{ rows: T[] }>;
}

/** Every table of the app and of the migration journal, schema-qualified and quoted. */
async function tableNames(client: Queryable): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle')
      order by table_schema, table_name`,
  );
  return rows.map((row) => row.name);
}

/** Row counts per table, keyed without quotes ("public.orders"). */
async function rowCounts(client: Queryable): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tableNames(client)) {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[table.replaceAll('"', '')] = rows[0]?.n ?? 0;
  }
  return counts;
}

/**
 * Every row of every table, ordered by all columns, as JSON text per table: equal for two
 * databases with the same content (for checking a restore).
 */
export async function tableContents(client: Queryable): Promise<Record<string, string>> {
  const contents: Record<string, string> = {};
  for (const table of await tableNames(client)) {
    const { rows } = await client.query<{ data: string | null }>(
      `select json_agg(t order by t::text)::text as data from ${table} t`,
    );
    contents[table.replaceAll('"', '')] = rows[0]?.data ?? '[]';
  }
  return contents;
}

/**
 * The newest pg_dump / pg_restore: on PATH, or in Debian's /usr/lib/postgresql/<version>/bin.
 * @throws BackupError when there is none.
 */
async function postgresTool(name: 'pg_dump' | 'pg_restore'): Promise<string> {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? (await fs.readdir(root)).filter((entry) => /^\d+$/.test(entry)).sort((a, b) => +b - +a)
    : [];
  for (const version of versions) {
    const candidate = path.join(root, version, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(folder, name);
    if (folder && existsSync(candidate)) return candidate;
  }
  throw new BackupError(
    `${name} was not found. Install PostgreSQL's client tools (Debian: apt-get install postgresql-client).`,
  );
}

/** Runs `task` with a client connected to `url`, and disconnects it afterwards. */
async function withClient<T>(url: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export interface BackupOptions {
  database: Database;
  /** The PostgreSQL URL when `database` is PostgreSQL (pg_dump connects itself). */
  databaseUrl?: string;
  storage: Storage;
  /** The folder to create; it must not exist yet, or be empty. */
  outDir: string;
}

/**
 * Writes a backup folder (see the module comment).
 * @returns its manifest.
 * @throws BackupError when `outDir` holds files, or pg_dump is missing or fails.
 */
export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const { database, storage, outDir } = options;
  const existing = await fs.readdir(outDir).catch(() => []);
  if (existing.length > 0) throw new BackupError(`${outDir} is not empty; choose a new folder.`);
  await fs.mkdir(path.join(outDir, 'files'), { recursive: true });

  let tables: Record<string, number>;
  let migrations: number;
  if (database.kind === 'pglite') {
    const client = database.pglite!;
    // PGlite is one session and this process holds its folder, so nothing writes between the
    // counts and the data folder dump.
    tables = await rowCounts(client);
    migrations = tables[JOURNAL] ?? 0;
    const dump = await client.dumpDataDir('gzip');
    await fs.writeFile(path.join(outDir, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
  } else {
    if (!options.databaseUrl) throw new BackupError('A PostgreSQL backup needs the database URL.');
    const databaseUrl = options.databaseUrl;
    const pgDump = await postgresTool('pg_dump');
    // The counts and pg_dump read one snapshot: this connection exports it and holds it open
    // while pg_dump runs, so a shop that keeps taking writes still gets a manifest that
    // matches the dump.
    ({ tables, migrations } = await withClient(databaseUrl, async (client) => {
      await client.query('begin isolation level repeatable read read only');
      try {
        const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
        const counts = await rowCounts(client);
        try {
          await run(pgDump, [
            '--format=custom',
            '--no-owner',
            '--no-privileges',
            `--snapshot=${rows[0]!.id}`,
            `--file=${path.join(outDir, 'database.dump')}`,
            `--dbname=${databaseUrl}`,
          ]);
        } catch (error) {
          throw new BackupError(
            `pg_dump failed: ${(error as { stderr?: string }).stderr ?? error}`,
          );
        }
        return { tables: counts, migrations: counts[JOURNAL] ?? 0 };
      } finally {
        await client.query('rollback');
      }
    }));
  }

  const files: BackupManifest['files'] = [];
  for await (const key of storage.list()) {
    const data = await storage.get(key);
    if (!data) continue; // deleted since it was listed
    const target = path.join(outDir, 'files', key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, data);
    files.push({ key, bytes: data.length, sha256: sha256(data) });
  }
  files.sort((a, b) => a.key.localeCompare(b.key));

  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: database.kind,
    migrations,
    tables,
    files,
  };
  await fs.writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Reads and checks a backup folder's manifest. @throws BackupError when it is not a backup. */
async function readManifest(backupDir: string): Promise<BackupManifest> {
  const text = await fs.readFile(path.join(backupDir, 'manifest.json'), 'utf8').catch(() => {
    throw new BackupError(`${backupDir} has no manifest.json: it is not a backup folder.`);
  });
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new BackupError(`${backupDir}/manifest.json is not a backup manifest.`);
  return parsed.data;
}

/** Where to restore: an empty PGlite folder, or an empty PostgreSQL database. */
export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface RestoreOptions {
  backupDir: string;
  target: RestoreTarget;
  storage: Storage;
  /**
   * Restore over an install that holds data: PostgreSQL's `public` and `drizzle` schemas are
   * dropped, an embedded database folder is moved aside (see `RestoreReport.setAside`), and
   * stored files of the same key are overwritten (others are left where they are).
   */
  force?: boolean;
}

/** What a restore did. */
export interface RestoreReport {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  /** With `force`, where the embedded database folder that held data was moved. */
  setAside?: string;
}

/**
 * Restores a backup into an empty install: checks every file's SHA-256 first (a damaged backup
 * restores nothing), then the database (refused unless the target has no rows in any table
 * but the migration journal, so a migrated, unseeded install counts as empty) and the files
 * (refused unless storage is empty), then checks every table's row count and every stored
 * file against the manifest. `force` restores over data instead of refusing.
 * @throws BackupError on a refusal (also while a server holds the embedded database), a
 *   missing tool, a kind mismatch or a failed check.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const { backupDir, target, storage } = options;
  const manifest = await readManifest(backupDir);
  if (manifest.database !== target.kind) {
    throw new BackupError(
      `This backup is of the ${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL database'}; ` +
        `restore it with ${manifest.database === 'pglite' ? 'DATABASE_URL unset' : 'DATABASE_URL set'}.`,
    );
  }
  // Every file is checked before anything is written, so a damaged backup restores nothing.
  for (const file of manifest.files) {
    const data = await fs.readFile(path.join(backupDir, 'files', file.key)).catch(() => null);
    if (!data || sha256(data) !== file.sha256) {
      throw new BackupError(
        `files/${file.key} is missing or does not match its checksum: the backup is damaged.`,
      );
    }
  }
  if (!options.force) {
    for await (const key of storage.list()) {
      throw new BackupError(
        `The storage already holds files (${key} and maybe more); restore into an empty ` +
          'install, or pass --force to overwrite.',
      );
    }
  }

  let restored: Record<string, number>;
  let setAside: string | undefined;
  if (target.kind === 'pglite') {
    setAside = await clearPgliteFolder(target.dataDir, options.force ?? false);
    await fs.mkdir(target.dataDir, { recursive: true });
    const dump = await fs.readFile(path.join(backupDir, 'database.tar.gz'));
    const client = new PGlite(target.dataDir, { loadDataDir: new Blob([dump]) });
    try {
      restored = await rowCounts(client);
    } finally {
      await client.close();
    }
  } else {
    await withClient(target.url, async (client) => {
      if (!options.force && holdsData(await rowCounts(client))) {
        throw new BackupError(
          'The target database already holds data; restore into an empty database, or pass ' +
            '--force to replace it.',
        );
      }
      // The schema of a migrated install (or, with force, its data) is dropped, so the dump
      // can create everything.
      await client.query('drop schema if exists drizzle cascade');
      await client.query('drop schema public cascade');
      await client.query('create schema public');
    });
    const pgRestore = await postgresTool('pg_restore');
    try {
      await run(pgRestore, [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${target.url}`,
        path.join(backupDir, 'database.dump'),
      ]);
    } catch (error) {
      throw new BackupError(`pg_restore failed: ${(error as { stderr?: string }).stderr ?? error}`);
    }
    restored = await withClient(target.url, rowCounts);
  }
  for (const [table, count] of Object.entries(manifest.tables)) {
    if (restored[table] !== count) {
      throw new BackupError(
        `${table}: the backup lists ${count} rows, the restore has ${restored[table] ?? 0}.`,
      );
    }
  }

  let bytes = 0;
  for (const file of manifest.files) {
    const data = await fs.readFile(path.join(backupDir, 'files', file.key));
    await storage.put(file.key, data);
    const stored = await storage.get(file.key);
    if (!stored || sha256(stored) !== file.sha256) {
      throw new BackupError(`${file.key} was not stored intact.`);
    }
    bytes += data.length;
  }
  return {
    tables: Object.keys(manifest.tables).length,
    rows: Object.values(manifest.tables).reduce((sum, n) => sum + n, 0),
    files: manifest.files.length,
    bytes,
    setAside,
  };
}

/**
 * Empties an embedded database folder for a restore. A folder holding a database is opened
 * first (which refuses while a server holds it): one with no rows but the migration journal is
 * removed; one with data is refused, or with `force` renamed to `<folder>.before-restore-<UTC
 * time>`. Resolves to that new path when the folder was moved aside.
 * @throws BackupError when a server holds the folder, or it holds data (or cannot be opened)
 *   and `force` is false.
 */
async function clearPgliteFolder(dataDir: string, force: boolean): Promise<string | undefined> {
  const entries = await fs.readdir(dataDir).catch(() => []);
  if (!entries.some((entry) => entry !== 'storefront.lock')) return undefined;
  let data = true;
  try {
    const existing = await openDatabase({ kind: 'pglite', dataDir });
    try {
      data = holdsData(await rowCounts(existing.pglite!));
    } finally {
      await existing.close();
    }
  } catch (error) {
    if (error instanceof DatabaseLockedError) throw new BackupError(error.message);
    if (!force) {
      throw new BackupError(
        `${dataDir} holds something that does not open as this shop's database ` +
          `(${(error as Error).message}); restore into an empty install, or pass --force.`,
      );
    }
  }
  if (!data) {
    await fs.rm(dataDir, { recursive: true, force: true });
    return undefined;
  }
  if (!force) {
    throw new BackupError(
      `${dataDir} already holds a database; restore into an empty install, or pass --force ` +
        'to move it aside.',
    );
  }
  const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await fs.rename(dataDir, aside);
  return aside;
}
