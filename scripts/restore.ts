// `npm run db:restore -- FOLDER [--force]`: restores a backup made by `npm run db:backup` into
// an empty install (the configured DATABASE_URL, or $DATA_DIR/pglite, and the configured
// storage), then checks every table's row count and every file's checksum; `--force` restores
// over an install that holds data. See app/lib/backups.server.ts.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, restoreBackup } from '~/lib/backups.server';
import { getEnv } from '~/lib/env.server';
import { createStorage } from '~/lib/storage/storage.server';

const usage = 'Usage: npm run db:restore -- FOLDER [--force]';
let folder: string | undefined;
let force = false;
try {
  const args = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (args.positionals.length > 1) throw new Error('Give one backup folder.');
  folder = args.positionals[0];
  force = args.values.force;
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (!folder) {
  console.error(`Which backup folder?\n${usage}`);
  process.exit(2);
}

const env = getEnv();
try {
  const report = await restoreBackup({
    backupDir: path.resolve(folder),
    target: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'pglite') },
    storage: createStorage(env),
    force,
  });
  if (report.setAside) console.log(`The database that was there is now in ${report.setAside}.`);
  console.log(
    `Restored ${report.tables} tables (${report.rows} rows) and ${report.files} files ` +
      `(${(report.bytes / 1024 / 1024).toFixed(1)} MiB); every count and checksum matches.`,
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
