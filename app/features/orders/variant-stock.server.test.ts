/**
 * Ready-to-wear sizes as variants (issue 29 item 2, decision "size variants"), on a real
 * database (PGlite, and PostgreSQL with TEST_DATABASE_URL): a cart line is priced by its
 * size's variant and must name an active one, the order line copies the variant and its SKU,
 * a short size is refused when the order is placed, and two shoppers paying for the last
 * size-M piece at once: exactly one gets it, and size L's stock is untouched.
 */
import { Refusal } from '~/lib/refusal';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  orderEvents,
  orderLines,
  orders,
  products,
  productVariants,
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
import { attachProviderOrder, createOrderFromCart } from './orders.server';
import { confirmPayment } from '~/features/payments/shop-payments.server';

let database: TestDatabase;
let provider: PaymentProvider;
let categoryId: number;
let shoppers = 0;

async function newShopper(): Promise<string> {
  shoppers += 1;
  const id = `size-shopper-${shoppers}`;
  await database.db.insert(user).values({
    id,
    name: `Shopper ${shoppers}`,
    email: `size${shoppers}@example.com`,
    emailVerified: true,
  });
  return id;
}

/**
 * A kurta sold by the piece at ₹2,000 with sizes M (₹2,200, `mStock` left), L (₹2,400, 3
 * left) and XL (hidden).
 * @returns the product id and its variants' ids by size.
 */
async function kurta(slug: string, mStock: number | null) {
  const [product] = await database.db
    .insert(products)
    .values({ slug, name: `Kurta ${slug}`, categoryId, pricePaise: 200_000 })
    .returning({ id: products.id });
  const rows = await database.db
    .insert(productVariants)
    .values([
      { productId: product!.id, size: 'M', sku: `${slug}-M`, pricePaise: 220_000, stock: mStock },
      { productId: product!.id, size: 'L', sku: `${slug}-L`, pricePaise: 240_000, stock: 3 },
      {
        productId: product!.id,
        size: 'XL',
        sku: `${slug}-XL`,
        pricePaise: 260_000,
        isActive: false,
      },
    ])
    .returning({ id: productVariants.id, size: productVariants.size });
  return {
    id: product!.id,
    variant: Object.fromEntries(rows.map((row) => [row.size, row.id])) as Record<string, number>,
  };
}

/** A shopper's placed order for `quantity` pieces of `size`, with its sandbox provider order. */
async function placed(productId: number, size: string, quantity = 1) {
  const userId = await newShopper();
  await addToCart(database.db, userId, { productId, size, color: '', lengthCm: 0, quantity });
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
function pay(order: Awaited<ReturnType<typeof placed>>) {
  const payment = provider.sandbox!.pay(order.providerOrderId);
  return confirmPayment(database.db, {
    userId: order.userId,
    orderNumber: order.number,
    paymentId: payment.paymentId,
    provider: 'sandbox',
  });
}

async function stockOf(variantId: number): Promise<number | null> {
  const [row] = await database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row!.stock;
}

beforeAll(async () => {
  database = await createTestDatabase();
  provider = createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 'size-test-secret' });
  const [category] = await database.db
    .insert(categories)
    .values({ name: 'Kurtas', slug: 'kurtas' })
    .returning({ id: categories.id });
  categoryId = category!.id;
});

afterAll(async () => {
  await database.dispose();
});

describe(`size variants in the cart and the order on ${testDatabaseKind}`, () => {
  it('prices each line at its size’s price and copies the variant and SKU onto the order', async () => {
    const product = await kurta('priced', null);
    const userId = await newShopper();
    const line = { productId: product.id, color: '', lengthCm: 0 };
    await addToCart(database.db, userId, { ...line, size: 'M', quantity: 2 });
    await addToCart(database.db, userId, { ...line, size: 'L', quantity: 1 });
    const cart = await getCart(database.db, userId);
    expect(
      cart.lines.map((row) => [row.size, row.sku, row.unitPricePaise, row.lineTotalPaise]),
    ).toEqual([
      ['M', 'priced-M', 220_000, 440_000],
      ['L', 'priced-L', 240_000, 240_000],
    ]);
    expect(cart.totalPaise).toBe(680_000);
    const order = await createOrderFromCart(database.db, {
      userId,
      details: SAMPLE_CHECKOUT_DETAILS,
      provider: 'sandbox',
    });
    expect(order.amountPaise).toBe(680_000);
    const lines = await database.db
      .select({
        size: orderLines.size,
        sku: orderLines.sku,
        variantId: orderLines.variantId,
        unitPricePaise: orderLines.unitPricePaise,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(orderLines.id);
    expect(lines).toEqual([
      { size: 'M', sku: 'priced-M', variantId: product.variant.M, unitPricePaise: 220_000 },
      { size: 'L', sku: 'priced-L', variantId: product.variant.L, unitPricePaise: 240_000 },
    ]);
  });

  it('refuses a line naming an unknown or hidden size, no size, or a sold-out size', async () => {
    const product = await kurta('refused', 0);
    const userId = await newShopper();
    const add = (size: string) =>
      addToCart(database.db, userId, {
        productId: product.id,
        size,
        color: '',
        lengthCm: 0,
        quantity: 1,
      });
    for (const size of ['S', 'XL', '']) {
      await expect(add(size)).rejects.toThrow(
        new CartLineError('Please choose one of the sizes: M, L'),
      );
    }
    await expect(add('M')).rejects.toThrow(
      new CartLineError('Kurta refused in size M is sold out'),
    );
    await add('L');
    expect((await getCart(database.db, userId)).lines).toHaveLength(1);
  });

  it('refuses to place an order for more pieces of a size than are left', async () => {
    const product = await kurta('short', 1);
    const userId = await newShopper();
    await addToCart(database.db, userId, {
      productId: product.id,
      size: 'M',
      color: '',
      lengthCm: 0,
      quantity: 2,
    });
    const cart = await getCart(database.db, userId);
    expect(cart.payable).toBe(false);
    expect(cart.lines[0]!.problem).toBe('Only 1 of Kurta short (size M) is left');
    const refused = createOrderFromCart(database.db, {
      userId,
      details: SAMPLE_CHECKOUT_DETAILS,
      provider: 'sandbox',
    });
    await expect(refused).rejects.toThrow(
      new Refusal('conflict', 'Only 1 of Kurta short (size M) is left. Please change your cart.'),
    );
  });

  it('lets exactly one of two shoppers paying at once have the last size-M piece, and leaves L alone', async () => {
    const product = await kurta('last-m', 1);
    const first = await placed(product.id, 'M');
    const second = await placed(product.id, 'M');
    const outcomes = await Promise.all([pay(first), pay(second)]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['paid', 'sold-out']);
    expect(await stockOf(product.variant.M!)).toBe(0);
    expect(await stockOf(product.variant.L!)).toBe(3);

    const loser = outcomes[0]!.kind === 'paid' ? second : first;
    const [lost] = await database.db.select().from(orders).where(eq(orders.id, loser.id));
    expect(lost!.status).toBe('cancelled');
    const notes = await database.db
      .select({ kind: orderEvents.kind, note: orderEvents.note })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, loser.id))
      .orderBy(orderEvents.id);
    expect(notes.at(-1)).toEqual({
      kind: 'cancelled',
      note: 'Kurta last-m in size M sold out before this payment arrived. The order is cancelled and the payment of ₹2,200 will be refunded in full.',
    });
  });

  it('takes a size’s pieces when paid and leaves an untracked size alone', async () => {
    const product = await kurta('taken', 5);
    const order = await placed(product.id, 'M', 2);
    expect((await pay(order)).kind).toBe('paid');
    expect(await stockOf(product.variant.M!)).toBe(3);
    expect(await stockOf(product.variant.L!)).toBe(3);
    const free = await kurta('untracked', null);
    expect((await pay(await placed(free.id, 'M'))).kind).toBe('paid');
    expect(await stockOf(free.variant.M!)).toBeNull();
  });
});
