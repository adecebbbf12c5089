/**
 * The payment ledger on a real database (PGlite, and PostgreSQL in CI's second run), through
 * the same paths the pages and the webhook use (issue 21 items 4 and 6): the advance through
 * the sandbox (confirmation and webhook replays make one row), the balance once ready, counter
 * payments refused above the balance (two at once for the last balance: one wins), payment
 * links paid through the sandbox's signed webhook, refunds pending until refund.processed,
 * replays changing nothing, refunds above what was paid refused, and the shop checkout
 * writing its payment row and invoice job; a shop order and a bespoke advance confirmed through
 * the one online-payment path (issue 30 item 4).
 */
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentProvider, type PaymentProvider } from '~/lib/payments/payments.server';
import { sandboxWebhookSecret } from '~/lib/payments/sandbox.server';
import {
  auditLog,
  customers,
  jobs,
  notifications,
  orders,
  payments,
  user,
} from '~/lib/schema.server';
import { confirmPayment } from './shop-payments.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { recordCounterPayment, refundPayment, sendPaymentLink } from './admin-payments.server';
import { balanceOf } from './ledger.server';
import { handleOrderStart } from './online-payments.server';
import { handleCallback, handleConfirm, handleSandbox } from './provider-payments.server';
import { paySandboxLink } from './payment-links.server';
import { Refusal } from '~/lib/refusal';
import { processWebhook } from './webhook.server';

const SECRET = 'ledger-test-secret';
let database: TestDatabase;
let provider: PaymentProvider;
let context: AppLoadContext;
let admin: { id: string; email: string };
let count = 0;

async function newUser(role: 'user' | 'admin' = 'user') {
  count += 1;
  const id = `ledger-${role}-${count}`;
  await database.db.insert(user).values({
    id,
    name: `Person ${count}`,
    email: `ledger${count}@example.com`,
    emailVerified: true,
    role,
  });
  return { id, email: `ledger${count}@example.com` };
}

/** A bespoke order (as features/bespoke makes them) of `amountPaise` for `userId`. */
async function bespokeOrder(userId: string | null, amountPaise: number, extra = {}) {
  count += 1;
  const [order] = await database.db
    .insert(orders)
    .values({
      number: `RT-BSP-${count}`,
      userId,
      kind: 'bespoke',
      status: 'created',
      amountPaise,
      customerName: 'Kiran Patel',
      email: 'kiran@example.com',
      phone: '+91 98765 43210',
      address: '12 Yagnik Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360001',
      provider: 'sandbox',
      ...extra,
    })
    .returning();
  return order!;
}

const json = (path: string, body: object) =>
  new Request(`http://shop.test/api/payments/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const rowsOf = (orderId: number) =>
  database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);

const jobsOf = (kind: string) => database.db.select().from(jobs).where(eq(jobs.kind, kind));

/** A webhook body signed as the sandbox signs them (its derived webhook secret). */
function signed(body: object) {
  const rawBody = JSON.stringify(body);
  const signature = createHmac('sha256', sandboxWebhookSecret(SECRET))
    .update(rawBody)
    .digest('hex');
  return { rawBody, signature };
}

/** Pays the advance of `order` as its owner through the sandbox dialog's 'Pay'. */
async function payOnline(userId: string, number: string, purpose: 'advance' | 'balance') {
  const start = await handleOrderStart(
    json('order-start', { orderNumber: number, purpose }),
    context,
    { id: userId } as never,
    '203.0.113.7',
  );
  expect(start.init?.status ?? 200).toBe(200);
  const started = start.data as { amountPaise: number; providerOrderId: string };
  const pay = await handleSandbox(
    json('order-sandbox', {
      orderNumber: number,
      providerOrderId: started.providerOrderId,
      outcome: 'pay',
    }),
    context,
    { id: userId } as never,
  );
  const signedPayment = pay.data as Record<string, string>;
  const confirm = await handleConfirm(
    json('order-confirm', { orderNumber: number, ...signedPayment }),
    context,
    { id: userId } as never,
  );
  expect(confirm.init?.status ?? 200).toBe(200);
  return {
    ...started,
    paymentId: signedPayment.razorpay_payment_id!,
    signature: signedPayment.razorpay_signature!,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  provider = createPaymentProvider({ nodeEnv: 'test', sandboxSecret: SECRET });
  context = {
    db: database.db,
    payments: provider,
    env: { PUBLIC_URL: 'http://shop.test' },
    catalogue: { settings: async () => ({ shopName: 'Test Tailors' }) },
    linkSecret: 'integration-test-link-secret',
  } as unknown as AppLoadContext;
  admin = await newUser('admin');
});

afterAll(async () => {
  await database.dispose();
});

describe(`the payment ledger on ${testDatabaseKind}`, () => {
  it('confirms a shop order and a bespoke advance through one path: a forged signature gets the same answer from both', async () => {
    const shopper = await newUser();
    const as = { id: shopper.id } as never;
    const [shop] = await database.db
      .insert(orders)
      .values({
        number: `RT-SHOP-${++count}`,
        userId: shopper.id,
        amountPaise: 2_500_00,
        customerName: 'Asha',
        email: 'asha@example.com',
        phone: '9876543210',
        address: '1 Road',
        city: 'Rajkot',
        state: 'Gujarat',
        pincode: '360001',
        provider: 'sandbox',
      })
      .returning();
    const providerOrder = await provider.createOrder({
      amountPaise: 2_500_00,
      receipt: shop!.number,
      notes: {},
    });
    await database.db
      .update(orders)
      .set({ providerOrderId: providerOrder.providerOrderId })
      .where(eq(orders.id, shop!.id));
    const bespoke = await bespokeOrder(shopper.id, 10_000_00);
    const start = await handleOrderStart(
      json('order-start', { orderNumber: bespoke.number, purpose: 'advance' }),
      context,
      as,
      '203.0.113.9',
    );
    const { providerOrderId } = start.data as { providerOrderId: string };

    // The sandbox's 'Pay' for each; the shop order's provider order is taken from the order.
    const shopPay = await handleSandbox(
      json('sandbox', { orderNumber: shop!.number, outcome: 'pay' }),
      context,
      as,
    );
    const bespokePay = await handleSandbox(
      json('order-sandbox', { orderNumber: bespoke.number, providerOrderId, outcome: 'pay' }),
      context,
      as,
    );
    const shopSigned = shopPay.data as Record<string, string>;
    const bespokeSigned = bespokePay.data as Record<string, string>;
    expect(shopSigned.razorpay_order_id).toBe(providerOrder.providerOrderId);
    expect(bespokeSigned.razorpay_order_id).toBe(providerOrderId);

    const forge = (path: string, orderNumber: string, signed: Record<string, string>) =>
      handleConfirm(
        json(path, { orderNumber, ...signed, razorpay_payment_id: 'pay_SBXforgedforged' }),
        context,
        as,
      );
    const forgedShop = await forge('confirm', shop!.number, shopSigned);
    const forgedBespoke = await forge('order-confirm', bespoke.number, bespokeSigned);
    expect(forgedShop.init?.status).toBe(400);
    expect(forgedBespoke.init?.status).toBe(400);
    expect(forgedShop.data).toEqual({ error: 'The payment could not be verified' });
    expect(forgedBespoke.data).toEqual(forgedShop.data);

    // Genuine payments, each through the other's URL name: both are paid.
    const shopOk = await handleConfirm(
      json('order-confirm', { orderNumber: shop!.number, ...shopSigned }),
      context,
      as,
    );
    const bespokeOk = await handleConfirm(
      json('confirm', { orderNumber: bespoke.number, ...bespokeSigned }),
      context,
      as,
    );
    expect(shopOk.data).toEqual({ ok: true, orderNumber: shop!.number });
    expect(bespokeOk.data).toEqual({ ok: true, orderNumber: bespoke.number });
    const [shopAfter] = await database.db.select().from(orders).where(eq(orders.id, shop!.id));
    expect(shopAfter!.status).toBe('paid');
    expect((await rowsOf(bespoke.id)).map((row) => [row.status, row.providerPaymentId])).toEqual([
      ['succeeded', bespokeSigned.razorpay_payment_id],
    ]);
  });

  it('takes the 50% advance through the sandbox; a confirmation and webhook replays make one row', async () => {
    const shopper = await newUser();
    const order = await bespokeOrder(shopper.id, 30_001_00);
    const paid = await payOnline(shopper.id, order.number, 'advance');
    // 50% of ₹30,001, rounded up by advanceDuePaise.
    expect(paid.amountPaise).toBeGreaterThanOrEqual(15_000_50);
    const captured = signed({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: paid.paymentId, order_id: paid.providerOrderId, amount: paid.amountPaise },
        },
      },
    });
    const first = await processWebhook(
      context,
      captured.rawBody,
      captured.signature,
      'evt_ledger_1',
    );
    expect(first.data).toMatchObject({ outcome: 'already-settled' });
    const replay = await processWebhook(
      context,
      captured.rawBody,
      captured.signature,
      'evt_ledger_1',
    );
    expect(replay.data).toMatchObject({ outcome: 'duplicate' });
    // The widget's confirmation sent twice (a double click, a retry): recorded once.
    const again = await handleConfirm(
      json('order-confirm', {
        orderNumber: order.number,
        razorpay_order_id: paid.providerOrderId,
        razorpay_payment_id: paid.paymentId,
        razorpay_signature: paid.signature,
      }),
      context,
      { id: shopper.id } as never,
    );
    expect(again.init?.status ?? 200).toBe(200);
    // A signature made for another payment id does not verify.
    const forged = await handleConfirm(
      json('order-confirm', {
        orderNumber: order.number,
        razorpay_order_id: paid.providerOrderId,
        razorpay_payment_id: 'pay_SBXforgedforged',
        razorpay_signature: paid.signature,
      }),
      context,
      { id: shopper.id } as never,
    );
    expect(forged.init?.status).toBe(400);
    const rows = await rowsOf(order.id);
    expect(rows.map((row) => [row.status, row.amountPaise, row.method])).toEqual([
      ['succeeded', paid.amountPaise, 'online'],
    ]);
    const balance = await balanceOf(database.db, order);
    expect(balance.balancePaise).toBe(30_001_00 - paid.amountPaise);
    const [after] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe('created');

    // The advance is not offered twice; the balance waits for 'ready'.
    const twice = await handleOrderStart(
      json('order-start', { orderNumber: order.number, purpose: 'advance' }),
      context,
      { id: shopper.id } as never,
      '203.0.113.7',
    );
    expect(twice.init?.status).toBe(409);
    const early = await handleOrderStart(
      json('order-start', { orderNumber: order.number, purpose: 'balance' }),
      context,
      { id: shopper.id } as never,
      '203.0.113.7',
    );
    expect(early.init?.status).toBe(409);
    await database.db
      .update(orders)
      .set({ fulfilmentStatus: 'ready' })
      .where(eq(orders.id, order.id));
    const rest = await payOnline(shopper.id, order.number, 'balance');
    expect(rest.amountPaise).toBe(balance.balancePaise);
    const [done] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(done!.status).toBe('paid');
    expect(done!.paidAt).not.toBeNull();
    const invoices = (await jobsOf('invoice.issue')).filter(
      (job) => job.dedupeKey === `invoice:order:${order.id}`,
    );
    expect(invoices).toHaveLength(1);
  });

  it("answers 404 for another shopper's order and for a provider order that is not the order's", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const order = await bespokeOrder(owner.id, 10_000_00);
    const start = await handleOrderStart(
      json('order-start', { orderNumber: order.number, purpose: 'advance' }),
      context,
      { id: stranger.id } as never,
      '203.0.113.8',
    );
    expect(start.init?.status).toBe(404);
    const mine = await handleOrderStart(
      json('order-start', { orderNumber: order.number, purpose: 'advance' }),
      context,
      { id: owner.id } as never,
      '203.0.113.8',
    );
    const { providerOrderId } = mine.data as { providerOrderId: string };
    const theirs = await handleSandbox(
      json('order-sandbox', { orderNumber: order.number, providerOrderId, outcome: 'pay' }),
      context,
      { id: stranger.id } as never,
    );
    expect(theirs.init?.status).toBe(404);
    const bad = await handleOrderStart(
      json('order-start', { orderNumber: order.number, purpose: 'everything' }),
      context,
      { id: owner.id } as never,
      '203.0.113.8',
    );
    expect(bad.init?.status).toBe(400);
  });

  it('refuses a counter payment above the balance, with the balance in words', async () => {
    const order = await bespokeOrder(null, 20_000_00);
    await recordCounterPayment(context, admin, {
      number: order.number,
      method: 'cash',
      amount: 5_000_00,
      reference: '',
    });
    const refusal = recordCounterPayment(context, admin, {
      number: order.number,
      method: 'upi',
      amount: 15_000_01,
      reference: 'UPI123',
    });
    await expect(refusal).rejects.toThrow('This is more than the balance of ₹15,000.');
    await expect(refusal).rejects.toBeInstanceOf(Refusal);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.record'), eq(auditLog.entityId, order.number)));
    expect(audit).toHaveLength(1);
  });

  it('lets exactly one of two concurrent counter payments for the last balance through', async () => {
    const order = await bespokeOrder(null, 12_000_00);
    await recordCounterPayment(context, admin, {
      number: order.number,
      method: 'cash',
      amount: 6_000_00,
      reference: '',
    });
    const outcomes = await Promise.allSettled([
      recordCounterPayment(context, admin, {
        number: order.number,
        method: 'upi',
        amount: 6_000_00,
        reference: 'UPI-A',
      }),
      recordCounterPayment(context, admin, {
        number: order.number,
        method: 'upi',
        amount: 6_000_00,
        reference: 'UPI-B',
      }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find(
      (outcome) => outcome.status === 'rejected',
    ) as PromiseRejectedResult;
    expect(String(refused.reason)).toContain('This is more than the balance of ₹0');
    const rows = await rowsOf(order.id);
    expect(rows.filter((row) => row.status === 'succeeded')).toHaveLength(2);
    const [done] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(done!.status).toBe('paid');
    expect(rows[1]!.recordedById).toBe(admin.id);
  });

  it('sends a payment link, refuses one above the balance, and settles it from the sandbox webhook once', async () => {
    const order = await bespokeOrder(null, 8_000_00);
    const sent = await sendPaymentLink(context, admin, { number: order.number, amount: 3_000_00 });
    expect(sent.message).toMatch(/http:\/\/shop\.test\/pay\/plink_SBX/);
    await expect(
      sendPaymentLink(context, admin, { number: order.number, amount: 5_000_01 }),
    ).rejects.toThrow(/balance of ₹5,000/);
    const [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ method: 'payment_link', status: 'pending', amountPaise: 3_000_00 });
    const paid = await paySandboxLink(context, row!.providerLinkId!);
    expect(paid.data).toMatchObject({ ok: true });
    const twice = await paySandboxLink(context, row!.providerLinkId!);
    expect(twice.init?.status).toBe(409);
    const [settled] = await rowsOf(order.id);
    expect(settled).toMatchObject({ status: 'succeeded' });
    expect(settled!.providerPaymentId).toMatch(/^pay_SBX/);
    expect((await balanceOf(database.db, order)).balancePaise).toBe(5_000_00);
  });

  it('pays a shop order with its ledger row and invoice job; refunds half, pending until refund.processed, replay-safe', async () => {
    const shopper = await newUser();
    const [order] = await database.db
      .insert(orders)
      .values({
        number: `RT-SHOP-${++count}`,
        userId: shopper.id,
        amountPaise: 10_000_00,
        customerName: 'Asha',
        email: 'asha@example.com',
        phone: '9876543210',
        address: '1 Road',
        city: 'Rajkot',
        state: 'Gujarat',
        pincode: '360001',
        provider: 'sandbox',
      })
      .returning();
    const providerOrder = await provider.createOrder({
      amountPaise: 10_000_00,
      receipt: order!.number,
      notes: {},
    });
    await database.db
      .update(orders)
      .set({ providerOrderId: providerOrder.providerOrderId })
      .where(eq(orders.id, order!.id));
    const payment = provider.sandbox!.pay(providerOrder.providerOrderId);
    await confirmPayment(database.db, {
      userId: shopper.id,
      orderNumber: order!.number,
      paymentId: payment.paymentId,
      provider: 'sandbox',
    });
    const [paymentRow] = await rowsOf(order!.id);
    expect(paymentRow).toMatchObject({
      kind: 'payment',
      method: 'online',
      status: 'succeeded',
      amountPaise: 10_000_00,
      providerPaymentId: payment.paymentId,
    });
    expect(
      (await jobsOf('invoice.issue')).filter(
        (job) => job.dedupeKey === `invoice:order:${order!.id}`,
      ),
    ).toHaveLength(1);

    // The provider without its automatic sandbox webhook: the refund stays pending until the
    // webhook below arrives, as with Razorpay.
    const manual = { ...context, payments: { ...provider, sandbox: undefined } } as AppLoadContext;
    await refundPayment(manual, admin, {
      basis: 'goodwill',
      number: order!.number,
      paymentId: paymentRow!.id,
      amount: 5_000_00,
      reason: 'Sleeve fabric unavailable',
    });
    const [, pending] = await rowsOf(order!.id);
    expect(pending).toMatchObject({
      kind: 'refund',
      status: 'pending',
      amountPaise: -5_000_00,
      refundOfId: paymentRow!.id,
    });
    expect(pending!.providerRefundId).toMatch(/^rfnd_SBX/);
    expect(pending!.idempotencyKey).toMatch(/^refund_/);
    expect((await balanceOf(database.db, order!)).refundedPaise).toBe(0);

    // More than is left after the refund already requested is refused.
    await expect(
      refundPayment(manual, admin, {
        basis: 'goodwill',
        number: order!.number,
        paymentId: paymentRow!.id,
        amount: 5_000_01,
        reason: 'Too much',
      }),
    ).rejects.toThrow('This is more than the ₹5,000 left to refund from this payment.');

    const processed = provider.sandbox!.refundProcessed({
      refundId: pending!.providerRefundId!,
      paymentId: payment.paymentId,
      amountPaise: 5_000_00,
    });
    const first = await processWebhook(
      context,
      processed.rawBody,
      processed.signature,
      processed.eventId,
    );
    expect(first.data).toMatchObject({ outcome: 'refunded' });
    const replay = await processWebhook(
      context,
      processed.rawBody,
      processed.signature,
      processed.eventId,
    );
    expect(replay.data).toMatchObject({ outcome: 'duplicate' });
    const [, settled] = await rowsOf(order!.id);
    expect(settled).toMatchObject({ status: 'succeeded' });
    expect(settled!.settledAt).not.toBeNull();
    const creditNotes = (await jobsOf('credit-note.issue')).filter(
      (job) => job.dedupeKey === `credit-note:payment:${settled!.id}`,
    );
    expect(creditNotes).toHaveLength(1);
    expect(await balanceOf(database.db, order!)).toEqual({
      totalPaise: 10_000_00,
      paidPaise: 10_000_00,
      refundedPaise: 5_000_00,
      netPaidPaise: 5_000_00,
      valuePaise: 5_000_00,
      balancePaise: 0,
    });
    expect((await rowsOf(order!.id)).filter((row) => row.kind === 'refund')).toHaveLength(1);
  });

  it('refunds a counter payment in cash at once and refuses more than was paid', async () => {
    const order = await bespokeOrder(null, 4_000_00);
    await recordCounterPayment(context, admin, {
      number: order.number,
      method: 'upi',
      amount: 4_000_00,
      reference: 'UPI-9',
    });
    const [paid] = await rowsOf(order.id);
    await expect(
      refundPayment(context, admin, {
        basis: 'goodwill',
        number: order.number,
        paymentId: paid!.id,
        amount: 4_000_01,
        reason: 'Cancelled',
      }),
    ).rejects.toThrow('This is more than the ₹4,000 left to refund from this payment.');
    await refundPayment(context, admin, {
      basis: 'goodwill',
      number: order.number,
      paymentId: paid!.id,
      amount: 4_000_00,
      reason: 'Cancelled',
    });
    const [, refund] = await rowsOf(order.id);
    expect(refund).toMatchObject({
      kind: 'refund',
      method: 'cash',
      status: 'succeeded',
      amountPaise: -4_000_00,
    });
    expect(
      (await jobsOf('credit-note.issue')).filter(
        (job) => job.dedupeKey === `credit-note:payment:${refund!.id}`,
      ),
    ).toHaveLength(1);
    await expect(
      refundPayment(context, admin, {
        basis: 'goodwill',
        number: order.number,
        paymentId: paid!.id,
        amount: 1_00,
        reason: 'Again',
      }),
    ).rejects.toThrow('This payment is refunded in full already.');
  });

  it('refunds an online payment through the sandbox, which processes it through the webhook path', async () => {
    const shopper = await newUser();
    const order = await bespokeOrder(shopper.id, 6_000_00);
    await payOnline(shopper.id, order.number, 'advance');
    const [paid] = await rowsOf(order.id);
    await refundPayment(context, admin, {
      basis: 'goodwill',
      number: order.number,
      paymentId: paid!.id,
      amount: 1_000_00,
      reason: 'Discount agreed',
    });
    const [, refund] = await rowsOf(order.id);
    expect(refund).toMatchObject({ status: 'succeeded', method: 'online', amountPaise: -1_000_00 });
  });

  it("settles a ledger payment from Razorpay's redirect callback by its signature alone", async () => {
    const shopper = await newUser();
    const order = await bespokeOrder(shopper.id, 5_000_00);
    const start = await handleOrderStart(
      json('order-start', { orderNumber: order.number, purpose: 'advance' }),
      context,
      { id: shopper.id } as never,
      '203.0.113.9',
    );
    const { providerOrderId } = start.data as { providerOrderId: string };
    const payment = provider.sandbox!.pay(providerOrderId);
    const callback = async (signature: string) =>
      (await handleCallback(
        new Request('http://shop.test/api/payments/callback', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            razorpay_payment_id: payment.paymentId,
            razorpay_order_id: providerOrderId,
            razorpay_signature: signature,
          }),
        }),
        context,
      )) as Response;
    const forged = await callback('0'.repeat(64));
    expect(forged.headers.get('location')).toBe(`/account/orders/${order.number}`);
    expect((await rowsOf(order.id))[0]).toMatchObject({ status: 'pending' });
    const paid = await callback(payment.signature);
    expect(paid.headers.get('location')).toBe(`/account/orders/${order.number}`);
    expect(paid.headers.get('set-cookie')).toContain('payment-success');
    expect((await rowsOf(order.id))[0]).toMatchObject({
      status: 'succeeded',
      providerPaymentId: payment.paymentId,
    });
  });

  it('tells the customer record of a link and of the order paid in full, on their channels', async () => {
    const [record] = await database.db
      .insert(customers)
      .values({
        name: 'Kiran Patel',
        phone: '+919800000001',
        email: 'kiran.record@example.com',
        notify: 'both',
      })
      .returning();
    const order = await bespokeOrder(null, 2_000_00, { customerId: record!.id });
    await sendPaymentLink(context, admin, { number: order.number, amount: 2_000_00 });
    const [link] = await rowsOf(order.id);
    await paySandboxLink(context, link!.providerLinkId!);
    const sent = await database.db
      .select({
        kind: notifications.kind,
        channel: notifications.channel,
        recipient: notifications.recipient,
        body: notifications.body,
      })
      .from(notifications)
      .where(eq(notifications.orderId, order.id));
    expect(sent.map((row) => [row.kind, row.channel, row.recipient]).sort()).toEqual([
      ['order.paid', 'email', 'kiran.record@example.com'],
      ['order.paid', 'whatsapp', '+919800000001'],
      ['order.payment-link', 'email', 'kiran.record@example.com'],
      ['order.payment-link', 'whatsapp', '+919800000001'],
    ]);
    expect(
      sent.find((row) => row.kind === 'order.payment-link' && row.channel === 'whatsapp')!.body,
    ).toContain(`http://shop.test/pay/${link!.providerLinkId}`);
    const [done] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(done!.status).toBe('paid');
  });
});
