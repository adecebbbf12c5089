/**
 * One customer's page (issue 30 item 1, decision 029) on a real database: an account with no
 * record gets one on demand when staff record measurements, book or order from its page
 * (open-record): made with the phone staff give, or the record decision 017 lets the account
 * claim (a staff-entered or client-confirmed e-mail equal to its verified e-mail), never one
 * found by its phone; audited once; then the account's address leads to the record's page,
 * which shows the account, measurements, designs, orders, payments and documents together.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  customers,
  designs,
  measurementProfiles,
  measurementVersions,
  orders,
  payments,
  user,
} from '~/lib/schema.server';
import * as customerRoute from '~/routes/admin/customer';
import {
  createTestApp,
  formPost,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../../tests/support/test-app';
import { testDatabaseKind } from '../../../../tests/support/test-db';
import { Refusal } from '~/lib/refusal';
import type { Actor } from '~/lib/audit.server';
import { loadCustomerPage } from './customer-page.server';
import { RECORD_PHONE_NEEDED, recordForAccount, recordForAccountSchema } from './records.server';

let app: TestApp;
let actor: Actor;
let adminCookie: string;
let accounts = 0;

beforeAll(async () => {
  app = await createTestApp();
  const admin = await app.signedIn('admin', 'one-customer-admin@example.com');
  adminCookie = admin.cookie;
  actor = { id: admin.userId, email: 'one-customer-admin@example.com' };
});
afterAll(() => app?.dispose());

/** A registered shopper's account (no record), its e-mail verified or not. */
async function shopper(name: string, verified = true): Promise<{ id: string; email: string }> {
  const n = ++accounts;
  const email = `shopper-${n}@example.com`;
  await app.database.db
    .insert(user)
    .values({ id: `shopper-${n}`, name, email, emailVerified: verified });
  return { id: `shopper-${n}`, email };
}

const open = (userId: string, phone?: string) =>
  recordForAccount(
    app.database.db,
    actor,
    recordForAccountSchema.parse({ userId, ...(phone === undefined ? {} : { phone }) }),
  );

async function auditOf(entityId: number) {
  return app.database.db
    .select({ action: auditLog.action, summary: auditLog.summary })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'client'), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id));
}

const recordOf = (userId: string) =>
  app.database.db
    .select()
    .from(customers)
    .where(eq(customers.userId, userId))
    .then((rows) => rows);

describe(`the record made on demand from an account's page on ${testDatabaseKind}`, () => {
  it('asks for a phone when a record must be made, and writes nothing without one', async () => {
    const account = await shopper('Nisha Parmar');
    const error = await open(account.id).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Refusal);
    expect(error).toMatchObject({ message: RECORD_PHONE_NEEDED, code: 'invalid', field: 'phone' });
    expect(await recordOf(account.id)).toEqual([]);
  });

  it('makes the record with the account’s name and e-mail and the phone given, once, audited', async () => {
    const account = await shopper('Dev Trivedi');
    const made = await open(account.id, '098250 61111');
    expect(made.message).toBe('Made Dev Trivedi’s customer record.');
    const [record] = await recordOf(account.id);
    expect(record).toMatchObject({
      id: made.id,
      name: 'Dev Trivedi',
      phone: '+919825061111',
      email: account.email,
      // The account's own verified e-mail: confirmed by the client (decision 017).
      emailSource: 'client',
    });
    expect(await auditOf(made.id)).toEqual([
      {
        action: 'client.create',
        summary: `Added client Dev Trivedi (+91 98250 61111) for the account ${account.email}`,
      },
    ]);
    // A second action finds it: nothing new is made or audited.
    const again = await open(account.id, '98250 69999');
    expect(again).toEqual({ message: 'Dev Trivedi’s record is open.', id: made.id });
    expect(await recordOf(account.id)).toHaveLength(1);
    expect(await auditOf(made.id)).toHaveLength(1);
  });

  it('marks an unverified account’s e-mail as a guest’s on the record it makes', async () => {
    const account = await shopper('Unverified Shah', false);
    const made = await open(account.id, '98250 62222');
    const [record] = await recordOf(account.id);
    expect(record).toMatchObject({ id: made.id, emailSource: 'guest' });
  });

  it('links the record staff entered with the account’s verified e-mail, its orders following', async () => {
    const account = await shopper('Farhan Ali');
    const [staffRecord] = await app.database.db
      .insert(customers)
      .values({
        name: 'Farhan A.',
        phone: '+919825063333',
        email: account.email.toUpperCase(),
        emailSource: 'staff',
      })
      .returning();
    const [bespoke] = await app.database.db
      .insert(orders)
      .values({
        number: `RT-ONE-${staffRecord!.id}`,
        kind: 'bespoke',
        customerId: staffRecord!.id,
        amountPaise: 300_000,
        customerName: 'Farhan A.',
        email: '',
        phone: '+919825063333',
        address: '',
        city: '',
        state: '',
        pincode: '',
        provider: 'sandbox',
      })
      .returning();
    // No phone needed: the record is found, not made.
    const linked = await open(account.id);
    expect(linked).toEqual({
      message: 'Linked Farhan A.’s record with the same e-mail to the account.',
      id: staffRecord!.id,
    });
    expect(await recordOf(account.id)).toMatchObject([{ id: staffRecord!.id }]);
    const [order] = await app.database.db.select().from(orders).where(eq(orders.id, bespoke!.id));
    expect(order!.userId).toBe(account.id);
    expect((await auditOf(staffRecord!.id)).map((entry) => entry.action)).toEqual(['client.link']);
  });

  it('never takes a record by its phone, nor one whose e-mail only a guest typed', async () => {
    const account = await shopper('Geeta Rana');
    const [samePhone] = await app.database.db
      .insert(customers)
      .values({ name: 'Someone Else', phone: '+919825064444', emailSource: 'staff' })
      .returning();
    const [guestTyped] = await app.database.db
      .insert(customers)
      .values({
        name: 'Typed By A Guest',
        phone: '+919825065555',
        email: account.email,
        emailSource: 'guest',
      })
      .returning();
    const made = await open(account.id, '98250 64444');
    expect(made.id).not.toBe(samePhone!.id);
    expect(made.id).not.toBe(guestTyped!.id);
    expect(made.message).toBe(
      'Made Geeta Rana’s customer record. The phone is also on another record.',
    );
    const others = await app.database.db
      .select({ id: customers.id, userId: customers.userId })
      .from(customers)
      .where(eq(customers.phone, '+919825064444'));
    expect(others).toContainEqual({ id: samePhone!.id, userId: null });
    const [guest] = await app.database.db
      .select({ userId: customers.userId })
      .from(customers)
      .where(eq(customers.id, guestTyped!.id));
    expect(guest!.userId).toBeNull();
  });

  it('refuses an unknown account with 404', async () => {
    const error = await open('no-such-account', '98250 66666').catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'not-found', message: 'This account no longer exists.' });
  });
});

describe(`the customer page and its open-record intent on ${testDatabaseKind}`, () => {
  it('shows an account without a record, offering the phone it gave at checkout', async () => {
    const account = await shopper('Checkout Phone');
    await app.database.db.insert(orders).values({
      number: 'RT-ONE-CHECKOUT',
      userId: account.id,
      amountPaise: 99_000,
      status: 'paid',
      customerName: 'Checkout Phone',
      email: account.email,
      phone: '098250 67777',
      address: '1 Yagnik Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360001',
      provider: 'sandbox',
    });
    await app.database.db.insert(designs).values({
      id: `design-${account.id}`,
      userId: account.id,
      garmentType: 'sherwani',
      options: {},
      estimatePaise: 2_500_000,
      name: 'Wedding sherwani',
    });
    const found = await loadCustomerPage(app.database.db, account.id);
    expect(found).toMatchObject({
      page: {
        record: null,
        account: { id: account.id, name: 'Checkout Phone' },
        profiles: [],
        suggestedPhone: '+919825067777',
        activity: {
          orders: [{ number: 'RT-ONE-CHECKOUT', kind: 'shop', status: 'paid' }],
          designs: [{ name: 'Wedding sherwani', garmentType: 'sherwani' }],
          payments: [],
          documents: [],
        },
      },
    });
  });

  it('makes the record through the route for an administrator only; then the account’s page is the record’s', async () => {
    const account = await shopper('Route Shopper');
    const post = (cookie?: string) =>
      routeOutcome(() =>
        customerRoute.action({
          request: formPost(
            `/admin/customers/${account.id}`,
            { intent: 'open-record', userId: account.id, phone: '+91 98250 68888' },
            cookie,
          ),
          context: app.context,
          params: { id: account.id },
        } as never),
      );
    const shopperCookie = (await app.signedIn('user')).cookie;
    expect((await post()).status).toBe(401);
    expect((await post(shopperCookie)).status).toBe(403);
    expect(await recordOf(account.id)).toEqual([]);

    const outcome = await post(adminCookie);
    expect(outcome).toMatchObject({
      status: 200,
      data: { ok: true, intent: 'open-record', message: 'Made Route Shopper’s customer record.' },
    });
    const id = (outcome.data as { id: number }).id;
    const bad = await routeOutcome(() =>
      customerRoute.action({
        request: formPost(
          `/admin/customers/${account.id}`,
          { intent: 'open-record', userId: account.id, phone: '12345' },
          adminCookie,
        ),
        context: app.context,
        params: { id: account.id },
      } as never),
    );
    expect(bad).toMatchObject({
      status: 422,
      data: { ok: false, fieldErrors: { phone: 'Please enter a 10-digit Indian mobile number' } },
    });

    // Given the form staff are going to, the action sends them on to it, prefilled.
    const onward = await routeOutcome(() =>
      customerRoute.action({
        request: formPost(
          `/admin/customers/${account.id}`,
          { intent: 'open-record', userId: account.id, next: 'order' },
          adminCookie,
        ),
        context: app.context,
        params: { id: account.id },
      } as never),
    );
    expect(onward).toEqual({ status: 302, location: `/admin/orders/new?customer=${id}` });

    const load = (path: string, param: string) =>
      routeOutcome(() =>
        customerRoute.loader({
          request: pageGet(path, adminCookie),
          context: app.context,
          params: { id: param },
        } as never),
      );
    expect(await load(`/admin/customers/${account.id}`, account.id)).toMatchObject({
      status: 302,
      location: `/admin/customers/${id}`,
    });
    // Measurements, a payment and the account show on the record's page.
    const [profile] = await app.database.db
      .insert(measurementProfiles)
      .values({ customerId: id, garment: 'kurta' })
      .returning();
    await app.database.db.insert(measurementVersions).values({
      profileId: profile!.id,
      version: 1,
      valuesCm: { chest: 100 },
      takenByName: 'Staff',
    });
    const [order] = await app.database.db
      .insert(orders)
      .values({
        number: 'RT-ONE-ROUTE',
        kind: 'bespoke',
        customerId: id,
        userId: account.id,
        amountPaise: 400_000,
        customerName: 'Route Shopper',
        email: account.email,
        phone: '+919825068888',
        address: '',
        city: '',
        state: '',
        pincode: '',
        provider: 'sandbox',
      })
      .returning();
    await app.database.db.insert(payments).values({
      orderId: order!.id,
      kind: 'payment',
      method: 'cash',
      status: 'succeeded',
      amountPaise: 100_000,
    });
    const page = await load(`/admin/customers/${id}`, String(id));
    expect(page).toMatchObject({
      status: 200,
      data: {
        record: { id, name: 'Route Shopper', account: { id: account.id } },
        account: { id: account.id, role: 'user' },
        profiles: [{ garment: 'kurta', versionCount: 1 }],
        activity: {
          orders: [{ number: 'RT-ONE-ROUTE', kind: 'bespoke' }],
          payments: [{ orderNumber: 'RT-ONE-ROUTE', method: 'cash', amountPaise: 100_000 }],
        },
      },
    });
  });

  it('shows a walk-in record with no account, and 404 for an unknown id', async () => {
    const [walkIn] = await app.database.db
      .insert(customers)
      .values({ name: 'Walk-in Only', phone: '+919825069999' })
      .returning();
    expect(await loadCustomerPage(app.database.db, String(walkIn!.id))).toMatchObject({
      page: { record: { id: walkIn!.id, account: null }, account: null },
    });
    expect(await loadCustomerPage(app.database.db, '999999999')).toBeNull();
    expect(await loadCustomerPage(app.database.db, 'no-such-account')).toBeNull();
  });
});
