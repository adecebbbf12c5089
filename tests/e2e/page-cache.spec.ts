/**
 * The page cache for anonymous visitors (issue 19 item 6, decision 011), against the production
 * server: a page served again from the cache carries a nonce of its own in its CSP header and
 * its HTML; requests with a cookie neither use nor fill it; a catalogue change empties it; only
 * 200 pages are kept. Other tests share the server and may change the catalogue meanwhile, so a
 * hit is looked for over a few tries.
 */
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { withDatabase } from './support';

/** The nonce named by the CSP header, and every nonce attribute in the HTML. */
async function nonces(response: APIResponse) {
  const csp = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
  const html = [...(await response.text()).matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
  return { csp, html: [...new Set(html)] };
}

/** Two GETs of `path` in a row; the second should be a hit unless a change came in between. */
async function twice(request: APIRequestContext, path: string) {
  const first = await request.get(path);
  const second = await request.get(path);
  return { first, second };
}

test('two anonymous GETs get different nonces, the second from the cache', async ({ request }) => {
  const path = `/?visit=${randomUUID()}`;
  let pair: Awaited<ReturnType<typeof twice>> | undefined;
  await expect
    .poll(async () => {
      pair = await twice(request, path);
      return pair.second.headers()['x-page-cache'];
    })
    .toBe('hit');
  const { first, second } = pair!;
  expect(first.status()).toBe(200);
  expect(second.status()).toBe(200);
  const a = await nonces(first);
  const b = await nonces(second);
  expect(a.html).toEqual([a.csp]);
  expect(b.html).toEqual([b.csp]);
  expect(b.csp).not.toBe(a.csp);
  expect(second.headers()['cache-control']).toBe('private, no-cache');
  expect(second.headers()['etag']).toMatch(/^W\//);
  expect(second.headers()['content-type']).toBe('text/html; charset=utf-8');
});

test('a request with a cookie is never served from the cache nor stored in it', async ({
  request,
}) => {
  const path = `/?visit=${randomUUID()}`;
  await expect
    .poll(async () => (await twice(request, path)).second.headers()['x-page-cache'])
    .toBe('hit');
  const withCookie = await request.get(path, { headers: { Cookie: 'anything=1' } });
  expect(withCookie.status()).toBe(200);
  expect(withCookie.headers()['x-page-cache']).toBeUndefined();
  expect(withCookie.headers()['cache-control']).toBe('private, no-store');

  const other = `/?visit=${randomUUID()}`;
  await request.get(other, { headers: { Cookie: 'anything=1' } });
  expect((await request.get(other)).headers()['x-page-cache']).toBe('miss');
});

test('a catalogue change empties the cache and the next page shows it', async ({ request }) => {
  const path = `/product/1?visit=${randomUUID()}`;
  await expect
    .poll(async () => (await twice(request, path)).second.headers()['x-page-cache'])
    .toBe('hit');
  // A fabric only this test writes, shown on the product page; put back afterwards.
  const marker = `Test weave ${randomUUID()}`;
  const before = await withDatabase(async (db) => {
    const { rows } = await db.query<{ fabric_type: string | null }>(
      `select fabric_type from products where id = 1`,
    );
    await db.query(`update products set fabric_type = $1 where id = 1`, [marker]);
    return rows[0]!.fabric_type;
  });
  try {
    await expect
      .poll(async () => (await (await request.get(path)).text()).includes(marker))
      .toBe(true);
  } finally {
    await withDatabase((db) =>
      db.query(`update products set fabric_type = $1 where id = 1`, [before]),
    );
  }
});

test('a page that is not a 200 is never cached', async ({ request }) => {
  const path = `/no-such-page-${randomUUID()}`;
  const { first, second } = await twice(request, path);
  expect(first.status()).toBe(404);
  expect(second.status()).toBe(404);
  expect(second.headers()['x-page-cache']).toBe('miss');
});
