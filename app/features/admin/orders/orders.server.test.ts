/**
 * The back office's orders on a real database (PGlite, and PostgreSQL in CI's second run):
 * the list's filters, counts, pages and search (number, name, phone digits); one order's
 * details and timeline; fulfilment moves that only go forward, only for paid orders, only over
 * the version the administrator saw, each with its timeline entry, its audit entry and the
 * customer's e-mail (queued, then sent by the job queue); and the routes' answers to administrators and everyone else.
 */
import { and, eq } from 'drizzle-orm';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWorker, type Worker } from '~/lib/jobs/worker.server';
import { createMailer, type Mailer } from '~/lib/mail.server';
import { createNotificationChannels } from '~/lib/notifications/notifications.server';
import { notificationHandlers } from '~/lib/notifications/queue.server';
import type { OutgoingMessage } from '~/lib/notifications/types';
import {
  auditLog,
  categories,
  customers,
  notifications,
  orderEvents,
  orderLines,
  orders,
  payments,
  products,
  user,
} from '~/lib/schema.server';
import * as orderRoute from '~/routes/admin/order';
import * as ordersRoute from '~/routes/admin/orders';
import { addToCart } from '~/features/cart/cart.server';
import type { CheckoutDetails } from '~/features/checkout/checkout-details';
import type { FulfilmentStatus } from '~/features/orders/fulfilment';
import { createOrderFromCart, getOrder, listOrders } from '~/features/orders/orders.server';
import { cancelOrder, confirmPayment } from '~/features/payments/shop-payments.server';
import {
  createTestApp,
  formPost,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../../tests/support/test-app';
import { testDatabaseKind } from '../../../../tests/support/test-db';
import {
  advanceFulfilment,
  advanceFulfilmentSchema,
  getAdminOrder,
  listAdminOrders,
  ORDERS_PAGE_SIZE,
} from './orders.server';
import { Refusal } from '~/lib/refusal';
import type { Actor } from '~/lib/audit.server';

let app: TestApp;
let adminCookie: string;
let customerCookie: string;
let outbox: string;
let realMailer: Mailer;
/** Every e-mail the job queue sent, and what the mailer logged writing. */
let sent: OutgoingMessage[] = [];
let written: { to: string; subject: string; outboxFile?: string }[] = [];
let worker: Worker;
/** Sends what the queue holds, as the server's worker does. */
const sendQueued = () => worker.runDue();
const admin: Actor = { id: 'orders-admin', email: 'owner@example.com' };
const site = {
  publicUrl: 'https://shop.example',
  linkSecret: 'integration-test-link-secret',
  shopName: 'Rajkot Tailors',
};
const base = new Date('2025-03-10T06:30:00Z').getTime();
let productId: number;
let seq = 0;

type Status = 'created' | 'paid' | 'failed' | 'cancelled';

/** Inserts an order placed `minutesAgo` minutes before the base time, with one line. */
async function order(
  values: {
    number?: string;
    name?: string;
    phone?: string;
    email?: string;
    status?: Status;
    fulfilmentStatus?: FulfilmentStatus;
    minutesAgo?: number;
  } = {},
) {
  seq += 1;
  const createdAt = new Date(base - (values.minutesAgo ?? seq) * 60_000);
  const status = values.status ?? 'paid';
  const [row] = await app.database.db
    .insert(orders)
    .values({
      number: values.number ?? `RT-250310-T${String(seq).padStart(4, '0')}`,
      status,
      amountPaise: 450_000,
      customerName: values.name ?? `Customer ${seq}`,
      email: values.email ?? `customer${seq}@example.com`,
      phone: values.phone ?? `+91 90000 ${String(seq).padStart(5, '0')}`,
      address: '12 Market Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360001',
      provider: 'sandbox',
      providerOrderId: `order_SBX${seq}`,
      providerPaymentId: status === 'paid' ? `pay_SBX${seq}` : null,
      paidAt: status === 'paid' ? new Date(createdAt.getTime() + 60_000) : null,
      fulfilmentStatus: values.fulfilmentStatus ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  await app.database.db.insert(orderLines).values({
    orderId: row!.id,
    productId,
    name: 'Silk Sherwani',
    size: 'M',
    color: 'Maroon',
    unitPricePaise: 225_000,
    quantity: 2,
  });
  return row!;
}

const numbers = (page: { rows: { number: string }[] }) => page.rows.map((row) => row.number);

async function versionOf(number: string): Promise<string> {
  return (await getAdminOrder(app.database.db, number))!.version;
}

const advance = (number: string, status: FulfilmentStatus, version: string) =>
  advanceFulfilment(app.database.db, admin, { number, status, version }, site);

/** Resolves to the Refusal an advance is refused with. */
async function refusal(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}

const eventsOf = async (orderId: number) =>
  app.database.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.id);

const auditOf = (number: string) =>
  app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, number)))
    .orderBy(auditLog.id);

beforeAll(async () => {
  app = await createTestApp();
  adminCookie = (await app.signedIn('admin')).cookie;
  customerCookie = (await app.signedIn('user')).cookie;
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-orders-outbox-'));
  realMailer = createMailer({
    from: 'Shop <shop@example.com>',
    outboxDir: outbox,
    log: {
      info(fields: (typeof written)[number]) {
        written.push(fields);
      },
      warn() {},
      error() {},
    } as never,
  });
  const channels = createNotificationChannels({
    mailer: realMailer,
    hasSmtp: false,
    dataDir: outbox,
    whatsappApiVersion: 'v21.0',
    log: { info() {} },
  });
  worker = createWorker({
    db: app.database.db,
    handlers: notificationHandlers(
      {
        ...channels,
        email: {
          name: 'recorded e-mail',
          send(message) {
            sent.push(message);
            return channels.email.send(message);
          },
        },
      },
      // Each message at once: the coalescing window is order-link.server.test's.
      { coalesceMs: 0 },
    ),
    log: { info() {}, warn() {}, error() {} },
  });
  await app.database.db
    .insert(user)
    .values({ id: admin.id, name: 'Owner', email: admin.email, role: 'admin' });
  const [category] = await app.database.db
    .insert(categories)
    .values({ name: 'Suits', slug: 'suits' })
    .returning({ id: categories.id });
  const [product] = await app.database.db
    .insert(products)
    .values({
      slug: 'sherwani',
      name: 'Silk Sherwani',
      categoryId: category!.id,
      pricePaise: 225_000,
    })
    .returning({ id: products.id });
  productId = product!.id;
});

afterAll(async () => {
  await realMailer?.idle();
  await app?.dispose();
  if (outbox) await fs.rm(outbox, { recursive: true, force: true });
});

beforeEach(async () => {
  await sendQueued();
  // A paid order's ledger rows hold on to it (issue 21): they go first.
  await app.database.db.delete(payments);
  await app.database.db.delete(orders);
  sent = [];
  written = [];
});

describe(`the back office's orders on ${testDatabaseKind}`, () => {
  it('lists orders newest first with payment and fulfilment filters and their counts', async () => {
    const awaiting = await order({ status: 'created', minutesAgo: 50 });
    const failed = await order({ status: 'failed', minutesAgo: 40 });
    const cancelled = await order({ status: 'cancelled', minutesAgo: 30 });
    const toConfirm = await order({ minutesAgo: 20 });
    const cutting = await order({ fulfilmentStatus: 'cutting', minutesAgo: 10 });
    const delivered = await order({ fulfilmentStatus: 'delivered', minutesAgo: 5 });
    const db = app.database.db;

    const all = await listAdminOrders(db, { page: 1 });
    expect(numbers(all)).toEqual(
      [delivered, cutting, toConfirm, cancelled, failed, awaiting].map((row) => row.number),
    );
    expect(all.total).toBe(6);
    expect(all.rows[0]).toMatchObject({
      customerName: delivered.customerName,
      amountPaise: 450_000,
      status: 'paid',
      fulfilmentStatus: 'delivered',
      itemCount: 2,
    });
    expect(all.counts).toMatchObject({
      all: 6,
      created: 1,
      paid: 3,
      failed: 1,
      cancelled: 1,
      'to-confirm': 1,
      confirmed: 0,
      cutting: 1,
      delivered: 1,
    });

    const only = async (status: Parameters<typeof listAdminOrders>[1]['status']) =>
      numbers(await listAdminOrders(db, { page: 1, status }));
    expect(await only('created')).toEqual([awaiting.number]);
    expect(await only('failed')).toEqual([failed.number]);
    expect(await only('cancelled')).toEqual([cancelled.number]);
    expect(await only('paid')).toEqual([delivered.number, cutting.number, toConfirm.number]);
    expect(await only('to-confirm')).toEqual([toConfirm.number]);
    expect(await only('cutting')).toEqual([cutting.number]);
    expect(await only('stitching')).toEqual([]);
    expect((await listAdminOrders(db, { page: 1, status: 'paid' })).total).toBe(3);
  });

  it(`pages the list ${ORDERS_PAGE_SIZE} at a time`, async () => {
    for (let i = 0; i < ORDERS_PAGE_SIZE + 2; i += 1) await order({ minutesAgo: i + 1 });
    const first = await listAdminOrders(app.database.db, { page: 1 });
    const second = await listAdminOrders(app.database.db, { page: 2 });
    expect(first.rows).toHaveLength(ORDERS_PAGE_SIZE);
    expect(second.rows).toHaveLength(2);
    expect(first.total).toBe(ORDERS_PAGE_SIZE + 2);
    expect(new Set([...numbers(first), ...numbers(second)]).size).toBe(ORDERS_PAGE_SIZE + 2);
    expect((await listAdminOrders(app.database.db, { page: 3 })).rows).toEqual([]);
  });

  it('searches by order number, customer name and phone digits', async () => {
    const asha = await order({
      number: 'RT-250301-ASH4A',
      name: 'Asha Mehta',
      phone: '+91 98250 11111',
      email: 'asha@example.com',
    });
    const chirag = await order({
      number: 'RT-250302-CH7RG',
      name: 'Chirag Patel',
      phone: '9825033333',
      email: 'chirag@example.com',
    });
    const bhavna = await order({
      number: 'RT-250303-BHV9N',
      name: 'Bhavna Patel',
      phone: '0281-2471234',
      email: 'bhavna@example.com',
      status: 'created',
    });
    const search = async (q: string, status?: 'paid') =>
      numbers(await listAdminOrders(app.database.db, { page: 1, q, status }));

    expect(await search('RT-250302')).toEqual([chirag.number]);
    expect(await search('bhv9n')).toEqual([bhavna.number]);
    expect(await search('  RT-25030  ')).toHaveLength(3);
    expect(await search('chirag')).toEqual([chirag.number]);
    expect(await search('PATEL')).toEqual([chirag.number, bhavna.number]);
    expect(await search('patel', 'paid')).toEqual([chirag.number]);
    expect(await search('98250 33333')).toEqual([chirag.number]);
    expect(await search('+91-98250-33333')).toEqual([chirag.number]);
    expect(await search('098250 11111')).toEqual([asha.number]);
    expect(await search('2471234')).toEqual([bhavna.number]);
    expect(await search('asha@example')).toEqual([asha.number]);
    // Wildcards are taken literally; an empty search is no search.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('Nobody')).toEqual([]);
    expect(await search('')).toHaveLength(3);
    // The counts follow the search.
    const patel = await listAdminOrders(app.database.db, { page: 1, q: 'patel' });
    expect(patel.counts).toMatchObject({ all: 2, paid: 1, created: 1, 'to-confirm': 1 });
  });

  it('shows one order with its lines, address, payment details and version', async () => {
    const placed = await order({ name: 'Raj <b>Patel</b>', fulfilmentStatus: 'measuring' });
    const detail = await getAdminOrder(app.database.db, placed.number);
    expect(detail).toMatchObject({
      number: placed.number,
      status: 'paid',
      fulfilmentStatus: 'measuring',
      nextStatuses: ['cutting', 'stitching', 'fitting', 'ready', 'delivered'],
      amountPaise: 450_000,
      customerName: 'Raj <b>Patel</b>',
      address: '12 Market Road',
      city: 'Rajkot',
      pincode: '360001',
      provider: 'sandbox',
      providerOrderId: placed.providerOrderId,
      providerPaymentId: placed.providerPaymentId,
      paidAt: placed.paidAt!.toISOString(),
      itemCount: 2,
      hasAccount: false,
      version: placed.updatedAt.toISOString(),
    });
    expect(detail!.lines).toEqual([
      expect.objectContaining({
        productId,
        name: 'Silk Sherwani',
        size: 'M',
        color: 'Maroon',
        unitPricePaise: 225_000,
        quantity: 2,
      }),
    ]);
    // An order from before the timeline: placing and payment come from the order itself.
    expect(detail!.timeline.map((entry) => [entry.kind, entry.at])).toEqual([
      ['created', placed.createdAt.toISOString()],
      ['paid', placed.paidAt!.toISOString()],
    ]);
    expect(await getAdminOrder(app.database.db, 'RT-000000-NONE0')).toBeNull();
    const unpaid = await order({ status: 'created' });
    expect((await getAdminOrder(app.database.db, unpaid.number))!.nextStatuses).toEqual([]);
  });

  it('moves a paid order only forward, skipping steps if asked, never back or in place', async () => {
    const placed = await order();
    let result = await advance(placed.number, 'confirmed', placed.updatedAt.toISOString());
    expect(result).toEqual({
      message: `Order ${placed.number} is now at Confirmed. ${placed.customerName} is being e-mailed.`,
      id: placed.number,
    });
    result = await advance(placed.number, 'cutting', await versionOf(placed.number));
    expect(result.message).toContain('is now at Cutting');

    const backward = await refusal(
      advance(placed.number, 'measuring', await versionOf(placed.number)),
    );
    expect(backward.code).toBe('conflict');
    expect(backward.message).toBe(
      'This order is already at “Cutting”; it cannot go back to “Measuring”. Fulfilment only moves forward.',
    );
    const same = await refusal(advance(placed.number, 'cutting', await versionOf(placed.number)));
    expect(same.code).toBe('conflict');
    expect(same.message).toBe('This order is already at “Cutting”.');

    await advance(placed.number, 'delivered', await versionOf(placed.number));
    const detail = await getAdminOrder(app.database.db, placed.number);
    expect(detail).toMatchObject({ fulfilmentStatus: 'delivered', nextStatuses: [] });
    expect((await refusal(advance(placed.number, 'ready', detail!.version))).code).toBe('conflict');

    // Each move is one timeline entry with the administrator, in order.
    const events = await eventsOf(placed.id);
    expect(events.map((event) => [event.kind, event.fulfilmentStatus, event.actorEmail])).toEqual([
      ['fulfilment', 'confirmed', admin.email],
      ['fulfilment', 'cutting', admin.email],
      ['fulfilment', 'delivered', admin.email],
    ]);
    expect(detail!.timeline.map((entry) => entry.fulfilmentStatus ?? entry.kind)).toEqual([
      'created',
      'paid',
      'confirmed',
      'cutting',
      'delivered',
    ]);
  });

  it('refuses to move an unpaid order, and changes nothing', async () => {
    for (const status of ['created', 'failed', 'cancelled'] as const) {
      const unpaid = await order({ status });
      const error = await refusal(
        advance(unpaid.number, 'confirmed', unpaid.updatedAt.toISOString()),
      );
      expect(error.code).toBe('conflict');
      expect(error.message).toBe('Only a paid order can move through fulfilment.');
      const [row] = await app.database.db.select().from(orders).where(eq(orders.id, unpaid.id));
      expect(row!.fulfilmentStatus).toBeNull();
      expect(await eventsOf(unpaid.id)).toEqual([]);
      expect(await auditOf(unpaid.number)).toEqual([]);
    }
    const unknown = await refusal(
      advance('RT-000000-NONE0', 'confirmed', new Date().toISOString()),
    );
    expect(unknown.code).toBe('not-found');
    await sendQueued();
    expect(sent).toEqual([]);
  });

  it('refuses a move over a version someone else changed, even when two race', async () => {
    const placed = await order();
    const seen = placed.updatedAt.toISOString();
    await advance(placed.number, 'confirmed', seen);
    const stale = await refusal(advance(placed.number, 'measuring', seen));
    expect(stale.code).toBe('conflict');
    expect(stale.message).toMatch(/changed by someone else since you opened it/);

    const current = await versionOf(placed.number);
    const raced = await Promise.allSettled([
      advance(placed.number, 'measuring', current),
      advance(placed.number, 'cutting', current),
    ]);
    expect(raced.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const [rejected] = raced.filter((outcome) => outcome.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });
    expect(await eventsOf(placed.id)).toHaveLength(2);
    expect(await auditOf(placed.number)).toHaveLength(2);

    // A version that is not a date is refused by the form's schema.
    expect(
      advanceFulfilmentSchema.safeParse({ number: placed.number, status: 'ready', version: 'x' })
        .success,
    ).toBe(false);
    expect(
      advanceFulfilmentSchema.safeParse({ number: placed.number, status: 'packed', version: seen })
        .success,
    ).toBe(false);
  });

  it('records each move in the audit log with the status before and after', async () => {
    const placed = await order();
    await advance(placed.number, 'confirmed', placed.updatedAt.toISOString());
    await advance(placed.number, 'stitching', await versionOf(placed.number));
    const entries = await auditOf(placed.number);
    expect(
      entries.map((entry) => ({
        actorId: entry.actorId,
        actorEmail: entry.actorEmail,
        action: entry.action,
        summary: entry.summary,
        before: entry.before,
        after: entry.after,
      })),
    ).toEqual([
      {
        actorId: admin.id,
        actorEmail: admin.email,
        action: 'order.fulfilment',
        summary: `Moved order ${placed.number} to Confirmed`,
        before: { fulfilmentStatus: null },
        after: { fulfilmentStatus: 'confirmed' },
      },
      {
        actorId: admin.id,
        actorEmail: admin.email,
        action: 'order.fulfilment',
        summary: `Moved order ${placed.number} to Stitching (from Confirmed)`,
        before: { fulfilmentStatus: 'confirmed' },
        after: { fulfilmentStatus: 'stitching' },
      },
    ]);
  });

  it('e-mails the customer about each move, with the step, its meaning and a link', async () => {
    const placed = await order({ name: 'Raj <b>Patel</b>', email: 'raj@example.com' });
    // A workshop stage tells the customer nothing (issue 30 item 2: milestones only).
    await advance(placed.number, 'cutting', placed.updatedAt.toISOString());
    expect(
      await app.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.orderId, placed.id)),
    ).toEqual([]);
    await advance(placed.number, 'fitting', await versionOf(placed.number));
    // Queued with the move, sent by the job queue.
    expect(sent).toEqual([]);
    const [queued] = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, placed.id));
    expect(queued).toMatchObject({ channel: 'email', kind: 'order.status', status: 'queued' });
    expect(await sendQueued()).toBe(1);
    expect(sent).toHaveLength(1);
    const [message] = sent;
    // The order's signed link (issue 30 item 2), not the account's page.
    const link = /https:\/\/shop\.example\/o\/\d+\.[0-9a-z]+\.[0-9a-f]{32}/.exec(
      message!.text,
    )?.[0];
    expect(link).toBeDefined();
    expect(message).toMatchObject({
      to: 'raj@example.com',
      subject: `Your order ${placed.number} is now: Fitting`,
    });
    expect(message!.text).toContain('Dear Raj <b>Patel</b>,');
    expect(message!.text).toContain('Your garment is ready to try on');
    expect(message!.text).toContain(link);
    expect(message!.text).toContain('Rajkot Tailors, Rajkot');
    expect(message!.html).toContain('Dear Raj &lt;b&gt;Patel&lt;/b&gt;,');
    expect(message!.html).not.toContain('<b>Patel');
    expect(message!.html).toContain(`href="${link}"`);

    // The mailer wrote it to the outbox.
    expect(written).toEqual([
      expect.objectContaining({ to: 'raj@example.com', subject: message!.subject }),
    ]);
    const eml = await fs.readFile(path.join(outbox, written[0]!.outboxFile!), 'utf8');
    expect(eml).toContain(`Subject: Your order ${placed.number} is now: Fitting`);
    expect(eml).toContain('To: raj@example.com');
    const [delivered] = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, placed.id));
    expect(delivered).toMatchObject({ status: 'sent', providerMessageId: written[0]!.outboxFile });

    // An anonymised order (its customer deleted their account) has nobody to write to.
    const anonymous = await order({ email: '' });
    const result = await advance(anonymous.number, 'confirmed', anonymous.updatedAt.toISOString());
    expect(result.message).toBe(`Order ${anonymous.number} is now at Confirmed.`);
    expect(await sendQueued()).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('also sends the step by WhatsApp when the account’s customer record chose it', async () => {
    const shopperId = `orders-wa-${Date.now()}`;
    await app.database.db
      .insert(user)
      .values({ id: shopperId, name: 'Meera', email: `${shopperId}@example.com` });
    await app.database.db.insert(customers).values({
      userId: shopperId,
      name: 'Meera Shah',
      phone: '+919825077777',
      email: `${shopperId}@example.com`,
      notify: 'both',
    });
    const placed = await order({ name: 'Meera Shah', email: 'meera@example.com' });
    await app.database.db.update(orders).set({ userId: shopperId }).where(eq(orders.id, placed.id));
    await advance(placed.number, 'ready', placed.updatedAt.toISOString());
    expect(await sendQueued()).toBe(2);
    const rows = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, placed.id))
      .orderBy(notifications.channel);
    expect(rows.map((row) => [row.channel, row.recipient, row.status])).toEqual([
      ['email', 'meera@example.com', 'sent'],
      ['whatsapp', '+919825077777', 'sent'],
    ]);
    const [file] = await fs.readdir(path.join(outbox, 'whatsapp-outbox'));
    const entry = JSON.parse(
      await fs.readFile(path.join(outbox, 'whatsapp-outbox', file!), 'utf8'),
    ) as { to: string; template: string; params: string[] };
    expect(entry).toMatchObject({
      to: '+919825077777',
      template: 'order_update',
      params: ['Meera Shah', placed.number, 'Ready for pickup', expect.any(String)],
    });
    expect(entry.params[3]).toMatch(/^https:\/\/shop\.example\/o\/\d+\./);
  });

  it('keeps a real timeline from checkout to fulfilment and shows it to the shopper', async () => {
    const shopperId = `orders-shopper-${Date.now()}`;
    await app.database.db
      .insert(user)
      .values({ id: shopperId, name: 'Asha', email: `${shopperId}@example.com` });
    const details: CheckoutDetails = {
      name: 'Asha Mehta',
      email: 'asha@example.com',
      phone: '+919825011111',
      address: '4 Yagnik Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360001',
    };
    const cartOf = () =>
      addToCart(app.database.db, shopperId, { productId, size: '', color: '', quantity: 1 });
    await cartOf();
    const dropped = await createOrderFromCart(app.database.db, {
      userId: shopperId,
      details,
      provider: 'sandbox',
    });
    expect(await cancelOrder(app.database.db, shopperId, dropped.number)).toBe(true);
    const placed = await createOrderFromCart(app.database.db, {
      userId: shopperId,
      details,
      provider: 'sandbox',
    });
    await confirmPayment(app.database.db, {
      userId: shopperId,
      orderNumber: placed.number,
      paymentId: `pay_${placed.id}`,
      provider: 'sandbox',
    });
    expect((await eventsOf(dropped.id)).map((event) => event.kind)).toEqual([
      'created',
      'cancelled',
    ]);
    await advance(placed.number, 'confirmed', await versionOf(placed.number));
    await advance(placed.number, 'measuring', await versionOf(placed.number));

    const detail = await getAdminOrder(app.database.db, placed.number);
    expect(detail!.hasAccount).toBe(true);
    expect(
      detail!.timeline.map((entry) => [entry.kind, entry.fulfilmentStatus, entry.actorEmail]),
    ).toEqual([
      ['created', null, null],
      ['paid', null, null],
      ['fulfilment', 'confirmed', admin.email],
      ['fulfilment', 'measuring', admin.email],
    ]);

    // The shopper sees the step and the history, without who made each change.
    const own = await getOrder(app.database.db, shopperId, placed.number);
    expect(own!.fulfilmentStatus).toBe('measuring');
    expect(own!.timeline.map((entry) => entry.fulfilmentStatus ?? entry.kind)).toEqual([
      'created',
      'paid',
      'confirmed',
      'measuring',
    ]);
    expect(own!.timeline.every((entry) => !('actorEmail' in entry))).toBe(true);
    // One shape for both pages: the shopper's order is the back office's without what only
    // the back office sees (next steps, account, payment id, version, who made each step, whether it follows work
    // tickets).
    const {
      nextStatuses,
      hasAccount,
      walkIn,
      providerPaymentId,
      version,
      timeline,
      followsTickets,
      ...shared
    } = detail!;
    expect(walkIn).toBe(false);
    // A shop order has no work tickets (issue 31): its steps are moved by hand.
    expect(followsTickets).toBe(false);
    expect([nextStatuses.length, hasAccount, providerPaymentId]).toEqual([
      5,
      true,
      `pay_${placed.id}`,
    ]);
    expect(version).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(own).toEqual({
      ...shared,
      timeline: timeline.map(({ kind, fulfilmentStatus, note, at }) => ({
        kind,
        fulfilmentStatus,
        note,
        at,
      })),
    });
    const history = await listOrders(app.database.db, shopperId);
    expect(
      history.map((summary) => [
        summary.number,
        summary.status,
        summary.fulfilmentStatus,
        summary.itemCount,
      ]),
    ).toEqual([
      // The order cancelled unpaid is not listed (issue 29 item 6): nothing was bought.
      [placed.number, 'paid', 'measuring', 1],
    ]);
  });

  it('answers the routes for administrators only, with toasts for every outcome', async () => {
    const placed = await order();
    const orderPath = `/admin/orders/${placed.number}`;
    const load = (cookie: string | undefined, number = placed.number) =>
      routeOutcome(() =>
        orderRoute.loader({
          request: pageGet(`/admin/orders/${number}`, cookie),
          context: app.context,
          params: { number },
        } as never),
      );
    const post = (fields: Record<string, string>, cookie: string | undefined) =>
      routeOutcome(() =>
        orderRoute.action({
          request: formPost(orderPath, fields, cookie),
          context: app.context,
          params: { number: placed.number },
        } as never),
      );

    expect((await load(undefined)).status).toBe(302);
    expect((await load(customerCookie)).location).toBe('/login');
    const page = await load(adminCookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ order: { number: placed.number } });
    expect((await load(adminCookie, 'RT-000000-NONE0')).status).toBe(404);

    const list = await routeOutcome(() =>
      ordersRoute.loader({
        request: pageGet(`/admin/orders?status=to-confirm&q=${placed.number}`, adminCookie),
        context: app.context,
        params: {},
      } as never),
    );
    expect(list.data).toMatchObject({
      filter: 'to-confirm',
      q: placed.number,
      total: 1,
      rows: [{ number: placed.number }],
    });
    expect(
      (
        await routeOutcome(() =>
          ordersRoute.loader({
            request: pageGet('/admin/orders', customerCookie),
            context: app.context,
            params: {},
          } as never),
        )
      ).status,
    ).toBe(302);

    const fields = {
      intent: 'advance-fulfilment',
      number: placed.number,
      status: 'confirmed',
      version: placed.updatedAt.toISOString(),
    };
    expect(await post(fields, undefined)).toMatchObject({ status: 401 });
    expect(await post(fields, customerCookie)).toMatchObject({ status: 403 });
    expect(await post({ ...fields, status: 'packed' }, adminCookie)).toMatchObject({
      status: 422,
      data: { ok: false, fieldErrors: { status: expect.any(String) } },
    });
    expect(await eventsOf(placed.id)).toEqual([]);

    expect(await post(fields, adminCookie)).toMatchObject({
      status: 200,
      data: {
        ok: true,
        intent: 'advance-fulfilment',
        id: placed.number,
        message: expect.stringContaining('is now at Confirmed'),
      },
    });
    expect(await post({ ...fields, status: 'cutting' }, adminCookie)).toMatchObject({
      status: 409,
      data: { ok: false, message: expect.stringMatching(/changed by someone else/) },
    });
  });
});
