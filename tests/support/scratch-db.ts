/**
 * Throwaway PostgreSQL databases for the tests that need a server (CI's PostgreSQL runs) and
 * for `npm run bench:load`. Depends on `pg` alone, so Playwright specs and scripts can use it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A new, empty PostgreSQL database on a server, for one test or benchmark run. */
export interface ScratchDatabase {
  /** Its connection URL. */
  url: string;
  /** Drops it, closing whatever is still connected. */
  drop(): Promise<void>;
}

/**
 * Creates an empty database named `${prefix}_<random hex>` on the server of `serverUrl`.
 * @throws the server's error when it cannot be reached or the role may not create databases.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'storefront_test',
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
