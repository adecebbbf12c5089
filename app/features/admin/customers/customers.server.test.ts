/**
 * The back office's customers on a real database with Better Auth and real sessions: the
 * list (search, role filter, order counts, paid totals, pages of 25), one account with its
 * orders, roles (never the last administrator, even when two administrators demote each other
 * at once), bans (sessions revoked in the same transaction, sign-in refused afterwards, never
 * oneself), lifting a ban, the audit entries, and the route's loader and intents.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, customers, orders, session, user } from '~/lib/schema.server';
import * as customerRoute from '~/routes/admin/customer';
import * as customersRoute from '~/routes/admin/customers';
import {
  createTestApp,
  formPost,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../../tests/support/test-app';
import { testDatabaseKind } from '../../../../tests/support/test-db';
import { LAST_ADMIN_MESSAGE } from '~/features/account/roles';
import {
  CUSTOMERS_PAGE_SIZE,
  getCustomer,
  listCustomers,
  setBannedSchema,
  setRoleSchema,
} from './customers.server';
import { setBanned, setRole } from '~/features/account/account-commands.server';
import { Refusal } from '~/lib/refusal';
import type { Actor } from '~/lib/audit.server';

/** The password `TestApp.signedIn` registers accounts with. */
const PASSWORD = 'a-long-test-password-42';
const base = new Date('2025-03-10T06:30:00Z').getTime();
let orderNumbers = 0;

/** Inserts an account registered `minutesAgo` minutes before the base time. */
async function account(
  app: TestApp,
  id: string,
  values: { name: string; email: string; role?: 'admin' | 'user'; minutesAgo: number },
): Promise<string> {
  await app.database.db.insert(user).values({
    id,
    name: values.name,
    email: values.email,
    role: values.role ?? 'user',
    emailVerified: values.role === 'admin',
    createdAt: new Date(base - values.minutesAgo * 60_000),
  });
  return id;
}

/** Inserts an order of `userId` placed `minutesAgo` minutes before the base time. */
async function order(
  app: TestApp,
  userId: string,
  values: { amountPaise: number; status: 'created' | 'paid' | 'failed' | 'cancelled' },
  minutesAgo: number,
): Promise<string> {
  const number = `RT-250310-T${String(++orderNumbers).padStart(4, '0')}`;
  await app.database.db.insert(orders).values({
    number,
    userId,
    status: values.status,
    amountPaise: values.amountPaise,
    customerName: 'Someone',
    email: 'someone@example.com',
    phone: '98250 12345',
    address: '1 Yagnik Road',
    city: 'Rajkot',
    state: 'Gujarat',
    pincode: '360001',
    provider: 'sandbox',
    createdAt: new Date(base - minutesAgo * 60_000),
  });
  return number;
}

/** What an async call rejected with (fails the test when it resolved). */
async function refusal(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe(`the customers list on ${testDatabaseKind}`, () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp();
    for (let n = 1; n <= 26; n += 1) {
      await account(app, `customer-${n}`, {
        name: `Customer ${String(n).padStart(2, '0')}`,
        email: `customer-${n}@example.com`,
        minutesAgo: 10 + n,
      });
    }
    await account(app, 'asha', {
      name: 'Asha Mehta',
      email: 'asha.mehta@example.com',
      minutesAgo: 1,
    });
    await account(app, 'ravi', {
      name: 'Ravi Patel',
      email: 'ravi@example.com',
      role: 'admin',
      minutesAgo: 2,
    });
    await account(app, 'odd', {
      name: 'Odd Address',
      email: 'per%cent_x@example.com',
      minutesAgo: 3,
    });
    await order(app, 'asha', { amountPaise: 150_000, status: 'paid' }, 5);
    await order(app, 'asha', { amountPaise: 50_000, status: 'paid' }, 4);
    await order(app, 'asha', { amountPaise: 99_900, status: 'failed' }, 3);
    await order(app, 'asha', { amountPaise: 1_000, status: 'created' }, 2);
    await order(app, 'customer-1', { amountPaise: 12_345, status: 'cancelled' }, 1);
  });

  afterAll(() => app?.dispose());

  it('lists newest first in pages of 25, with order counts and paid totals', async () => {
    const first = await listCustomers(app.database.db, { page: 1 });
    expect(CUSTOMERS_PAGE_SIZE).toBe(25);
    expect(first.total).toBe(29);
    expect(first.rows).toHaveLength(25);
    expect(first.rows.slice(0, 4).map((row) => row.name)).toEqual([
      'Asha Mehta',
      'Ravi Patel',
      'Odd Address',
      'Customer 01',
    ]);
    expect(first.rows[0]).toEqual({
      key: 'asha',
      recordId: null,
      name: 'Asha Mehta',
      phone: null,
      email: 'asha.mehta@example.com',
      account: {
        id: 'asha',
        name: 'Asha Mehta',
        email: 'asha.mehta@example.com',
        emailVerified: false,
        role: 'user',
        banned: false,
      },
      createdAt: new Date(base - 60_000).toISOString(),
      orderCount: 4,
      paidTotalPaise: 200_000,
      nextAppointment: null,
    });
    expect(first.rows[1]).toMatchObject({
      account: { role: 'admin' },
      orderCount: 0,
      paidTotalPaise: 0,
    });
    expect(first.rows[3]).toMatchObject({ orderCount: 1, paidTotalPaise: 0 });

    const second = await listCustomers(app.database.db, { page: 2 });
    expect(second.total).toBe(29);
    expect(second.rows.map((row) => row.name)).toEqual([
      'Customer 23',
      'Customer 24',
      'Customer 25',
      'Customer 26',
    ]);
    expect((await listCustomers(app.database.db, { page: 3 })).rows).toEqual([]);
  });

  it('searches names and e-mails ignoring case, with % and _ taken literally', async () => {
    const names = async (q: string, role?: 'admin' | 'user') =>
      (await listCustomers(app.database.db, { page: 1, q, role })).rows.map((row) => row.name);
    expect(await names('mehta')).toEqual(['Asha Mehta']);
    expect(await names('ASHA.M')).toEqual(['Asha Mehta']);
    expect(await names('  RAVI@Example ')).toEqual(['Ravi Patel']);
    expect(await names('%')).toEqual(['Odd Address']);
    expect(await names('_')).toEqual(['Odd Address']);
    expect(await names('customer 2')).toHaveLength(7);
    expect(await names('nobody-here')).toEqual([]);
    expect((await listCustomers(app.database.db, { page: 1, q: 'customer 2' })).total).toBe(7);
  });

  it('filters by role', async () => {
    const admins = await listCustomers(app.database.db, { page: 1, role: 'admin' });
    expect(admins.total).toBe(1);
    expect(admins.rows.map((row) => row.key)).toEqual(['ravi']);
    expect((await listCustomers(app.database.db, { page: 1, role: 'user' })).total).toBe(28);
    const patels = (role: 'admin' | 'user') =>
      listCustomers(app.database.db, { page: 1, role, q: 'patel' });
    expect((await patels('admin')).rows.map((row) => row.key)).toEqual(['ravi']);
    expect((await patels('user')).rows).toEqual([]);
  });

  it('shows one account with its orders, newest first, and nothing for an unknown id', async () => {
    const asha = await getCustomer(app.database.db, 'asha');
    expect(asha).toMatchObject({
      id: 'asha',
      name: 'Asha Mehta',
      role: 'user',
      banned: false,
      banReason: null,
      activeSessions: 0,
      isLastAdmin: false,
      orderCount: 4,
      paidTotalPaise: 200_000,
    });
    expect(asha!.orders.map(({ amountPaise, status }) => ({ amountPaise, status }))).toEqual([
      { amountPaise: 1_000, status: 'created' },
      { amountPaise: 99_900, status: 'failed' },
      { amountPaise: 50_000, status: 'paid' },
      { amountPaise: 150_000, status: 'paid' },
    ]);
    expect(asha!.orders[0]).toEqual({
      number: expect.stringMatching(/^RT-250310-T\d{4}$/),
      createdAt: new Date(base - 2 * 60_000).toISOString(),
      amountPaise: 1_000,
      status: 'created',
    });
    expect(await getCustomer(app.database.db, 'ravi')).toMatchObject({
      role: 'admin',
      isLastAdmin: true,
      orders: [],
    });
    expect(await getCustomer(app.database.db, 'no-such-account')).toBeNull();
  });
});

describe(`everyone the shop serves in one list on ${testDatabaseKind}`, () => {
  let app: TestApp;
  const ids: Record<string, number> = {};

  /** Inserts a customer record made `minutesAgo` minutes before the base time. */
  async function record(
    name: string,
    values: { phone: string; email?: string; userId?: string; minutesAgo: number },
  ): Promise<number> {
    const [row] = await app.database.db
      .insert(customers)
      .values({
        name,
        phone: values.phone,
        email: values.email ?? null,
        userId: values.userId ?? null,
        createdAt: new Date(base - values.minutesAgo * 60_000),
      })
      .returning({ id: customers.id });
    return row!.id;
  }

  beforeAll(async () => {
    app = await createTestApp();
    // An account with no record, one linked to a record, a walk-in record with no account.
    await account(app, 'shopper', {
      name: 'Shopper Only',
      email: 'shopper@example.com',
      minutesAgo: 5,
    });
    await account(app, 'linked', {
      name: 'Kiran (account)',
      email: 'kiran@example.com',
      minutesAgo: 50,
    });
    ids.kiran = await record('Kiran Shah', {
      phone: '+919825044444',
      email: 'kiran@example.com',
      userId: 'linked',
      minutesAgo: 3,
    });
    ids.walkIn = await record('Walk-in Vora', { phone: '+919825055555', minutesAgo: 4 });
    // A shop order of the account and a bespoke order made for the record: both are Kiran's.
    await order(app, 'linked', { amountPaise: 40_000, status: 'paid' }, 2);
    await app.database.db.insert(orders).values({
      number: 'RT-250310-B0001',
      kind: 'bespoke',
      customerId: ids.kiran,
      amountPaise: 500_000,
      status: 'created',
      customerName: 'Kiran Shah',
      email: '',
      phone: '+919825044444',
      address: '',
      city: '',
      state: '',
      pincode: '',
      provider: 'sandbox',
    });
    // Enough walk-ins, older than everyone above, for a second page.
    for (let n = 1; n <= 24; n += 1) {
      await record(`Old walk-in ${String(n).padStart(2, '0')}`, {
        phone: `+91981100${String(n).padStart(4, '0')}`,
        minutesAgo: 100 + n,
      });
    }
  });

  afterAll(() => app?.dispose());

  it('lists records, accounts without one, and a linked pair once, newest first', async () => {
    const first = await listCustomers(app.database.db, { page: 1 });
    expect(first.total).toBe(27);
    expect(first.rows.slice(0, 4).map((row) => [row.key, row.name])).toEqual([
      [String(ids.kiran), 'Kiran Shah'],
      [String(ids.walkIn), 'Walk-in Vora'],
      ['shopper', 'Shopper Only'],
      [expect.any(String), 'Old walk-in 01'],
    ]);
    expect(first.rows.filter((row) => row.account?.id === 'linked')).toHaveLength(1);
    expect(first.rows[0]).toMatchObject({
      recordId: ids.kiran,
      phone: '+919825044444',
      email: 'kiran@example.com',
      account: { id: 'linked', email: 'kiran@example.com', role: 'user' },
      orderCount: 2,
      paidTotalPaise: 40_000,
    });
    expect(first.rows[1]).toMatchObject({ recordId: ids.walkIn, account: null, orderCount: 0 });
    expect(first.rows[2]).toMatchObject({
      key: 'shopper',
      recordId: null,
      phone: null,
      email: 'shopper@example.com',
      account: { id: 'shopper' },
    });
  });

  it('pages through them 25 at a time, each person on one page only', async () => {
    const first = await listCustomers(app.database.db, { page: 1 });
    const second = await listCustomers(app.database.db, { page: 2 });
    expect(first.rows).toHaveLength(25);
    expect(second.total).toBe(27);
    expect(second.rows.map((row) => row.name)).toEqual(['Old walk-in 23', 'Old walk-in 24']);
    const keys = [...first.rows, ...second.rows].map((row) => row.key);
    expect(new Set(keys).size).toBe(27);
    expect((await listCustomers(app.database.db, { page: 3 })).rows).toEqual([]);
  });

  it('finds a person by the record’s phone in any spelling, or by the account’s name', async () => {
    const keys = async (q: string, role?: 'admin' | 'user') =>
      (await listCustomers(app.database.db, { page: 1, q, role })).rows.map((row) => row.key);
    for (const q of ['098250 44444', '+91 98250 44444', '9825044444', 'kiran@EXAMPLE']) {
      expect(await keys(q), q).toEqual([String(ids.kiran)]);
    }
    expect(await keys('(account)')).toEqual([String(ids.kiran)]);
    expect(await keys('vora')).toEqual([String(ids.walkIn)]);
    expect(await keys('shopper@')).toEqual(['shopper']);
    // The role filter is the account's: a walk-in has none.
    expect(await keys('vora', 'user')).toEqual([]);
    expect(await keys('kiran', 'user')).toEqual([String(ids.kiran)]);
  });
});

describe(`customer roles and bans on ${testDatabaseKind}`, () => {
  let app: TestApp;
  let emails = 0;

  /** A signed-in account with this role: its actor, e-mail and session cookie. */
  async function person(role: 'admin' | 'user') {
    const email = `person-${++emails}@example.com`;
    const { cookie, userId } = await app.signedIn(role, email);
    const actor: Actor = { id: userId, email };
    return { id: userId, email, cookie, actor };
  }

  const roleOf = async (id: string) =>
    (await app.database.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]?.role;
  const banOf = async (id: string) =>
    (
      await app.database.db
        .select({ banned: user.banned, banReason: user.banReason })
        .from(user)
        .where(eq(user.id, id))
    )[0];
  const sessionsOf = async (id: string) =>
    (await app.database.db.select().from(session).where(eq(session.userId, id))).length;
  const auditOf = async (id: string) =>
    (
      await app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, id)))
        .orderBy(asc(auditLog.id))
    ).map(({ actorId, action, summary, before, after }) => ({
      actorId,
      action,
      summary,
      before,
      after,
    }));
  const sessionFor = (cookie: string) =>
    app.auth.api.getSession({ headers: new Headers({ cookie }) });
  /** Signs in through Better Auth; its status and body, whether it answered or threw. */
  async function signIn(email: string): Promise<{ status: number; body: unknown }> {
    try {
      const response = await app.auth.api.signInEmail({
        body: { email, password: PASSWORD },
        asResponse: true,
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    } catch (error) {
      if (error instanceof APIError) return { status: error.statusCode, body: error.body };
      throw error;
    }
  }

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.dispose());

  // Every test starts with no administrator and nobody banned, and makes its own.
  beforeEach(async () => {
    await app.database.db.update(user).set({ role: 'user', banned: false, banReason: null });
  });

  it('makes a customer an administrator and a customer again, with audit entries', async () => {
    const owner = await person('admin');
    const customer = await person('user');

    expect(
      await setRole(app.database.db, owner.actor, { userId: customer.id, role: 'admin' }),
    ).toBe('Test user is now an administrator.');
    expect(await roleOf(customer.id)).toBe('admin');
    expect((await sessionFor(customer.cookie))?.user.role).toBe('admin');
    expect(
      await setRole(app.database.db, owner.actor, { userId: customer.id, role: 'admin' }),
    ).toBe('Test user is already an administrator.');

    expect(await setRole(app.database.db, owner.actor, { userId: customer.id, role: 'user' })).toBe(
      'Test user is no longer an administrator.',
    );
    expect(await roleOf(customer.id)).toBe('user');

    expect(await auditOf(customer.id)).toEqual([
      {
        actorId: owner.id,
        action: 'customer.make-admin',
        summary: `Made Test user (${customer.email}) an administrator`,
        before: { role: 'user', banned: false, banReason: null },
        after: { role: 'admin', banned: false, banReason: null },
      },
      {
        actorId: owner.id,
        action: 'customer.remove-admin',
        summary: `Removed the administrator role from Test user (${customer.email})`,
        before: { role: 'admin', banned: false, banReason: null },
        after: { role: 'user', banned: false, banReason: null },
      },
    ]);
  });

  it('never removes the last administrator; one may step down while another remains', async () => {
    const first = await person('admin');
    const alone = await refusal(() =>
      setRole(app.database.db, first.actor, { userId: first.id, role: 'user' }),
    );
    expect(alone).toBeInstanceOf(Refusal);
    expect(alone).toMatchObject({ code: 'conflict', message: LAST_ADMIN_MESSAGE });
    expect(await roleOf(first.id)).toBe('admin');
    expect(await auditOf(first.id)).toEqual([]);

    const second = await person('admin');
    expect(await setRole(app.database.db, first.actor, { userId: first.id, role: 'user' })).toBe(
      'You are no longer an administrator.',
    );
    expect(await roleOf(first.id)).toBe('user');

    // A banned administrator cannot sign in, so does not count.
    const third = await person('admin');
    await setBanned(app.database.db, second.actor, {
      userId: third.id,
      banned: true,
      reason: null,
    });
    expect(
      await refusal(() =>
        setRole(app.database.db, second.actor, { userId: second.id, role: 'user' }),
      ),
    ).toMatchObject({ code: 'conflict', message: LAST_ADMIN_MESSAGE });
    expect(await roleOf(second.id)).toBe('admin');

    // Someone who is no longer an administrator cannot change roles.
    expect(
      await refusal(() =>
        setRole(app.database.db, first.actor, { userId: first.id, role: 'admin' }),
      ),
    ).toMatchObject({ code: 'conflict' });
    expect(await roleOf(first.id)).toBe('user');
  });

  it('lets exactly one of two administrators demoting each other at once succeed', async () => {
    const a = await person('admin');
    const b = await person('admin');
    const results = await Promise.allSettled([
      setRole(app.database.db, a.actor, { userId: b.id, role: 'user' }),
      setRole(app.database.db, b.actor, { userId: a.id, role: 'user' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(Refusal);
    expect(refused?.reason).toMatchObject({ code: 'conflict', message: LAST_ADMIN_MESSAGE });
    const roles = [await roleOf(a.id), await roleOf(b.id)].sort();
    expect(roles).toEqual(['admin', 'user']);
    expect((await auditOf(a.id)).length + (await auditOf(b.id)).length).toBe(1);
  });

  it('lets exactly one of two administrators banning each other at once succeed', async () => {
    const a = await person('admin');
    const b = await person('admin');
    const results = await Promise.allSettled([
      setBanned(app.database.db, a.actor, { userId: b.id, banned: true, reason: null }),
      setBanned(app.database.db, b.actor, { userId: a.id, banned: true, reason: null }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')?.reason).toMatchObject({
      code: 'conflict',
      message: LAST_ADMIN_MESSAGE,
    });
    const banned = [(await banOf(a.id))!.banned, (await banOf(b.id))!.banned].sort();
    expect(banned).toEqual([false, true]);
  });

  it('refuses banning yourself and changes nothing', async () => {
    const owner = await person('admin');
    await person('admin');
    const error = await refusal(() =>
      setBanned(app.database.db, owner.actor, { userId: owner.id, banned: true, reason: null }),
    );
    expect(error).toBeInstanceOf(Refusal);
    expect(error).toMatchObject({ code: 'invalid', message: 'You cannot ban your own account.' });
    expect(await banOf(owner.id)).toEqual({ banned: false, banReason: null });
    expect(await sessionFor(owner.cookie)).not.toBeNull();
    expect(await auditOf(owner.id)).toEqual([]);
  });

  it('bans: signs the account out everywhere at once, and Better Auth refuses its sign-in', async () => {
    const owner = await person('admin');
    const customer = await person('user');
    // A second device.
    const other = await signIn(customer.email);
    expect(other.status).toBe(200);
    expect(await sessionsOf(customer.id)).toBe(2);
    expect(await sessionFor(customer.cookie)).not.toBeNull();
    const bystander = await person('user');

    expect(
      await setBanned(app.database.db, owner.actor, {
        userId: customer.id,
        banned: true,
        reason: 'Chargebacks',
      }),
    ).toBe('Test user is banned and signed out everywhere.');
    expect(await banOf(customer.id)).toEqual({ banned: true, banReason: 'Chargebacks' });
    expect(await sessionsOf(customer.id)).toBe(0);
    expect(await sessionFor(customer.cookie)).toBeNull();
    expect(await sessionFor(bystander.cookie)).not.toBeNull();

    const refused = await signIn(customer.email);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'BANNED_USER' });
    expect(await sessionsOf(customer.id)).toBe(0);

    expect(
      await setBanned(app.database.db, owner.actor, {
        userId: customer.id,
        banned: true,
        reason: null,
      }),
    ).toBe('Test user is already banned.');

    expect(await auditOf(customer.id)).toEqual([
      {
        actorId: owner.id,
        action: 'customer.ban',
        summary: `Banned Test user (${customer.email}): Chargebacks (2 sessions signed out)`,
        before: { role: 'user', banned: false, banReason: null },
        after: { role: 'user', banned: true, banReason: 'Chargebacks', sessionsRevoked: 2 },
      },
    ]);
  });

  it('lifts a ban, after which the account can sign in again', async () => {
    const owner = await person('admin');
    const customer = await person('user');
    await setBanned(app.database.db, owner.actor, {
      userId: customer.id,
      banned: true,
      reason: null,
    });
    expect((await signIn(customer.email)).status).toBe(403);

    expect(
      await setBanned(app.database.db, owner.actor, {
        userId: customer.id,
        banned: false,
        reason: null,
      }),
    ).toBe('The ban on Test user is lifted; they can sign in again.');
    expect(await banOf(customer.id)).toEqual({ banned: false, banReason: null });
    expect((await signIn(customer.email)).status).toBe(200);
    expect(
      await setBanned(app.database.db, owner.actor, {
        userId: customer.id,
        banned: false,
        reason: null,
      }),
    ).toBe('Test user is not banned.');

    const entries = await auditOf(customer.id);
    expect(entries.map((entry) => entry.action)).toEqual(['customer.ban', 'customer.unban']);
    expect(entries[1]).toEqual({
      actorId: owner.id,
      action: 'customer.unban',
      summary: `Lifted the ban on Test user (${customer.email})`,
      before: { role: 'user', banned: true, banReason: null },
      after: { role: 'user', banned: false, banReason: null },
    });
  });

  it('refuses banning the last administrator, and making a banned account an administrator', async () => {
    const owner = await person('admin');
    const customer = await person('user');
    await setBanned(app.database.db, owner.actor, {
      userId: customer.id,
      banned: true,
      reason: null,
    });
    expect(
      await refusal(() =>
        setRole(app.database.db, owner.actor, { userId: customer.id, role: 'admin' }),
      ),
    ).toMatchObject({
      code: 'conflict',
      message: 'Lift the ban before making this account an administrator.',
    });
    expect(await roleOf(customer.id)).toBe('user');
    expect(
      await refusal(() =>
        setRole(app.database.db, owner.actor, { userId: 'no-such-account', role: 'admin' }),
      ),
    ).toMatchObject({ code: 'not-found' });
  });

  it('gives the staff roles (issue 31 item 2): counter, workshop, and back, never the last owner away', async () => {
    const owner = await person('admin');
    const staff = await person('user');
    const db = app.database.db;
    expect(await setRole(db, owner.actor, { userId: staff.id, role: 'counter' })).toBe(
      'Test user’s role is now Counter.',
    );
    expect(await setRole(db, owner.actor, { userId: staff.id, role: 'workshop' })).toBe(
      'Test user’s role is now Workshop.',
    );
    expect(await setRole(db, owner.actor, { userId: staff.id, role: 'workshop' })).toBe(
      'Test user is already in the role Workshop.',
    );
    expect(await roleOf(staff.id)).toBe('workshop');
    expect((await auditOf(staff.id)).map(({ action, summary }) => ({ action, summary }))).toEqual([
      {
        action: 'customer.set-role',
        summary: `Changed the role of Test user (${staff.email}) from Shopper to Counter`,
      },
      {
        action: 'customer.set-role',
        summary: `Changed the role of Test user (${staff.email}) from Counter to Workshop`,
      },
    ]);
    await setBanned(db, owner.actor, { userId: staff.id, banned: true, reason: null });
    await setRole(db, owner.actor, { userId: staff.id, role: 'user' });
    expect(
      await refusal(() => setRole(db, owner.actor, { userId: staff.id, role: 'counter' })),
    ).toMatchObject({
      code: 'conflict',
      message: 'Lift the ban before giving this account a staff role.',
    });
    // With every other owner of this file's database banned, this one is the last: moving it to
    // the counter is refused as removing it would be.
    await db
      .update(user)
      .set({ banned: true })
      .where(and(eq(user.role, 'admin'), ne(user.id, owner.id)));
    expect(
      await refusal(() => setRole(db, owner.actor, { userId: owner.id, role: 'counter' })),
    ).toMatchObject({ code: 'conflict', message: LAST_ADMIN_MESSAGE });
    expect(await roleOf(owner.id)).toBe('admin');
    expect(setRoleSchema.safeParse({ userId: staff.id, role: 'workshop' }).success).toBe(true);
    expect(
      setRoleSchema.safeParse({ userId: staff.id, role: 'chef' }).error?.issues[0]?.message,
    ).toBe('Please choose Shopper, Owner, Counter or Workshop.');
  });

  it('reads the forms: roles, ban flags and reasons', () => {
    expect(setRoleSchema.safeParse({ userId: ' abc ', role: 'admin' })).toMatchObject({
      success: true,
      data: { userId: 'abc', role: 'admin' },
    });
    expect(setRoleSchema.safeParse({ userId: 'abc', role: 'owner' }).success).toBe(false);
    expect(setRoleSchema.safeParse({ userId: '', role: 'user' }).success).toBe(false);
    expect(setBannedSchema.parse({ userId: 'abc', banned: 'true', reason: '  ' })).toEqual({
      userId: 'abc',
      banned: true,
      reason: null,
    });
    expect(setBannedSchema.parse({ userId: 'abc', banned: 'false' })).toEqual({
      userId: 'abc',
      banned: false,
      reason: null,
    });
    expect(setBannedSchema.safeParse({ userId: 'abc', banned: 'yes' }).success).toBe(false);
    expect(
      setBannedSchema.safeParse({ userId: 'abc', banned: 'true', reason: 'x'.repeat(501) }).success,
    ).toBe(false);
  });

  it('serves the screens to administrators only, and 404 for an unknown account', async () => {
    const owner = await person('admin');
    const customer = await person('user');
    const list = await routeOutcome(() =>
      customersRoute.loader({
        request: pageGet('/admin/customers?q=person&role=user', owner.cookie),
        context: app.context,
        params: {},
      } as never),
    );
    expect(list.status).toBe(200);
    expect(list.data).toMatchObject({ q: 'person', role: 'user', page: 1 });
    expect((list.data as { rows: { key: string }[] }).rows.map((row) => row.key)).toContain(
      customer.id,
    );

    const asCustomer = await routeOutcome(() =>
      customersRoute.loader({
        request: pageGet('/admin/customers', customer.cookie),
        context: app.context,
        params: {},
      } as never),
    );
    expect(asCustomer).toMatchObject({ status: 302, location: '/login' });

    const page = await routeOutcome(() =>
      customerRoute.loader({
        request: pageGet(`/admin/customers/${customer.id}`, owner.cookie),
        context: app.context,
        params: { id: customer.id },
      } as never),
    );
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      record: null,
      account: { id: customer.id },
      viewerId: owner.id,
    });

    const unknown = await routeOutcome(() =>
      customerRoute.loader({
        request: pageGet('/admin/customers/no-such-account', owner.cookie),
        context: app.context,
        params: { id: 'no-such-account' },
      } as never),
    );
    expect(unknown.status).toBe(404);
  });

  it('runs the intents through the action: role checked, form read, refusals answered', async () => {
    const owner = await person('admin');
    const customer = await person('user');
    const post = (fields: Record<string, string>, cookie?: string) =>
      routeOutcome(() =>
        customerRoute.action({
          request: formPost(`/admin/customers/${customer.id}`, fields, cookie),
          context: app.context,
          params: { id: customer.id },
        } as never),
      );

    expect(
      await post({ intent: 'set-banned', userId: customer.id, banned: 'true' }, customer.cookie),
    ).toMatchObject({ status: 403 });
    expect(await banOf(customer.id)).toEqual({ banned: false, banReason: null });

    expect(
      await post({ intent: 'set-role', userId: customer.id, role: 'owner' }, owner.cookie),
    ).toMatchObject({ status: 422, data: { ok: false, intent: 'set-role' } });

    expect(
      await post(
        { intent: 'set-banned', userId: customer.id, banned: 'true', reason: 'Abuse' },
        owner.cookie,
      ),
    ).toMatchObject({
      status: 200,
      data: { ok: true, message: 'Test user is banned and signed out everywhere.' },
    });
    expect(await sessionFor(customer.cookie)).toBeNull();

    expect(
      await post({ intent: 'set-banned', userId: owner.id, banned: 'true' }, owner.cookie),
    ).toMatchObject({
      status: 422,
      data: { ok: false, message: 'You cannot ban your own account.' },
    });
    expect(
      await post({ intent: 'set-role', userId: owner.id, role: 'user' }, owner.cookie),
    ).toMatchObject({ status: 409, data: { ok: false, message: LAST_ADMIN_MESSAGE } });
  });
});
