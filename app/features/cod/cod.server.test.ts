/**
 * Cash on delivery on a real database (issue 32 item 3): when it is offered and refused, its fee
 * in the amount, the held stock, the WhatsApp code kept only as a hash with at most 5 tries, the
 * expiry that releases the stock, and the courier's remittance into the ledger.
 */
import { and, eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourierProvider } from '~/lib/couriers/couriers.server';
import { createPaymentProvider } from '~/lib/payments/payments.server';
import { Refusal } from '~/lib/refusal';
import {
  auditLog,
  categories,
  codConfirmations,
  jobs,
  notifications,
  orders,
  payments,
  products,
  user,
} from '~/lib/schema.server';
import { lookupPincode } from '~/features/addresses/pincodes.server';
import { addToCart } from '~/features/cart/cart.server';
import type { CheckoutDetails } from '~/features/checkout/checkout-details';
import { createOrderFromCart } from '~/features/orders/orders.server';
import { recordCodRemittance } from '~/features/payments/admin-payments.server';
import { defaultShippingSettings } from '~/features/shipping/shipping-settings';
import {
  getShippingSettings,
  localTariff,
  SHIPPING_SETTINGS_KEY,
} from '~/features/shipping/shipping.server';
import { putSettingsDocument } from '~/features/site/settings-documents.server';
import { SAMPLE_CHECKOUT_DETAILS } from '../../../tests/support/checkout-details';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { codRefusal } from './cod-rules';
import {
  codPlacement,
  confirmCodByStaff,
  confirmCodCode,
  courierServesCod,
  expireUnconfirmedCodOrder,
  hashCodCode,
} from './cod.server';

let database: TestDatabase;
let context: AppLoadContext;
let shirt: number;
let cloth: number;
let shoppers = 0;
const admin = { id: 'cod-admin', email: 'cod-admin@example.com' };

const mumbai = {
  ...SAMPLE_CHECKOUT_DETAILS,
  city: 'Mumbai',
  state: 'Maharashtra' as const,
  pincode: '400001',
  delivery: 'ship' as const,
  payment: 'cod' as const,
};

beforeAll(async () => {
  database = await createTestDatabase();
  context = {
    db: database.db,
    payments: createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 'cod-test-secret' }),
    courier: createCourierProvider({
      nodeEnv: 'test',
      local: {
        db: database.db,
        tariff: async () => localTariff(await getShippingSettings(database.db)),
        placeOf: (pincode) => lookupPincode(pincode)?.places[0] ?? null,
        publicUrl: 'http://shop.test',
        webhookToken: 'token',
      },
    }),
    env: { PUBLIC_URL: 'http://shop.test' },
    catalogue: { settings: async () => ({ shopName: 'Test Tailors' }) },
    linkSecret: 'integration-test-link-secret',
  } as unknown as AppLoadContext;
  await database.db.insert(user).values({
    id: admin.id,
    name: 'Counter Admin',
    email: admin.email,
    emailVerified: true,
    role: 'admin',
  });
  const [category] = await database.db
    .insert(categories)
    .values({ name: 'Shirts', slug: 'shirts' })
    .returning({ id: categories.id });
  const rows = await database.db
    .insert(products)
    .values([
      {
        slug: 'cod-shirt',
        name: 'Cotton Shirt',
        categoryId: category!.id,
        pricePaise: 150_000,
        weightGrams: 600,
        stock: 10,
      },
      {
        slug: 'cod-linen',
        name: 'Linen by the metre',
        categoryId: category!.id,
        pricePaise: 100_000,
        weightGrams: 240,
        saleUnit: 'metre',
        uqc: 'MTR',
        lengthStepCm: 25,
        lengthMinCm: 100,
        lengthMaxCm: 1000,
      },
    ])
    .returning({ id: products.id });
  [shirt, cloth] = rows.map((row) => row.id) as [number, number];
});
afterAll(() => database?.dispose());

async function shopperWith(productId: number, quantity = 1, lengthCm?: number): Promise<string> {
  shoppers += 1;
  const id = `cod-${shoppers}`;
  await database.db.insert(user).values({
    id,
    name: `Shopper ${shoppers}`,
    email: `cod${shoppers}@example.com`,
    emailVerified: true,
  });
  await addToCart(database.db, id, { productId, size: '', color: '', quantity, lengthCm });
  return id;
}

async function placeCod(userId: string, details: CheckoutDetails = mumbai) {
  return createOrderFromCart(database.db, {
    userId,
    details,
    provider: 'sandbox',
    cod: await codPlacement(context, userId, details),
  });
}

async function shirtStock() {
  const [row] = await database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, shirt));
  return row!.stock;
}

/** The code the shopper was sent on WhatsApp for `orderId` (read from the queued message). */
async function sentCode(orderId: number): Promise<string> {
  const [message] = await database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.orderId, orderId), eq(notifications.kind, 'order.cod-code')));
  expect(message).toMatchObject({ channel: 'whatsapp', recipient: '+919825012345' });
  return /is (\d{6})\./.exec(message!.body)![1]!;
}

describe('the rules', () => {
  const base = {
    settings: defaultShippingSettings.cod,
    deliveryMethod: 'ship' as const,
    pincode: '400001',
    courierServesCod: true,
    lines: [{ name: 'Cotton Shirt', lengthCm: null }],
    amountPaise: 150_000,
  };

  it('offers COD for a shipped order of pieces within the limit where the courier collects', () => {
    expect(codRefusal(base)).toBeNull();
  });

  it('refuses pickup, cut fabric, bespoke pieces, a courier without COD, and above the limit', () => {
    expect(codRefusal({ ...base, deliveryMethod: 'pickup' })).toMatch(/for orders we ship/);
    expect(codRefusal({ ...base, lines: [{ name: 'Linen', lengthCm: 250 }] })).toBe(
      'Cash on delivery is not offered for cut fabric or bespoke pieces, which are made for you alone (Linen). Please pay online.',
    );
    expect(
      codRefusal({ ...base, lines: [{ name: 'Sherwani', lengthCm: null, bespoke: true }] }),
    ).toMatch(/bespoke/);
    expect(codRefusal({ ...base, courierServesCod: false })).toBe(
      'Cash on delivery is not available at PIN code 400001. Please pay online.',
    );
    // ₹9,960 + the ₹50 fee is above ₹10,000.
    expect(codRefusal({ ...base, amountPaise: 996_000 })).toBe(
      'Cash on delivery is offered for orders up to ₹10,000. Please pay online.',
    );
    expect(codRefusal({ ...base, amountPaise: 995_000 })).toBeNull();
    expect(codRefusal({ ...base, settings: { ...base.settings, enabled: false } })).toMatch(
      /not offered at the moment/,
    );
  });

  it('asks the local courier: COD everywhere but the remote zone', async () => {
    const userId = await shopperWith(shirt);
    expect(await courierServesCod(context, userId, '400001')).toBe(true);
    // Assam is a remote area by default.
    expect(await courierServesCod(context, userId, '781001')).toBe(false);
  });
});

describe('placing a COD order', () => {
  it('adds the fee, holds the stock, empties the cart and sends a code kept only as a hash', async () => {
    const before = await shirtStock();
    const userId = await shopperWith(shirt);
    const order = await placeCod(userId);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    // ₹1,500 shirt + ₹130 national shipping (600 g) + ₹50 COD fee.
    expect(row).toMatchObject({
      paymentMethod: 'cod',
      codFeePaise: 5_000,
      codConfirmedAt: null,
      shippingPaise: 13_000,
      amountPaise: 168_000,
      status: 'created',
      providerOrderId: null,
    });
    expect(await shirtStock()).toBe(before! - 1);
    const code = await sentCode(order.id);
    const [stored] = await database.db
      .select()
      .from(codConfirmations)
      .where(eq(codConfirmations.orderId, order.id));
    expect(stored!.codeHash).toBe(hashCodCode(order.id, code));
    expect(stored!.codeHash).not.toContain(code);
    const expiry = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'cod.expire')));
    expect(expiry.some((job) => (job.payload as { orderId: number }).orderId === order.id)).toBe(
      true,
    );
  });

  it('refuses cut fabric and a remote PIN code on the server', async () => {
    const clothBuyer = await shopperWith(cloth, 1, 250);
    await expect(placeCod(clothBuyer)).rejects.toThrow(/cut fabric or bespoke/);
    const remoteBuyer = await shopperWith(shirt);
    const guwahati = { ...mumbai, city: 'Guwahati', state: 'Assam' as const, pincode: '781001' };
    await expect(placeCod(remoteBuyer, guwahati)).rejects.toThrow(
      'Cash on delivery is not available at PIN code 781001. Please pay online.',
    );
    await expect(placeCod(remoteBuyer, { ...mumbai, delivery: 'pickup' })).rejects.toBeInstanceOf(
      Refusal,
    );
  });

  it('refuses above the limit from the settings', async () => {
    await putSettingsDocument(database.db, SHIPPING_SETTINGS_KEY, {
      ...defaultShippingSettings,
      cod: { ...defaultShippingSettings.cod, limitPaise: 100_000 },
    });
    try {
      const userId = await shopperWith(shirt);
      await expect(placeCod(userId)).rejects.toThrow(/up to ₹1,000/);
    } finally {
      await putSettingsDocument(database.db, SHIPPING_SETTINGS_KEY, defaultShippingSettings);
    }
  });
});

describe('the confirmation code', () => {
  it('confirms with the right code after a wrong one', async () => {
    const order = await placeCod(await shopperWith(shirt));
    const code = await sentCode(order.id);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await confirmCodCode(database.db, order.id, '12')).toEqual({
      ok: false,
      message: 'Please enter the six-digit code we sent you on WhatsApp.',
    });
    expect(await confirmCodCode(database.db, order.id, wrong)).toEqual({
      ok: false,
      message: 'That code is not right. 4 tries left.',
    });
    expect(await confirmCodCode(database.db, order.id, code)).toEqual({
      ok: true,
      message: 'Your cash-on-delivery order is confirmed',
    });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.codConfirmedAt).toBeInstanceOf(Date);
  });

  it('stops taking codes after 5 wrong tries, even the right one; staff then confirm it', async () => {
    const order = await placeCod(await shopperWith(shirt));
    const code = await sentCode(order.id);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) await confirmCodCode(database.db, order.id, wrong);
    const outcome = await confirmCodCode(database.db, order.id, code);
    expect(outcome).toEqual({
      ok: false,
      message: 'Too many wrong codes. Please call the shop to confirm your order.',
    });

    // The customer calls the shop: staff confirm it for them, once, with an audit entry.
    const [row] = await database.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.id, order.id));
    const how = 'On the phone with the customer';
    expect(await confirmCodByStaff(database.db, admin, { number: row!.number, how })).toBe(
      `Order ${row!.number} is confirmed for cash on delivery.`,
    );
    const [confirmed] = await database.db
      .select({ at: orders.codConfirmedAt })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(confirmed!.at).toBeInstanceOf(Date);
    expect(
      await database.db
        .select()
        .from(codConfirmations)
        .where(eq(codConfirmations.orderId, order.id)),
    ).toEqual([]);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.cod-confirm'), eq(auditLog.entityId, row!.number)));
    expect(entry).toMatchObject({ actorEmail: admin.email, after: { how } });
    expect(await confirmCodByStaff(database.db, admin, { number: row!.number, how })).toBe(
      `Order ${row!.number} was confirmed already.`,
    );
    await expect(
      confirmCodByStaff(database.db, admin, { number: 'RT-NO-SUCH', how }),
    ).rejects.toBeInstanceOf(Refusal);
  });
});

describe('expiry', () => {
  it('cancels an unconfirmed COD order after the hours and puts its stock back', async () => {
    const before = await shirtStock();
    const order = await placeCod(await shopperWith(shirt, 2));
    expect(await shirtStock()).toBe(before! - 2);
    expect(await expireUnconfirmedCodOrder(database.db, order.id, new Date())).toBe(false);
    const later = new Date(Date.now() + 49 * 3_600_000);
    expect(await expireUnconfirmedCodOrder(database.db, order.id, later)).toBe(true);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('cancelled');
    expect(await shirtStock()).toBe(before);
    expect(await confirmCodCode(database.db, order.id, '123456')).toMatchObject({ ok: false });
  });

  it('leaves a confirmed order alone', async () => {
    const order = await placeCod(await shopperWith(shirt));
    await confirmCodCode(database.db, order.id, await sentCode(order.id));
    const later = new Date(Date.now() + 49 * 3_600_000);
    expect(await expireUnconfirmedCodOrder(database.db, order.id, later)).toBe(false);
  });
});

describe('the remittance', () => {
  it('records the courier’s cash as a cod payment, makes the order paid and queues its invoice', async () => {
    const order = await placeCod(await shopperWith(shirt));
    await confirmCodCode(database.db, order.id, await sentCode(order.id));
    const stock = await shirtStock();
    await expect(
      recordCodRemittance(context, admin, {
        number: order.number,
        amount: order.amountPaise + 100,
        date: '2026-11-20',
        reference: 'RMT-1',
      }),
    ).rejects.toThrow(/more than the balance/);
    const answer = await recordCodRemittance(context, admin, {
      number: order.number,
      amount: order.amountPaise,
      date: '2026-11-20',
      reference: 'RMT-1',
    });
    expect(answer).toBe(
      `Cash-on-delivery remittance of ₹1,680 recorded on order ${order.number}. The order is paid in full.`,
    );
    const ledger = await database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(ledger).toEqual([
      expect.objectContaining({
        method: 'cod',
        kind: 'payment',
        status: 'succeeded',
        amountPaise: 168_000,
        reference: 'RMT-1',
        recordedById: admin.id,
      }),
    ]);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('paid');
    // The stock was held when the order was placed: paying takes none again.
    expect(await shirtStock()).toBe(stock);
    const invoiceJobs = await database.db.select().from(jobs).where(eq(jobs.kind, 'invoice.issue'));
    expect(
      invoiceJobs.some((job) => (job.payload as { orderId: number }).orderId === order.id),
    ).toBe(true);
  });

  it('refuses an order that is not cash on delivery', async () => {
    const userId = await shopperWith(shirt);
    const online = await createOrderFromCart(database.db, {
      userId,
      details: { ...mumbai, payment: 'online' },
      provider: 'sandbox',
    });
    await expect(
      recordCodRemittance(context, admin, {
        number: online.number,
        amount: 1_000,
        date: '2026-11-20',
        reference: 'RMT-2',
      }),
    ).rejects.toThrow('This order is not a cash-on-delivery order.');
  });
});
