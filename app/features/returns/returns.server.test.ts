/**
 * Returns and exchanges on a real database (issue 32 item 7; PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): a shirt of a delivered two-line order is asked back, approved, received
 * and refunded as its one line through the ledger's line refunds (a credit-note job queued),
 * the other line untouched; two approvals, two "received" and two refunds at once each happen
 * once; cut fabric and an order not delivered are refused; an exchange puts the returned size
 * back on its stock, takes the new one and makes a ₹0 order of it; a request's photos (at most
 * 3, decoded) are read by the order's owner and staff only; a request not decided is withdrawn
 * once.
 */
import { and, eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createPaymentProvider } from '~/lib/payments/payments.server';
import { createCourierProvider, type CourierProvider } from '~/lib/couriers/couriers.server';
import { Refusal } from '~/lib/refusal';
import {
  categories,
  customers,
  jobs,
  notifications,
  orderLines,
  orders,
  payments,
  productVariants,
  products,
  refundLines,
  returnRequests,
  shipmentEvents,
  shipments,
  user,
} from '~/lib/schema.server';
import { recordCounterPayment } from '~/features/payments/admin-payments.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import {
  decideReturn,
  deleteReturnPhotosOfUser,
  prepareReturnPhotos,
  readReturnPhoto,
  receiveReturn,
  refundReturn,
  requestReturn,
  returnsAwaitingStaff,
  returnsOfOrder,
  storeReturnPhotos,
  withdrawReturn,
} from './returns.server';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createLocalStorage } from '~/lib/storage/storage.server';

let database: TestDatabase;
let context: AppLoadContext;
let courier: CourierProvider;
let productId: number;
let sizeM: number;
let sizeL: number;
const staff = { id: 'returns-owner', email: 'owner@example.com' };
const shopper = 'returns-shopper';
let count = 0;

/** A shop order of a shirt (size M, ₹2,000) and trousers (₹1,500), paid in cash; delivered when asked. */
async function paidOrder(options: { delivered?: boolean; fabric?: boolean } = {}) {
  count += 1;
  const number = `RT-RET-${count}`;
  const [order] = await database.db
    .insert(orders)
    .values({
      number,
      userId: shopper,
      status: 'created',
      amountPaise: 3_500_00,
      customerName: 'Meera Joshi',
      email: 'meera@example.com',
      phone: '+919876543210',
      address: '7 Race Course Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360001',
      provider: 'sandbox',
    })
    .returning();
  const [shirt, trousers] = await database.db
    .insert(orderLines)
    .values([
      {
        orderId: order!.id,
        productId,
        name: 'Oxford shirt',
        size: 'M',
        variantId: sizeM,
        sku: 'OX-M',
        unitPricePaise: 2_000_00,
        quantity: 1,
        uqc: 'PCS' as const,
        ...(options.fabric ? { lengthCm: 250, metrePricePaise: 80_000 } : {}),
      },
      {
        orderId: order!.id,
        productId,
        name: 'Cotton trousers',
        unitPricePaise: 1_500_00,
        quantity: 1,
      },
    ])
    .returning();
  await recordCounterPayment(context, staff, {
    number,
    method: 'cash',
    amount: 3_500_00,
    reference: '',
  });
  if (options.delivered !== false) {
    const [shipment] = await database.db
      .insert(shipments)
      .values({ orderId: order!.id, method: 'ship', stage: 'delivered' })
      .returning();
    await database.db
      .insert(shipmentEvents)
      .values({ shipmentId: shipment!.id, source: 'staff', stage: 'delivered' });
  }
  return { number, orderId: order!.id, shirtId: shirt!.id, trousersId: trousers!.id };
}

/** Settles all `promises`, giving how many resolved and the refusals' codes. */
async function race(promises: Promise<unknown>[]) {
  const settled = await Promise.allSettled(promises);
  return {
    done: settled.filter((outcome) => outcome.status === 'fulfilled').length,
    refused: settled.flatMap((outcome) =>
      outcome.status === 'rejected' && outcome.reason instanceof Refusal
        ? [outcome.reason.code]
        : [],
    ),
  };
}

const stockOf = async (id: number) =>
  (await database.db.select().from(productVariants).where(eq(productVariants.id, id)))[0]!.stock;

beforeAll(async () => {
  database = await createTestDatabase();
  context = {
    db: database.db,
    payments: createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 'returns-secret' }),
    env: { PUBLIC_URL: 'http://shop.test' },
    catalogue: { settings: async () => ({ shopName: 'Test Tailors' }) },
    linkSecret: 'integration-test-link-secret',
  } as unknown as AppLoadContext;
  // The shop's own courier: a reverse pickup's AWB comes from its series (no quote is asked).
  courier = createCourierProvider({
    nodeEnv: 'test',
    local: {
      db: database.db,
      tariff: async () => {
        throw new Error('no quote in these tests');
      },
      placeOf: () => null,
      publicUrl: 'http://shop.test',
      webhookToken: 'token',
    },
  });
  await database.db.insert(user).values([
    { ...staff, name: 'Owner', emailVerified: true, role: 'admin' },
    { id: shopper, name: 'Meera', email: 'meera@example.com', emailVerified: true },
  ]);
  const [category] = await database.db
    .insert(categories)
    .values({ name: 'Ready to wear', slug: 'ready-to-wear' })
    .returning({ id: categories.id });
  const [product] = await database.db
    .insert(products)
    .values({
      slug: 'returns-shirt',
      name: 'Oxford shirt',
      categoryId: category!.id,
      pricePaise: 2_000_00,
    })
    .returning({ id: products.id });
  productId = product!.id;
  const [m, l] = await database.db
    .insert(productVariants)
    .values([
      { productId, size: 'M', sku: 'OX-M', pricePaise: 2_000_00, stock: 20 },
      { productId, size: 'L', sku: 'OX-L', pricePaise: 2_000_00, stock: 2 },
    ])
    .returning({ id: productVariants.id });
  sizeM = m!.id;
  sizeL = l!.id;
});

afterAll(async () => {
  await database?.dispose();
});

describe(`returns and exchanges on ${testDatabaseKind}`, () => {
  it('returns a shirt as one line: asked, approved, received and refunded, the trousers untouched', async () => {
    const order = await paidOrder();
    const asked = await requestReturn(
      database.db,
      { userId: shopper, number: order.number },
      { lineId: order.shirtId, kind: 'return', reason: 'Does not fit', note: '', variantId: null },
    );
    await expect(
      requestReturn(
        database.db,
        { userId: shopper, number: order.number },
        {
          lineId: order.shirtId,
          kind: 'return',
          reason: 'Does not fit',
          note: '',
          variantId: null,
        },
      ),
    ).rejects.toMatchObject({ code: 'conflict' });
    const input = { number: order.number, requestId: asked.id };
    // Two approvals at once: one moves it, the other is refused.
    const site = {
      publicUrl: 'http://shop.test',
      linkSecret: 'integration-test-link-secret',
      shopName: 'Test Tailors',
    };
    const approve = () =>
      decideReturn(database.db, staff, { ...input, decision: 'approve', method: 'drop' }, courier, {
        site,
      });
    const approvals = await race([approve(), approve()]);
    expect(approvals).toEqual({ done: 1, refused: ['conflict'] });
    // The shopper is told once, by e-mail (the order's address), with the order's link.
    const told = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'order.return'));
    expect(told.map((row) => [row.channel, row.recipient])).toEqual([
      ['email', 'meera@example.com'],
    ]);
    const received = await race([
      receiveReturn(database.db, staff, input),
      receiveReturn(database.db, staff, input),
    ]);
    expect(received).toEqual({ done: 1, refused: ['conflict'] });
    const refunds = await race([
      refundReturn(context, staff, input),
      refundReturn(context, staff, input),
    ]);
    expect(refunds.done).toBe(1);
    expect(refunds.refused).toEqual(['conflict']);
    expect(
      (await returnsAwaitingStaff(database.db)).map((waiting) => waiting.number),
    ).not.toContain(order.number);

    const rows = await database.db
      .select()
      .from(refundLines)
      .where(eq(refundLines.orderId, order.orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ lineIndex: 0, quantityCenti: 100, grossPaise: 2_000_00 });
    const refundRows = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.orderId), eq(payments.kind, 'refund')));
    expect(refundRows.map((row) => row.amountPaise)).toEqual([-2_000_00]);
    // Its credit note is queued, as for any line refund.
    const noteJobs = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `credit-note:payment:${refundRows[0]!.id}`));
    expect(noteJobs).toHaveLength(1);
    const [request] = await database.db
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.id, asked.id));
    expect(request).toMatchObject({ status: 'refunded', refundId: refundRows[0]!.id });

    const view = await returnsOfOrder(database.db, {
      id: order.orderId,
      kind: 'shop',
      status: 'paid',
    });
    expect(view.lines.find((line) => line.lineId === order.shirtId)!.eligibility.ok).toBe(false);
    expect(view.lines.find((line) => line.lineId === order.trousersId)!.eligibility.ok).toBe(true);
  });

  it('refuses a line of an order not delivered, cut fabric, and another shopper', async () => {
    const waiting = await paidOrder({ delivered: false });
    const ask = (number: string, lineId: number, userId = shopper) =>
      requestReturn(
        database.db,
        { userId, number },
        { lineId, kind: 'return', reason: 'Changed my mind', note: '', variantId: null },
      );
    await expect(ask(waiting.number, waiting.shirtId)).rejects.toMatchObject({
      code: 'conflict',
      message: 'You can ask for a return once the order has reached you.',
    });
    const fabric = await paidOrder({ fabric: true });
    await expect(ask(fabric.number, fabric.shirtId)).rejects.toMatchObject({
      code: 'conflict',
      message: 'Cut fabric is cut for you and cannot be returned or exchanged.',
    });
    await expect(ask(fabric.number, fabric.trousersId, staff.id)).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it("keeps a request's photos private to the order's owner and staff, and refuses a fourth or a non-photo", async () => {
    const order = await paidOrder();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'return-photos-'));
    onTestFinished(() => fs.rmSync(folder, { recursive: true, force: true }));
    const storage = createLocalStorage(folder);
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#a33' },
    })
      .png()
      .toBuffer();
    const file = (bytes: Buffer, name = 'shirt.png') =>
      new File([new Uint8Array(bytes)], name, { type: 'image/png' });
    await expect(
      prepareReturnPhotos([png, png, png, png].map((b) => file(b))),
    ).rejects.toMatchObject({
      code: 'invalid',
      field: 'photos',
      message: 'Please attach at most 3 photos.',
    });
    await expect(
      prepareReturnPhotos([file(Buffer.from('<svg onload=alert(1)>'), 'x.png')]),
    ).rejects.toMatchObject({ code: 'unsupported-media', field: 'photos' });
    const photos = await prepareReturnPhotos([file(png), file(png)]);
    const asked = await requestReturn(
      database.db,
      { userId: shopper, number: order.number },
      {
        lineId: order.shirtId,
        kind: 'return',
        reason: 'Damaged or faulty',
        note: '',
        variantId: null,
      },
    );
    await storeReturnPhotos(database.db, storage, asked.id, photos);
    // Staff see it waiting on their dashboard until it is decided.
    expect(await returnsAwaitingStaff(database.db)).toContainEqual(
      expect.objectContaining({
        id: asked.id,
        number: order.number,
        lineName: 'Oxford shirt, size M',
        status: 'requested',
      }),
    );
    const view = await returnsOfOrder(database.db, {
      id: order.orderId,
      kind: 'shop',
      status: 'paid',
    });
    const shown = view.lines.find((line) => line.lineId === order.shirtId)!.requests[0]!.photos;
    expect(shown).toHaveLength(2);
    expect(shown[0]).toMatchObject({ width: 40, height: 30 });
    const id = shown[0]!.id;
    const own = await readReturnPhoto(database.db, storage, id, { userId: shopper });
    expect(own?.contentType).toBe('image/webp');
    expect((await sharp(own!.data).metadata()).format).toBe('webp');
    expect(await readReturnPhoto(database.db, storage, id, { staff: true })).not.toBeNull();
    expect(await readReturnPhoto(database.db, storage, id, { userId: staff.id })).toBeNull();
    // A signed link's holder (a guest) reads the photos of its own order only, not the one before.
    expect(
      await readReturnPhoto(database.db, storage, id, { orderId: order.orderId }),
    ).not.toBeNull();
    expect(
      await readReturnPhoto(database.db, storage, id, { orderId: order.orderId - 1 }),
    ).toBeNull();
    expect(
      await readReturnPhoto(database.db, storage, '../../etc/passwd', { staff: true }),
    ).toBeNull();
    expect(
      await readReturnPhoto(database.db, storage, '00000000-0000-4000-8000-000000000000', {
        staff: true,
      }),
    ).toBeNull();
    // Deleting the account deletes its return photos, rows and files; the request stays.
    const key = `private/returns/${id}.webp`;
    expect(await storage.get(key)).not.toBeNull();
    await deleteReturnPhotosOfUser(database.db, storage, shopper);
    expect(await storage.get(key)).toBeNull();
    expect(await readReturnPhoto(database.db, storage, id, { staff: true })).toBeNull();
    expect(
      (
        await returnsOfOrder(database.db, { id: order.orderId, kind: 'shop', status: 'paid' })
      ).lines.find((line) => line.lineId === order.shirtId)!.requests[0]!.photos,
    ).toEqual([]);
  });

  it('the shopper withdraws a request not decided yet, once; not a decided one, nor one of another order', async () => {
    const order = await paidOrder();
    const ask = () =>
      requestReturn(
        database.db,
        { userId: shopper, number: order.number },
        {
          lineId: order.trousersId,
          kind: 'return',
          reason: 'Changed my mind',
          note: '',
          variantId: null,
        },
      );
    const asked = await ask();
    const owner = { userId: shopper, number: order.number };
    // The guest's page holds the order by its signed link: another order's request is not theirs.
    await expect(
      withdrawReturn(database.db, { orderId: order.orderId - 1 }, asked.id),
    ).rejects.toMatchObject({ code: 'not-found' });
    await expect(
      withdrawReturn(database.db, { userId: staff.id, number: order.number }, asked.id),
    ).rejects.toMatchObject({ code: 'not-found' });
    const twice = await race([
      withdrawReturn(database.db, owner, asked.id),
      withdrawReturn(database.db, { orderId: order.orderId }, asked.id),
    ]);
    expect(twice).toEqual({ done: 1, refused: ['conflict'] });
    // Withdrawn, the line may be asked again; once decided, it can no longer be withdrawn.
    const again = await ask();
    await decideReturn(
      database.db,
      staff,
      { number: order.number, requestId: again.id, decision: 'approve', method: 'drop' },
      courier,
    );
    await expect(withdrawReturn(database.db, owner, again.id)).rejects.toMatchObject({
      code: 'conflict',
      message: 'This request can no longer be withdrawn: we have answered it already.',
    });
  });

  it("a guest order that joined the shopper's account is returned from the account, photos and all", async () => {
    // Checked out as a guest (no account), with the phone of a customer record the shopper's
    // account is linked to: the account owns it (orders' ownedBy), so its returns are theirs.
    const order = await paidOrder();
    const [record] = await database.db
      .insert(customers)
      .values({ name: 'Meera Joshi', phone: '+919876543210', userId: shopper })
      .onConflictDoUpdate({ target: customers.userId, set: { name: 'Meera Joshi' } })
      .returning({ id: customers.id });
    await database.db
      .update(orders)
      .set({ userId: null, customerId: record!.id })
      .where(eq(orders.id, order.orderId));
    const asked = await requestReturn(
      database.db,
      { userId: shopper, number: order.number },
      { lineId: order.shirtId, kind: 'return', reason: 'Does not fit', note: '', variantId: null },
    );
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'return-photos-'));
    onTestFinished(() => fs.rmSync(folder, { recursive: true, force: true }));
    const storage = createLocalStorage(folder);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#333' } })
      .png()
      .toBuffer();
    await storeReturnPhotos(
      database.db,
      storage,
      asked.id,
      await prepareReturnPhotos([new File([new Uint8Array(png)], 'a.png', { type: 'image/png' })]),
    );
    const view = await returnsOfOrder(database.db, {
      id: order.orderId,
      kind: 'shop',
      status: 'paid',
    });
    const id = view.lines.find((line) => line.lineId === order.shirtId)!.requests[0]!.photos[0]!.id;
    expect(await readReturnPhoto(database.db, storage, id, { userId: shopper })).not.toBeNull();
    expect(await readReturnPhoto(database.db, storage, id, { userId: staff.id })).toBeNull();
    await withdrawReturn(database.db, { userId: shopper, number: order.number }, asked.id);
  });

  it('a refusal shows its reason and the line may be asked again', async () => {
    const order = await paidOrder();
    const asked = await requestReturn(
      database.db,
      { userId: shopper, number: order.number },
      {
        lineId: order.trousersId,
        kind: 'return',
        reason: 'Changed my mind',
        note: 'Worn once',
        variantId: null,
      },
    );
    await decideReturn(
      database.db,
      staff,
      {
        number: order.number,
        requestId: asked.id,
        decision: 'refuse',
        reason: 'The trousers were worn and washed.',
      },
      courier,
    );
    const view = await returnsOfOrder(database.db, {
      id: order.orderId,
      kind: 'shop',
      status: 'paid',
    });
    const line = view.lines.find((candidate) => candidate.lineId === order.trousersId)!;
    expect(line.requests[0]).toMatchObject({
      status: 'refused',
      refusalReason: 'The trousers were worn and washed.',
    });
    expect(line.eligibility.ok).toBe(true);
  });

  it('an exchange puts size M back, takes size L and makes a ₹0 order of it', async () => {
    const order = await paidOrder();
    const [mBefore, lBefore] = [await stockOf(sizeM), await stockOf(sizeL)];
    const view = await returnsOfOrder(database.db, {
      id: order.orderId,
      kind: 'shop',
      status: 'paid',
    });
    expect(view.lines.find((line) => line.lineId === order.shirtId)!.sizes).toEqual([
      { variantId: sizeL, size: 'L' },
    ]);
    const asked = await requestReturn(
      database.db,
      { userId: shopper, number: order.number },
      {
        lineId: order.shirtId,
        kind: 'exchange',
        reason: 'Does not fit',
        note: '',
        variantId: sizeL,
      },
    );
    const input = { number: order.number, requestId: asked.id };
    const approved = await decideReturn(
      database.db,
      staff,
      { ...input, decision: 'approve', method: 'pickup' },
      courier,
    );
    expect(approved.message).toMatch(/^Request approved: reverse pickup booked, AWB RTH\d{9}\.$/);
    const outcome = await race([
      receiveReturn(database.db, staff, input),
      receiveReturn(database.db, staff, input),
    ]);
    expect(outcome).toEqual({ done: 1, refused: ['conflict'] });
    expect(await stockOf(sizeM)).toBe(mBefore! + 1);
    expect(await stockOf(sizeL)).toBe(lBefore! - 1);
    const [request] = await database.db
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.id, asked.id));
    expect(request!.status).toBe('exchanged');
    const [created] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, request!.exchangeOrderId!));
    expect(created).toMatchObject({
      amountPaise: 0,
      status: 'paid',
      userId: shopper,
      kind: 'shop',
    });
    const lines = await database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, created!.id));
    expect(lines).toEqual([
      expect.objectContaining({ size: 'L', variantId: sizeL, unitPricePaise: 0, quantity: 1 }),
    ]);
  });
});
