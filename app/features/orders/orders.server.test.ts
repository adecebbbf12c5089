/**
 * Carts, orders and payments on a real database (PGlite, and PostgreSQL in CI's second run):
 * server prices, refusals of tampered lines, signature checks through the sandbox provider
 * (real HMACs), idempotent confirmation and webhooks under concurrency, status transitions.
 */
import { Refusal } from '~/lib/refusal';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cartLines,
  categories,
  notifications,
  orderEvents,
  orders,
  paymentEvents,
  products,
  productVariants,
  user,
} from '~/lib/schema.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import os from 'node:os';
import type { AppLoadContext } from 'react-router';
import { QueryCache } from '~/lib/cache.server';
import { createMailer } from '~/lib/mail.server';
import { catalogueReader } from '~/features/storefront/catalogue-reader.server';
import { handleCallback, handleSandbox } from '~/features/payments/provider-payments.server';
import { addToCart, CartLineError, getCart, mergeIntoCart, priceLines } from '../cart/cart.server';
import {
  createPaymentProvider,
  type OrderPaymentEvent,
  type PaymentProvider,
} from '~/lib/payments/payments.server';
import type { CheckoutDetails } from '~/features/checkout/checkout-details';
import { SAMPLE_CHECKOUT_DETAILS } from '../../../tests/support/checkout-details';
import {
  anonymiseOrdersOf,
  attachProviderOrder,
  CANCELLED_ORDER_MESSAGE,
  createOrderFromCart,
  getOrder,
  listOrders,
} from './orders.server';
import {
  applyPaymentEvent,
  cancelOrder,
  confirmPayment,
} from '~/features/payments/shop-payments.server';

let database: TestDatabase;
let provider: PaymentProvider;
let shirt: number;
let sherwani: number;
let retired: number;
const details: CheckoutDetails = SAMPLE_CHECKOUT_DETAILS;
let userCount = 0;

async function newShopper(): Promise<string> {
  userCount += 1;
  const id = `shopper-${userCount}`;
  await database.db.insert(user).values({
    id,
    name: `Shopper ${userCount}`,
    email: `shopper${userCount}@example.com`,
    emailVerified: true,
  });
  return id;
}

/** A line of the white linen shirt in size M. */
const whiteShirtM = (quantity: number) => ({
  productId: shirt,
  size: 'M',
  color: 'White',
  quantity,
});

/** A new shopper with one of `productId` in the cart (no size or colour). */
async function shopperWith(productId: number): Promise<string> {
  const shopper = await newShopper();
  await addToCart(database.db, shopper, { productId, size: '', color: '', quantity: 1 });
  return shopper;
}

/** A placed order with its sandbox provider order. */
async function placed(userId: string) {
  const order = await createOrderFromCart(database.db, { userId, details, provider: 'sandbox' });
  const providerOrder = await provider.createOrder({
    amountPaise: order.amountPaise,
    receipt: order.number,
    notes: {},
  });
  await attachProviderOrder(database.db, order.id, providerOrder.providerOrderId);
  return { ...order, providerOrderId: providerOrder.providerOrderId };
}

beforeAll(async () => {
  database = await createTestDatabase();
  provider = createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 'orders-test-secret' });
  const [category] = await database.db
    .insert(categories)
    .values({ name: 'Fabrics', slug: 'fabrics' })
    .returning({ id: categories.id });
  const rows = await database.db
    .insert(products)
    .values([
      {
        slug: 'linen-shirt',
        name: 'Linen Shirt',
        categoryId: category!.id,
        pricePaise: 249_900,
        colors: ['White'],
      },
      { slug: 'sherwani', name: 'Silk Sherwani', categoryId: category!.id, pricePaise: 4_500_000 },
      {
        slug: 'retired',
        name: 'Retired Cloth',
        categoryId: category!.id,
        pricePaise: 10_000,
        isActive: false,
      },
    ])
    .returning({ id: products.id });
  [shirt, sherwani, retired] = rows.map((row) => row.id) as [number, number, number];
  await database.db.insert(productVariants).values([
    { productId: shirt, size: 'M', sku: 'LINEN-SHIRT-M', pricePaise: 249_900, position: 0 },
    { productId: shirt, size: 'L', sku: 'LINEN-SHIRT-L', pricePaise: 249_900, position: 1 },
  ]);
});

afterAll(async () => {
  await database.dispose();
});

beforeEach(async () => {
  await database.db.delete(cartLines);
});

describe(`carts and orders on ${testDatabaseKind}`, () => {
  it('prices lines from the catalogue, never from the browser, and flags retired products', async () => {
    const cart = await priceLines(database.db, [
      { productId: shirt, size: 'M', color: 'White', quantity: 2 },
      { productId: retired, size: '', color: '', quantity: 1 },
      { productId: 999_999, size: '', color: '', quantity: 1 },
    ]);
    expect(cart.lines.map((line) => [line.name, line.unitPricePaise, line.available])).toEqual([
      ['Linen Shirt', 249_900, true],
      ['Retired Cloth', 10_000, false],
    ]);
    expect(cart.totalPaise).toBe(499_800);
    expect(cart.payable).toBe(false);
  });

  it('refuses lines with an unknown product, size or colour, or a retired product', async () => {
    const shopper = await newShopper();
    await expect(
      addToCart(database.db, shopper, {
        productId: shirt,
        size: 'XXL',
        color: 'White',
        quantity: 1,
      }),
    ).rejects.toThrow(/sizes: M, L/);
    await expect(
      addToCart(database.db, shopper, {
        productId: shirt,
        size: 'M',
        color: 'Purple',
        quantity: 1,
      }),
    ).rejects.toBeInstanceOf(CartLineError);
    await expect(
      addToCart(database.db, shopper, { productId: sherwani, size: 'M', color: '', quantity: 1 }),
    ).rejects.toBeInstanceOf(CartLineError);
    await expect(
      addToCart(database.db, shopper, { productId: retired, size: '', color: '', quantity: 1 }),
    ).rejects.toThrow('This product is not available');
    await expect(
      addToCart(database.db, shopper, { productId: 424_242, size: '', color: '', quantity: 1 }),
    ).rejects.toBeInstanceOf(CartLineError);
    expect((await getCart(database.db, shopper)).lines).toEqual([]);
  });

  it('adds equal lines up (capped at 20) and merges a guest cart on sign-in', async () => {
    const shopper = await newShopper();
    await addToCart(database.db, shopper, whiteShirtM(15));
    await addToCart(database.db, shopper, whiteShirtM(9));
    await mergeIntoCart(database.db, shopper, [
      { productId: shirt, size: 'L', color: 'White', quantity: 1 },
      { productId: sherwani, size: '', color: '', quantity: 1 },
      { productId: shirt, size: 'XXL', color: 'White', quantity: 1 },
    ]);
    const cart = await getCart(database.db, shopper);
    expect(cart.lines.map((line) => [line.name, line.size, line.quantity])).toEqual([
      ['Linen Shirt', 'M', 20],
      ['Linen Shirt', 'L', 1],
      ['Silk Sherwani', '', 1],
    ]);
    expect(cart.totalPaise).toBe(21 * 249_900 + 4_500_000);
  });

  it('adds every line a shopper adds at once (two tabs), and keeps the 50-line limit', async () => {
    const shopper = await newShopper();
    await Promise.all([
      ...Array.from({ length: 6 }, () => addToCart(database.db, shopper, whiteShirtM(1))),
      addToCart(database.db, shopper, { productId: sherwani, size: '', color: '', quantity: 2 }),
    ]);
    // A product retired since it went into the cart stays in it, flagged and not payable.
    await database.db
      .insert(cartLines)
      .values({ userId: shopper, productId: retired, size: '', color: '', quantity: 1 });
    const cart = await getCart(database.db, shopper);
    expect(cart.lines.map((line) => [line.name, line.quantity, line.available]).sort()).toEqual([
      ['Linen Shirt', 6, true],
      ['Retired Cloth', 1, false],
      ['Silk Sherwani', 2, true],
    ]);
    expect(cart).toMatchObject({ totalPaise: 6 * 249_900 + 2 * 4_500_000, payable: false });

    const full = await newShopper();
    await database.db.insert(cartLines).values(
      Array.from({ length: 50 }, (_, i) => ({
        userId: full,
        productId: shirt,
        size: 'M',
        color: i === 0 ? 'White' : `Shade ${i}`,
        quantity: 1,
      })),
    );
    await expect(
      addToCart(database.db, full, { productId: sherwani, size: '', color: '', quantity: 1 }),
    ).rejects.toThrow('A cart holds at most 50 different items');
    // A line it already holds still adds up.
    await addToCart(database.db, full, whiteShirtM(2));
    expect((await getCart(database.db, full)).lines[0]).toMatchObject({
      color: 'White',
      quantity: 3,
    });
  });

  it('creates an order from the stored cart at current prices, and refuses empty or stale carts', async () => {
    const shopper = await newShopper();
    await expect(
      createOrderFromCart(database.db, { userId: shopper, details, provider: 'sandbox' }),
    ).rejects.toSatisfy(
      (error: Refusal) => error instanceof Refusal && error.code === 'cart-empty',
    );
    await addToCart(database.db, shopper, {
      productId: sherwani,
      size: '',
      color: '',
      quantity: 2,
    });
    // The price changes after the line went into the cart: the order takes today's price.
    await database.db
      .update(products)
      .set({ pricePaise: 4_600_000 })
      .where(eq(products.id, sherwani));
    const order = await createOrderFromCart(database.db, {
      userId: shopper,
      details,
      provider: 'sandbox',
    });
    expect(order.amountPaise).toBe(9_200_000);
    expect(order.number).toMatch(/^RT-\d{6}-[2-9A-Z]{5}$/);
    const stored = await getOrder(database.db, shopper, order.number);
    expect(stored).toMatchObject({
      status: 'created',
      amountPaise: 9_200_000,
      customerName: 'Raj Patel',
      itemCount: 2,
    });
    expect(stored?.lines).toEqual([
      expect.objectContaining({ name: 'Silk Sherwani', unitPricePaise: 4_600_000, quantity: 2 }),
    ]);
    expect(await getOrder(database.db, await newShopper(), order.number)).toBeNull();

    await database.db.update(products).set({ isActive: false }).where(eq(products.id, sherwani));
    await expect(
      createOrderFromCart(database.db, { userId: shopper, details, provider: 'sandbox' }),
    ).rejects.toThrow(/no longer available/);
    await database.db
      .update(products)
      .set({ isActive: true, pricePaise: 4_500_000 })
      .where(eq(products.id, sherwani));
  });

  it('pays an order once when the confirmation and the webhook race, and clears the cart', async () => {
    const shopper = await newShopper();
    await addToCart(database.db, shopper, whiteShirtM(1));
    const order = await placed(shopper);
    const payment = provider.sandbox!.pay(order.providerOrderId);
    expect(
      provider.verifyPaymentSignature({
        providerOrderId: order.providerOrderId,
        paymentId: payment.paymentId,
        signature: payment.signature,
      }),
    ).toBe(true);
    // A signature made with another secret, or for another order, is refused.
    const forged = createHmac('sha256', 'not-the-secret')
      .update(`${order.providerOrderId}|${payment.paymentId}`)
      .digest('hex');
    expect(
      provider.verifyPaymentSignature({
        providerOrderId: order.providerOrderId,
        paymentId: payment.paymentId,
        signature: forged,
      }),
    ).toBe(false);
    expect(
      provider.verifyPaymentSignature({
        providerOrderId: 'order_SBXsomeoneelse1',
        paymentId: payment.paymentId,
        signature: payment.signature,
      }),
    ).toBe(false);

    const event = {
      eventId: 'evt_race_1',
      type: 'payment.captured' as const,
      providerOrderId: order.providerOrderId,
      paymentId: payment.paymentId,
      amountPaise: order.amountPaise,
    };
    const outcomes = await Promise.all([
      confirmPayment(database.db, {
        userId: shopper,
        orderNumber: order.number,
        paymentId: payment.paymentId,
        provider: 'sandbox',
      }),
      applyPaymentEvent(database.db, 'sandbox', event),
      confirmPayment(database.db, {
        userId: shopper,
        orderNumber: order.number,
        paymentId: payment.paymentId,
        provider: 'sandbox',
      }),
      applyPaymentEvent(database.db, 'sandbox', event),
    ]);
    expect(outcomes.filter((outcome) => outcome.kind === 'paid')).toHaveLength(1);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'paid', providerPaymentId: payment.paymentId });
    expect((await getCart(database.db, shopper)).lines).toEqual([]);
    const events = await database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, order.id));
    expect(events.map((stored) => stored.eventId).sort()).toEqual([
      `confirm:${payment.paymentId}`,
      'evt_race_1',
    ]);
  });

  it('paying an older order removes only its own lines from the cart', async () => {
    const shopper = await newShopper();
    await addToCart(database.db, shopper, whiteShirtM(1));
    const older = await placed(shopper);
    // Since then the shopper has put something else in the cart.
    await addToCart(database.db, shopper, {
      productId: sherwani,
      size: '',
      color: '',
      quantity: 2,
    });
    const payment = provider.sandbox!.pay(older.providerOrderId);
    const outcome = await confirmPayment(database.db, {
      userId: shopper,
      orderNumber: older.number,
      paymentId: payment.paymentId,
      provider: 'sandbox',
    });
    expect(outcome.kind).toBe('paid');
    const left = (await getCart(database.db, shopper)).lines;
    expect(left.map((line) => [line.productId, line.quantity])).toEqual([[sherwani, 2]]);
  });

  it('refuses to pay a cancelled order, in the sandbox and on confirmation', async () => {
    const shopper = await newShopper();
    await addToCart(database.db, shopper, whiteShirtM(1));
    const order = await placed(shopper);
    expect(await cancelOrder(database.db, shopper, order.number)).toBe(true);

    const context = {
      db: database.db,
      payments: provider,
      env: { PUBLIC_URL: 'http://shop.test' },
    } as unknown as AppLoadContext;
    const sandboxPay = await handleSandbox(
      new Request('http://shop.test/api/payments/sandbox', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderNumber: order.number, outcome: 'pay' }),
      }),
      context,
      { id: shopper } as never,
    );
    expect(sandboxPay.init?.status).toBe(409);
    expect(sandboxPay.data).toEqual({ error: CANCELLED_ORDER_MESSAGE });

    // A payment signed for it anyway (an old widget left open) is refused too.
    const payment = provider.sandbox!.pay(order.providerOrderId);
    await expect(
      confirmPayment(database.db, {
        userId: shopper,
        orderNumber: order.number,
        paymentId: payment.paymentId,
        provider: 'sandbox',
      }),
    ).rejects.toMatchObject({ code: 'conflict', message: CANCELLED_ORDER_MESSAGE });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('cancelled');
    expect((await getCart(database.db, shopper)).lines).toHaveLength(1);
  });

  it('moves statuses only forward and refuses another shopper confirming an order', async () => {
    const shopper = await shopperWith(sherwani);
    const order = await placed(shopper);
    const failure = provider.sandbox!.failure(order.providerOrderId, order.amountPaise);
    expect(provider.verifyWebhookSignature(failure.rawBody, failure.signature)).toBe(true);
    expect(
      provider.verifyWebhookSignature(
        failure.rawBody.replace('failed', 'failes'),
        failure.signature,
      ),
    ).toBe(false);
    const failed = provider.parseWebhookEvent(
      failure.rawBody,
      failure.eventId,
    ) as OrderPaymentEvent;
    expect(await applyPaymentEvent(database.db, 'sandbox', failed)).toEqual({
      kind: 'failed',
      orderId: order.id,
    });
    expect(await applyPaymentEvent(database.db, 'sandbox', failed)).toEqual({ kind: 'duplicate' });
    // Issue 29 item 6: a failed attempt leaves the order awaiting payment.
    const [afterFailure] = await database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(afterFailure?.status).toBe('created');

    await expect(
      confirmPayment(database.db, {
        userId: await newShopper(),
        orderNumber: order.number,
        paymentId: 'pay_other',
        provider: 'sandbox',
      }),
    ).rejects.toSatisfy((error: Refusal) => error.code === 'not-found');

    // A later successful attempt pays the order; afterwards nothing moves it back.
    const wrongAmount = {
      eventId: 'evt_amount',
      type: 'order.paid' as const,
      providerOrderId: order.providerOrderId,
      paymentId: 'pay_x',
      amountPaise: 1,
    };
    expect((await applyPaymentEvent(database.db, 'sandbox', wrongAmount)).kind).toBe('ignored');
    const paid = await applyPaymentEvent(database.db, 'sandbox', {
      ...wrongAmount,
      eventId: 'evt_paid',
      amountPaise: order.amountPaise,
    });
    expect(paid.kind).toBe('paid');
    const lateFailure = { ...failed, eventId: 'evt_late_failure' };
    expect((await applyPaymentEvent(database.db, 'sandbox', lateFailure)).kind).toBe('ignored');
    expect(await cancelOrder(database.db, shopper, order.number)).toBe(false);
    expect((await listOrders(database.db, shopper)).map((summary) => summary.status)).toEqual([
      'paid',
    ]);
  });

  it('writes each status change to the order’s timeline, once', async () => {
    const kinds = async (orderId: number) =>
      (
        await database.db
          .select({ kind: orderEvents.kind })
          .from(orderEvents)
          .where(eq(orderEvents.orderId, orderId))
          .orderBy(orderEvents.id)
      ).map((event) => event.kind);

    const shopper = await shopperWith(sherwani);
    const order = await placed(shopper);
    expect(await kinds(order.id)).toEqual(['created']);
    const failure = provider.sandbox!.failure(order.providerOrderId, order.amountPaise);
    const failed = provider.parseWebhookEvent(
      failure.rawBody,
      failure.eventId,
    ) as OrderPaymentEvent;
    await applyPaymentEvent(database.db, 'sandbox', failed);
    await applyPaymentEvent(database.db, 'sandbox', failed);
    const pay = {
      userId: shopper,
      orderNumber: order.number,
      paymentId: 'pay_tl',
      provider: 'sandbox' as const,
    };
    await Promise.all([confirmPayment(database.db, pay), confirmPayment(database.db, pay)]);
    expect(await kinds(order.id)).toEqual(['created', 'failed', 'paid']);
    const stored = await getOrder(database.db, shopper, order.number);
    expect(stored?.timeline.map((entry) => entry.kind)).toEqual(['created', 'failed', 'paid']);
    expect(stored?.fulfilmentStatus).toBeNull();

    await addToCart(database.db, shopper, {
      productId: sherwani,
      size: '',
      color: '',
      quantity: 1,
    });
    const dropped = await placed(shopper);
    expect(await cancelOrder(database.db, shopper, dropped.number)).toBe(true);
    expect(await cancelOrder(database.db, shopper, dropped.number)).toBe(false);
    expect(await kinds(dropped.id)).toEqual(['created', 'cancelled']);
  });

  it('anonymises paid orders and drops unpaid ones when the account goes', async () => {
    const shopper = await shopperWith(sherwani);
    const paid = await placed(shopper);
    await confirmPayment(database.db, {
      userId: shopper,
      orderNumber: paid.number,
      paymentId: 'pay_anon',
      provider: 'sandbox',
    });
    await addToCart(database.db, shopper, {
      productId: sherwani,
      size: '',
      color: '',
      quantity: 1,
    });
    const unpaid = await placed(shopper);
    await anonymiseOrdersOf(database.db, shopper);
    const rows = await database.db.select().from(orders).where(eq(orders.number, paid.number));
    expect(rows[0]).toMatchObject({
      userId: null,
      customerName: 'Deleted customer',
      email: '',
      phone: '',
      address: '',
      status: 'paid',
      city: 'Rajkot',
    });
    expect(await database.db.select().from(orders).where(eq(orders.number, unpaid.number))).toEqual(
      [],
    );
  });

  it('Razorpay’s redirect callback pays by a valid signature alone and refuses a forged one', async () => {
    const shopper = await shopperWith(sherwani);
    const order = await placed(shopper);
    const context = {
      db: database.db,
      payments: provider,
      env: { PUBLIC_URL: 'http://shop.test' },
      linkSecret: 'integration-test-link-secret',
      catalogue: catalogueReader(database.db, QueryCache.disabled()),
      mailer: createMailer({
        from: 'Shop <shop@example.com>',
        outboxDir: os.tmpdir(),
        log: { info() {}, warn() {}, error() {} } as never,
      }),
    } as unknown as AppLoadContext;
    const post = async (fields: Record<string, string>) => {
      const answer = await handleCallback(
        new Request('http://shop.test/api/payments/callback', {
          method: 'POST',
          body: new URLSearchParams(fields),
        }),
        context,
      );
      if (!(answer instanceof Response))
        throw new Error(`not a redirect: ${JSON.stringify(answer)}`);
      return answer;
    };
    const payment = provider.sandbox!.pay(order.providerOrderId);
    const forged = await post({
      razorpay_payment_id: payment.paymentId,
      razorpay_order_id: order.providerOrderId,
      razorpay_signature: 'a'.repeat(64),
    });
    expect(forged.headers.get('location')).toBe('/checkout');
    expect((await getOrder(database.db, shopper, order.number))?.status).toBe('created');
    const good = await post({
      razorpay_payment_id: payment.paymentId,
      razorpay_order_id: order.providerOrderId,
      razorpay_signature: payment.signature,
    });
    expect(good.headers.get('location')).toBe(`/account/orders/${order.number}`);
    expect((await getOrder(database.db, shopper, order.number))?.status).toBe('paid');
    // The confirmation is queued once, however often the payment arrives.
    await post({
      razorpay_payment_id: payment.paymentId,
      razorpay_order_id: order.providerOrderId,
      razorpay_signature: payment.signature,
    });
    const confirmations = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.subject, `Your order ${order.number} is confirmed`));
    expect(confirmations).toEqual([
      expect.objectContaining({ channel: 'email', kind: 'order.paid', status: 'queued' }),
    ]);
  });
});
