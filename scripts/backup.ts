// `npm run db:backup [-- --out FOLDER]`: a consistent backup of the database and every uploaded
// file into one folder (default $DATA_DIR/backups/<UTC time>); see app/lib/backups.server.ts.
// With the embedded database, stop the server first (the script says so if you forget).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, createBackup } from '~/lib/backups.server';
import { getEnv } from '~/lib/env.server';
import { createStorage } from '~/lib/storage/storage.server';
import { openConfiguredDatabase } from './open-database';

const usage = 'Usage: npm run db:backup [-- --out FOLDER]';
let out: string | undefined;
try {
  out = parseArgs({ options: { out: { type: 'string' } }, strict: true }).values.out;
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}

const env = getEnv();
const outDir = path.resolve(
  out ?? path.join(env.DATA_DIR, 'backups', new Date().toISOString().replace(/[:.]/g, '-')),
);
const database = await openConfiguredDatabase();
try {
  const manifest = await createBackup({
    database,
    databaseUrl: env.DATABASE_URL,
    storage: createStorage(env),
    outDir,
  });
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(
    `Backup written to ${outDir}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ` +
      `${manifest.files.length} files (${(bytes / 1024 / 1024).toFixed(1)} MiB).`,
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
