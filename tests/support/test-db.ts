/**
 * A fresh, migrated database for one integration test file: an in-memory PGlite by default,
 * or, when TEST_DATABASE_URL is set (CI's second run), a new PostgreSQL database created on
 * that server and dropped afterwards.
 */
import { openDatabase, type Database } from '~/lib/db.server';
import { createScratchDatabase } from './scratch-db';

export { createScratchDatabase, type ScratchDatabase } from './scratch-db';

export interface TestDatabase extends Database {
  /** Closes and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite' });
    return { ...database, dispose: () => database.close() };
  }
  const scratch = await createScratchDatabase(serverUrl);
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolMax: 4 });
  return {
    ...database,
    async dispose() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** Which backend the integration tests run on, for test names. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
