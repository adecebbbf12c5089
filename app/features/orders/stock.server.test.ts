/**
 * Cloth sold by the metre and stock taken when an order is paid (issue 29 item 2), on a real
 * database (PGlite, and PostgreSQL with TEST_DATABASE_URL): a cut's price in the cart and on
 * the order, lengths off the product's steps refused, a short stock refused when the order is
 * placed, two shoppers paying for the last 2 m at once (exactly one wins, the other's money is
 * kept for a refund and its order cancelled), and the invoice printing the cut in MTR.
 */
import { Refusal } from '~/lib/refusal';
import { eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  jobs,
  orderEvents,
  orderLines,
  orders,
  payments,
  products,
  user,
} from '~/lib/schema.server';
import { createPaymentProvider, type PaymentProvider } from '~/lib/payments/payments.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { SAMPLE_CHECKOUT_DETAILS } from '../../../tests/support/checkout-details';
import { addToCart, CartLineError, getCart } from '../cart/cart.server';
import { issueInvoice } from '../invoices/invoices.server';
import { invoicePdf } from '../invoices/pdf.server';
import { recordCounterPayment, sendPaymentLink } from '../payments/admin-payments.server';
import { paySandboxLink } from '../payments/payment-links.server';
import {
  attachProviderOrder,
  CANCELLED_ORDER_MESSAGE,
  createOrderFromCart,
  getOrder,
} from './orders.server';
import { applyPaymentEvent, confirmPayment } from '~/features/payments/shop-payments.server';

let database: TestDatabase;
let provider: PaymentProvider;
let categoryId: number;
let shopperCount = 0;

async function newShopper(): Promise<string> {
  shopperCount += 1;
  const id = `metre-shopper-${shopperCount}`;
  await database.db.insert(user).values({
    id,
    name: `Shopper ${shopperCount}`,
    email: `metre${shopperCount}@example.com`,
    emailVerified: true,
  });
  return id;
}

/** A cloth sold by the metre (0.25 m steps, 1 m to 10 m) with `stockCm` on the shelf. */
async function cloth(slug: string, pricePaise: number, stockCm: number | null): Promise<number> {
  const [row] = await database.db
    .insert(products)
    .values({
      slug,
      name: `Cloth ${slug}`,
      categoryId,
      pricePaise,
      saleUnit: 'metre',
      lengthStepCm: 25,
      lengthMinCm: 100,
      lengthMaxCm: 1000,
      uqc: 'MTR',
      stock: stockCm,
    })
    .returning({ id: products.id });
  return row!.id;
}

/** A shopper's placed order for one cut, with its sandbox provider order. */
async function placedCut(productId: number, lengthCm: number) {
  const userId = await newShopper();
  await addToCart(database.db, userId, { productId, size: '', color: '', lengthCm, quantity: 1 });
  const order = await createOrderFromCart(database.db, {
    userId,
    details: SAMPLE_CHECKOUT_DETAILS,
    provider: 'sandbox',
  });
  const providerOrder = await provider.createOrder({
    amountPaise: order.amountPaise,
    receipt: order.number,
    notes: {},
  });
  await attachProviderOrder(database.db, order.id, providerOrder.providerOrderId);
  return { ...order, userId, providerOrderId: providerOrder.providerOrderId };
}

/** Pays a placed order through the confirmation path, as the sandbox widget does. */
function pay(order: Awaited<ReturnType<typeof placedCut>>) {
  const payment = provider.sandbox!.pay(order.providerOrderId);
  return confirmPayment(database.db, {
    userId: order.userId,
    orderNumber: order.number,
    paymentId: payment.paymentId,
    provider: 'sandbox',
  });
}

async function stockOf(productId: number): Promise<number | null> {
  const [row] = await database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

beforeAll(async () => {
  database = await createTestDatabase();
  provider = createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 'metre-test-secret' });
  const [category] = await database.db
    .insert(categories)
    .values({ name: 'Fabrics', slug: 'fabrics' })
    .returning({ id: categories.id });
  categoryId = category!.id;
});

afterAll(async () => {
  await database.dispose();
});

describe(`cloth by the metre and stock on ${testDatabaseKind}`, () => {
  it('prices 3.50 m of ₹3,200 a metre at ₹11,200 in the cart and on the order', async () => {
    const linen = await cloth('irish-linen', 320_000, 5_000);
    const order = await placedCut(linen, 350);
    expect(order.amountPaise).toBe(1_120_000);
    const detail = await getOrder(database.db, order.userId, order.number);
    expect(detail!.lines).toEqual([
      expect.objectContaining({
        unitPricePaise: 1_120_000,
        quantity: 1,
        lengthCm: 350,
        metrePricePaise: 320_000,
      }),
    ]);
    const shopper = await newShopper();
    await addToCart(database.db, shopper, {
      productId: linen,
      size: '',
      color: '',
      lengthCm: 125,
      quantity: 1,
    });
    const cart = await getCart(database.db, shopper);
    expect(cart.lines[0]).toMatchObject({
      lengthCm: 125,
      unitPricePaise: 400_000,
      metrePricePaise: 320_000,
      lineTotalPaise: 400_000,
      problem: null,
    });
    expect(cart.totalPaise).toBe(400_000);
  });

  it('rounds an odd price a metre half up to the paisa', async () => {
    const odd = await cloth('odd-price', 12_345, null);
    const order = await placedCut(odd, 150);
    // 12,345 × 150 / 100 = 18,517.5 → 18,518
    expect(order.amountPaise).toBe(18_518);
  });

  it('refuses a length off the steps, outside the range, or missing', async () => {
    const linen = await cloth('steps-only', 320_000, null);
    const shopper = await newShopper();
    const add = (lengthCm: number) =>
      addToCart(database.db, shopper, {
        productId: linen,
        size: '',
        color: '',
        lengthCm,
        quantity: 1,
      });
    await expect(add(340)).rejects.toThrow(
      new CartLineError('Please choose a length in steps of 0.25 m from 1.00 m'),
    );
    await expect(add(1100)).rejects.toThrow('Please choose a length from 1.00 m to 10.00 m');
    await expect(add(0)).rejects.toThrow('Please choose a length');
  });

  it('refuses to place an order for more than the stock left', async () => {
    const short = await cloth('short-stock', 320_000, 150);
    const userId = await newShopper();
    await addToCart(database.db, userId, {
      productId: short,
      size: '',
      color: '',
      lengthCm: 200,
      quantity: 1,
    });
    const cart = await getCart(database.db, userId);
    expect(cart.payable).toBe(false);
    expect(cart.lines[0]!.problem).toBe('Only 1.50 m of Cloth short-stock are left');
    await expect(
      createOrderFromCart(database.db, {
        userId,
        details: SAMPLE_CHECKOUT_DETAILS,
        provider: 'sandbox',
      }),
    ).rejects.toThrow(
      new Refusal(
        'conflict',
        'Only 1.50 m of Cloth short-stock are left. Please change your cart.',
      ),
    );
  });

  it('lets exactly one of two shoppers paying at once have the last 2 m', async () => {
    const last = await cloth('last-two-metres', 320_000, 200);
    const first = await placedCut(last, 200);
    const second = await placedCut(last, 200);
    const outcomes = await Promise.all([pay(first), pay(second)]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['paid', 'sold-out']);
    expect(await stockOf(last)).toBe(0);

    const loser = outcomes[0]!.kind === 'paid' ? second : first;
    const winner = loser === first ? second : first;
    const rows = await database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.id, winner.id));
    expect(rows[0]!.status).toBe('paid');
    const [lost] = await database.db.select().from(orders).where(eq(orders.id, loser.id));
    expect(lost!.status).toBe('cancelled');
    // The loser's money is in its ledger, for staff to refund, and its timeline says so.
    const lostPayments = await database.db
      .select({ amountPaise: payments.amountPaise, status: payments.status })
      .from(payments)
      .where(eq(payments.orderId, loser.id));
    expect(lostPayments).toEqual([{ amountPaise: 640_000, status: 'succeeded' }]);
    const [event] = await database.db
      .select({ kind: orderEvents.kind, note: orderEvents.note })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, loser.id))
      .orderBy(orderEvents.id)
      .offset(1);
    expect(event).toEqual({
      kind: 'cancelled',
      note: 'Cloth last-two-metres sold out before this payment arrived. The order is cancelled and the payment of ₹6,400 will be refunded in full.',
    });

    // The cancelled order takes no further confirmation, and the webhook for the same payment
    // changes nothing more.
    await expect(pay(loser)).rejects.toThrow(CANCELLED_ORDER_MESSAGE);
    const replay = await applyPaymentEvent(database.db, 'sandbox', {
      eventId: `evt_replay_${loser.id}`,
      type: 'payment.captured',
      providerOrderId: loser.providerOrderId,
      paymentId: lost!.providerPaymentId!,
      amountPaise: loser.amountPaise,
    });
    expect(replay.kind).toBe('sold-out');
    expect(
      await database.db.select().from(payments).where(eq(payments.orderId, loser.id)),
    ).toHaveLength(1);
    expect(
      await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, loser.id)),
    ).toHaveLength(2);
    expect(await stockOf(last)).toBe(0);
  });

  it('leaves untracked stock alone and takes pieces and cuts together', async () => {
    const free = await cloth('untracked', 100_000, null);
    const order = await placedCut(free, 300);
    expect((await pay(order)).kind).toBe('paid');
    expect(await stockOf(free)).toBeNull();
    const counted = await cloth('counted', 100_000, 1_000);
    const cut = await placedCut(counted, 325);
    expect((await pay(cut)).kind).toBe('paid');
    expect(await stockOf(counted)).toBe(675);
  });

  it('invoices a cut in metres at its price a metre: 3.50 MTR', async () => {
    const linen = await cloth('invoiced-linen', 320_000, null);
    const order = await placedCut(linen, 350);
    expect((await pay(order)).kind).toBe('paid');
    const issued = await issueInvoice(database.db, order.id);
    if (!issued.ok) throw new Error(`not issued: ${issued.reason}`);
    expect(issued.issued.document.lines).toEqual([
      expect.objectContaining({
        quantity: 3.5,
        unit: 'MTR',
        unitPricePaise: 320_000,
        grossPaise: 1_120_000,
      }),
    ]);
    const pdf = await invoicePdf(issued.issued.document);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
      mergePages: true,
    });
    expect(text.replace(/\s+/g, ' ')).toContain('3.50 MTR');
    const [line] = await database.db
      .select({ uqc: orderLines.uqc })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    expect(line!.uqc).toBe('MTR');
  });

  it('takes the stock when the counter takes the whole amount, and records nothing when it is short', async () => {
    const [clerk] = await database.db
      .insert(user)
      .values({ id: 'metre-clerk', name: 'Clerk', email: 'clerk@example.com', role: 'admin' })
      .returning({ id: user.id, email: user.email });
    const context = {
      db: database.db,
      payments: provider,
      env: { PUBLIC_URL: 'http://shop.test' },
      catalogue: { settings: async () => ({ shopName: 'Test Tailors' }) },
      linkSecret: 'integration-test-link-secret',
    } as unknown as AppLoadContext;
    const linen = await cloth('counter-linen', 320000, 600);
    const first = await placedCut(linen, 350);
    const second = await placedCut(linen, 350);
    // The first customer pays at the counter: 3.50 m leave the shelf with the payment.
    await recordCounterPayment(context, clerk!, {
      number: first.number,
      method: 'cash',
      amount: first.amountPaise,
      reference: '',
    });
    expect((await getOrder(database.db, first.userId, first.number))?.status).toBe('paid');
    expect(await stockOf(linen)).toBe(250);
    // The second wants 3.50 m of the 2.50 m left: refused, no payment row, stock untouched.
    const refused = recordCounterPayment(context, clerk!, {
      number: second.number,
      method: 'upi',
      amount: second.amountPaise,
      reference: 'UPI-1',
    });
    await expect(refused).rejects.toThrow(
      'Only 2.50 m of Cloth counter-linen was left when this payment arrived: the payment was not recorded. Change the order or refund the customer.',
    );
    await expect(refused).rejects.toMatchObject({ code: 'conflict' });
    expect(await stockOf(linen)).toBe(250);
    const rows = await database.db.select().from(payments).where(eq(payments.orderId, second.id));
    expect(rows.filter((row) => row.method === 'upi')).toEqual([]);
    expect((await getOrder(database.db, second.userId, second.number))?.status).toBe('created');
  });
  it('takes the stock when a payment link pays the order in full, and keeps the money of a short one for a refund', async () => {
    const [clerk] = await database.db
      .insert(user)
      .values({ id: 'link-clerk', name: 'Clerk', email: 'links@example.com', role: 'admin' })
      .returning({ id: user.id, email: user.email });
    const context = {
      db: database.db,
      payments: provider,
      env: { PUBLIC_URL: 'http://shop.test' },
      linkSecret: 'integration-test-link-secret',
      catalogue: { settings: async () => ({ shopName: 'Test Tailors' }) },
    } as unknown as AppLoadContext;
    const linen = await cloth('link-linen', 320_000, 600);
    const first = await placedCut(linen, 350);
    const second = await placedCut(linen, 350);
    /** Sends a link for `amount` of `order` and pays it on the sandbox's page. */
    const payByLink = async (order: typeof first, amount: number) => {
      const sent = await sendPaymentLink(context, clerk!, { number: order.number, amount });
      const [row] = await database.db.select().from(payments).where(eq(payments.id, sent.id));
      const paid = await paySandboxLink(context, row!.providerLinkId!);
      expect(paid.data).toMatchObject({ ok: true });
    };
    // The first customer pays an advance by link, then the rest: the cloth leaves the shelf
    // with the payment that completes the order.
    await payByLink(first, 100_000);
    expect(await stockOf(linen)).toBe(600);
    await payByLink(first, first.amountPaise - 100_000);
    expect((await getOrder(database.db, first.userId, first.number))?.status).toBe('paid');
    expect(await stockOf(linen)).toBe(250);

    // The second wants 3.50 m of the 2.50 m left: the money has arrived, so it is kept in the
    // ledger; the order is cancelled (not paid, no invoice) and its timeline says a refund is due.
    await payByLink(second, second.amountPaise);
    expect(await stockOf(linen)).toBe(250);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, second.id));
    expect(order!.status).toBe('cancelled');
    const rows = await database.db
      .select({
        method: payments.method,
        status: payments.status,
        amountPaise: payments.amountPaise,
      })
      .from(payments)
      .where(eq(payments.orderId, second.id));
    expect(rows).toEqual([
      { method: 'payment_link', status: 'succeeded', amountPaise: second.amountPaise },
    ]);
    const events = await database.db
      .select({ kind: orderEvents.kind, note: orderEvents.note })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, second.id))
      .orderBy(orderEvents.id);
    expect(events.at(-1)).toEqual({
      kind: 'cancelled',
      note: 'Only 2.50 m of Cloth link-linen was left when this payment arrived. The order is cancelled and the ₹11,200 paid will be refunded in full.',
    });
    const queued = await database.db.select({ kind: jobs.kind, payload: jobs.payload }).from(jobs);
    expect(queued).not.toContainEqual({ kind: 'invoice.issue', payload: { orderId: second.id } });
    expect(queued.filter((job) => job.kind === 'receipt-voucher.issue')).toEqual([
      expect.objectContaining({ payload: { paymentId: expect.any(Number) } }),
    ]);
  });
});
