/**
 * Opens the configured database for a command-line script. With the embedded database, a
 * running server holds it and the script stops with a message saying so in plain words.
 */
import path from 'node:path';
import { openDatabase, type Database } from '~/lib/db.server';
import { getEnv } from '~/lib/env.server';

export async function openConfiguredDatabase(): Promise<Database> {
  const env = getEnv();
  try {
    return env.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolMax: 2 })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'pglite') });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
