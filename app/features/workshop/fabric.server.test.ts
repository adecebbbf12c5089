/**
 * Fabric for the workshop (issue 31 item 7): confirming a bespoke order reserves each garment's
 * length of a catalogue fabric sold by the metre, which lowers what the online shop can sell
 * (the cart and the payment's stock take); staff change a garment's length; cutting turns the
 * reservation into a stock decrement; cancelling the order releases it; two confirmations over
 * the last metres are both made, the second with a warning; low stock lists the fabric.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bespokeGarments,
  categories,
  customers,
  fabricReservations,
  orders,
  products,
  workTickets,
} from '~/lib/schema.server';
import { seedStyleOptions } from '~/seed/seed.server';
import { Refusal } from '~/lib/refusal';
import {
  createBespokeOrder,
  createBespokeOrderSchema,
} from '~/features/bespoke/bespoke-orders.server';
import { advanceFulfilment } from '~/features/admin/orders/orders.server';
import { loadConfigurator } from '~/features/bespoke/configurator.server';
import { priceLines } from '~/features/cart/cart.server';
import { takeProductStock } from '~/features/catalog/catalog-commands.server';
import { fabricStocks, lowStockFabrics } from '~/features/catalog/fabric-stock.server';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import { moveTicket, workshopHooks, type WorkshopActor } from './tickets.server';
import {
  fabricLengthSchema,
  fabricOfOrder,
  lowStockWarnings,
  setGarmentFabricLength,
} from './fabric.server';

let app: TestApp;
let admin: { cookie: string; userId: string };
let clientId: number;
let categoryId: number;

const site = {
  publicUrl: 'http://shop.test',
  linkSecret: 'integration-test-link-secret',
  shopName: 'Test Tailors',
};
const actor = (): WorkshopActor => ({
  id: admin.userId,
  email: 'admin@example.com',
  name: 'Master Tailor',
});

/** A fabric sold by the metre with `stockCm` centimetres in stock. */
async function fabric(name: string, stockCm: number): Promise<number> {
  const [row] = await app.database.db
    .insert(products)
    .values({
      slug: name.toLowerCase().replaceAll(' ', '-'),
      name,
      categoryId,
      pricePaise: 100_000,
      saleUnit: 'metre',
      uqc: 'MTR',
      lengthStepCm: 10,
      lengthMinCm: 50,
      lengthMaxCm: 1000,
      stock: stockCm,
    })
    .returning({ id: products.id });
  return row!.id;
}

/** A bespoke order of a shirt (1.6 m by the default settings) cut from `productId`. */
async function shirtOrder(productId: number) {
  const db = app.database.db;
  const input = createBespokeOrderSchema.parse({
    customerId: String(clientId),
    address: '12 Race Course Road',
    city: 'Rajkot',
    pincode: '360001',
    garmentType: 'shirt',
    fabricSource: 'catalogue',
    fabricProductId: String(productId),
  });
  const { number } = await createBespokeOrder(
    db,
    actor(),
    input,
    'sandbox',
    new Date(),
    workshopHooks,
  );
  const [order] = await db.select().from(orders).where(eq(orders.number, number));
  const [garment] = await db
    .select()
    .from(bespokeGarments)
    .where(eq(bespokeGarments.orderId, order!.id));
  return { order: order!, garment: garment! };
}

/** Confirms order `number` as the order page does; resolves to the toast's message. */
async function confirm(number: string) {
  const [row] = await app.database.db
    .select({ updatedAt: orders.updatedAt })
    .from(orders)
    .where(eq(orders.number, number));
  const result = await advanceFulfilment(
    app.database.db,
    actor(),
    { number, status: 'confirmed', version: row!.updatedAt.toISOString() },
    site,
  );
  return result.message;
}

async function moveTo(garmentId: number, toStage: 'cutting') {
  const [ticket] = await app.database.db
    .select()
    .from(workTickets)
    .where(eq(workTickets.garmentId, garmentId));
  return moveTicket(
    app.database.db,
    { garmentId, toStage, expectedVersion: ticket!.version, actor: actor() },
    site,
  );
}

async function stockOf(productId: number) {
  return (await fabricStocks(app.database.db, [productId])).get(productId)!;
}

/** What the cart says of a cut of `lengthCm` of `productId`. */
async function cartProblem(productId: number, lengthCm: number) {
  const cart = await priceLines(app.database.db, [
    { productId, size: '', color: '', lengthCm, quantity: 1 },
  ]);
  return cart.lines[0]!.problem;
}

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  await seedStyleOptions(db);
  admin = await app.signedIn('admin', 'owner@example.com');
  const [category] = await db
    .insert(categories)
    .values({ name: 'Fabrics', slug: 'fabrics' })
    .returning({ id: categories.id });
  categoryId = category!.id;
  const [client] = await db
    .insert(customers)
    .values({ name: 'Ravi Patel', phone: '+919825011111', notify: 'both' })
    .returning();
  clientId = client!.id;
});
afterAll(() => app?.dispose());

describe(`fabric for the workshop on ${testDatabaseKind}`, () => {
  it('reserves at confirmation, lowers what the shop sells, and is consumed at cutting', async () => {
    const linen = await fabric('Irish Linen', 500);
    const { order, garment } = await shirtOrder(linen);
    // Not confirmed yet: nothing is held.
    expect((await stockOf(linen)).reservedCm).toBe(0);

    expect(await confirm(order.number)).toBe(`Order ${order.number} is now at Confirmed.`);
    expect(await stockOf(linen)).toMatchObject({ stockCm: 500, reservedCm: 160, availableCm: 340 });
    expect(await fabricOfOrder(app.database.db, order.id)).toEqual([
      {
        garmentId: garment.id,
        fabricName: 'Irish Linen',
        lengthCm: 160,
        state: 'reserved',
        shortCm: 0,
      },
    ]);

    // The online shop sells only what is not held: 3.4 m, not 5 m.
    expect(await cartProblem(linen, 350)).toBe('Only 3.40 m of Irish Linen are left');
    expect(await cartProblem(linen, 340)).toBeNull();
    const took = await app.database.db.transaction((tx) => takeProductStock(tx, linen, 350));
    expect(took).toBe(false);

    // Staff change the garment's length.
    expect(
      await setGarmentFabricLength(
        app.database.db,
        actor(),
        fabricLengthSchema.parse({ garmentId: String(garment.id), metres: '2.1' }),
      ),
    ).toBe('The shirt now holds 2.1 m of Irish Linen.');
    expect(await stockOf(linen)).toMatchObject({ reservedCm: 210, availableCm: 290 });
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'workshop.fabric-length'));
    expect(entry).toMatchObject({ entityId: String(garment.id) });

    // Cutting starts: the stock loses the reserved length, and nothing stays held.
    await moveTo(garment.id, 'cutting');
    expect(await stockOf(linen)).toMatchObject({ stockCm: 290, reservedCm: 0, availableCm: 290 });
    const [held] = await app.database.db
      .select()
      .from(fabricReservations)
      .where(eq(fabricReservations.garmentId, garment.id));
    expect(held).toMatchObject({ lengthCm: 210, consumedCm: 210 });
    expect(held!.consumedAt).not.toBeNull();

    // Once cut, the length is fixed.
    await expect(
      setGarmentFabricLength(
        app.database.db,
        actor(),
        fabricLengthSchema.parse({ garmentId: String(garment.id), metres: '1' }),
      ),
    ).rejects.toBeInstanceOf(Refusal);
  });

  it('releases the metres when the order is cancelled', async () => {
    const silk = await fabric('Raw Silk', 400);
    const { order } = await shirtOrder(silk);
    await confirm(order.number);
    expect((await stockOf(silk)).availableCm).toBe(240);
    await app.database.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(eq(orders.id, order.id));
    expect(await stockOf(silk)).toMatchObject({ stockCm: 400, reservedCm: 0, availableCm: 400 });
    expect(await cartProblem(silk, 400)).toBeNull();
  });

  it('makes both of two confirmations over the last metres, the second with a warning', async () => {
    const tweed = await fabric('Harris Tweed', 200);
    const first = await shirtOrder(tweed);
    const second = await shirtOrder(tweed);
    const messages = await Promise.all([confirm(first.order.number), confirm(second.order.number)]);
    const warned = messages.filter((message) => message.includes('Not enough'));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toContain(
      'Not enough Harris Tweed for the shirt: 0.4 m available, 1.6 m reserved all the same.',
    );
    expect(await stockOf(tweed)).toMatchObject({ stockCm: 200, reservedCm: 320, availableCm: 0 });
    expect(await cartProblem(tweed, 50)).toBe('Harris Tweed is out of stock');

    // Low stock names it, with what is on the shelf and what is held.
    const low = await lowStockFabrics(app.database.db, 500);
    expect(low.find((row) => row.productId === tweed)).toMatchObject({
      name: 'Harris Tweed',
      stockCm: 200,
      reservedCm: 320,
      availableCm: 0,
    });
    // The dashboard's warning, below the default 5 m of the bespoke settings.
    expect((await lowStockWarnings(app.database.db)).map((row) => row.message)).toContain(
      'Low stock: Harris Tweed — 2 m left, 3.2 m reserved',
    );

    // Cutting both: the first takes its 1.6 m, the second what is left (stock never below 0).
    await moveTo(first.garment.id, 'cutting');
    await moveTo(second.garment.id, 'cutting');
    expect((await stockOf(tweed)).stockCm).toBe(0);
    const cut = await app.database.db
      .select({ consumedCm: fabricReservations.consumedCm })
      .from(fabricReservations)
      .where(and(eq(fabricReservations.productId, tweed)));
    expect(cut.map((row) => row.consumedCm).sort()).toEqual([160, 40]);
  });

  it('tells the configurator whether a fabric is in stock for the chosen garment', async () => {
    const khadi = await fabric('Hand Khadi', 300);
    const note = async (garment: string) => {
      const page = await loadConfigurator(
        new Request(`http://shop.test/bespoke?garment=${garment}&fabric=${khadi}&step=summary`),
        app.context,
      );
      return page.step === 'summary' ? page.fabricStock : 'not the summary';
    };
    // A shirt takes 1.6 m and a sherwani 3 m by default; 3 m are available.
    expect(await note('shirt')).toEqual({ inStock: true, text: 'In stock for a shirt' });
    expect(await note('sherwani')).toEqual({ inStock: true, text: 'In stock for a sherwani' });
    const { order } = await shirtOrder(khadi);
    await confirm(order.number);
    expect(await note('sherwani')).toEqual({
      inStock: false,
      text: 'Not enough for a sherwani — ask the shop',
    });
  });

  it('leaves a fabric above the threshold off the low stock list', async () => {
    const cotton = await fabric('Giza Cotton', 2000);
    const low = await lowStockFabrics(app.database.db, 500);
    expect(low.some((row) => row.productId === cotton)).toBe(false);
  });
});
