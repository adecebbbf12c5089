/**
 * A real request context for calling route loaders and actions in integration tests: a fresh
 * migrated database (PGlite, or PostgreSQL in CI's second run), Better Auth on it, storage in
 * a temporary folder, the mailer writing to a temporary outbox, and helpers that create a
 * signed-in customer or administrator with a real session cookie.
 */
import type { AccountRole } from '~/lib/account-roles';
import { eq } from 'drizzle-orm';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppLoadContext } from 'react-router';
import { createAuth, type Auth } from '~/lib/auth.server';
import { QueryCache } from '~/lib/cache.server';
import { createMailer, type Mailer } from '~/lib/mail.server';
import { categories, products, user } from '~/lib/schema.server';
import { createLocalStorage, type Storage } from '~/lib/storage/storage.server';
import { createPaymentProvider } from '~/lib/payments/payments.server';
import { catalogueReader } from '~/features/storefront/catalogue-reader.server';
import { createTestDatabase, type TestDatabase } from './test-db';
import { accountAuthRules } from '~/features/account/auth-rules';
import { createLocalCourier } from '~/lib/couriers/local.server';
import { getShippingSettings, localTariff } from '~/features/shipping/shipping.server';
import { lookupPincode } from '~/features/addresses/pincodes.server';

export const TEST_ORIGIN = 'http://shop.test';
/** The token the test app's local courier expects in a tracking webhook's `x-api-key`. */
export const TEST_COURIER_TOKEN = 'integration-test-courier-token';

export interface TestApp {
  database: TestDatabase;
  storage: Storage;
  auth: Auth;
  mailer: Mailer;
  /** The context a loader or action receives. */
  context: AppLoadContext;
  /**
   * Registers a verified account with this role and signs it in.
   * @returns the `Cookie` header value of its session, and its user id.
   */
  signedIn(role: AccountRole, email?: string): Promise<{ cookie: string; userId: string }>;
  dispose(): Promise<void>;
}

const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as never;
let accounts = 0;

export async function createTestApp(): Promise<TestApp> {
  const database = await createTestDatabase();
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-test-app-'));
  const storage = createLocalStorage(path.join(scratch, 'uploads'));
  const mailer = createMailer({
    from: 'Shop <shop@example.com>',
    outboxDir: path.join(scratch, 'outbox'),
    log: silentLog,
  });
  const auth = createAuth({
    db: database.db,
    account: accountAuthRules,
    env: { PUBLIC_URL: TEST_ORIGIN },
    secret: 'integration-test-secret-of-at-least-32-chars',
    mailer,
    shopName: async () => 'Test Tailors',
  });
  const context = {
    db: database.db,
    catalogue: catalogueReader(database.db, new QueryCache()),
    env: { PUBLIC_URL: TEST_ORIGIN, NODE_ENV: 'test' },
    auth,
    mailer,
    storage,
    // The sandbox, as a server without Razorpay keys runs (issue 21: links and refunds).
    payments: createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 'integration-test-sandbox' }),
    linkSecret: 'integration-test-link-secret',
    // Issue 32 item 6: the shop's own dispatch, as a server without Shiprocket runs.
    courier: createLocalCourier({
      db: database.db,
      tariff: async () => localTariff(await getShippingSettings(database.db)),
      placeOf: (pincode) => lookupPincode(pincode)?.places[0] ?? null,
      publicUrl: TEST_ORIGIN,
      webhookToken: TEST_COURIER_TOKEN,
    }),
    cspNonce: 'test-nonce',
    pageEtag: 'W/"test"',
  } as unknown as AppLoadContext;

  return {
    database,
    storage,
    auth,
    mailer,
    context,
    async signedIn(role, email = `${role}-${++accounts}-${Date.now()}@example.com`) {
      const password = 'a-long-test-password-42';
      await auth.api.signUpEmail({ body: { email, password, name: `Test ${role}` } });
      const [created] = await database.db
        .update(user)
        .set({ emailVerified: true, role })
        .where(eq(user.email, email))
        .returning({ id: user.id });
      const response = await auth.api.signInEmail({
        body: { email, password },
        asResponse: true,
      });
      const cookie = response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0]!)
        .filter((pair) => pair.includes('session_token=') && !pair.endsWith('='))
        .join('; ');
      if (!cookie || !created) throw new Error(`could not sign in ${email}`);
      return { cookie, userId: created.id };
    },
    async dispose() {
      await mailer.idle();
      await database.dispose();
      await fs.rm(scratch, { recursive: true, force: true });
    },
  };
}

/** What a loader or action answered or threw: a status and, for data, its payload. */
export interface RouteOutcome {
  status: number;
  /** The Location of a redirect. */
  location?: string | null;
  data?: unknown;
}

/** Runs a loader or action and reads its outcome, whether returned or thrown. */
export async function routeOutcome(run: () => Promise<unknown>): Promise<RouteOutcome> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get('location') };
  }
  if (
    value &&
    typeof value === 'object' &&
    'type' in value &&
    value.type === 'DataWithResponseInit'
  ) {
    const wrapped = value as unknown as { data: unknown; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, data: wrapped.data };
  }
  if (value instanceof Error) throw value;
  return { status: 200, data: value };
}

/** A POST of these form fields to `path`, with the session cookie when given. */
export function formPost(
  path: string,
  fields: Record<string, string | Blob>,
  cookie?: string,
): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: 'POST',
    body,
    headers: cookie ? { cookie, origin: TEST_ORIGIN } : { origin: TEST_ORIGIN },
  });
}

/** A GET of `path`, with the session cookie when given. */
export function pageGet(path: string, cookie?: string): Request {
  return new Request(`${TEST_ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
}

/**
 * A 'Fabrics' category with one product, 'Linen', at `pricePaise`, for tests that need
 * something to sell.
 * @returns the product's id.
 */
export async function insertSampleProduct(
  db: TestDatabase['db'],
  pricePaise: number,
): Promise<number> {
  const [category] = await db
    .insert(categories)
    .values({ name: 'Fabrics', slug: 'fabrics' })
    .returning({ id: categories.id });
  const [product] = await db
    .insert(products)
    .values({ slug: 'linen', name: 'Linen', categoryId: category!.id, pricePaise })
    .returning({ id: products.id });
  return product!.id;
}
