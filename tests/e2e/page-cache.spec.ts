/**
 * The page cache for anonymous visitors (issue 19 item 6, decision 011), against the production
 * server: a page served again from the cache carries a nonce of its own in its CSP header and
 * its HTML; requests with a cookie neither use nor fill it; a catalogue change empties it; only
 * 200 pages are kept; a deleted design and a hidden product are gone at once (issue 28 item 8).
 * Other tests share the server and may change the catalogue meanwhile, so a hit is looked for
 * over a few tries.
 */
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { randomBytes, randomUUID } from 'node:crypto';
import { createAccount, uniqueClientIp, uniqueEmail, withDatabase } from './support';

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

test('a deleted design’s page and card answer 404 at once, also to a revalidating browser', async ({
  request,
}) => {
  const email = uniqueEmail('purged-design');
  const password = 'a-long-purge-test-password-8';
  await createAccount(request, { name: 'Purge Test', email, password });
  const id = randomBytes(16).toString('base64url').slice(0, 22);
  await withDatabase((db) =>
    db.query(
      `insert into designs (id, user_id, garment_type, options, estimate_paise)
       select $1, id, 'shirt', '{}'::jsonb, 250000 from "user" where email = $2`,
      [id, email],
    ),
  );
  const origin = new URL(process.env.E2E_BASE_URL!).origin;
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': uniqueClientIp() },
    body: JSON.stringify({ email, password }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => pair.includes('session_token='))
    .join('; ');
  const path = `/d/${id}`;
  expect((await request.get(`${path}/card.jpg`)).status()).toBe(200);
  // The page is in the cache the moment the owner deletes the design (other tests may empty
  // the cache meanwhile, so this is tried until the delete follows a hit).
  let etag = '';
  await expect
    .poll(async () => {
      const cached = (await twice(request, path)).second;
      if (cached.headers()['x-page-cache'] !== 'hit') return 'miss';
      etag = cached.headers()['etag']!;
      return 'hit';
    })
    .toBe('hit');
  // The owner's delete, as the button on /account/designs posts it.
  const deleted = await fetch(`${origin}/account/designs`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie,
      origin,
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': uniqueClientIp(),
    },
    body: new URLSearchParams({ intent: 'delete', id }).toString(),
  });
  expect(deleted.status).toBe(302);
  expect(deleted.headers.get('location')).toBe('/account/designs?deleted=1');

  const gone = await request.get(path);
  expect(gone.status()).toBe(404);
  expect(await gone.text()).toContain('This design does not exist.');
  // A browser revalidating its copy is not told that it still holds.
  const revalidated = await request.get(path, { headers: { 'If-None-Match': etag } });
  expect(revalidated.status()).toBe(404);
  expect((await request.get(`${path}/card.jpg`)).status()).toBe(404);
});

test('the social card of a design is revalidated by every cache that keeps it', async ({
  request,
}) => {
  const id = randomBytes(16).toString('base64url').slice(0, 22);
  await withDatabase((db) =>
    db.query(
      `insert into designs (id, garment_type, options, estimate_paise)
       values ($1, 'kurta', '{}'::jsonb, 180000)`,
      [id],
    ),
  );
  try {
    const card = await request.get(`/d/${id}/card.jpg`);
    expect(card.status()).toBe(200);
    expect(card.headers()['cache-control']).toBe('public, no-cache');
  } finally {
    await withDatabase((db) => db.query(`delete from designs where id = $1`, [id]));
  }
});

test('a product made inactive is gone from its cached page at once', async ({ request }) => {
  const name = `Purged weave ${randomUUID()}`;
  const productId = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `insert into products (slug, name, category_id, price_paise)
       select $1, $2, id, 99000 from categories order by id limit 1 returning id`,
      [`purged-${randomUUID()}`, name],
    );
    return rows[0]!.id;
  });
  try {
    const path = `/product/${productId}`;
    await expect
      .poll(async () => (await twice(request, path)).second.headers()['x-page-cache'])
      .toBe('hit');
    await withDatabase((db) =>
      db.query(`update products set is_active = false where id = $1`, [productId]),
    );
    const hidden = await request.get(path);
    expect(hidden.status()).toBe(404);
    expect(await hidden.text()).not.toContain(name);
  } finally {
    await withDatabase((db) => db.query(`delete from products where id = $1`, [productId]));
  }
});
