/**
 * /api/cart and /api/wishlist refuse bad bodies with a 4xx and a message, never a 500
 * (issue 17 items 6 and 10), and price a kept cart whose bad lines are dropped and counted.
 * A change the browser sends again (its answer was lost to a navigation) is applied once, and
 * no request replaces the stored cart with the browser's copy (issue 36 item 1).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_REFUSALS } from '~/lib/request-body.server';
import { products, productVariants } from '~/lib/schema.server';
import * as wishlistRoute from '~/routes/api.wishlist';
import {
  createTestApp,
  insertSampleProduct,
  routeOutcome,
  TEST_ORIGIN,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import { handleCartRequest } from './cart-api.server';

let app: TestApp;
let shirt: number;

function post(path: string, body: string, type = 'application/json', cookie?: string): Request {
  const headers: Record<string, string> = { 'content-type': type, origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;
  return new Request(`${TEST_ORIGIN}${path}`, { method: 'POST', headers, body });
}

const cart = (body: string, type?: string, cookie?: string) =>
  routeOutcome(() => handleCartRequest(post('/api/cart', body, type, cookie), app.context));

const wishlist = (body: string, cookie?: string) =>
  routeOutcome(() =>
    wishlistRoute.action({
      request: post('/api/wishlist', body, 'application/json', cookie),
      context: app.context,
      params: {},
    } as never),
  );

beforeAll(async () => {
  app = await createTestApp();
  shirt = await insertSampleProduct(app.database.db, 150_000);
});

/** The category of product `id`. */
async function categoryOf(id: number): Promise<number> {
  const [row] = await app.database.db
    .select({ categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, id));
  return row!.categoryId;
}

afterAll(async () => {
  await app.dispose();
});

describe(`the cart and wishlist APIs on ${testDatabaseKind}`, () => {
  it('prices a kept cart whose bad lines are dropped and counted', async () => {
    const outcome = await cart(
      JSON.stringify({
        action: 'price',
        lines: [
          { productId: shirt, size: '', color: '', quantity: 99 },
          { productId: shirt, size: '', color: '', quantity: 2 },
        ],
      }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.data).toMatchObject({
      dropped: 1,
      cart: { totalPaise: 300_000, lines: [{ productId: shirt, quantity: 2 }] },
    });
  });

  it('answers bodies that are not JSON, or hold NUL, with 415 or 400 and a message', async () => {
    expect(await cart('action=price', 'application/x-www-form-urlencoded')).toMatchObject({
      status: 415,
      data: { error: BODY_REFUSALS.jsonExpected },
    });
    expect(await cart('{"action":')).toMatchObject({
      status: 400,
      data: { error: BODY_REFUSALS.unreadable },
    });
    const nul = JSON.stringify({
      action: 'price',
      lines: [{ productId: shirt, size: 'M\u0000', color: '', quantity: 1 }],
    });
    expect(await cart(nul)).toMatchObject({ status: 400, data: { error: BODY_REFUSALS.nul } });
  });

  it('refuses ids beyond a database integer as unknown products, signed in or not', async () => {
    const { cookie } = await app.signedIn('user');
    const line = { productId: 3_000_000_000, size: '', color: '', quantity: 1 };
    for (const who of [undefined, cookie]) {
      const added = await cart(JSON.stringify({ action: 'add', line }), undefined, who);
      expect(added).toMatchObject({ status: 400, data: { error: 'Unknown product' } });
    }
    const saved = await wishlist(
      JSON.stringify({ action: 'add', productId: 3_000_000_000 }),
      cookie,
    );
    expect(saved).toMatchObject({ status: 400, data: { error: 'Unknown product' } });
    const guest = await wishlist(JSON.stringify({ action: 'add', productId: 2 ** 53 }));
    expect(guest.status).toBe(400);
  });
  it('applies a cart change sent again with the same change id once', async () => {
    const { cookie } = await app.signedIn('user');
    const line = { productId: shirt, size: '', color: '', quantity: 1 };
    const add = JSON.stringify({ action: 'add', line, changeId: randomUUID() });
    expect(await cart(add, undefined, cookie)).toMatchObject({
      status: 200,
      data: { cart: { lines: [{ productId: shirt, quantity: 1 }] } },
    });
    expect(await cart(add, undefined, cookie)).toMatchObject({
      status: 200,
      data: { cart: { lines: [{ productId: shirt, quantity: 1 }] } },
    });
    const again = JSON.stringify({ action: 'add', line, changeId: randomUUID() });
    expect(await cart(again, undefined, cookie)).toMatchObject({
      data: { cart: { lines: [{ productId: shirt, quantity: 2 }] } },
    });
  });

  it('answers a refused cart change refused again when it is sent again', async () => {
    const { cookie } = await app.signedIn('user');
    const line = { productId: shirt, size: 'XXL', color: '', quantity: 1 };
    const add = JSON.stringify({ action: 'add', line, changeId: randomUUID() });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await cart(add, undefined, cookie)).status).toBe(422);
    }
  });

  it('refuses with 422 and a message a line naming a hidden or unknown size variant', async () => {
    // Issue 29 item 2: a kurta sold in M (on sale) and L (hidden).
    const [kurta] = await app.database.db
      .insert(products)
      .values({
        slug: 'api-kurta',
        name: 'API Kurta',
        categoryId: await categoryOf(shirt),
        pricePaise: 200_000,
      })
      .returning({ id: products.id });
    await app.database.db.insert(productVariants).values([
      { productId: kurta!.id, size: 'M', sku: 'API-KURTA-M', pricePaise: 220_000 },
      { productId: kurta!.id, size: 'L', sku: 'API-KURTA-L', pricePaise: 240_000, isActive: false },
    ]);
    const { cookie } = await app.signedIn('user');
    for (const size of ['L', 'XXL', '']) {
      const line = { productId: kurta!.id, size, color: '', quantity: 1 };
      expect(await cart(JSON.stringify({ action: 'add', line }), undefined, cookie)).toMatchObject({
        status: 422,
        data: { error: 'Please choose one of the sizes: M' },
      });
    }
    const line = { productId: kurta!.id, size: 'M', color: '', quantity: 1, pricePaise: 1 };
    expect(await cart(JSON.stringify({ action: 'add', line }), undefined, cookie)).toMatchObject({
      status: 200,
      data: { cart: { lines: [{ size: 'M', unitPricePaise: 220_000, sku: 'API-KURTA-M' }] } },
    });
  });

  it('no longer replaces the stored cart with a copy from the browser', async () => {
    const { cookie } = await app.signedIn('user');
    const line = { productId: shirt, size: '', color: '', quantity: 2 };
    await cart(JSON.stringify({ action: 'add', line }), undefined, cookie);
    const replace = await cart(JSON.stringify({ action: 'replace', lines: [] }), undefined, cookie);
    expect(replace.status).toBe(400);
    const read = await cart(JSON.stringify({ action: 'merge', lines: [] }), undefined, cookie);
    expect(read.data).toMatchObject({ cart: { lines: [{ productId: shirt, quantity: 2 }] } });
  });

  it('does not bring back a wishlist item when its add arrives again after the remove', async () => {
    const { cookie } = await app.signedIn('user');
    const add = JSON.stringify({ action: 'add', productId: shirt, changeId: randomUUID() });
    expect(await wishlist(add, cookie)).toMatchObject({ status: 200, data: { ids: [shirt] } });
    const remove = JSON.stringify({ action: 'remove', productId: shirt, changeId: randomUUID() });
    expect(await wishlist(remove, cookie)).toMatchObject({ status: 200, data: { ids: [] } });
    expect(await wishlist(add, cookie)).toMatchObject({ status: 200, data: { ids: [] } });
  });

  it('refuses a change id that is not a UUID with 400 and a message', async () => {
    const { cookie } = await app.signedIn('user');
    const body = JSON.stringify({ action: 'add', productId: shirt, changeId: 'again' });
    expect(await wishlist(body, cookie)).toMatchObject({
      status: 400,
      data: { error: 'The change id must be a UUID' },
    });
  });
});
