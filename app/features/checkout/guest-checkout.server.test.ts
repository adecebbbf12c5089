/**
 * Guest orders on a real database (issue 32 item 5): the lines a browser posts are priced only
 * by the server, the order is stored without an account for the customer record of the verified
 * phone, reached by its signed link and announced on WhatsApp, a guest's cash-on-delivery order
 * is confirmed as it is placed, bad carts are refused with a message, and the guest order shows
 * in an account once the customer record is linked to it.
 */
import { and, eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourierProvider } from '~/lib/couriers/couriers.server';
import { createPaymentProvider } from '~/lib/payments/payments.server';
import { Refusal } from '~/lib/refusal';
import { categories, customers, notifications, orders, products, user } from '~/lib/schema.server';
import { lookupPincode } from '~/features/addresses/pincodes.server';
import { findOrderByLink } from '~/features/orders/order-link.server';
import { getOrder, listOrders } from '~/features/orders/orders.server';
import { getShippingSettings, localTariff } from '~/features/shipping/shipping.server';
import { SAMPLE_CHECKOUT_DETAILS } from '../../../tests/support/checkout-details';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { guestOrderSchema, placeGuestOrder } from './guest-checkout.server';

let database: TestDatabase;
let context: AppLoadContext;
let shirt: number;
let guests = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  context = {
    db: database.db,
    payments: createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 'guest-test-secret' }),
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
  const [category] = await database.db
    .insert(categories)
    .values({ name: 'Shirts', slug: 'shirts' })
    .returning({ id: categories.id });
  const [row] = await database.db
    .insert(products)
    .values({
      slug: 'guest-shirt',
      name: 'Cotton Shirt',
      categoryId: category!.id,
      pricePaise: 150_000,
      weightGrams: 600,
      stock: 50,
    })
    .returning({ id: products.id });
  shirt = row!.id;
});
afterAll(() => database?.dispose());

/** A fresh verified phone and the form a guest posts (the lines as the browser keeps them). */
function guestForm(lines: unknown, extra: Record<string, string> = {}) {
  guests += 1;
  const phone = `+9199090${String(10_000 + guests).slice(-5)}`;
  const { phone: _formPhone, ...fields } = SAMPLE_CHECKOUT_DETAILS;
  const parsed = guestOrderSchema.safeParse({
    ...fields,
    email: '',
    ...extra,
    lines: JSON.stringify(lines),
  });
  return { phone, parsed, clientAddress: `203.0.113.${guests}` };
}

describe('a guest order', () => {
  it('is priced by the server, has no account, and belongs to the record of the verified phone', async () => {
    // A browser's price and name are not part of a line: they are dropped, never read.
    const { phone, parsed, clientAddress } = guestForm([
      { productId: shirt, size: '', color: '', quantity: 2, unitPricePaise: 1, name: 'Cheap' },
    ]);
    expect(parsed.success).toBe(true);
    const placed = await placeGuestOrder(context, { phone, form: parsed.data!, clientAddress });
    const [order] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.number, placed.orderNumber));
    expect(order).toMatchObject({
      userId: null,
      phone,
      amountPaise: 300_000,
      paymentMethod: 'online',
      email: '',
    });
    const [record] = await database.db
      .select()
      .from(customers)
      .where(eq(customers.id, order!.customerId!));
    expect(record).toMatchObject({ phone, userId: null, name: 'Raj Patel' });
    // The guest goes to the order's signed link, which opens this order.
    expect(placed.orderPath).toMatch(/^\/o\//);
    const token = placed.orderPath.slice('/o/'.length);
    expect(await findOrderByLink(database.db, 'integration-test-link-secret', token)).toEqual({
      id: order!.id,
      number: order!.number,
    });
    // WhatsApp carries the same link, to the verified phone.
    const [message] = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, order!.id), eq(notifications.channel, 'whatsapp')));
    expect(message).toMatchObject({ recipient: phone, kind: 'order.placed' });
    expect(message!.body).toContain(`http://shop.test${placed.orderPath}`);
  });

  it('for cash on delivery is confirmed as it is placed (the phone was just verified)', async () => {
    const { phone, parsed, clientAddress } = guestForm(
      [{ productId: shirt, size: '', color: '', quantity: 1 }],
      { city: 'Mumbai', state: 'Maharashtra', pincode: '400001', delivery: 'ship', payment: 'cod' },
    );
    const placed = await placeGuestOrder(context, { phone, form: parsed.data!, clientAddress });
    const [order] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.number, placed.orderNumber));
    expect(order!.paymentMethod).toBe('cod');
    expect(order!.codConfirmedAt).not.toBeNull();
    const codes = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, order!.id), eq(notifications.kind, 'order.cod-code')));
    expect(codes).toHaveLength(0);
  });

  it('refuses absurd quantities and an empty cart with a message', async () => {
    const absurd = guestForm([{ productId: shirt, size: '', color: '', quantity: 10_000 }]);
    expect(absurd.parsed.success).toBe(false);
    expect(absurd.parsed.error!.issues[0]!.message).toBe('Quantity must be at most 20');
    const unreadable = guestOrderSchema.safeParse({ lines: '{not json' });
    expect(unreadable.error!.issues.some((issue) => issue.path[0] === 'lines')).toBe(true);
    const empty = guestForm([]);
    const refused = await placeGuestOrder(context, {
      phone: empty.phone,
      form: empty.parsed.data!,
      clientAddress: empty.clientAddress,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).code).toBe('cart-empty');
  });

  it('joins the account once the customer record is linked to it', async () => {
    const { phone, parsed, clientAddress } = guestForm([
      { productId: shirt, size: '', color: '', quantity: 1 },
    ]);
    const placed = await placeGuestOrder(context, { phone, form: parsed.data!, clientAddress });
    await database.db.insert(user).values({
      id: 'guest-later',
      name: 'Raj Patel',
      email: 'raj.later@example.com',
      emailVerified: true,
    });
    expect(await listOrders(database.db, 'guest-later')).toHaveLength(0);
    expect(await getOrder(database.db, 'guest-later', placed.orderNumber)).toBeNull();
    const [order] = await database.db
      .select({ customerId: orders.customerId })
      .from(orders)
      .where(eq(orders.number, placed.orderNumber));
    await database.db
      .update(customers)
      .set({ userId: 'guest-later' })
      .where(eq(customers.id, order!.customerId!));
    const list = await listOrders(database.db, 'guest-later');
    expect(list.map((row) => row.number)).toEqual([placed.orderNumber]);
    expect((await getOrder(database.db, 'guest-later', placed.orderNumber))?.number).toBe(
      placed.orderNumber,
    );
    // Another account still sees nothing of it.
    await database.db.insert(user).values({
      id: 'someone-else',
      name: 'Other',
      email: 'other@example.com',
      emailVerified: true,
    });
    expect(await getOrder(database.db, 'someone-else', placed.orderNumber)).toBeNull();
  });
});
