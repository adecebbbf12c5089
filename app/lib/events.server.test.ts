/**
 * The live-update stream's caps (issue 17 item 8): streams are counted per client address and
 * in total, and a stream beyond either answers 429 or 503 with Retry-After, while the streams
 * already open keep receiving events. A real Express server on a real database LISTEN.
 */
import { sql } from 'drizzle-orm';
import express from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { createEventHub, type EventHub } from './events.server';

let database: TestDatabase;
let hub: EventHub;
let server: http.Server;
let port: number;
const open: http.ClientRequest[] = [];
const responses: http.IncomingMessage[] = [];

/** Opens a stream as `ip` (forwarded by a loopback proxy); resolves to the answer's head. */
function stream(ip: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { port, host: '127.0.0.1', path: '/api/events', headers: { 'X-Forwarded-For': ip } },
      (response) => {
        responses.push(response);
        resolve(response);
      },
    );
    request.on('error', reject);
    open.push(request);
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  hub = await createEventHub(database, { perAddress: 3, total: 5 });
  const app = express();
  app.set('trust proxy', 'loopback');
  app.get('/api/events', (req, res) => hub.handle(req, res));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const request of open) request.destroy();
  await hub.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.dispose();
});

describe('live-update streams', () => {
  it('caps streams per address (429) and in total (503), with Retry-After', async () => {
    const first = await Promise.all([1, 2, 3].map(() => stream('203.0.113.5')));
    expect(first.map((response) => response.statusCode)).toEqual([200, 200, 200]);

    const fourth = await stream('203.0.113.5');
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);

    const others = await Promise.all([stream('203.0.113.6'), stream('203.0.113.7')]);
    expect(others.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(hub.size()).toBe(5);

    const beyond = await stream('203.0.113.8');
    expect(beyond.statusCode).toBe(503);
    expect(Number(beyond.headers['retry-after'])).toBeGreaterThan(0);

    // A stream that closes frees its place, for its address and in total.
    open[0]!.destroy();
    await expect.poll(() => hub.size()).toBe(4);
    expect((await stream('203.0.113.5')).statusCode).toBe(200);
  });

  it('keeps sending events to the streams it holds', async () => {
    const full = await stream('198.51.100.1');
    expect(full.statusCode).toBe(503);
    const held = responses.find((response) => response.statusCode === 200 && !response.destroyed);
    expect(held).toBeDefined();
    const heard = new Promise<string>((resolve) => {
      held!.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        if (text.includes('event: catalogue')) resolve(text);
      });
    });
    await database.db.execute(sql`select pg_notify('catalogue', 'categories')`);
    expect(await heard).toContain('data: categories');
  });
});

describe('the workshop channel', () => {
  it('relays a workshop NOTIFY (a work ticket moved) as `event: workshop`', async () => {
    const held = responses.find((response) => response.statusCode === 200 && !response.destroyed);
    expect(held).toBeDefined();
    const heard = new Promise<string>((resolve) => {
      held!.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        if (text.includes('event: workshop')) resolve(text);
      });
    });
    await database.db.execute(sql`select pg_notify('workshop', '{"table":"work_tickets"}')`);
    expect(await heard).toContain('data: {"table":"work_tickets"}');
  });
});
