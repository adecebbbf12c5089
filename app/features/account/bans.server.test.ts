/**
 * Banned accounts on a real database with Better Auth and real sessions: a session that is
 * still present after its account is banned (the moment between the ban and the sessions'
 * revocation, or a session Better Auth kept in a cookie) counts as signed out everywhere the
 * app asks who is signed in; and a banned account signing in at /login hears the shop, with its
 * contact, rather than Better Auth's default ban message.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user } from '~/lib/schema.server';
import * as accountRoute from '~/routes/account';
import * as loginRoute from '~/routes/login';
import { defaultSiteSettings } from '~/features/site/settings';
import { setBanned } from './account-commands.server';
import {
  createTestApp,
  formPost,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import { MESSAGES, suspendedAccountMessage } from './rules';
import { getSessionUser, isBanActive, requireUser } from './session.server';

/** The password `TestApp.signedIn` registers accounts with. */
const PASSWORD = 'a-long-test-password-42';
const HOUR = 60 * 60 * 1000;

describe('when a ban holds', () => {
  const now = new Date('2025-03-10T06:30:00Z');
  it('holds while banned without an end, or until an end still ahead', () => {
    expect(isBanActive({ banned: false, banExpires: null }, now)).toBe(false);
    expect(isBanActive({ banned: null, banExpires: null }, now)).toBe(false);
    expect(isBanActive({ banned: true, banExpires: null }, now)).toBe(true);
    expect(isBanActive({ banned: true, banExpires: new Date(now.getTime() + HOUR) }, now)).toBe(
      true,
    );
    expect(isBanActive({ banned: true, banExpires: new Date(now.getTime() - HOUR) }, now)).toBe(
      false,
    );
    expect(
      isBanActive({ banned: true, banExpires: new Date(now.getTime() + HOUR).toISOString() }, now),
    ).toBe(true);
  });
});

describe(`banned accounts on ${testDatabaseKind}`, () => {
  let app: TestApp;

  const setBan = (id: string, banned: boolean, banExpires: Date | null = null) =>
    app.database.db.update(user).set({ banned, banExpires }).where(eq(user.id, id));
  const sessionsOf = async (id: string) =>
    (await app.database.db.select().from(session).where(eq(session.userId, id))).length;
  const nameOf = async (id: string) =>
    (await app.database.db.select({ name: user.name }).from(user).where(eq(user.id, id)))[0]?.name;
  const accountPage = (cookie: string) =>
    routeOutcome(() =>
      accountRoute.loader({
        request: pageGet('/account', cookie),
        context: app.context,
        params: {},
      } as never),
    );
  const rename = (cookie: string, fullName: string) =>
    routeOutcome(() =>
      accountRoute.action({
        request: formPost('/account', { intent: 'update-name', fullName }, cookie),
        context: app.context,
        params: {},
      } as never),
    );
  const signIn = (email: string, password = PASSWORD) =>
    routeOutcome(() =>
      loginRoute.action({
        request: formPost('/login', { intent: 'sign-in', email, password }),
        context: app.context,
        params: {},
      } as never),
    );

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.dispose());

  it('treats a session still present after a ban as signed out: the session, /account and its action', async () => {
    const { cookie, userId } = await app.signedIn('user', 'still-signed-in@example.com');
    expect(await getSessionUser(pageGet('/', cookie), app.context)).toMatchObject({
      id: userId,
      role: 'user',
    });
    expect((await accountPage(cookie)).status).toBe(200);

    // The ban is written; the session is not revoked (yet): Better Auth still vouches for it.
    await setBan(userId, true);
    expect(await sessionsOf(userId)).toBe(1);
    expect(await app.auth.api.getSession({ headers: new Headers({ cookie }) })).not.toBeNull();

    expect(await getSessionUser(pageGet('/', cookie), app.context)).toBeNull();
    await expect(requireUser(pageGet('/account', cookie), app.context)).rejects.toSatisfy(
      (response: Response) =>
        response.status === 302 &&
        response.headers.get('location') === '/login?redirectTo=%2Faccount',
    );
    expect(await accountPage(cookie)).toMatchObject({
      status: 302,
      location: '/login?redirectTo=%2Faccount',
    });
    expect(await rename(cookie, 'Renamed While Banned')).toMatchObject({ status: 302 });
    expect(await nameOf(userId)).toBe('Test user');
    // The sign-in page shows its form instead of sending them on as someone signed in.
    expect(
      (
        await routeOutcome(() =>
          loginRoute.loader({
            request: pageGet('/login', cookie),
            context: app.context,
            params: {},
          } as never),
        )
      ).status,
    ).toBe(200);

    // A ban that runs until later holds; one that has run out does not.
    await setBan(userId, true, new Date(Date.now() + HOUR));
    expect(await getSessionUser(pageGet('/', cookie), app.context)).toBeNull();
    await setBan(userId, true, new Date(Date.now() - HOUR));
    expect((await getSessionUser(pageGet('/', cookie), app.context))?.id).toBe(userId);

    // Lifting the ban lets the same session back in.
    await setBan(userId, false);
    expect((await getSessionUser(pageGet('/', cookie), app.context))?.id).toBe(userId);
    expect(await rename(cookie, 'Renamed After')).toMatchObject({ status: 200 });
    expect(await nameOf(userId)).toBe('Renamed After');
  });

  it("tells a banned account at sign-in, in the shop's voice and with its contact, that it is suspended", async () => {
    const owner = await app.signedIn('admin', 'owner@example.com');
    const { userId } = await app.signedIn('user', 'suspended@example.com');
    await setBanned(
      app.database.db,
      { id: owner.userId, email: 'owner@example.com' },
      { userId, banned: true, reason: 'Chargebacks' },
    );

    const refused = await signIn('suspended@example.com');
    expect(refused.status).toBe(403);
    const notice = (refused.data as { notice: { title: string; description: string } }).notice;
    expect(notice).toMatchObject({
      title: MESSAGES.loginFailed,
      description: suspendedAccountMessage(defaultSiteSettings),
    });
    expect(notice.description).toBe(
      'This account has been suspended. Please contact the shop for help: ' +
        `call ${defaultSiteSettings.phone} or write to ${defaultSiteSettings.email}.`,
    );
    expect(notice.description).not.toMatch(/banned|this application/i);
    expect(await sessionsOf(userId)).toBe(0);

    // A wrong password says nothing about the ban.
    const wrong = await signIn('suspended@example.com', 'not-the-password-at-all');
    expect(wrong.status).toBe(401);
    expect((wrong.data as { notice: { description: string } }).notice.description).not.toBe(
      notice.description,
    );
  });
});
