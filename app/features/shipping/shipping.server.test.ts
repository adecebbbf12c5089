/**
 * Shipping charges on a real database (issue 32 item 2): parcel weights from the products, the
 * shop's zone table, the free threshold, pickup, and the charge joining the order's amount.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, orders, products, user } from '~/lib/schema.server';
import { createCourierProvider } from '~/lib/couriers/couriers.server';
import { lookupPincode } from '~/features/addresses/pincodes.server';
import { addToCart } from '~/features/cart/cart.server';
import { createOrderFromCart } from '~/features/orders/orders.server';
import { putSettingsDocument } from '~/features/site/settings-documents.server';
import { SAMPLE_CHECKOUT_DETAILS } from '../../../tests/support/checkout-details';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { quoteProduct } from './delivery-quote.server';
import { defaultShippingSettings } from './shipping-settings';
import {
  getShippingSettings,
  localTariff,
  parcelWeightGrams,
  quoteDelivery,
  SHIPPING_SETTINGS_KEY,
} from './shipping.server';

let database: TestDatabase;
let shirt: number;
let sherwani: number;
let cloth: number;
let unweighed: number;
let shoppers = 0;

const mumbai = {
  ...SAMPLE_CHECKOUT_DETAILS,
  city: 'Mumbai',
  state: 'Maharashtra' as const,
  pincode: '400001',
  delivery: 'ship' as const,
};

beforeAll(async () => {
  database = await createTestDatabase();
  const [category] = await database.db
    .insert(categories)
    .values({ name: 'Shirts', slug: 'shirts' })
    .returning({ id: categories.id });
  const rows = await database.db
    .insert(products)
    .values([
      {
        slug: 'shirt',
        name: 'Shirt',
        categoryId: category!.id,
        pricePaise: 150_000,
        weightGrams: 600,
      },
      {
        slug: 'sherwani',
        name: 'Sherwani',
        categoryId: category!.id,
        pricePaise: 600_000,
        weightGrams: 1_500,
      },
      {
        slug: 'linen',
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
      { slug: 'plain', name: 'Plain', categoryId: category!.id, pricePaise: 50_000 },
    ])
    .returning({ id: products.id });
  [shirt, sherwani, cloth, unweighed] = rows.map((row) => row.id) as [
    number,
    number,
    number,
    number,
  ];
});
afterAll(() => database.dispose());

async function shopperWith(productId: number, quantity = 1): Promise<string> {
  shoppers += 1;
  const id = `ship-${shoppers}`;
  await database.db.insert(user).values({
    id,
    name: `Shopper ${shoppers}`,
    email: `ship${shoppers}@example.com`,
    emailVerified: true,
  });
  await addToCart(database.db, id, { productId, size: '', color: '', quantity });
  return id;
}

async function orderRow(id: number) {
  const [row] = await database.db
    .select({
      amountPaise: orders.amountPaise,
      shippingPaise: orders.shippingPaise,
      deliveryMethod: orders.deliveryMethod,
    })
    .from(orders)
    .where(eq(orders.id, id));
  return row!;
}

describe('parcel weight', () => {
  it('adds pieces, metres of cloth and the default for a product without a weight', async () => {
    const settings = await getShippingSettings(database.db);
    expect(
      await parcelWeightGrams(
        database.db,
        [
          { productId: shirt, quantity: 2, lengthCm: null },
          { productId: cloth, quantity: 1, lengthCm: 250 },
          { productId: unweighed, quantity: 1, lengthCm: null },
        ],
        settings,
      ),
    ).toBe(1_200 + 600 + defaultShippingSettings.defaultWeightGrams.piece);
  });
});

describe('the charge on the order', () => {
  it('a ₹1,500 order to Mumbai pays the rest-of-India charge, in its amount', async () => {
    const order = await createOrderFromCart(database.db, {
      userId: await shopperWith(shirt),
      details: { ...mumbai, delivery: 'ship' },
      provider: 'sandbox',
    });
    // 600 g in the rest of India: the 1 kg slab, ₹130.
    expect(await orderRow(order.id)).toEqual({
      amountPaise: 150_000 + 13_000,
      shippingPaise: 13_000,
      deliveryMethod: 'ship',
    });
  });

  it('a ₹6,000 order ships free (the goods reach ₹5,000)', async () => {
    const order = await createOrderFromCart(database.db, {
      userId: await shopperWith(sherwani),
      details: mumbai,
      provider: 'sandbox',
    });
    expect(await orderRow(order.id)).toEqual({
      amountPaise: 600_000,
      shippingPaise: 0,
      deliveryMethod: 'ship',
    });
  });

  it('a pickup pays no shipping, even below the threshold', async () => {
    const order = await createOrderFromCart(database.db, {
      userId: await shopperWith(shirt),
      details: { ...mumbai, delivery: 'pickup' },
      provider: 'sandbox',
    });
    expect(await orderRow(order.id)).toEqual({
      amountPaise: 150_000,
      shippingPaise: 0,
      deliveryMethod: 'pickup',
    });
  });

  it('refuses a pincode the directory does not know', async () => {
    await expect(
      createOrderFromCart(database.db, {
        userId: await shopperWith(shirt),
        details: { ...mumbai, pincode: '999999' },
        provider: 'sandbox',
      }),
    ).rejects.toThrow(/cannot deliver to PIN code 999999/);
  });
});

describe('quotes', () => {
  const local = () =>
    createCourierProvider({
      nodeEnv: 'test',
      local: {
        db: database.db,
        tariff: async () => localTariff(await getShippingSettings(database.db)),
        placeOf: (pincode) => lookupPincode(pincode)?.places[0] ?? null,
        publicUrl: 'https://shop.example',
        webhookToken: 'token',
      },
    });

  it('dates the delivery from today in Kolkata: dispatch days plus the zone’s days', async () => {
    // 28 Nov 2026, 23:00 in Kolkata (17:30 UTC): still the 28th there.
    const quote = await quoteDelivery(database.db, local(), {
      pickupPincode: '360001',
      pincode: '781001',
      weightGrams: 400,
      goodsPaise: 150_000,
      now: new Date('2026-11-28T17:30:00Z'),
    });
    expect(quote).toEqual({
      deliverable: true,
      chargePaise: 15_000,
      free: false,
      deliverBy: '2026-12-07',
      zone: 'remote',
      // Issue 32 item 3: the local courier collects no cash in the remote zone.
      codAvailable: false,
    });
  });

  it('answers the product page in words, and follows the owner’s settings', async () => {
    const answer = await quoteProduct(database.db, local(), {
      productId: shirt,
      pincode: '400001',
    });
    expect(answer).toMatchObject({ deliverable: true, chargePaise: 13_000 });
    expect(answer?.message).toMatch(/^Delivery by \w+day, \d{1,2} \w+ \d{4}, ₹130$/);
    expect(
      await quoteProduct(database.db, local(), { productId: shirt, pincode: '999999' }),
    ).toEqual({
      deliverable: false,
      pincode: '999999',
      message: 'Not deliverable to this pincode',
    });
    await putSettingsDocument(database.db, SHIPPING_SETTINGS_KEY, {
      ...defaultShippingSettings,
      freeAbovePaise: 100_000,
    });
    try {
      const free = await quoteProduct(database.db, local(), {
        productId: shirt,
        pincode: '400001',
      });
      expect(free?.message).toMatch(/, Free delivery$/);
    } finally {
      await putSettingsDocument(database.db, SHIPPING_SETTINGS_KEY, defaultShippingSettings);
    }
  });

  it('takes the default for a stored value that does not parse', async () => {
    await putSettingsDocument(database.db, SHIPPING_SETTINGS_KEY, {
      ...defaultShippingSettings,
      freeAbovePaise: -5,
      dispatchDays: 2,
    });
    try {
      const settings = await getShippingSettings(database.db);
      expect(settings.freeAbovePaise).toBe(defaultShippingSettings.freeAbovePaise);
      expect(settings.dispatchDays).toBe(2);
    } finally {
      await putSettingsDocument(database.db, SHIPPING_SETTINGS_KEY, defaultShippingSettings);
    }
  });
});
