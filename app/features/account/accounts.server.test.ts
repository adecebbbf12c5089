/**
 * Accounts end to end through Better Auth's HTTP handler on a real database (PGlite, and
 * PostgreSQL in CI's second run): sign-up, verification, sign-in, reset, roles, rate limits,
 * the admin command, and deleting an account.
 */
import { eq } from 'drizzle-orm';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_RATE_LIMITS,
  CALLBACK_PARAMETERS,
  createAuth,
  DELETE_NEEDS_PASSWORD,
  OFF_SITE_CALLBACK_MESSAGE,
  SIGN_IN_LIMITS,
  type Auth,
} from '~/lib/auth.server';
import { sameOriginPath } from '~/lib/return-path';
import { CLIENT_IP_HEADER } from '~/lib/rate-limit.server';
import { createMailer, type Mailer } from '~/lib/mail.server';
import { session, user } from '~/lib/schema.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import {
  locationStaysOn,
  REDIRECT_PAYLOADS,
  REPORTED_REDIRECTS,
} from '../../../tests/support/redirect-payloads';
import { AdminInputError, createOrPromoteAdmin, weakAdminPassword } from './admin-account.server';
import { DUPLICATE_EMAIL_MESSAGE } from './rules';
import {
  callAuthEndpoint,
  getSessionUser,
  requireAdmin,
  requirePermission,
  requireUser,
} from './session.server';
import { accountAuthRules } from './auth-rules';

const origin = 'http://shop.test';
let database: TestDatabase;
let auth: Auth;
let mailer: Mailer;
let outbox: string;
/** Links the mailer logged, newest last, with their recipient and subject. */
const sent: { to: string; subject: string; link: string }[] = [];
let ipCounter = 0;

/** A fresh client address per call site, so rate limits only meet where a test wants them. */
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function post(
  endpoint: string,
  body: Record<string, unknown>,
  options: { cookie?: string; ip?: string } = {},
) {
  const headers = new Headers({ 'content-type': 'application/json', origin });
  headers.set(CLIENT_IP_HEADER, options.ip ?? nextIp());
  if (options.cookie) headers.set('cookie', options.cookie);
  const response = await auth.handler(
    new Request(`${origin}/api/auth${endpoint}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    cookies: response.headers.getSetCookie(),
  };
}

/** Like `post`, but the raw response (headers included). */
async function postRaw(
  endpoint: string,
  body: Record<string, unknown>,
  options: { ip?: string } = {},
): Promise<Response> {
  const headers = new Headers({ 'content-type': 'application/json', origin });
  headers.set(CLIENT_IP_HEADER, options.ip ?? nextIp());
  return auth.handler(
    new Request(`${origin}/api/auth${endpoint}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    }),
  );
}

async function get(url: string) {
  const headers = new Headers({ [CLIENT_IP_HEADER]: nextIp() });
  return auth.handler(new Request(url, { headers, redirect: 'manual' }));
}

async function lastLinkTo(email: string, subject: RegExp): Promise<string> {
  await mailer.idle();
  const found = sent.filter((mail) => mail.to === email && subject.test(mail.subject)).at(-1);
  if (!found) throw new Error(`no e-mail to ${email} matching ${subject}`);
  return found.link;
}

const cookieOf = (cookies: string[]) =>
  cookies
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => pair.includes('session_token=') && !pair.endsWith('='))
    .join('; ');

async function signUp(email: string, password = 'tailor-made-42', name = 'Raj Patel') {
  return post('/sign-up/email', { email, password, name, callbackURL: '/login?verified=1' });
}

/** Registers, follows the verification link, signs in; resolves to the session cookie. */
async function verifiedCustomer(email: string, password = 'tailor-made-42'): Promise<string> {
  expect((await signUp(email, password)).status).toBe(200);
  await get(await lastLinkTo(email, /Confirm your e-mail/));
  const signIn = await post('/sign-in/email', { email, password });
  expect(signIn.status).toBe(200);
  return cookieOf(signIn.cookies);
}

function loaderContext(): AppLoadContext {
  return { auth, db: database.db, env: { PUBLIC_URL: origin } } as unknown as AppLoadContext;
}

function pageRequest(path: string, cookie?: string) {
  return new Request(`${origin}${path}`, { headers: cookie ? { cookie } : {} });
}

beforeAll(async () => {
  database = await createTestDatabase();
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-outbox-'));
  mailer = createMailer({
    from: 'Shop <shop@example.com>',
    outboxDir: outbox,
    log: {
      info: (fields: { to?: string; subject?: string; link?: string }) => {
        if (fields.link) sent.push({ to: fields.to!, subject: fields.subject!, link: fields.link });
      },
      warn: () => {},
      error: () => {},
    } as never,
  });
  auth = createAuth({
    db: database.db,
    account: accountAuthRules,
    env: { PUBLIC_URL: origin },
    secret: 'integration-test-secret-of-at-least-32-chars',
    mailer,
    shopName: async () => 'Test Tailors',
  });
});

afterAll(async () => {
  await mailer.idle();
  await database.dispose();
  await fs.rm(outbox, { recursive: true, force: true });
});

describe(`accounts on ${testDatabaseKind}`, () => {
  it('signs up a customer, refuses sign-in until the e-mail is confirmed, then signs in', async () => {
    const email = 'asha@example.com';
    const signUpResult = await post('/sign-up/email', {
      email,
      password: 'tailor-made-42',
      name: 'Asha Mehta',
      callbackURL: '/login?verified=1',
    });
    expect(signUpResult.status).toBe(200);
    expect(signUpResult.cookies.filter((cookie) => /session_token=[^;]/.test(cookie))).toEqual([]);
    const [row] = await database.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ name: 'Asha Mehta', role: 'user', emailVerified: false });

    const early = await post('/sign-in/email', { email, password: 'tailor-made-42' });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('EMAIL_NOT_VERIFIED');

    const link = await lastLinkTo(email, /Confirm your e-mail/);
    expect(link.startsWith(`${origin}/api/auth/verify-email?token=`)).toBe(true);
    const files = await fs.readdir(outbox);
    expect(files.some((file) => file.endsWith('.eml'))).toBe(true);
    const verified = await get(link);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/login?verified=1');
    const [after] = await database.db.select().from(user).where(eq(user.email, email));
    expect(after?.emailVerified).toBe(true);

    const signIn = await post('/sign-in/email', { email, password: 'tailor-made-42' });
    expect(signIn.status).toBe(200);
    const sessionCookie = signIn.cookies.find((cookie) => cookie.includes('session_token='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Secure/i);
    const current = await getSessionUser(
      pageRequest('/', cookieOf(signIn.cookies)),
      loaderContext(),
    );
    expect(current).toMatchObject({ email, name: 'Asha Mehta', role: 'user' });
  });

  it('refuses a tampered verification link and answers a reused one without harm', async () => {
    const email = 'kiran@example.com';
    await signUp(email);
    const link = await lastLinkTo(email, /Confirm your e-mail/);
    const tampered = await get(link.replace(/token=([^.]+)\.([^.]+)\./, 'token=$1.$2x.'));
    expect(tampered.headers.get('location')).toMatch(/error=/);
    const [still] = await database.db.select().from(user).where(eq(user.email, email));
    expect(still?.emailVerified).toBe(false);
    expect((await get(link)).headers.get('location')).toBe('/login?verified=1');
    expect((await get(link)).headers.get('location')).toBe('/login?verified=1');
  });

  it('refuses an e-mail that already has an account, whatever its case', async () => {
    await signUp('dup@example.com');
    const again = await signUp('DUP@Example.com');
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      code: 'USER_ALREADY_EXISTS',
      message: DUPLICATE_EMAIL_MESSAGE,
    });
    const rows = await database.db.select().from(user).where(eq(user.email, 'dup@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('never takes a role, a verified flag or oversized fields from the browser', async () => {
    const sneaky = await post('/sign-up/email', {
      email: 'sneaky@example.com',
      password: 'tailor-made-42',
      name: 'Sneaky',
      role: 'admin',
    });
    expect(sneaky.status).toBeGreaterThanOrEqual(400);
    expect(sneaky.status).toBeLessThan(500);
    const [row] = await database.db.select().from(user).where(eq(user.email, 'sneaky@example.com'));
    expect(row?.role ?? 'user').toBe('user');

    const long = await post('/sign-up/email', {
      email: 'long@example.com',
      password: 'tailor-made-42',
      name: 'x'.repeat(5000),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Name must be at most 100 characters');
    expect(await database.db.select().from(user).where(eq(user.email, 'long@example.com'))).toEqual(
      [],
    );

    const short = await signUp('short@example.com', '12345');
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('PASSWORD_TOO_SHORT');
  });

  it('rejects a wrong password, and locks the account (not the address) after 5 failures', async () => {
    const email = 'target@example.com';
    await verifiedCustomer(email);
    const wrong = await post('/sign-in/email', { email, password: 'not-it-at-all' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    const unknown = await post('/sign-in/email', {
      email: 'nobody@example.com',
      password: 'x1234567',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(wrong.body.message);

    // 30 guesses, each from another address (a botnet): the account's counter stops them.
    const answers: { status: number; retryAfter: string | null }[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const response = await postRaw('/sign-in/email', { email, password: `guess-${attempt}` });
      answers.push({ status: response.status, retryAfter: response.headers.get('retry-after') });
    }
    const [firstTier] = SIGN_IN_LIMITS.accountFailures;
    // One failure above came first, so the lock starts after max - 1 more.
    const firstRefusal = answers.findIndex((answer) => answer.status === 429);
    expect(firstRefusal).toBe(firstTier.max - 1);
    expect(answers.slice(firstRefusal).every((answer) => answer.status === 429)).toBe(true);
    for (const answer of answers.slice(firstRefusal)) {
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(firstTier.windowS);
    }
    // The right password is refused too while the lock holds, so guessing gains nothing…
    const locked = await post('/sign-in/email', { email, password: 'tailor-made-42' });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(
      /Please try again in 1[45] minutes, or reset your password/,
    );
    // …and another account is not touched.
    const bystander = 'bystander@example.com';
    await verifiedCustomer(bystander);
    expect(
      (await post('/sign-in/email', { email: bystander, password: 'tailor-made-42' })).status,
    ).toBe(200);
  });

  it('lets 30 shoppers behind one address sign in within a minute', async () => {
    const ip = '198.51.100.23';
    const emails = Array.from({ length: 30 }, (_, index) => `cgnat-${index}@example.com`);
    for (const email of emails) {
      expect((await signUp(email)).status).toBe(200);
      await get(await lastLinkTo(email, /Confirm your e-mail/));
    }
    const statuses: number[] = [];
    for (const email of emails) {
      statuses.push(
        (await post('/sign-in/email', { email, password: 'tailor-made-42' }, { ip })).status,
      );
    }
    expect(statuses).toEqual(emails.map(() => 200));
  });

  it('answers every 429 of the auth endpoints with Retry-After and when to try again', async () => {
    const ip = '192.0.2.44';
    const max = AUTH_RATE_LIMITS['/send-verification-email'].max;
    let refused: Response | undefined;
    for (let attempt = 0; attempt <= max && !refused; attempt += 1) {
      const response = await postRaw(
        '/send-verification-email',
        { email: 'someone@example.com', callbackURL: '/login?verified=1' },
        { ip },
      );
      if (response.status === 429) refused = response;
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused!.json()) as { message: string }).message).toMatch(
      /^Too many attempts\. Please try again in \d+ (second|minute)s?\.$/,
    );
  });

  it.each(CALLBACK_PARAMETERS)(
    'refuses a %s that leaves the site, before any other check',
    async (name) => {
      for (const payload of REDIRECT_PAYLOADS) {
        const query = new URLSearchParams({ token: 'not-a-token', [name]: payload });
        const response = await get(`${origin}/api/auth/verify-email?${query}`);
        expect(locationStaysOn(response.headers.get('location'), origin), payload).toBe(true);
        if (!sameOriginPath(payload, origin)) expect(response.status, payload).toBe(400);
      }
      for (const payload of REPORTED_REDIRECTS) {
        const body = { email: 'callbacks@example.com', [name]: payload };
        const sent = await post('/send-verification-email', body);
        expect(sent.status, payload).toBe(400);
        expect(sent.body.message).toContain(OFF_SITE_CALLBACK_MESSAGE);
      }
    },
  );

  it('accepts a callback whose query carries a return path (register sends one)', async () => {
    const accepted = await post('/send-verification-email', {
      email: 'returning@example.com',
      callbackURL: '/login?verified=1&redirectTo=%2Fwishlist',
    });
    expect(accepted.status).toBe(200);
  });

  it('refuses a name that is not text, as the fuzzer found (it answered 500)', async () => {
    const cookie = await verifiedCustomer('nameless@example.com');
    for (const name of [null, 42, '', '   ', ['Raj']]) {
      const answer = await post('/update-user', { name }, { cookie });
      expect(answer.status, JSON.stringify(name)).toBe(400);
    }
  });

  it("deletes an account only with its password, whatever the session's age", async () => {
    const email = 'keeper@example.com';
    const cookie = await verifiedCustomer(email);
    for (const body of [{}, { password: '' }, { password: null }, { callbackURL: '/' }]) {
      const refused = await post('/delete-user', body, { cookie });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(DELETE_NEEDS_PASSWORD);
    }
    expect(await database.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
  });

  it('resets a password by e-mail once, signing out every session', async () => {
    const email = 'reset@example.com';
    const oldCookie = await verifiedCustomer(email);
    expect(
      (await post('/request-password-reset', { email, redirectTo: '/reset-password' })).status,
    ).toBe(200);
    const unknown = await post('/request-password-reset', {
      email: 'ghost@example.com',
      redirectTo: '/reset-password',
    });
    expect(unknown.status).toBe(200);

    const link = await lastLinkTo(email, /Reset your/);
    const landing = await get(link);
    const location = new URL(landing.headers.get('location')!, origin);
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const done = await post('/reset-password', { token, newPassword: 'a-new-cloth-77' });
    expect(done.status).toBe(200);
    expect(await getSessionUser(pageRequest('/', oldCookie), loaderContext())).toBeNull();
    const reused = await post('/reset-password', { token, newPassword: 'another-cloth-88' });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('INVALID_TOKEN');
    expect((await post('/sign-in/email', { email, password: 'tailor-made-42' })).status).toBe(401);
    expect((await post('/sign-in/email', { email, password: 'a-new-cloth-77' })).status).toBe(200);
  });

  it('guards signed-in and admin pages on the server', async () => {
    const context = loaderContext();
    await expect(requireUser(pageRequest('/account'), context)).rejects.toSatisfy(
      (response: Response) =>
        response.status === 302 &&
        response.headers.get('location') === '/login?redirectTo=%2Faccount',
    );
    const customer = await verifiedCustomer('customer@example.com');
    expect((await requireUser(pageRequest('/account', customer), context)).role).toBe('user');
    await expect(requireAdmin(pageRequest('/admin', customer), context)).rejects.toSatisfy(
      (response: Response) => response.headers.get('location') === '/login',
    );
    const listAsCustomer = await auth.handler(
      new Request(`${origin}/api/auth/admin/list-users`, {
        headers: { cookie: customer, [CLIENT_IP_HEADER]: nextIp() },
      }),
    );
    expect(listAsCustomer.status).toBe(403);

    await createOrPromoteAdmin(auth, database.db, {
      email: 'owner@example.com',
      password: 'Rajkot-Looms-1987!',
      name: 'Shop Owner',
    });
    const adminSignIn = await post('/sign-in/email', {
      email: 'owner@example.com',
      password: 'Rajkot-Looms-1987!',
    });
    expect(adminSignIn.status).toBe(200);
    const adminCookie = cookieOf(adminSignIn.cookies);
    expect((await requireAdmin(pageRequest('/admin', adminCookie), context)).role).toBe('admin');

    // Issue 31 item 2: the counter opens what its role allows; anything else is 403, and Better
    // Auth's own admin endpoints stay the owner's.
    await createOrPromoteAdmin(auth, database.db, {
      email: 'counter@example.com',
      password: 'Rajkot-Looms-1987!',
      name: 'Front Desk',
      role: 'counter',
    });
    const counterSignIn = await post('/sign-in/email', {
      email: 'counter@example.com',
      password: 'Rajkot-Looms-1987!',
    });
    const counterCookie = cookieOf(counterSignIn.cookies);
    const asCounter = pageRequest('/admin/orders', counterCookie);
    expect((await requirePermission(asCounter, context, { orders: ['read'] })).role).toBe(
      'counter',
    );
    for (const refused of [
      requirePermission(asCounter, context, { settings: ['read'] }),
      requireAdmin(asCounter, context),
    ]) {
      await expect(refused).rejects.toMatchObject({
        data: 'You do not have access to this page.',
        init: { status: 403 },
      });
    }
    await expect(
      requirePermission(pageRequest('/admin/orders', customer), context, { orders: ['read'] }),
    ).rejects.toSatisfy((response: Response) => response.headers.get('location') === '/login');
    const listAsCounter = await auth.handler(
      new Request(`${origin}/api/auth/admin/list-users`, {
        headers: { cookie: counterCookie, [CLIENT_IP_HEADER]: nextIp() },
      }),
    );
    expect(listAsCounter.status).toBe(403);
    const listAsOwner = await auth.handler(
      new Request(`${origin}/api/auth/admin/list-users`, {
        headers: { cookie: adminCookie, [CLIENT_IP_HEADER]: nextIp() },
      }),
    );
    expect(listAsOwner.status).toBe(200);
  });

  it('the admin command refuses weak passwords and promotes an existing account', async () => {
    expect(weakAdminPassword('short1!')).toMatch(/at least 12 characters/);
    expect(weakAdminPassword('passwordpassword')).toMatch(/too easy to guess/);
    expect(weakAdminPassword('Rajkot-Looms-1987!')).toBeNull();
    await expect(
      createOrPromoteAdmin(auth, database.db, {
        email: 'weak@example.com',
        password: 'password1234',
      }),
    ).rejects.toBeInstanceOf(AdminInputError);
    await expect(
      createOrPromoteAdmin(auth, database.db, {
        email: 'not-an-email',
        password: 'Rajkot-Looms-1987!',
      }),
    ).rejects.toThrow(/not a valid e-mail/);
    expect(await database.db.select().from(user).where(eq(user.email, 'weak@example.com'))).toEqual(
      [],
    );

    await signUp('promote@example.com');
    const result = await createOrPromoteAdmin(auth, database.db, {
      email: 'Promote@example.com',
      password: 'irrelevant',
    });
    expect(result).toMatchObject({
      action: 'promoted',
      email: 'promote@example.com',
      name: 'Raj Patel',
    });
    const [row] = await database.db
      .select()
      .from(user)
      .where(eq(user.email, 'promote@example.com'));
    expect(row).toMatchObject({ role: 'admin', emailVerified: true });
    const again = await createOrPromoteAdmin(auth, database.db, {
      email: 'promote@example.com',
      password: 'irrelevant',
    });
    expect(again.action).toBe('already-admin');
  });

  it('renames, changes the password and deletes an account through the action helper', async () => {
    const email = 'leaver@example.com';
    const cookie = await verifiedCustomer(email);
    const context = loaderContext();
    const request = new Request(`${origin}/account`, {
      method: 'POST',
      headers: { cookie, origin, [CLIENT_IP_HEADER]: nextIp() },
    });
    const renamed = await callAuthEndpoint(context, request, '/update-user', {
      name: 'Leela Shah',
    });
    expect(renamed.ok).toBe(true);
    expect((await getSessionUser(pageRequest('/', cookie), context))?.name).toBe('Leela Shah');

    const wrongDelete = await callAuthEndpoint(context, request, '/delete-user', {
      password: 'nope-nope',
    });
    expect(wrongDelete.status).toBe(400);
    expect(wrongDelete.body.code).toBe('INVALID_PASSWORD');
    const [kept] = await database.db.select().from(user).where(eq(user.email, email));
    expect(kept).toBeDefined();

    const deleted = await callAuthEndpoint(context, request, '/delete-user', {
      password: 'tailor-made-42',
    });
    expect(deleted.ok).toBe(true);
    expect(await database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    expect(await database.db.select().from(session).where(eq(session.userId, kept!.id))).toEqual(
      [],
    );
    expect(await getSessionUser(pageRequest('/', cookie), context)).toBeNull();
  });
});
