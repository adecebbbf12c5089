/**
 * The signed order link (issue 30 item 2: "a signed link that opens it without an account …
 * Give the link an expiry and a revocation"): a walk-in's bespoke order opens by its link with
 * no session; a tampered, expired or revoked token answers 404, and so does a document of
 * the order through a bad token; "Pay" sends the holder to a payment link for the balance.
 * And the messages (issue 30 item 2: "Customers are told of milestones only … Internal stages
 * send nothing"): an order taken through every step sends four order messages, each with
 * the signed link, "Ready for pickup" with the balance due.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, notifications, orders, payments } from '~/lib/schema.server';
import { FULFILMENT_STATUSES } from '~/lib/schema-enums';
import { formatRupeesExact } from '~/lib/money';
import { COALESCE_MS } from '~/lib/notifications/queue.server';
import { advanceFulfilment } from '~/features/admin/orders/orders.server';
import { revokeOrderLinks } from './orders-commands.server';
import {
  createBespokeOrder,
  createBespokeOrderSchema,
} from '~/features/bespoke/bespoke-orders.server';
import { seedStyleOptions } from '~/seed/seed.server';
import * as linkRoute from '~/routes/order-link';
import * as documentRoute from '~/routes/order-link.document';
import {
  createTestApp,
  formPost,
  insertSampleProduct,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import { createTestJobs } from '../../../tests/support/test-jobs';
import { findOrderByLink, orderLinkToken, orderLinkUrl } from './order-link.server';
import { ORDER_LINK_DAYS } from './order-link';

const SECRET = 'integration-test-link-secret';
const site = { publicUrl: 'http://shop.test', linkSecret: SECRET, shopName: 'Test Tailors' };
let app: TestApp;
let admin: { id: string; email: string };
let fabricId: number;
let walkInId: number;

/** A bespoke sherwani for the walk-in (no account, no e-mail), made at the counter. */
async function walkInOrder() {
  const made = await createBespokeOrder(
    app.database.db,
    admin,
    createBespokeOrderSchema.parse({
      customerId: String(walkInId),
      address: '12 Race Course Road',
      city: 'Rajkot',
      pincode: '360001',
      garmentType: 'sherwani',
      fabricSource: 'catalogue',
      fabricProductId: String(fabricId),
      'option-closure': 'full-button',
      'option-collar': 'prince',
      'option-button': 'zardozi',
    }),
    'sandbox',
  );
  const [row] = await app.database.db.select().from(orders).where(eq(orders.number, made.number));
  return row!;
}

/** The path of a token's page, as a message carries it. */
const pathOf = (url: string) => new URL(url).pathname;

const open = (path: string) =>
  routeOutcome(() =>
    linkRoute.loader({
      request: pageGet(path),
      context: app.context,
      params: { token: path.split('/')[2]! },
    } as never),
  );

beforeAll(async () => {
  app = await createTestApp();
  await seedStyleOptions(app.database.db);
  fabricId = await insertSampleProduct(app.database.db, 150_000);
  admin = { id: (await app.signedIn('admin')).userId, email: 'owner@example.com' };
  const [walkIn] = await app.database.db
    .insert(customers)
    .values({ name: 'Ramesh Patel', phone: '+919825012345', notify: 'whatsapp' })
    .returning();
  walkInId = walkIn!.id;
});
afterAll(() => app?.dispose());

describe(`the signed order link on ${testDatabaseKind}`, () => {
  it('opens a walk-in’s order with no session, showing no contact data', async () => {
    const order = await walkInOrder();
    const url = await orderLinkUrl(app.database.db, site, order.id);
    expect(url).toMatch(/^http:\/\/shop\.test\/o\/\d+\.[0-9a-z]+\.[0-9a-f]{32}$/);
    const page = await open(pathOf(url));
    expect(page.status).toBe(200);
    const shown = page.data as { order: { number: string }; balance: { balancePaise: number } };
    expect(shown.order.number).toBe(order.number);
    expect(shown.balance.balancePaise).toBe(order.amountPaise);
    const json = JSON.stringify(page.data);
    expect(json).not.toContain('+919825012345');
    expect(json).not.toContain('Race Course Road');
  });

  it('answers 404 for a tampered, expired or revoked token', async () => {
    const order = await walkInOrder();
    const path = pathOf(await orderLinkUrl(app.database.db, site, order.id));
    const token = path.split('/')[2]!;
    const [id, expiry, signature] = token.split('.') as [string, string, string];
    // Another order's id under this signature; a stretched expiry; a changed signature.
    const other = await walkInOrder();
    const longer = (parseInt(expiry, 36) + 86_400).toString(36);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    for (const bad of [
      `${other.id}.${expiry}.${signature}`,
      `${id}.${longer}.${signature}`,
      `${id}.${expiry}.${flipped}`,
      `${id}.${expiry}`,
      'not-a-token',
    ]) {
      expect((await open(`/o/${bad}`)).status, bad).toBe(404);
    }
    // Expired: the same link read the day after its last day.
    const later = new Date(Date.now() + (ORDER_LINK_DAYS + 1) * 86_400_000);
    expect(await findOrderByLink(app.database.db, SECRET, token)).not.toBeNull();
    expect(await findOrderByLink(app.database.db, SECRET, token, later)).toBeNull();
    // A token signed long ago whose expiry has passed.
    const old = orderLinkToken(SECRET, order, new Date(Date.now() - 200 * 86_400_000));
    expect((await open(`/o/${old}`)).status).toBe(404);
    // Revoked by staff: audited, the old link is dead, a new one works.
    const revoked = await revokeOrderLinks(app.database.db, admin, { number: order.number });
    expect(revoked.message).toContain('no longer open it');
    expect((await open(path)).status).toBe(404);
    const fresh = pathOf(await orderLinkUrl(app.database.db, site, order.id));
    expect((await open(fresh)).status).toBe(200);
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.links-revoked'), eq(auditLog.entityId, order.number)));
    expect(entry).toMatchObject({ before: { linkVersion: 0 }, after: { linkVersion: 1 } });
  });

  it('serves no document through a bad token, nor one the order does not have', async () => {
    const order = await walkInOrder();
    const token = pathOf(await orderLinkUrl(app.database.db, site, order.id)).split('/')[2]!;
    const download = (params: { token: string; id?: string }) =>
      routeOutcome(() =>
        documentRoute.loader({ request: pageGet('/'), context: app.context, params } as never),
      );
    expect((await download({ token })).status).toBe(404); // no invoice yet
    expect((await download({ token: `${token}0` })).status).toBe(404);
    expect((await download({ token, id: '1' })).status).toBe(404);
  });

  it('“Pay” sends the holder to a payment link for the balance, the same one when pressed again', async () => {
    const order = await walkInOrder();
    const path = pathOf(await orderLinkUrl(app.database.db, site, order.id));
    const pay = () =>
      routeOutcome(() =>
        linkRoute.action({
          request: formPost(path, { intent: 'pay' }),
          context: app.context,
          params: { token: path.split('/')[2]! },
        } as never),
      );
    const first = await pay();
    expect(first.status).toBe(302);
    expect(first.location).toMatch(/^http:\/\/shop\.test\/pay\//);
    expect((await pay()).location).toBe(first.location);
    const rows = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id));
    expect(rows).toMatchObject([
      { method: 'payment_link', status: 'pending', amountPaise: order.amountPaise },
    ]);
    const unknown = await routeOutcome(() =>
      linkRoute.action({
        request: formPost(path, { intent: 'refund' }),
        context: app.context,
        params: { token: path.split('/')[2]! },
      } as never),
    );
    expect(unknown.status).toBe(400);
  });
});

describe(`milestone messages on ${testDatabaseKind}`, () => {
  it('a 5-stage order sends only its milestones, each with the signed link', async () => {
    const db = app.database.db;
    const order = await walkInOrder();
    await db.delete(notifications).where(eq(notifications.orderId, order.id));
    for (const status of FULFILMENT_STATUSES) {
      const [current] = await db.select().from(orders).where(eq(orders.id, order.id));
      await advanceFulfilment(
        db,
        admin,
        { number: order.number, status, version: current!.updatedAt.toISOString() },
        site,
      );
    }
    const jobs = createTestJobs(db, { now: () => new Date(Date.now() + 3_600_000) });
    await jobs.runDue();
    const whatsapp = jobs.sent.filter(
      (sent) => sent.channel === 'whatsapp' && sent.message.to === '+919825012345',
    );
    const statuses = whatsapp.map((sent) => sent.message.template!.params[2]);
    expect(statuses).toEqual([
      'Confirmed',
      'Ready for trial',
      `Ready for pickup, balance due ${formatRupeesExact(order.amountPaise)}`,
      'Delivered',
    ]);
    for (const sent of whatsapp) {
      const link = sent.message.template!.params[3]!;
      expect(link).toMatch(/^http:\/\/shop\.test\/o\//);
      expect(sent.message.text).not.toContain('/account/orders');
      expect((await open(pathOf(link))).status).toBe(200);
    }
  });

  it('sends the messages queued for one customer within the window as one', async () => {
    const db = app.database.db;
    const order = await walkInOrder();
    const queuedAt = Date.now();
    for (const status of ['confirmed', 'measuring', 'fitting'] as const) {
      const [current] = await db.select().from(orders).where(eq(orders.id, order.id));
      await advanceFulfilment(
        db,
        admin,
        { number: order.number, status, version: current!.updatedAt.toISOString() },
        site,
      );
    }
    let clock = queuedAt + 1;
    const jobs = createTestJobs(db, { now: () => new Date(clock), coalesceMs: COALESCE_MS });
    // Within the window nothing goes.
    // Messages of the walk-in's earlier orders (other tests) may still be due: count this one's.
    const ofOrder = () =>
      jobs.sent.filter((sent) => sent.message.template?.params[1] === order.number);
    await jobs.runDue();
    expect(ofOrder()).toEqual([]);
    // After it, one message tells both milestones, with the newest link.
    clock = queuedAt + COALESCE_MS + 60_000;
    await jobs.runDue();
    await jobs.runDue();
    expect(ofOrder()).toHaveLength(1);
    const [message] = ofOrder();
    expect(message!.channel).toBe('whatsapp');
    expect(message!.message.template!.params.slice(0, 3)).toEqual([
      'Ramesh Patel',
      order.number,
      'Confirmed · Ready for trial',
    ]);
    expect(message!.message.template!.params[3]).toMatch(/^http:\/\/shop\.test\/o\//);
    const rows = await db
      .select({ status: notifications.status, providerMessageId: notifications.providerMessageId })
      .from(notifications)
      .where(eq(notifications.orderId, order.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    expect(new Set(rows.map((row) => row.providerMessageId)).size).toBe(1);
  });
});
