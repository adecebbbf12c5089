/**
 * The shop's own request limits on a real database (PGlite, and PostgreSQL in CI's second
 * run): the counter itself, and the contact form and checkout refusing with 429, a message
 * and Retry-After, without storing anything.
 */
import { count, eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '~/features/cart/cart.server';
import { createPaymentProvider } from '~/lib/payments/payments.server';
import { CONTACT_LIMITS } from '~/features/contact/contact.server';
import * as checkoutRoute from '~/routes/checkout';
import * as contactRoute from '~/routes/contact';
import * as forgotPasswordRoute from '~/routes/forgot-password';
import { RESET_LIMIT_PER_EMAIL } from '~/features/account/auth-actions.server';
import {
  CLIENT_IP_HEADER,
  addressKey,
  clientAddress,
  enforceLimits,
  forgetStaleCounters,
  RateLimitedError,
  takeHits,
  waitInWords,
} from './rate-limit.server';
import { contactMessages, orders, requestLimits, verification } from './schema.server';
import {
  createTestApp,
  formPost,
  insertSampleProduct,
  routeOutcome,
  type TestApp,
} from '../../tests/support/test-app';
import { SAMPLE_CHECKOUT_DETAILS } from '../../tests/support/checkout-details';
import { testDatabaseKind } from '../../tests/support/test-db';
import { CHECKOUT_LIMITS } from '~/features/payments/payment-start.server';

let app: TestApp;
let productId: number;

beforeAll(async () => {
  app = await createTestApp();
  productId = await insertSampleProduct(app.database.db, 99_900);
});

afterAll(async () => {
  await app.dispose();
});

const minute = { windowS: 60, max: 3 };
const at = (iso: string) => new Date(iso);

function withAddress(request: Request, address: string): Request {
  request.headers.set(CLIENT_IP_HEADER, address);
  return request;
}

describe(`request limits on ${testDatabaseKind}`, () => {
  it('allows max hits per window, refuses the next with the wait, and starts afresh after', async () => {
    const db = app.database.db;
    const check = [{ key: 'test:window', limit: minute }];
    for (let hit = 1; hit <= 3; hit += 1) {
      expect(await takeHits(db, check, at('2026-01-01T10:00:10Z'))).toEqual({ ok: true });
    }
    expect(await takeHits(db, check, at('2026-01-01T10:00:40Z'))).toEqual({
      ok: false,
      retryAfterS: 30,
    });
    // The window began at 10:00:10 and lasts 60 s.
    expect(await takeHits(db, check, at('2026-01-01T10:01:10Z'))).toEqual({ ok: true });
    const [row] = await db.select().from(requestLimits).where(eq(requestLimits.key, 'test:window'));
    expect(row).toMatchObject({ hits: 1, windowStart: at('2026-01-01T10:01:10Z') });
  });

  it('keeps keys apart and answers the longest wait of the spent ones', async () => {
    const db = app.database.db;
    const now = at('2026-01-01T11:00:00Z');
    await takeHits(db, [{ key: 'test:a', limit: { windowS: 600, max: 1 } }], now);
    expect(await takeHits(db, [{ key: 'test:b', limit: minute }], now)).toEqual({ ok: true });
    expect(
      await takeHits(
        db,
        [
          { key: 'test:a', limit: { windowS: 600, max: 1 } },
          { key: 'test:b', limit: minute },
        ],
        at('2026-01-01T11:00:30Z'),
      ),
    ).toEqual({ ok: false, retryAfterS: 570 });
  });

  it('counts concurrent hits exactly (one atomic upsert per key)', async () => {
    const db = app.database.db;
    const now = at('2026-01-01T12:00:00Z');
    const check = [{ key: 'test:burst', limit: { windowS: 60, max: 10 } }];
    const results = await Promise.all(Array.from({ length: 25 }, () => takeHits(db, check, now)));
    expect(results.filter((result) => result.ok)).toHaveLength(10);
    const [row] = await db.select().from(requestLimits).where(eq(requestLimits.key, 'test:burst'));
    expect(row?.hits).toBe(25);
  });

  it('throws RateLimitedError from enforceLimits, and forgets counters older than a day', async () => {
    const db = app.database.db;
    const check = [{ key: 'test:enforce', limit: { windowS: 60, max: 0 } }];
    const refusal = await enforceLimits(db, check, 'Slow down', at('2026-01-01T13:00:00Z')).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(RateLimitedError);
    expect(refusal).toMatchObject({ message: 'Slow down', status: 429, retryAfterS: 60 });
    const forgotten = await forgetStaleCounters(db, at('2026-01-02T13:00:01Z'));
    expect(forgotten).toBeGreaterThanOrEqual(1);
    const left = await db.select({ key: requestLimits.key }).from(requestLimits);
    expect(left.map((row) => row.key)).not.toContain('test:enforce');
  });

  it('counts a client by its IPv4 address or its IPv6 /64', () => {
    const request = (address?: string) =>
      new Request('http://shop.test/', {
        headers: address === undefined ? {} : { [CLIENT_IP_HEADER]: address },
      });
    expect(clientAddress(request('203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddress(request('::ffff:203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddress(request('2001:db8:abcd:12::1'))).toBe('2001:db8:abcd:12::/64');
    expect(clientAddress(request('2001:db8:abcd:12:ffff::9'))).toBe('2001:db8:abcd:12::/64');
    expect(clientAddress(request('not an address'))).toBe('unknown');
    expect(clientAddress(request())).toBe('unknown');
    expect(addressKey(' 2001:db8:abcd:12::1 ')).toBe('2001:db8:abcd:12::/64');
    expect(addressKey(null)).toBe('unknown');
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(59)).toBe('59 seconds');
    expect(waitInWords(61)).toBe('2 minutes');
  });

  it('the contact form refuses a sender over its limit with 429 and stores nothing', async () => {
    const address = '198.51.100.7';
    const message = (email: string) =>
      withAddress(
        formPost('/contact', { name: 'Asha', email, message: 'Is the shop open on Sunday?' }),
        address,
      );
    const call = (email: string) =>
      routeOutcome(() =>
        contactRoute.action({ request: message(email), context: app.context, params: {} } as never),
      );
    // Three from one e-mail, then that e-mail is spent (perEmail.max = 3)…
    expect(CONTACT_LIMITS.perEmail.max).toBe(3);
    for (let sent = 0; sent < 3; sent += 1)
      expect((await call('asha@example.com')).status).toBe(200);
    const refused = await call('ASHA@example.com');
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      ok: false,
      notice: {
        title: 'Too many messages',
        description: expect.stringMatching(/try again in 60 minutes/),
      },
      values: { email: 'ASHA@example.com' },
    });
    // …and the address, which counted the refused attempt too, is spent after its fifth hit,
    // whatever the e-mail.
    expect(CONTACT_LIMITS.perAddress.max).toBe(5);
    expect((await call('ravi@example.com')).status).toBe(200);
    expect((await call('meena@example.com')).status).toBe(429);
    const [stored] = await app.database.db
      .select({ n: count() })
      .from(contactMessages)
      .where(eq(contactMessages.message, 'Is the shop open on Sunday?'));
    expect(stored?.n).toBe(4);
    // Another address with a fresh e-mail is not affected.
    const other = await routeOutcome(() =>
      contactRoute.action({
        request: withAddress(
          formPost('/contact', { name: 'Dev', email: 'dev@example.com', message: 'Hello' }),
          '198.51.100.8',
        ),
        context: app.context,
        params: {},
      } as never),
    );
    expect(other.status).toBe(200);
  });

  it('checkout refuses a shopper over the per-account limit with 429, Retry-After and no order', async () => {
    const { cookie, userId } = await app.signedIn('user');
    await addToCart(app.database.db, userId, { productId, size: '', color: '', quantity: 1 });
    const context = {
      ...app.context,
      payments: createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 'limits-secret' }),
    } as unknown as AppLoadContext;
    const checkout = () =>
      checkoutRoute.action({
        request: withAddress(formPost('/checkout', SAMPLE_CHECKOUT_DETAILS, cookie), '192.0.2.44'),
        context,
        params: {},
      } as never) as Promise<Response>;
    for (let attempt = 0; attempt < CHECKOUT_LIMITS.perAccount.max; attempt += 1) {
      expect((await checkout()).status).toBe(200);
    }
    const refused = await checkout();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      ok: false,
      notice: {
        title: 'Too many attempts',
        description: expect.stringMatching(
          /^You have started several payments in a short time\. Please try again in \d+ minutes?\.$/,
        ),
      },
    });
    const [placed] = await app.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.userId, userId));
    // Every allowed attempt paid for the same cart, so it reused the one open order (issue 29
    // item 6: one purchase, one order); the refused attempt made none.
    expect(placed?.n).toBe(1);
  });

  it('password reset: one e-mail gets at most three links an hour, whatever networks ask', async () => {
    const email = 'reset-limit@example.com';
    await app.signedIn('user', email);
    const ask = (n: number) =>
      routeOutcome(() =>
        forgotPasswordRoute.action({
          request: withAddress(formPost('/forgot-password', { email }), `203.0.113.${n}`),
          context: app.context,
          params: {},
        } as never),
      );
    const links = async () => (await app.database.db.select().from(verification)).length;
    const before = await links();
    expect(RESET_LIMIT_PER_EMAIL.max).toBe(3);
    for (let n = 1; n <= 3; n += 1) expect((await ask(n)).status).toBe(200);
    expect(await links()).toBe(before + 3);
    const refused = await ask(4);
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ ok: false, notice: { title: 'Please wait' } });
    expect(await links()).toBe(before + 3);
  });
});
