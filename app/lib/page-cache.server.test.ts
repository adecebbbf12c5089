import compression from 'compression';
import express from 'express';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageVersion } from './cache.server';
import { openDatabase, type Database } from './db.server';
import { categories, designs, products } from './schema.server';
import { eq } from 'drizzle-orm';
import { createScratchDatabase, type ScratchDatabase } from '../../tests/support/scratch-db';
import { testDatabaseKind } from '../../tests/support/test-db';
import {
  clearPagesOnNotify,
  joinWithNonce,
  PageCache,
  pageCacheKey,
  pageCacheMiddleware,
  privateUnlessSet,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_PAGE_CACHE_CONTROL,
  splitAtNonce,
} from './page-cache.server';

const options = { ttlMs: 60_000, maxEntries: 3, maxBytes: 1000, maxEntryBytes: 500 };
const page = (body: string, nonce = 'N0NCE') => ({
  status: 200,
  headers: [['content-type', 'text/html']] as [string, string][],
  body: Buffer.from(body),
  nonce,
});
const text = (parts: Buffer[] | undefined) => (parts ?? []).map(String);

describe('pageCacheKey', () => {
  it('keys by the path and query the router sees, the version and the bot flag', () => {
    expect(pageCacheKey('/shop?page=2', 'v1', false)).toBe('browser v1 /shop?page=2');
    expect(pageCacheKey('/a/../shop?page=2', 'v1', false)).toBe('browser v1 /shop?page=2');
    expect(pageCacheKey('/shop', 'v1', true)).toBe('bot v1 /shop');
    expect(pageCacheKey('/shop', 'v2', false)).not.toBe(pageCacheKey('/shop', 'v1', false));
    expect(pageCacheKey('/shop?a=1', 'v1', false)).not.toBe(pageCacheKey('/shop?a=2', 'v1', false));
  });
});

describe('splitAtNonce and joinWithNonce', () => {
  it('cut out every occurrence of the nonce and put a new one in its place', () => {
    const nonce = randomBytes(16).toString('base64');
    const body = Buffer.from(`<script nonce="${nonce}">x("${nonce}")</script><p>é</p>`);
    const parts = splitAtNonce(body, nonce);
    expect(parts).toHaveLength(3);
    expect(parts.join('')).not.toContain(nonce);
    const fresh = randomBytes(16).toString('base64');
    expect(String(joinWithNonce(parts, fresh))).toBe(
      `<script nonce="${fresh}">x("${fresh}")</script><p>é</p>`,
    );
  });
  it('keep a body without the nonce whole', () => {
    expect(text(splitAtNonce(Buffer.from('<p>plain</p>'), 'abc'))).toEqual(['<p>plain</p>']);
    expect(String(joinWithNonce([Buffer.from('<p>plain</p>')], 'abc'))).toBe('<p>plain</p>');
  });
});

describe('PageCache', () => {
  it('stores a page split at its nonce and serves it until cleared', () => {
    const cache = new PageCache(options);
    expect(cache.set('k', page('a N0NCE b'), cache.generation)).toBe(true);
    expect(text(cache.get('k')?.parts)).toEqual(['a ', ' b']);
    expect(cache.bytes).toBe(4);
    cache.clear();
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
  it('drops a page rendered before a clear', () => {
    const cache = new PageCache(options);
    const generation = cache.generation;
    cache.clear();
    expect(cache.set('k', page('old'), generation)).toBe(false);
    expect(cache.get('k')).toBeUndefined();
  });
  it('expires pages after the TTL', () => {
    const cache = new PageCache(options);
    cache.set('k', page('x'), cache.generation, 1_000);
    expect(cache.get('k', 1_000 + 59_999)).toBeDefined();
    expect(cache.get('k', 1_000 + 60_000)).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
  it('keeps at most maxEntries pages, dropping the least recently used', () => {
    const cache = new PageCache(options);
    for (const key of ['a', 'b', 'c']) cache.set(key, page(key), cache.generation);
    cache.get('a');
    cache.set('d', page('d'), cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
  });
  it('keeps at most maxBytes and never a page over maxEntryBytes', () => {
    const cache = new PageCache(options);
    expect(cache.set('big', page('x'.repeat(501)), cache.generation)).toBe(false);
    cache.set('a', page('x'.repeat(400)), cache.generation);
    cache.set('b', page('x'.repeat(400)), cache.generation);
    cache.set('c', page('x'.repeat(400)), cache.generation);
    expect(cache.bytes).toBe(800);
    expect(cache.get('a')).toBeUndefined();
  });
  it('stores nothing when disabled', () => {
    const cache = PageCache.disabled();
    expect(cache.set('k', page('x'), cache.generation)).toBe(false);
    expect(cache.get('k')).toBeUndefined();
  });
});

/**
 * The middleware in the order the server uses: a nonce per request, compression, the cache,
 * then a renderer that writes its nonce in two chunks. The query chooses what it answers.
 */
describe('pageCacheMiddleware', () => {
  const cache = new PageCache();
  let version = 'v1';
  let renders = 0;
  let origin = '';
  /** Requests that reached the server, and a hook called on each (the coalescing test). */
  let arrivals = 0;
  let onArrival = () => {};
  /** Holds back renders of `?slow` pages until the test lets them go. */
  let release = Promise.resolve();
  let close: () => void;

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = randomBytes(16).toString('base64');
      arrivals += 1;
      onArrival();
      next();
    });
    app.use(compression());
    app.use(pageCacheMiddleware(cache, () => version));
    app.get('/{*splat}', async (req, res) => {
      renders += 1;
      if (req.query.slow) await release;
      const nonce = res.locals.cspNonce as string;
      res.status(Number(req.query.status ?? 200));
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', String(req.query.cc ?? PUBLIC_PAGE_CACHE_CONTROL));
      res.setHeader('ETag', `W/"${version}"`);
      if (req.query.cookie) res.setHeader('Set-Cookie', 'flash=1');
      res.write(`<!doctype html><script nonce="${nonce}">`);
      // Over compression's 1 KiB threshold.
      res.end(
        `</script><p>render ${renders} of ${req.originalUrl}</p>${'<p>fabric</p>'.repeat(100)}`,
      );
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${origin}${path}`, { headers });
    return { response, body: await response.text() };
  };
  const nonceIn = (body: string) => /nonce="([^"]+)"/.exec(body)?.[1];

  it('serves the second anonymous GET from the cache with a fresh nonce', async () => {
    const first = await get('/one');
    const second = await get('/one');
    expect(first.response.headers.get('x-page-cache')).toBe('miss');
    expect(second.response.headers.get('x-page-cache')).toBe('hit');
    expect(second.body.replace(/nonce="[^"]+"/, '')).toBe(first.body.replace(/nonce="[^"]+"/, ''));
    expect(nonceIn(second.body)).toBeTruthy();
    expect(nonceIn(second.body)).not.toBe(nonceIn(first.body));
    expect(second.response.headers.get('cache-control')).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(second.response.headers.get('etag')).toBe('W/"v1"');
    expect(second.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
  it('compresses a hit for a client that accepts gzip', async () => {
    await get('/gzip');
    const { response, body } = await get('/gzip', { 'accept-encoding': 'gzip' });
    expect(response.headers.get('x-page-cache')).toBe('hit');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(body).toContain('of /gzip');
  });
  it('answers a HEAD from the cache without a body', async () => {
    await get('/head');
    const response = await fetch(`${origin}/head`, { method: 'HEAD' });
    expect(response.headers.get('x-page-cache')).toBe('hit');
    expect(await response.text()).toBe('');
  });
  it('never serves or stores a request with a cookie', async () => {
    await get('/cookie');
    const withCookie = await get('/cookie', { cookie: 'a=1' });
    expect(withCookie.response.headers.get('x-page-cache')).toBeNull();
    expect(withCookie.body).toMatch(/render \d+ of \/cookie/);
    const before = renders;
    await get('/fresh', { cookie: 'a=1' });
    const after = await get('/fresh');
    expect(after.response.headers.get('x-page-cache')).toBe('miss');
    expect(renders).toBe(before + 2);
  });
  it('never stores a non-200, a page that sets a cookie or one not publicly cacheable', async () => {
    for (const query of ['status=404', 'cookie=1', 'cc=private,%20no-store']) {
      await get(`/no?${query}`);
      const again = await get(`/no?${query}`);
      expect(again.response.headers.get('x-page-cache'), query).toBe('miss');
    }
  });
  it('misses after the version changes or the cache is cleared', async () => {
    await get('/v');
    version = 'v2';
    expect((await get('/v')).response.headers.get('x-page-cache')).toBe('miss');
    expect((await get('/v')).response.headers.get('x-page-cache')).toBe('hit');
    cache.clear();
    const cleared = await get('/v');
    expect(cleared.response.headers.get('x-page-cache')).toBe('miss');
    expect(cleared.response.headers.get('etag')).toBe('W/"v2"');
  });
  it('renders a page once for visitors who ask for it at the same time', async () => {
    let letGo!: () => void;
    release = new Promise((resolve) => (letGo = resolve));
    const before = { renders, arrivals };
    const allArrived = new Promise<void>((resolve) => {
      onArrival = () => {
        if (arrivals - before.arrivals === 5) resolve();
      };
    });
    const answers = Promise.all(Array.from({ length: 5 }, () => get('/together?slow=1')));
    await allArrived;
    letGo();
    const pages = await answers;
    expect(renders - before.renders).toBe(1);
    expect(pages.map(({ response }) => response.headers.get('x-page-cache')).sort()).toEqual([
      'hit',
      'hit',
      'hit',
      'hit',
      'miss',
    ]);
    expect(new Set(pages.map(({ body }) => nonceIn(body))).size).toBe(5);
    expect(new Set(pages.map(({ body }) => body.replace(/nonce="[^"]+"/, ''))).size).toBe(1);
  });
});

describe('privateUnlessSet', () => {
  let origin: string;
  let close: () => void;
  beforeAll(async () => {
    const app = express();
    app.use(compression());
    app.use(privateUnlessSet);
    app.get('/own', (_req, res) => {
      res.setHeader('Cache-Control', 'public, no-cache');
      res.send('a card');
    });
    app.get('/data', (_req, res) => {
      res.append('Vary', 'Accept-Encoding');
      res.type('text/x-script').send('loader data '.repeat(200));
    });
    app.get('/gone', (_req, res) => res.redirect(302, '/login'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('makes an answer without a rule private, no-store, varying on Cookie', async () => {
    for (const path of ['/data', '/gone']) {
      const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
      expect(response.headers.get('cache-control'), path).toBe(PRIVATE_CACHE_CONTROL);
      expect(response.headers.get('vary')?.split(', '), path).toContain('Cookie');
    }
  });

  it('keeps the rule a route set itself', async () => {
    const response = await fetch(`${origin}/own`);
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    expect(response.headers.get('vary')).toContain('Cookie');
  });
});

describe(`pages purged on every instance on ${testDatabaseKind}`, () => {
  // Two instances on one database (issue 28 item 8): each has its own page cache and page
  // version and listens on its own connection; a change made through the first must purge
  // the second's pages. PGlite is one process, so there both listen on the one handle.
  let scratch: ScratchDatabase | undefined;
  let first: Database;
  let second: Database;
  const instances: { cache: PageCache; version: PageVersion; stop?: () => Promise<void> }[] = [];

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      scratch = await createScratchDatabase(serverUrl);
      first = await openDatabase({ kind: 'postgres', url: scratch.url, poolMax: 2 });
      second = await openDatabase({ kind: 'postgres', url: scratch.url, poolMax: 2 });
    } else {
      first = await openDatabase({ kind: 'pglite' });
      second = first;
    }
    for (const database of [first, second]) {
      const instance = { cache: new PageCache(), version: new PageVersion() };
      instances.push({
        ...instance,
        stop: await clearPagesOnNotify(database, instance),
      });
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.stop?.();
    await second?.close();
    if (first !== second) await first?.close();
    await scratch?.drop();
  });

  /** Stores `path` in both instances' caches; returns their ETags then. */
  const cacheOnBoth = (path: string) =>
    instances.map(({ cache, version }) => {
      const key = pageCacheKey(path, version.etag(), false)!;
      expect(cache.set(key, page(`<p>${path}</p>`), cache.generation)).toBe(true);
      return version.etag();
    });

  it('a design deleted through one instance is gone from the other’s cache at once', async () => {
    const id = randomBytes(16).toString('base64url').slice(0, 22);
    await first.db
      .insert(designs)
      .values({ id, garmentType: 'shirt', options: {}, estimatePaise: 250_000 });
    const etags = cacheOnBoth(`/d/${id}`);
    await first.db.delete(designs).where(eq(designs.id, id));
    await expect.poll(() => instances.map(({ cache }) => cache.size)).toEqual([0, 0]);
    // A browser revalidating its copy with the old ETag no longer matches.
    instances.forEach(({ version }, index) => expect(version.etag()).not.toBe(etags[index]));
  });

  it('a product hidden through one instance is gone from the other’s cache at once', async () => {
    const before = instances.map(({ cache }) => cache.generation);
    const tag = randomBytes(4).toString('hex');
    const [category] = await first.db
      .insert(categories)
      .values({ name: `Fabrics ${tag}`, slug: `fabrics-${tag}` })
      .returning({ id: categories.id });
    const [product] = await first.db
      .insert(products)
      .values({ slug: `linen-${tag}`, name: 'Linen', categoryId: category!.id, pricePaise: 1000 })
      .returning({ id: products.id });
    const productId = product!.id;
    // Both inserts' own notifications (one per statement) have reached both instances first.
    await expect
      .poll(() => instances.map(({ cache }) => cache.generation))
      .toEqual(before.map((generation) => generation + 2));
    cacheOnBoth(`/product/${productId}`);
    await first.db.update(products).set({ isActive: false }).where(eq(products.id, productId));
    await expect.poll(() => instances.map(({ cache }) => cache.size)).toEqual([0, 0]);
  });
});
