/**
 * The one step that makes a payment link at the provider for a pending link row
 * (`makeProviderLink`, used by the counter's "Send a payment link" and an order link's "Pay",
 * issue 30 item 2): made, refused by the provider, or withdrawn because the order was paid in
 * full or cancelled meanwhile.
 */
import { and, eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentProvider } from '~/lib/payments/payments.server';
import { jobs, orders, payments } from '~/lib/schema.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { CANCEL_LINK_JOB } from './payments-commands.server';
import { makeProviderLink } from './provider-link.server';

let database: TestDatabase;
let context: Pick<AppLoadContext, 'db' | 'payments' | 'env'>;
let count = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  context = {
    db: database.db,
    payments: createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 'provider-link-secret' }),
    env: { PUBLIC_URL: 'http://shop.test' } as AppLoadContext['env'],
  };
});

afterAll(async () => {
  await database?.dispose();
});

/** An order awaiting ₹5,000 and a pending link row on it, in `status`. */
async function pendingLink(status: 'pending' | 'cancelled' = 'pending') {
  count += 1;
  const [order] = await database.db
    .insert(orders)
    .values({
      number: `RT-PL-${count}`,
      status: 'created',
      amountPaise: 5_000_00,
      customerName: 'Kiran Shah',
      email: 'kiran@example.com',
      phone: '+919825012345',
      address: '4 Kalawad Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360005',
      provider: 'sandbox',
    })
    .returning();
  const [row] = await database.db
    .insert(payments)
    .values({
      orderId: order!.id,
      kind: 'payment',
      method: 'payment_link',
      status,
      amountPaise: 5_000_00,
      provider: 'sandbox',
    })
    .returning();
  return { order: order!, rowId: row!.id };
}

const rowOf = async (id: number) =>
  (await database.db.select().from(payments).where(eq(payments.id, id)))[0]!;

describe(`making a payment link at the provider on ${testDatabaseKind}`, () => {
  it('stores the link on its row and answers its URL', async () => {
    const { order, rowId } = await pendingLink();
    const made = await makeProviderLink(context, {
      order,
      rowId,
      amountPaise: 5_000_00,
      returnUrl: 'http://shop.test/o/x',
    });
    expect(made.kind).toBe('made');
    const row = await rowOf(rowId);
    expect(row.status).toBe('pending');
    expect(row.providerLinkId).toBeTruthy();
    expect(made).toEqual({ kind: 'made', url: row.linkUrl });
    expect(row.linkUrl).toBe(`http://shop.test/pay/${row.providerLinkId}`);
  });

  it('marks the row failed when the provider refuses the link (under ₹1)', async () => {
    const { order, rowId } = await pendingLink();
    const made = await makeProviderLink(context, {
      order,
      rowId,
      amountPaise: 50,
      returnUrl: 'http://shop.test/o/x',
    });
    expect(made).toMatchObject({ kind: 'refused', reason: expect.stringContaining('paise') });
    expect((await rowOf(rowId)).status).toBe('failed');
  });

  it('withdraws a link whose order was paid in full or cancelled while it was made', async () => {
    const { order, rowId } = await pendingLink('cancelled');
    const made = await makeProviderLink(context, {
      order,
      rowId,
      amountPaise: 5_000_00,
      returnUrl: 'http://shop.test/o/x',
    });
    expect(made).toEqual({ kind: 'withdrawn' });
    const queued = await database.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, CANCEL_LINK_JOB), eq(jobs.dedupeKey, `payment-link:cancel:${rowId}`)),
      );
    expect(queued).toHaveLength(1);
  });
});
