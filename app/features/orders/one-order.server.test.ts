/**
 * One purchase, one order (issue 29 item 6) on a real database (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): a failed then a successful payment of one cart leave one order; two
 * checkouts of one cart at once leave one order; a changed cart updates the open order; the
 * owner pays again or cancels from the order page; unpaid shop orders expire after the hours
 * the settings set, through the job queue.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, siteSettings } from '~/lib/schema.server';
import { orderSettingsFormSchema } from '~/features/admin/settings/order-settings.server';
import { testDatabaseKind } from '../../../tests/support/test-db';
import {
  createTestApp,
  formPost,
  insertSampleProduct,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../tests/support/test-app';
import { createTestJobs } from '../../../tests/support/test-jobs';
import { SAMPLE_CHECKOUT_DETAILS } from '../../../tests/support/checkout-details';
import { placeOrder } from '~/features/checkout/payment-flow.server';
import { handleSandbox } from '~/features/payments/provider-payments.server';
import { addToCart } from '~/features/cart/cart.server';
import * as accountRoute from '~/routes/account';
import * as accountOrdersRoute from '~/routes/account.orders';
import * as accountOrderRoute from '~/routes/account.order';
import { getOrder, listOrders } from './orders.server';
import { confirmPayment } from '~/features/payments/shop-payments.server';

let app: TestApp;
let linen: number;

beforeAll(async () => {
  app = await createTestApp();
  linen = await insertSampleProduct(app.database.db, 150_000);
});

afterAll(async () => {
  await app?.dispose();
});

/** A signed-in shopper with `quantity` of the linen in the cart. */
async function shopperWithCart(quantity = 1) {
  const shopper = await app.signedIn('user');
  await addToCart(app.database.db, shopper.userId, {
    productId: linen,
    size: '',
    color: '',
    quantity,
  });
  return shopper;
}

const checkout = (userId: string) =>
  placeOrder(app.context, { id: userId } as never, SAMPLE_CHECKOUT_DETAILS, '127.0.0.1');

/** The sandbox dialog's 'Pay' or 'Fail payment' for the shopper's order. */
async function sandbox(userId: string, orderNumber: string, outcome: 'pay' | 'fail') {
  return handleSandbox(
    new Request('http://shop.test/api/payments/sandbox', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderNumber, outcome }),
    }),
    app.context,
    { id: userId } as never,
  );
}

async function payInSandbox(userId: string, orderNumber: string) {
  const signed = (await sandbox(userId, orderNumber, 'pay')).data as {
    razorpay_payment_id: string;
  };
  return confirmPayment(app.database.db, {
    userId,
    orderNumber,
    paymentId: signed.razorpay_payment_id,
    provider: 'sandbox',
  });
}

const ordersOf = (userId: string) =>
  app.database.db
    .select({ number: orders.number, status: orders.status })
    .from(orders)
    .where(eq(orders.userId, userId));

describe(`one purchase, one order on ${testDatabaseKind}`, () => {
  it('a failed then a successful payment of one cart leave one order, paid, with the failure on its timeline', async () => {
    const { userId, cookie } = await shopperWithCart();
    const first = await checkout(userId);
    await sandbox(userId, first.orderNumber, 'fail');
    // The failed attempt leaves the order awaiting payment, not 'failed'.
    expect((await getOrder(app.database.db, userId, first.orderNumber))?.status).toBe('created');

    const second = await checkout(userId);
    expect(second.orderNumber).toBe(first.orderNumber);
    expect(second.providerOrderId).toBe(first.providerOrderId);
    expect((await payInSandbox(userId, second.orderNumber)).kind).toBe('paid');

    expect(await ordersOf(userId)).toEqual([{ number: first.orderNumber, status: 'paid' }]);
    const order = await getOrder(app.database.db, userId, first.orderNumber);
    expect(order?.timeline.map((entry) => entry.kind)).toEqual(['created', 'failed', 'paid']);
    // The dashboard counts one order placed.
    const dashboard = await routeOutcome(() =>
      accountRoute.loader({
        request: pageGet('/account', cookie),
        context: app.context,
        params: {},
      } as never),
    );
    expect((dashboard.data as { counts: { orders: number } }).counts.orders).toBe(1);
  });

  it('two checkouts of one cart at once leave one order', async () => {
    const { userId } = await shopperWithCart(2);
    const [a, b] = await Promise.all([checkout(userId), checkout(userId)]);
    expect(a.orderNumber).toBe(b.orderNumber);
    expect(a.providerOrderId).toBe(b.providerOrderId);
    expect(a.amountPaise).toBe(300_000);
    expect(await ordersOf(userId)).toHaveLength(1);
  });

  it('a cart changed since the first attempt updates the open order and its amount', async () => {
    const { userId } = await shopperWithCart(1);
    const first = await checkout(userId);
    await addToCart(app.database.db, userId, {
      productId: linen,
      size: '',
      color: '',
      quantity: 2,
    });
    const second = await checkout(userId);
    expect(second.orderNumber).toBe(first.orderNumber);
    expect(second.amountPaise).toBe(450_000);
    // A provider order is made for one amount: the new amount gets a new one.
    expect(second.providerOrderId).not.toBe(first.providerOrderId);
    const order = await getOrder(app.database.db, userId, first.orderNumber);
    expect(order).toMatchObject({ amountPaise: 450_000, status: 'created' });
    expect(order?.lines.map((line) => line.quantity)).toEqual([3]);
    expect(await ordersOf(userId)).toHaveLength(1);
    expect((await payInSandbox(userId, second.orderNumber)).kind).toBe('paid');
  });

  it('the owner pays an awaiting order again or cancels it from its page; anyone else gets 404', async () => {
    const owner = await shopperWithCart();
    const placed = await checkout(owner.userId);
    await sandbox(owner.userId, placed.orderNumber, 'fail');
    const path = `/account/orders/${placed.orderNumber}`;
    const act = async (intent: string, cookie: string) => {
      const response = await accountOrderRoute.action({
        request: formPost(path, { intent }, cookie),
        context: app.context,
        params: { number: placed.orderNumber },
      } as never);
      return { status: response.status, data: (await response.json()) as unknown };
    };
    const page = await routeOutcome(() =>
      accountOrderRoute.loader({
        request: pageGet(path, owner.cookie),
        context: app.context,
        params: { number: placed.orderNumber },
      } as never),
    );
    expect(page.data).toMatchObject({ unpaid: { canPay: true } });

    const stranger = await app.signedIn('user');
    expect((await act('pay-order', stranger.cookie)).status).toBe(404);
    expect((await act('cancel-order', stranger.cookie)).status).toBe(404);
    expect((await act('dance', owner.cookie)).status).toBe(400);

    const again = await act('pay-order', owner.cookie);
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({
      ok: true,
      payment: {
        orderNumber: placed.orderNumber,
        amountPaise: 150_000,
        providerOrderId: placed.providerOrderId,
      },
    });

    expect((await act('cancel-order', owner.cookie)).status).toBe(200);
    expect(await ordersOf(owner.userId)).toEqual([
      { number: placed.orderNumber, status: 'cancelled' },
    ]);
    // A cancelled order is not paid again, and no longer listed among the shopper's orders.
    expect((await act('pay-order', owner.cookie)).status).toBe(409);
    expect((await act('cancel-order', owner.cookie)).status).toBe(409);
    const list = await routeOutcome(() =>
      accountOrdersRoute.loader({
        request: pageGet('/account/orders', owner.cookie),
        context: app.context,
        params: {},
      } as never),
    );
    expect((list.data as { orders: unknown[] }).orders).toEqual([]);
    // The next checkout of the same cart opens a new order.
    const next = await checkout(owner.userId);
    expect(next.orderNumber).not.toBe(placed.orderNumber);
  });

  it('unpaid shop orders expire after the hours the settings set, through the job queue', async () => {
    const { userId } = await shopperWithCart();
    const placedAt = Date.now();
    const placed = await checkout(userId);
    let now = placedAt;
    const jobs = createTestJobs(app.database.db, { now: () => new Date(now) });

    now = placedAt + 23 * 3_600_000;
    await jobs.runDue();
    expect(await ordersOf(userId)).toEqual([{ number: placed.orderNumber, status: 'created' }]);

    now = placedAt + 24 * 3_600_000 + 60_000;
    await jobs.runDue();
    expect(await ordersOf(userId)).toEqual([{ number: placed.orderNumber, status: 'cancelled' }]);
    const order = await getOrder(app.database.db, userId, placed.orderNumber);
    expect(order?.timeline.at(-1)).toMatchObject({
      kind: 'cancelled',
      note: 'Not paid within 24 hours',
    });
    expect(await listOrders(app.database.db, userId)).toEqual([]);

    // The settings lengthen the time: an order waiting then expires at the new time.
    await app.database.db
      .insert(siteSettings)
      .values({ key: 'orders', value: { unpaidExpiryHours: 48 } })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: { unpaidExpiryHours: 48 } } });
    const later = await shopperWithCart();
    const laterAt = Date.now();
    const laterPlaced = await checkout(later.userId);
    now = laterAt + 24 * 3_600_000 + 60_000;
    await jobs.runDue();
    expect(await ordersOf(later.userId)).toEqual([
      { number: laterPlaced.orderNumber, status: 'created' },
    ]);
    now = laterAt + 48 * 3_600_000 + 60_000;
    await jobs.runDue();
    const laterOrder = await getOrder(app.database.db, later.userId, laterPlaced.orderNumber);
    expect(laterOrder?.status).toBe('cancelled');
    expect(laterOrder?.timeline.at(-1)?.note).toBe('Not paid within 48 hours');
    expect(
      orderSettingsFormSchema.safeParse({ unpaidExpiryHours: '0' }).error?.issues[0]?.message,
    ).toBe('Please enter a whole number of hours from 1 to 720.');
    expect(
      orderSettingsFormSchema.parse({ unpaidExpiryHours: ' 36 ', counterRefundLimit: '2000' })
        .unpaidExpiryHours,
    ).toBe(36);

    // A paid order is never expired.
    const paid = await shopperWithCart();
    const paidPlaced = await checkout(paid.userId);
    await payInSandbox(paid.userId, paidPlaced.orderNumber);
    now = Date.now() + 48 * 3_600_000;
    await jobs.runDue();
    expect(
      await app.database.db
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.userId, paid.userId))),
    ).toEqual([{ status: 'paid' }]);
  });
});
