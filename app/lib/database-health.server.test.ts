/**
 * The database health monitor: which errors mean "the database is not there" (real errors from
 * the drivers), and how the state turns down on a reported failure and up on the next ping
 * that succeeds. The whole path through the server is in tests/e2e/scale.spec.ts.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createDatabaseHealth,
  isDatabaseUnavailable,
  UNAVAILABLE_PAGE,
  type DatabaseHealth,
} from './database-health.server';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What a call rejected with. */
async function rejection(call: () => Promise<unknown>): Promise<unknown> {
  return call().then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

/** Resolves once `condition` holds, polling every 20 ms for at most `ms`. */
async function until(condition: () => boolean, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let monitor: DatabaseHealth | undefined;
afterEach(() => monitor?.stop());

describe('isDatabaseUnavailable', () => {
  it('is true for a refused connection, through Drizzle’s wrapping too', async () => {
    const port = await closedPort();
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'x', database: 'x' });
    const direct = await rejection(() => pool.query('select 1'));
    const wrapped = await rejection(() => drizzlePg({ client: pool }).execute(sql`select 1`));
    await pool.end();
    expect(isDatabaseUnavailable(direct)).toBe(true);
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('is false for a bad query, a broken rule and things that are not errors', async () => {
    const client = new PGlite();
    const db = drizzlePglite({ client });
    const syntax = await rejection(() => db.execute(sql`selec 1`));
    const division = await rejection(() => db.execute(sql`select 1 / 0`));
    await client.close();
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(division)).toBe(false);
    expect(isDatabaseUnavailable(new Error('Cart is empty'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('admin shutdown'), { code: '57P01' })),
    ).toBe(true);
  });
});

describe('the health monitor', () => {
  it('turns down on a reported connection error, pings every recheck, and turns up on the first answer', async () => {
    let answering = false;
    let pings = 0;
    monitor = createDatabaseHealth({
      ping: async () => {
        pings += 1;
        if (!answering)
          throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      },
      recheckMs: 30,
      idleCheckMs: 60_000,
    });
    expect(monitor.available()).toBe(true);
    expect(monitor.report(new Error('Cart is empty'))).toBe(false);
    expect(monitor.available()).toBe(true);
    expect(monitor.report(Object.assign(new Error('gone'), { code: 'ECONNRESET' }))).toBe(true);
    expect(monitor.available()).toBe(false);
    await until(() => pings >= 3);
    expect(monitor.available()).toBe(false);
    answering = true;
    await until(() => monitor!.available());
  });

  it('notices an outage with no traffic through its idle pings', async () => {
    monitor = createDatabaseHealth({
      ping: async () => {
        throw Object.assign(new Error('Connection terminated unexpectedly'), {});
      },
      recheckMs: 30,
      idleCheckMs: 30,
    });
    await until(() => !monitor!.available());
  });

  it('serves a self-refreshing page with no scripts', () => {
    expect(UNAVAILABLE_PAGE).toContain('<h1>We will be right back</h1>');
    expect(UNAVAILABLE_PAGE).toContain('<meta http-equiv="refresh" content="10">');
    expect(UNAVAILABLE_PAGE).not.toContain('<script');
  });
});
