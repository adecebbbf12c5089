/**
 * The sign-in pages' actions through their routes on a real database with Better Auth:
 * register, sign in, a new confirmation e-mail, the reset request and the new password, each
 * with the status, state, notice and kept values its page reads (SPEC.md sections 4, 5, 8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '~/lib/rate-limit.server';
import * as forgotPasswordRoute from '~/routes/forgot-password';
import * as loginRoute from '~/routes/login';
import * as registerRoute from '~/routes/register';
import * as resetPasswordRoute from '~/routes/reset-password';
import {
  createTestApp,
  formPost,
  routeOutcome,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import { DUPLICATE_EMAIL_MESSAGE, MESSAGES, RESET_LINK_INVALID } from './rules';

/** The password `TestApp.signedIn` registers accounts with. */
const PASSWORD = 'a-long-test-password-42';

type Action = (args: never) => Promise<unknown>;
let address = 0;

describe(`the sign-in pages' actions on ${testDatabaseKind}`, () => {
  let app: TestApp;

  /** Posts `fields` to `path`'s action from a fresh client address (no shared rate limit). */
  const post = (action: Action, path: string, fields: Record<string, string>) => {
    const request = formPost(path, fields);
    request.headers.set(CLIENT_IP_HEADER, `198.51.100.${++address}`);
    return routeOutcome(() => action({ request, context: app.context, params: {} } as never));
  };

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.dispose());

  it('registers with the return path kept, refusing a bad form and a taken e-mail', async () => {
    const email = 'new-customer@example.com';
    const form = {
      fullName: 'Asha Rao',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      terms: 'on',
    };
    const refused = await post(registerRoute.action, '/register', {
      ...form,
      fullName: '',
      confirmPassword: 'something-else',
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      ok: false,
      values: { fullName: '', email },
      errors: { fullName: MESSAGES.nameRequired, confirmPassword: MESSAGES.passwordsDiffer },
    });

    expect(await post(registerRoute.action, '/register?redirectTo=%2Fwishlist', form)).toEqual({
      status: 302,
      location: '/login?registered=1&redirectTo=%2Fwishlist',
    });

    const again = await post(registerRoute.action, '/register', form);
    expect(again.status).toBe(422);
    expect(again.data).toMatchObject({
      ok: false,
      errors: { email: DUPLICATE_EMAIL_MESSAGE },
      values: { fullName: 'Asha Rao', email },
    });
  });

  it('signs in to the return path, and refuses empty fields, a wrong password and an unconfirmed e-mail', async () => {
    const empty = await post(loginRoute.action, '/login', { intent: 'sign-in', email: 'x@y.z' });
    expect(empty.status).toBe(400);
    expect(empty.data).toEqual({
      ok: false,
      values: { email: 'x@y.z' },
      errors: { password: MESSAGES.fillAllFields },
    });

    const { userId } = await app.signedIn('user', 'returning@example.com');
    expect(userId).toBeTruthy();
    const wrong = await post(loginRoute.action, '/login', {
      intent: 'sign-in',
      email: 'returning@example.com',
      password: 'not-the-password',
    });
    expect(wrong).toMatchObject({
      status: 401,
      data: { ok: false, values: { email: 'returning@example.com' } },
    });
    expect(wrong.data).toHaveProperty('notice.title', MESSAGES.loginFailed);
    expect(
      await post(loginRoute.action, '/login?redirectTo=%2Faccount%2Forders', {
        intent: 'sign-in',
        email: 'Returning@Example.com',
        password: PASSWORD,
      }),
    ).toEqual({ status: 302, location: '/account/orders' });

    await post(registerRoute.action, '/register', {
      fullName: 'Not Yet Confirmed',
      email: 'unconfirmed@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      terms: 'on',
    });
    const unverified = await post(loginRoute.action, '/login', {
      intent: 'sign-in',
      email: 'unconfirmed@example.com',
      password: PASSWORD,
    });
    expect(unverified.status).toBe(403);
    expect(unverified.data).toMatchObject({
      ok: false,
      state: 'unverified',
      values: { email: 'unconfirmed@example.com' },
      notice: { title: MESSAGES.loginFailed },
    });

    const resent = await post(loginRoute.action, '/login', {
      intent: 'resend',
      email: 'unconfirmed@example.com',
    });
    expect(resent.status).toBe(200);
    expect(resent.data).toMatchObject({
      ok: true,
      state: 'resent',
      notice: { title: 'Confirmation e-mail sent', error: false },
    });
  });

  it('answers a reset request the same either way, and refuses a bad form or an unknown link', async () => {
    const badEmail = await post(forgotPasswordRoute.action, '/forgot-password', {
      email: 'not-an-address',
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.data).toEqual({
      ok: false,
      values: { email: 'not-an-address' },
      errors: { email: MESSAGES.emailInvalid },
    });
    const nobody = await post(forgotPasswordRoute.action, '/forgot-password', {
      email: 'nobody@example.com',
    });
    expect(nobody).toEqual({
      status: 200,
      data: { ok: true, state: 'sent', values: { email: 'nobody@example.com' } },
    });

    const mismatch = await post(resetPasswordRoute.action, '/reset-password', {
      token: 'some-token',
      password: PASSWORD,
      confirmPassword: 'another-password',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.data).toEqual({
      ok: false,
      errors: { confirmPassword: MESSAGES.passwordsDiffer },
    });
    const unknown = await post(resetPasswordRoute.action, '/reset-password', {
      token: 'no-such-token',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(unknown).toEqual({
      status: 400,
      data: {
        ok: false,
        state: 'invalid',
        notice: { title: 'Password not changed', description: RESET_LINK_INVALID },
      },
    });
  });
});
