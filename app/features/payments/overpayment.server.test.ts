/**
 * Issue 28 item 2: an order is never paid twice its value through the shop's own paths. A
 * counter payment counts the links not yet paid and the online payments being made; links of
 * an order paid in full (or cancelled) are cancelled, at the provider too (the
 * `payment-link.cancel` job), and their page answers 409; a shopper who starts the advance
 * again gets the same pending provider order back. The counter can withdraw a pending link (the
 * follow-up to item 2), so a customer who pays the balance in cash at the shop can be recorded.
 * The race tests run on PGlite and, in CI's second pass, on PostgreSQL.
 */
import { Refusal, refusalStatus } from '~/lib/refusal';
import { eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentProvider, type PaymentProvider } from '~/lib/payments/payments.server';
import { auditLog, jobs, orders, payments, user } from '~/lib/schema.server';
import { cancelOrder } from './shop-payments.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { createTestJobs } from '../../../tests/support/test-jobs';
import {
  recordCounterPayment,
  refundPayment,
  sendPaymentLink,
  withdrawPaymentLink,
} from './admin-payments.server';
import { handleOrderStart } from './online-payments.server';
import { handleConfirm, handleSandbox } from './provider-payments.server';
import { orderPayments } from './ledger.server';
import { findSandboxLink, paySandboxLink } from './payment-links.server';
import { processWebhook } from './webhook.server';

const SECRET = 'overpayment-test-secret';
let database: TestDatabase;
let provider: PaymentProvider;
let context: AppLoadContext;
let admin: { id: string; email: string };
let count = 0;
/** The link ids the provider was asked to cancel. */
const cancelledAtProvider: string[] = [];

async function newUser(role: 'user' | 'admin' = 'user') {
  count += 1;
  const id = `overpay-${role}-${count}`;
  await database.db.insert(user).values({
    id,
    name: `Person ${count}`,
    email: `overpay${count}@example.com`,
    emailVerified: true,
    role,
  });
  return { id, email: `overpay${count}@example.com` };
}

async function bespokeOrder(userId: string | null, amountPaise: number, extra = {}) {
  count += 1;
  const [order] = await database.db
    .insert(orders)
    .values({
      number: `RT-OVP-${count}`,
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

/** Σ succeeded payments of an order, in paise. */
async function succeededPaise(orderId: number) {
  return (await rowsOf(orderId))
    .filter((row) => row.kind === 'payment' && row.status === 'succeeded')
    .reduce((sum, row) => sum + row.amountPaise, 0);
}

const startAdvance = (userId: string, number: string, address = '203.0.113.20') =>
  handleOrderStart(
    json('order-start', { orderNumber: number, purpose: 'advance' }),
    context,
    { id: userId } as never,
    address,
  );

/** The whole online advance as the shopper makes it: start, the sandbox's 'Pay', confirm. */
async function payAdvance(userId: string, number: string, address: string) {
  const start = await startAdvance(userId, number, address);
  if ((start.init?.status ?? 200) !== 200) return start.init?.status;
  const { providerOrderId } = start.data as { providerOrderId: string };
  const pay = await handleSandbox(
    json('order-sandbox', { orderNumber: number, providerOrderId, outcome: 'pay' }),
    context,
    { id: userId } as never,
  );
  if ((pay.init?.status ?? 200) !== 200) return pay.init?.status;
  const confirm = await handleConfirm(
    json('order-confirm', { orderNumber: number, ...(pay.data as Record<string, string>) }),
    context,
    { id: userId } as never,
  );
  return confirm.init?.status ?? 200;
}

/** Sends a link for `amount` and pays it on its page; a refusal on either step is an answer. */
async function linkAndPay(number: string, amount: number) {
  const sent = await sendPaymentLink(context, admin, { number, amount }).catch(() => null);
  if (!sent) return 'refused';
  const [row] = await database.db.select().from(payments).where(eq(payments.id, sent.id));
  const paid = await paySandboxLink(context, row!.providerLinkId!).catch(() => null);
  return paid?.init?.status ?? 200;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const sandbox = createPaymentProvider({ nodeEnv: 'test', sandboxSecret: SECRET });
  provider = {
    ...sandbox,
    async cancelPaymentLink(linkId: string) {
      cancelledAtProvider.push(linkId);
      return sandbox.cancelPaymentLink(linkId);
    },
  };
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

describe(`overpayment on ${testDatabaseKind}`, () => {
  it('refuses a counter payment that a pending link already asks for, so the link and the cash are not both taken', async () => {
    const order = await bespokeOrder(null, 8_000_00);
    const link = await sendPaymentLink(context, admin, { number: order.number, amount: 8_000_00 });
    const counter = recordCounterPayment(context, admin, {
      number: order.number,
      method: 'cash',
      amount: 8_000_00,
      reference: '',
    });
    await expect(counter).rejects.toThrow(
      'This is more than the balance of ₹0. (₹8,000 is already asked for by a link not yet paid.)',
    );
    await expect(counter).rejects.toMatchObject({ code: 'conflict' });
    const [row] = await database.db.select().from(payments).where(eq(payments.id, link.id));
    const paid = await paySandboxLink(context, row!.providerLinkId!);
    expect(paid.data).toMatchObject({ ok: true });
    expect(await succeededPaise(order.id)).toBe(8_000_00);
  });

  it('gives a shopper who starts the advance again the same pending provider order', async () => {
    const shopper = await newUser();
    const order = await bespokeOrder(shopper.id, 10_000_00);
    const first = await startAdvance(shopper.id, order.number);
    const again = await startAdvance(shopper.id, order.number);
    const both = await Promise.all([
      startAdvance(shopper.id, order.number),
      startAdvance(shopper.id, order.number),
    ]);
    const ids = [first, again, ...both].map(
      (answer) => (answer.data as { providerOrderId: string }).providerOrderId,
    );
    expect(new Set(ids).size).toBe(1);
    const rows = await rowsOf(order.id);
    expect(rows.map((row) => [row.method, row.status, row.amountPaise])).toEqual([
      ['online', 'pending', 5_000_00],
    ]);
    // While the advance is being paid, the counter can take only what it leaves.
    await expect(
      recordCounterPayment(context, admin, {
        number: order.number,
        method: 'cash',
        amount: 10_000_00,
        reference: '',
      }),
    ).rejects.toThrow('(₹5,000 is being paid online by the customer now.)');
  });

  it("cancels an order's pending links once it is paid in full, at the provider too, and their page answers 409", async () => {
    const shopper = await newUser();
    const order = await bespokeOrder(shopper.id, 6_000_00);
    const start = await startAdvance(shopper.id, order.number);
    const { providerOrderId, amountPaise } = start.data as {
      providerOrderId: string;
      amountPaise: number;
    };
    // The shopper left the payment window open for an hour: it no longer holds the amount.
    await database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(payments.providerOrderId, providerOrderId));
    await recordCounterPayment(context, admin, {
      number: order.number,
      method: 'cash',
      amount: 3_000_00,
      reference: '',
    });
    const link = await sendPaymentLink(context, admin, { number: order.number, amount: 3_000_00 });
    const [linkRow] = await database.db.select().from(payments).where(eq(payments.id, link.id));
    // Then the old window is paid after all: Razorpay captured it, so it is recorded.
    const captured = provider.sandbox!.pay(providerOrderId);
    const webhook = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: captured.paymentId, order_id: providerOrderId, amount: amountPaise },
        },
      },
    });
    const { createHmac } = await import('node:crypto');
    const { sandboxWebhookSecret } = await import('~/lib/payments/sandbox.server');
    const signature = createHmac('sha256', sandboxWebhookSecret(SECRET))
      .update(webhook)
      .digest('hex');
    const settled = await processWebhook(context, webhook, signature, 'evt_overpay_late');
    expect(settled.data).toMatchObject({ outcome: 'settled' });
    const [paidOrder] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paidOrder!.status).toBe('paid');

    const [cancelled] = await database.db.select().from(payments).where(eq(payments.id, link.id));
    expect(cancelled!.status).toBe('cancelled');
    const page = await findSandboxLink(context, linkRow!.providerLinkId!);
    expect(page).toMatchObject({
      payable: false,
      message: 'This order is paid in full: this link can no longer be paid.',
    });
    const pay = await paySandboxLink(context, linkRow!.providerLinkId!);
    expect(pay.init?.status).toBe(409);
    expect(pay.data).toMatchObject({
      ok: false,
      message: 'This order is paid in full: this link can no longer be paid.',
    });
    expect(await succeededPaise(order.id)).toBe(6_000_00);
    // The shopper's page lists what was paid, not the withdrawn link.
    const shown = await orderPayments(database.db, order);
    expect(shown.rows.map((row) => [row.method, row.status])).toEqual([
      ['online', 'succeeded'],
      ['cash', 'succeeded'],
    ]);

    // The provider is told by the job queued with the cancellation.
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `payment-link:cancel:${link.id}`));
    expect(job).toMatchObject({ kind: 'payment-link.cancel', status: 'pending' });
    const queue = createTestJobs(database.db, { payments: provider });
    await queue.runDue();
    expect(cancelledAtProvider).toContain(linkRow!.providerLinkId);
    const [ran] = await database.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(ran!.status).toBe('done');
  });

  it('cancels the pending links of an order the shopper cancels', async () => {
    const shopper = await newUser();
    const order = await bespokeOrder(shopper.id, 2_000_00, { kind: 'shop' });
    const link = await sendPaymentLink(context, admin, { number: order.number, amount: 2_000_00 });
    expect(await cancelOrder(database.db, shopper.id, order.number)).toBe(true);
    const [row] = await database.db.select().from(payments).where(eq(payments.id, link.id));
    expect(row!.status).toBe('cancelled');
    const pay = await paySandboxLink(context, row!.providerLinkId!);
    expect(pay.init?.status).toBe(409);
    expect(pay.data).toMatchObject({
      message: 'This order was cancelled: this link can no longer be paid.',
    });
    expect(await succeededPaise(order.id)).toBe(0);
  });

  it('bounds a refund by what the customer paid less what was refunded (issue 28 item 3)', async () => {
    const order = await bespokeOrder(null, 5_000_00);
    await recordCounterPayment(context, admin, {
      number: order.number,
      method: 'cash',
      amount: 5_000_00,
      reference: '',
    });
    const [paid] = await rowsOf(order.id);
    // A refund recorded without the payment it came from (before the ledger kept it).
    await database.db.insert(payments).values({
      orderId: order.id,
      kind: 'refund',
      method: 'cash',
      status: 'succeeded',
      amountPaise: -3_000_00,
      reason: 'Returned by hand',
      settledAt: new Date(),
    });
    const refusal = refundPayment(context, admin, {
      basis: 'goodwill',
      number: order.number,
      paymentId: paid!.id,
      amount: 2_000_01,
      reason: 'Cancelled',
    });
    await expect(refusal).rejects.toThrow(
      'This is more than the ₹2,000 the customer paid less what was refunded.',
    );
    await expect(refusal).rejects.toMatchObject({ code: 'conflict' });
    await refundPayment(context, admin, {
      basis: 'goodwill',
      number: order.number,
      paymentId: paid!.id,
      amount: 2_000_00,
      reason: 'Cancelled',
    });
    const refunded = (await rowsOf(order.id))
      .filter((row) => row.kind === 'refund')
      .reduce((sum, row) => sum - row.amountPaise, 0);
    expect(refunded).toBe(5_000_00);
  });

  it('lets the counter withdraw a pending link, then take the cash: the order is paid once and the link answers 409', async () => {
    const order = await bespokeOrder(null, 7_000_00);
    const link = await sendPaymentLink(context, admin, { number: order.number, amount: 7_000_00 });
    const [sent] = await database.db.select().from(payments).where(eq(payments.id, link.id));
    const cash = {
      number: order.number,
      method: 'cash' as const,
      amount: 7_000_00,
      reference: '',
    };
    await expect(recordCounterPayment(context, admin, cash)).rejects.toThrow(
      'This is more than the balance of ₹0. (₹7,000 is already asked for by a link not yet paid.)',
    );

    const answer = await withdrawPaymentLink(context, admin, {
      number: order.number,
      paymentId: link.id,
    });
    expect(answer).toBe('Link withdrawn: ₹7,000 can now be taken at the counter.');
    const [withdrawn] = await database.db.select().from(payments).where(eq(payments.id, link.id));
    expect(withdrawn!.status).toBe('cancelled');
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `payment-link:cancel:${link.id}`));
    expect(job).toMatchObject({ kind: 'payment-link.cancel', status: 'pending' });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payment.link-withdraw'));
    expect(entry).toMatchObject({
      entity: 'order',
      entityId: order.number,
      actorEmail: admin.email,
    });

    // The link's page refuses it at once, before the provider is told.
    const page = await findSandboxLink(context, sent!.providerLinkId!);
    expect(page).toMatchObject({
      payable: false,
      message: 'This link was withdrawn by the shop: it can no longer be paid.',
    });
    const early = await paySandboxLink(context, sent!.providerLinkId!);
    expect(early.init?.status).toBe(409);

    expect(await recordCounterPayment(context, admin, cash)).toBe(
      `Cash payment of ₹7,000 recorded on order ${order.number}. The order is paid in full.`,
    );
    const pay = await paySandboxLink(context, sent!.providerLinkId!);
    expect(pay.init?.status).toBe(409);
    expect(pay.data).toMatchObject({ ok: false });
    expect(await succeededPaise(order.id)).toBe(7_000_00);
    const [paidOrder] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paidOrder!.status).toBe('paid');

    // The provider is told by the job the withdrawal queued.
    await createTestJobs(database.db, { payments: provider }).runDue();
    expect(cancelledAtProvider).toContain(sent!.providerLinkId);

    // Withdrawing it again is refused, and changes nothing.
    const again = withdrawPaymentLink(context, admin, { number: order.number, paymentId: link.id });
    await expect(again).rejects.toThrow('This link was withdrawn already.');
    await expect(again).rejects.toMatchObject({ code: 'conflict' });
  });

  it('refuses to withdraw a link the customer has paid, or a payment that is not a link of the order', async () => {
    const order = await bespokeOrder(null, 9_000_00);
    const link = await sendPaymentLink(context, admin, { number: order.number, amount: 3_000_00 });
    const [sent] = await database.db.select().from(payments).where(eq(payments.id, link.id));
    expect((await paySandboxLink(context, sent!.providerLinkId!)).data).toMatchObject({ ok: true });
    const refusal = withdrawPaymentLink(context, admin, {
      number: order.number,
      paymentId: link.id,
    });
    await expect(refusal).rejects.toThrow(
      'The customer has paid this link already: it cannot be withdrawn.',
    );
    await expect(refusal).rejects.toMatchObject({ code: 'conflict' });
    const [row] = await database.db.select().from(payments).where(eq(payments.id, link.id));
    expect(row!.status).toBe('succeeded');
    expect(await succeededPaise(order.id)).toBe(3_000_00);

    await recordCounterPayment(context, admin, {
      number: order.number,
      method: 'cash',
      amount: 1_000_00,
      reference: '',
    });
    const cashRow = (await rowsOf(order.id)).find((one) => one.method === 'cash')!;
    const other = await bespokeOrder(null, 1_000_00);
    const otherLink = await sendPaymentLink(context, admin, {
      number: other.number,
      amount: 1_000_00,
    });
    for (const paymentId of [cashRow.id, otherLink.id, 2_000_000_000]) {
      const notALink = withdrawPaymentLink(context, admin, { number: order.number, paymentId });
      await expect(notALink).rejects.toThrow('This payment link could not be found on the order.');
      await expect(notALink).rejects.toMatchObject({ code: 'not-found' });
    }
    const [untouched] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.id, otherLink.id));
    expect(untouched!.status).toBe('pending');
  });

  it('lets exactly one of the customer paying a link and the counter withdrawing it win, and the order is paid once', async () => {
    for (let round = 0; round < 6; round += 1) {
      const order = await bespokeOrder(null, 5_000_00);
      const link = await sendPaymentLink(context, admin, {
        number: order.number,
        amount: 5_000_00,
      });
      const [sent] = await database.db.select().from(payments).where(eq(payments.id, link.id));
      const withdraw = () =>
        withdrawPaymentLink(context, admin, { number: order.number, paymentId: link.id }).then(
          () => 200,
          (error: unknown) => (error instanceof Refusal ? refusalStatus(error.code) : 500),
        );
      const pay = () =>
        paySandboxLink(context, sent!.providerLinkId!).then((answer) => answer.init?.status ?? 200);
      const [withdrawn, paid] =
        round % 2 === 0
          ? await Promise.all([withdraw(), pay()])
          : await Promise.all([pay(), withdraw()]).then(([p, w]) => [w, p]);
      const [row] = await database.db.select().from(payments).where(eq(payments.id, link.id));
      if (paid === 409) {
        // The withdrawal won: the link is withdrawn and the balance is free for the counter.
        expect(withdrawn, `round ${round}`).toBe(200);
        expect(row!.status).toBe('cancelled');
      } else {
        // The customer's payment was taken: it is recorded, whoever answered first.
        expect(paid, `round ${round}`).toBe(200);
        expect([200, 409]).toContain(withdrawn);
        expect(row!.status).toBe('succeeded');
      }
      await recordCounterPayment(context, admin, {
        number: order.number,
        method: 'cash',
        amount: 5_000_00,
        reference: '',
      }).catch(() => 'refused');
      expect(await succeededPaise(order.id), `round ${round}`).toBe(5_000_00);
    }
  });

  it("never lets an order's succeeded payments pass its value when a link, the counter and the online advance race", async () => {
    const plans = [
      { link: 10_000_00, counter: 10_000_00 },
      { link: 5_000_00, counter: 10_000_00 },
      { link: 10_000_00, counter: 5_000_00 },
      { link: 6_000_00, counter: 6_000_00 },
      { link: 4_000_00, counter: 7_000_00 },
      { link: 10_000_00, counter: 1_000_00 },
    ];
    for (const [index, plan] of plans.entries()) {
      const shopper = await newUser();
      const order = await bespokeOrder(shopper.id, 10_000_00);
      const contenders = [
        () => linkAndPay(order.number, plan.link),
        () =>
          recordCounterPayment(context, admin, {
            number: order.number,
            method: 'upi',
            amount: plan.counter,
            reference: `UPI-RACE-${index}`,
          }).catch(() => 'refused'),
        () => payAdvance(shopper.id, order.number, `203.0.113.${100 + index}`),
      ];
      // Each plan starts the three in another order.
      const rotated = [...contenders.slice(index % 3), ...contenders.slice(0, index % 3)];
      await Promise.all(rotated.map((run) => run()));
      const paid = await succeededPaise(order.id);
      expect(paid, `plan ${index}`).toBeGreaterThan(0);
      expect(paid, `plan ${index}`).toBeLessThanOrEqual(10_000_00);
    }
  });
});
