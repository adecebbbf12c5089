/**
 * The PostgreSQL handle across a lost connection (CI's PostgreSQL run only; the embedded
 * database cannot lose its connection): LISTEN comes back by itself and says so with an empty
 * payload, and queries work again without reopening anything.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../tests/support/tcp-proxy';
import { openDatabase, type Database } from './db.server';

const serverUrl = process.env.TEST_DATABASE_URL;
const name = `storefront_test_${randomBytes(6).toString('hex')}`;
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
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(serverUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 2 });
  });

  afterAll(async () => {
    await database?.close();
    await proxy?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
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
      const directUrl = new URL(serverUrl!);
      directUrl.pathname = `/${name}`;
      const direct = new pg.Client({ connectionString: directUrl.toString() });
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
