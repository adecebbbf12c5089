/**
 * The PostgreSQL handle across a lost connection (CI's PostgreSQL run only; the embedded
 * database cannot lose its connection): LISTEN comes back by itself and says so with an empty
 * payload, and queries work again without reopening anything.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../tests/support/tcp-proxy';
import { createScratchDatabase, type ScratchDatabase } from '../../tests/support/test-db';
import { openDatabase, type Database } from './db.server';

const serverUrl = process.env.TEST_DATABASE_URL;
let scratch: ScratchDatabase;
let proxy: TcpProxy;
let database: Database;

/** Resolves once `condition` holds, polling every 25 ms for at most `ms`. */
async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!serverUrl)('a lost connection on PostgreSQL', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!);
    const target = new URL(serverUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(scratch.url);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 2 });
  });

  afterAll(async () => {
    await database?.close();
    await proxy?.close();
    await scratch?.drop();
  });

  it('LISTEN reconnects by itself and reports the gap with an empty payload; queries work again', async () => {
    const payloads: string[] = [];
    const unlisten = await database.listen('catalogue', (payload) => payloads.push(payload));
    try {
      proxy.cut();
      await expect(database.ping()).rejects.toThrow();
      proxy.restore();
      await until(() => payloads.includes(''));
      await database.ping();
      const direct = new pg.Client({ connectionString: scratch.url });
      await direct.connect();
      await direct.query(`select pg_notify('catalogue', 'after the gap')`);
      await direct.end();
      await until(() => payloads.includes('after the gap'));
      expect(payloads).toEqual(['', 'after the gap']);
    } finally {
      await unlisten();
    }
  });
});
