/**
 * A fresh, migrated database for one integration test file: an in-memory PGlite by default,
 * or, when TEST_DATABASE_URL is set (CI's second run), a new PostgreSQL database created on
 * that server and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '~/lib/db.server';

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
  const name = `storefront_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 4 });
  return {
    ...database,
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Which backend the integration tests run on, for test names. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
