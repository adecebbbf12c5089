/**
 * Dispatch on a real database (issue 32 item 6): packing and shipping a paid shop order with the
 * local courier's AWB and tracking link, the customer's message carrying it, the stages moving
 * forward only, the courier's webhook (token, body, idempotent replay: "courier webhooks
 * replayed change nothing twice"), the public tracking page, and a pickup order's "ready for
 * pickup" with the shop's hours.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, orders, shipmentEvents, shipments } from '~/lib/schema.server';
import { Refusal } from '~/lib/refusal';
import {
  createTestApp,
  routeOutcome,
  TEST_COURIER_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '../../../tests/support/test-app';
import * as webhookRoute from '~/routes/api.webhooks.courier';
import * as trackRoute from '~/routes/track';
import { dispatchPanel, moveDispatch, orderTracking, shipOrder } from './dispatch.server';

let app: TestApp;
let actor: { id: string; email: string };
let made = 0;
const site = {
  publicUrl: TEST_ORIGIN,
  linkSecret: 'integration-test-link-secret',
  shopName: 'Test Tailors',
};

beforeAll(async () => {
  app = await createTestApp();
  const owner = await app.signedIn('admin', 'dispatch-owner@example.com');
  actor = { id: owner.userId, email: 'dispatch-owner@example.com' };
});
afterAll(() => app?.dispose());

/** A shop order, paid unless told otherwise, shipped to Mumbai or collected. */
async function shopOrder(options: { status?: 'paid' | 'created'; pickup?: boolean } = {}) {
  const [order] = await app.database.db
    .insert(orders)
    .values({
      number: `RT-DISPATCH-${++made}`,
      status: options.status ?? 'paid',
      amountPaise: 150_000,
      customerName: 'Ravi Mehta',
      email: `ravi${made}@example.com`,
      phone: '9876543210',
      address: '4 Marine Drive',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400001',
      provider: 'sandbox',
      deliveryMethod: options.pickup ? 'pickup' : 'ship',
    })
    .returning();
  return order!;
}

/** The courier's tracking webhook with `body`, signed with `token`. */
function webhook(body: string, token = TEST_COURIER_TOKEN) {
  const request = new Request(`${TEST_ORIGIN}/api/webhooks/courier`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': token },
    body,
  });
  return routeOutcome(() =>
    webhookRoute.action({ request, context: app.context, params: {} } as never),
  );
}

const messagesOf = (orderId: number) =>
  app.database.db
    .select({ body: notifications.body, subject: notifications.subject })
    .from(notifications)
    .where(and(eq(notifications.orderId, orderId), eq(notifications.kind, 'order.dispatch')));

describe('dispatch of a shop order', () => {
  it('packs and ships a paid order with an AWB and tracking link, and tells the customer', async () => {
    const order = await shopOrder();
    expect((await dispatchPanel(app.database.db, order.id))!.stage).toBe('to_pack');
    const packed = await moveDispatch(
      app.database.db,
      actor,
      { number: order.number, stage: 'packed' },
      site,
    );
    expect(packed.message).toContain('Packed');
    const shipped = await shipOrder(
      app.database.db,
      app.context.courier,
      actor,
      { number: order.number },
      site,
    );
    const panel = (await dispatchPanel(app.database.db, order.id))!;
    expect(panel.stage).toBe('shipped');
    expect(panel.awb).toMatch(/^RTH\d{9}$/);
    expect(panel.trackingUrl).toBe(`${TEST_ORIGIN}/track/${panel.awb}`);
    expect(shipped.message).toContain(panel.awb!);
    expect(panel.next).toEqual(['out_for_delivery', 'delivered', 'rto']);
    expect(await orderTracking(app.database.db, order.id)).toMatchObject({
      stage: 'shipped',
      awb: panel.awb,
    });
    const [message] = await messagesOf(order.id);
    expect(message!.body).toContain(panel.trackingUrl!);
    const audits = await app.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.dispatch'), eq(auditLog.entityId, order.number)));
    expect(audits[0]!.n).toBe(2);
  });

  it('refuses an unpaid order, a step back, shipping twice and "Shipped" by hand', async () => {
    const unpaid = await shopOrder({ status: 'created' });
    await expect(
      moveDispatch(app.database.db, actor, { number: unpaid.number, stage: 'packed' }, site),
    ).rejects.toThrow(
      'Only an order paid in full, or a cash-on-delivery order its customer confirmed, can be dispatched.',
    );
    const order = await shopOrder();
    await expect(
      moveDispatch(app.database.db, actor, { number: order.number, stage: 'shipped' }, site),
    ).rejects.toBeInstanceOf(Refusal);
    await shipOrder(app.database.db, app.context.courier, actor, { number: order.number }, site);
    await expect(
      moveDispatch(app.database.db, actor, { number: order.number, stage: 'packed' }, site),
    ).rejects.toThrow('Dispatch only moves forward.');
    await expect(
      shipOrder(app.database.db, app.context.courier, actor, { number: order.number }, site),
    ).rejects.toThrow('already at “Shipped”');
    const [row] = await app.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, order.id));
    expect(row!.stage).toBe('shipped');
  });

  it('readies a pickup order with the shop hours, and never ships it', async () => {
    const order = await shopOrder({ pickup: true });
    await expect(
      shipOrder(app.database.db, app.context.courier, actor, { number: order.number }, site),
    ).rejects.toThrow('collected from the shop');
    await moveDispatch(
      app.database.db,
      actor,
      { number: order.number, stage: 'ready_for_pickup' },
      site,
    );
    const [message] = await messagesOf(order.id);
    expect(message!.body).toMatch(/Ready for pickup at .+\(/);
    await moveDispatch(app.database.db, actor, { number: order.number, stage: 'collected' }, site);
    expect((await dispatchPanel(app.database.db, order.id))!.stage).toBe('collected');
  });
});

describe('a bespoke order', () => {
  it('keeps the workshop stages until ready, then is collected or shipped', async () => {
    const [order] = await app.database.db
      .insert(orders)
      .values({
        number: `RT-DISPATCH-B${++made}`,
        kind: 'bespoke',
        status: 'paid',
        fulfilmentStatus: 'stitching',
        amountPaise: 900_000,
        customerName: 'Ravi Mehta',
        email: `bespoke${made}@example.com`,
        phone: '9876543210',
        address: '1 Jubilee Road',
        city: 'Rajkot',
        state: 'Gujarat',
        pincode: '360001',
        provider: 'sandbox',
      })
      .returning();
    expect(await dispatchPanel(app.database.db, order!.id)).toBeNull();
    await expect(
      moveDispatch(app.database.db, actor, { number: order!.number, stage: 'packed' }, site),
    ).rejects.toThrow(
      'Only an order paid in full, or a cash-on-delivery order its customer confirmed, can be dispatched.',
    );
    await app.database.db
      .update(orders)
      .set({ fulfilmentStatus: 'ready' })
      .where(eq(orders.id, order!.id));
    const ready = (await dispatchPanel(app.database.db, order!.id))!;
    expect(ready).toMatchObject({ method: null, canShip: true, stage: 'to_pack' });
    expect(ready.next).toEqual(['packed', 'ready_for_pickup', 'collected']);
    await moveDispatch(
      app.database.db,
      actor,
      { number: order!.number, stage: 'ready_for_pickup' },
      site,
    );
    expect(await dispatchPanel(app.database.db, order!.id)).toMatchObject({
      method: 'pickup',
      canShip: false,
      next: ['collected'],
    });
    // The workshop's "Ready for pickup" told the customer already.
    expect(await messagesOf(order!.id)).toEqual([]);
    await expect(
      shipOrder(app.database.db, app.context.courier, actor, { number: order!.number }, site),
    ).rejects.toThrow('collected from the shop');
  });
});

describe('the courier tracking webhook', () => {
  it('moves the stage forward once: a replay answers 200 and changes nothing twice', async () => {
    const order = await shopOrder();
    await shipOrder(app.database.db, app.context.courier, actor, { number: order.number }, site);
    const { awb } = (await dispatchPanel(app.database.db, order.id))!;
    const body = JSON.stringify({
      awb,
      current_status: 'OUT FOR DELIVERY',
      current_timestamp: '28 11 2026 10:15:00',
      scans: [{ location: 'Mumbai Hub' }],
    });
    expect(await webhook(body)).toMatchObject({ status: 200, data: { outcome: 'moved' } });
    const snapshot = async () =>
      JSON.stringify([
        await app.database.db.select().from(shipments).where(eq(shipments.orderId, order.id)),
        await app.database.db.select({ n: count() }).from(shipmentEvents),
        await messagesOf(order.id),
      ]);
    const before = await snapshot();
    expect(await webhook(body)).toMatchObject({ status: 200, data: { outcome: 'replayed' } });
    expect(await webhook(body)).toMatchObject({ status: 200, data: { outcome: 'replayed' } });
    expect(await snapshot()).toBe(before);

    const delivered = JSON.stringify({
      awb,
      current_status: 'DELIVERED',
      current_timestamp: '28 11 2026 14:00:00',
    });
    expect(await webhook(delivered)).toMatchObject({ data: { outcome: 'moved' } });
    // A late scan of an earlier stage is kept but never moves the parcel back.
    const late = JSON.stringify({
      awb,
      current_status: 'IN TRANSIT',
      current_timestamp: '28 11 2026 09:00:00',
    });
    expect(await webhook(late)).toMatchObject({ data: { outcome: 'recorded' } });
    // A body without a readable time is still one event: its replay changes nothing.
    const undated = JSON.stringify({ awb, current_status: 'RTO INITIATED' });
    expect(await webhook(undated)).toMatchObject({ data: { outcome: 'recorded' } });
    expect(await webhook(undated)).toMatchObject({ data: { outcome: 'replayed' } });
    expect((await dispatchPanel(app.database.db, order.id))!.stage).toBe('delivered');
    expect((await messagesOf(order.id)).map((m) => m.subject)).toEqual([
      `Your order ${order.number}: Shipped`,
      `Your order ${order.number}: Out for delivery`,
      `Your order ${order.number}: Delivered`,
    ]);
  });

  it('answers 401 to a wrong token, 400 to a body it cannot read, 413 to a huge one', async () => {
    const body = JSON.stringify({ awb: 'RTH000000001', current_status: 'DELIVERED' });
    expect((await webhook(body, 'wrong-token')).status).toBe(401);
    expect((await webhook('{"awb": 1}')).status).toBe(400);
    expect((await webhook('not json')).status).toBe(400);
    expect(
      (await webhook(JSON.stringify({ awb: 'RTH1', current_status: 'x'.repeat(20_000) }))).status,
    ).toBe(413);
    expect(
      await webhook(JSON.stringify({ awb: 'RTH999999999', current_status: 'DELIVERED' })),
    ).toMatchObject({
      status: 200,
      data: { outcome: 'unknown-awb' },
    });
  });
});

describe('the tracking page', () => {
  it("shows an AWB's stages with the city only; an unknown AWB is 404", async () => {
    const order = await shopOrder();
    await shipOrder(app.database.db, app.context.courier, actor, { number: order.number }, site);
    const { awb } = (await dispatchPanel(app.database.db, order.id))!;
    const outcome = await routeOutcome(() =>
      trackRoute.loader({ context: app.context, params: { awb: awb! } } as never),
    );
    const shown = JSON.stringify(outcome.data);
    expect(shown).toContain('Mumbai');
    expect(shown).toContain('"stage":"shipped"');
    expect(shown).not.toContain('Ravi');
    expect(shown).not.toContain('Marine Drive');
    expect(shown).not.toContain('9876543210');
    const unknown = await routeOutcome(() =>
      trackRoute.loader({ context: app.context, params: { awb: 'RTH999999998' } } as never),
    );
    expect(unknown.status).toBe(404);
  });
});
