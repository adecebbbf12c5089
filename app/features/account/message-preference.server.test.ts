/**
 * The account page's Messages section on a real database: the shopper's channel saved on
 * their customer record (made with the mobile number they give, or the shop's record for their
 * verified e-mail, linked), refusals with the field's message, and visitors turned away.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '~/lib/schema.server';
import * as accountRoute from '~/routes/account';
import {
  createTestApp,
  formPost,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.dispose();
});

const load = (cookie?: string) =>
  routeOutcome(() =>
    accountRoute.loader({
      request: pageGet('/account', cookie),
      context: app.context,
      params: {},
    } as never),
  );
const save = (fields: Record<string, string>, cookie?: string) =>
  routeOutcome(() =>
    accountRoute.action({
      request: formPost('/account', { intent: 'save-messages', ...fields }, cookie),
      context: app.context,
      params: {},
    } as never),
  );
const recordOf = async (userId: string) =>
  (await app.database.db.select().from(customers).where(eq(customers.userId, userId)))[0];

describe(`the account's message channel on ${testDatabaseKind}`, () => {
  it('asks a shopper without a record for their mobile, then saves the choice on a new record', async () => {
    const { cookie, userId } = await app.signedIn('user');
    expect((await load(cookie)).data).toMatchObject({ messages: { notify: 'both', phone: null } });

    const missing = await save({ notify: 'whatsapp', phone: '' }, cookie);
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({
      ok: false,
      state: 'messages',
      errors: { phone: 'Please enter a 10-digit Indian mobile number' },
    });
    const wrong = await save({ notify: 'whatsapp', phone: '12345' }, cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      errors: { phone: 'Please enter a 10-digit Indian mobile number' },
    });
    expect(await recordOf(userId)).toBeUndefined();

    const saved = await save({ notify: 'whatsapp', phone: '98250 12345' }, cookie);
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({
      ok: true,
      notice: {
        title: 'Message preference saved',
        description: 'We will send your appointment and order messages by WhatsApp.',
      },
    });
    expect(await recordOf(userId)).toMatchObject({
      phone: '+919825012345',
      notify: 'whatsapp',
      name: 'Test user',
    });
    expect((await load(cookie)).data).toMatchObject({
      messages: { notify: 'whatsapp', phone: '+91 98250 12345' },
    });

    // With a record, the number is not asked again.
    const email = await save({ notify: 'email' }, cookie);
    expect(email.status).toBe(200);
    expect(await recordOf(userId)).toMatchObject({ notify: 'email', phone: '+919825012345' });
    expect(
      await app.database.db.select().from(customers).where(eq(customers.userId, userId)),
    ).toHaveLength(1);
  });

  it('refuses a choice that is not on the list', async () => {
    const { cookie, userId } = await app.signedIn('user');
    const refused = await save({ notify: 'carrier-pigeon', phone: '9825012345' }, cookie);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      errors: { notify: 'Please choose how we should send your messages' },
    });
    expect(await recordOf(userId)).toBeUndefined();
  });

  it('uses the record the shop made for the shopper’s verified e-mail', async () => {
    const email = `walk-in-${Date.now()}@example.com`;
    const [walkIn] = await app.database.db
      .insert(customers)
      .values({ name: 'Walk-in Patel', phone: '+919825099999', email, notify: 'email' })
      .returning();
    const { cookie, userId } = await app.signedIn('user', email);
    expect((await load(cookie)).data).toMatchObject({
      messages: { notify: 'email', phone: '+91 98250 99999' },
    });
    expect((await save({ notify: 'both' }, cookie)).status).toBe(200);
    expect(await recordOf(userId)).toMatchObject({ id: walkIn!.id, notify: 'both' });
  });

  it('turns a visitor away without changing anything', async () => {
    const before = await app.database.db.select().from(customers);
    const answer = await save({ notify: 'email', phone: '9825012345' });
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/login/);
    expect(await app.database.db.select().from(customers)).toEqual(before);
  });
});
